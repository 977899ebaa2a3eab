#pragma once
// Which 95% interval goes with which per-skill number of a build experiment — the one place the
// results chart and tables read them from: the success rate's Wilson score interval (successes of
// episodes) and the mean F1's Student's t interval (the episodes' F1), clamped to 0..1 as F1 is.
// The do-nothing baseline, steps and the optional scores have no interval.
#include <string>
#include <vector>

#include "core/metrics/paired_stats.hpp"

namespace iglu::scripting {
class Summary;
struct SkillStats;
}  // namespace iglu::scripting

namespace iglu::plugins::experiments {

/// 95% Wilson interval of a skill's success rate ([0, 0] without episodes).
core::Interval successInterval(const scripting::SkillStats& s);
/// 95% t interval of a skill's mean F1, within 0..1 (the mean itself for one episode).
core::Interval meanF1Interval(const scripting::SkillStats& s);

/// One row of the chart / results table.
struct SkillIntervals {
    std::string skill;  ///< a skill's name, or "all"
    int episodes = 0;
    double successRate = 0;
    core::Interval success;
    double meanF1 = 0;
    core::Interval f1;
};
/// The summary's skills (alphabetical, "unlabeled" among them) then "all".
std::vector<SkillIntervals> skillIntervals(const scripting::Summary& summary);

}  // namespace iglu::plugins::experiments

#pragma once
// Per-skill summary of an experiment: episodes, success rate, mean F1 and mean steps, beside the do-nothing
// agent's (the untouched starting grid) on the same episodes. Tasks without skill labels are
// counted under "unlabeled"; every episode also counts under "all".
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "core/skills/skill.hpp"

namespace iglu::scripting {

struct SkillStats {
    int episodes = 0;
    int successes = 0;
    int errors = 0;
    double f1Sum = 0;
    double stepsSum = 0;
    int baselineSuccesses = 0;
    double baselineF1Sum = 0;
    /// `total` per episode (0 when there are none).
    double perEpisode(double total) const { return episodes ? total / episodes : 0; }
    double successRate() const { return perEpisode(successes); }
    double meanF1() const { return perEpisode(f1Sum); }
    double meanSteps() const { return perEpisode(stepsSum); }
    double baselineSuccessRate() const { return perEpisode(baselineSuccesses); }
    double baselineMeanF1() const { return perEpisode(baselineF1Sum); }
};

class Summary {
public:
    void add(bool ok, bool success, double f1, bool baselineSuccess, double baselineF1, core::SkillSet skills, int steps = 0);

    const SkillStats& overall() const noexcept { return all_; }
    const std::map<std::string, SkillStats>& perSkill() const noexcept { return skills_; }

    /// {episodes, success_rate, mean_f1, mean_steps, errors, baseline: {success_rate, mean_f1},
    ///  per_skill: {name: {episodes, success_rate, mean_f1, mean_steps, baseline_mean_f1, ...}}}
    nlohmann::json toJson() const;
    /// A fixed-width table, one row per skill plus "all".
    std::string table() const;

private:
    SkillStats all_;
    std::map<std::string, SkillStats> skills_;
};

}  // namespace iglu::scripting

#include "skill_intervals.hpp"

#include <algorithm>

#include "scripting/summary.hpp"

namespace iglu::plugins::experiments {

core::Interval successInterval(const scripting::SkillStats& s) { return core::wilsonInterval(s.successes, s.episodes); }

core::Interval meanF1Interval(const scripting::SkillStats& s) {
    const core::Interval i = core::meanInterval(s.f1s);
    return {std::clamp(i.low, 0.0, 1.0), std::clamp(i.high, 0.0, 1.0)};
}

std::vector<SkillIntervals> skillIntervals(const scripting::Summary& summary) {
    std::vector<SkillIntervals> rows;
    const auto add = [&rows](const std::string& name, const scripting::SkillStats& s) {
        rows.push_back({name, s.episodes, s.successRate(), successInterval(s), s.meanF1(), meanF1Interval(s)});
    };
    for (const auto& [name, s] : summary.perSkill()) add(name, s);
    add("all", summary.overall());
    return rows;
}

}  // namespace iglu::plugins::experiments

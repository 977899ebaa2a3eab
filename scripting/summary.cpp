#include "scripting/summary.hpp"

#include <cstdio>

namespace iglu::scripting {

namespace {
void addTo(SkillStats& s, bool ok, bool success, double f1, bool baselineSuccess, double baselineF1, int steps) {
    ++s.episodes;
    s.stepsSum += steps;
    s.successes += success ? 1 : 0;
    s.errors += ok ? 0 : 1;
    s.f1Sum += f1;
    s.baselineSuccesses += baselineSuccess ? 1 : 0;
    s.baselineF1Sum += baselineF1;
}

nlohmann::json statsJson(const SkillStats& s) {
    return {{"episodes", s.episodes},
            {"success_rate", s.successRate()},
            {"mean_f1", s.meanF1()},
            {"mean_steps", s.meanSteps()},
            {"errors", s.errors},
            {"baseline_success_rate", s.baselineSuccessRate()},
            {"baseline_mean_f1", s.baselineMeanF1()}};
}
}  // namespace

void Summary::add(bool ok, bool success, double f1, bool baselineSuccess, double baselineF1, core::SkillSet skills, int steps) {
    addTo(all_, ok, success, f1, baselineSuccess, baselineF1, steps);
    if (skills.empty()) {
        addTo(skills_["unlabeled"], ok, success, f1, baselineSuccess, baselineF1, steps);
        return;
    }
    for (const core::Skill s : core::kAllSkills)
        if (skills.has(s)) addTo(skills_[core::skillName(s)], ok, success, f1, baselineSuccess, baselineF1, steps);
}

nlohmann::json Summary::toJson() const {
    nlohmann::json j = statsJson(all_);
    j["baseline"] = {{"agent", "do-nothing"}, {"success_rate", all_.baselineSuccessRate()}, {"mean_f1", all_.baselineMeanF1()}};
    nlohmann::json per = nlohmann::json::object();
    for (const auto& [name, s] : skills_) per[name] = statsJson(s);
    j["per_skill"] = per;
    return j;
}

std::string Summary::table() const {
    std::string out;
    char line[200];
    std::snprintf(line, sizeof line, "%-10s %8s %8s %8s %8s %7s   %s\n", "skill", "episodes", "success", "mean F1", "steps",
                  "errors", "do-nothing: success / mean F1");
    out += line;
    auto row = [&](const std::string& name, const SkillStats& s) {
        std::snprintf(line, sizeof line, "%-10s %8d %7.1f%% %8.3f %8.1f %7d   %6.1f%% / %.3f\n", name.c_str(), s.episodes,
                      100 * s.successRate(), s.meanF1(), s.meanSteps(), s.errors, 100 * s.baselineSuccessRate(),
                      s.baselineMeanF1());
        out += line;
    };
    for (const auto& [name, s] : skills_) row(name, s);
    row("all", all_);
    return out;
}

}  // namespace iglu::scripting

#include "scripting/summary.hpp"

#include <cstdio>

namespace iglu::scripting {

namespace {
void addTo(SkillStats& s, const EpisodeResult& e) {
    ++s.episodes;
    s.stepsSum += e.steps;
    s.successes += e.success ? 1 : 0;
    s.errors += e.ok ? 0 : 1;
    s.f1Sum += e.f1;
    s.f1s.push_back(e.f1);
    s.baselineSuccesses += e.baselineSuccess ? 1 : 0;
    s.baselineF1Sum += e.baselineF1;
    if (e.iglu2022F1) {
        ++s.iglu2022Episodes;
        s.iglu2022F1Sum += *e.iglu2022F1;
    }
    if (e.predictionF1) {
        ++s.predictionEpisodes;
        s.predictionF1Sum += *e.predictionF1;
    }
}

nlohmann::json optionalJson(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

nlohmann::json statsJson(const SkillStats& s) {
    return {{"episodes", s.episodes},
            {"success_rate", s.successRate()},
            {"mean_f1", s.meanF1()},
            {"mean_iglu2022_f1", optionalJson(s.meanIglu2022F1())},
            {"mean_prediction_f1", optionalJson(s.meanPredictionF1())},
            {"prediction_episodes", s.predictionEpisodes},
            {"mean_steps", s.meanSteps()},
            {"errors", s.errors},
            {"baseline_success_rate", s.baselineSuccessRate()},
            {"baseline_mean_f1", s.baselineMeanF1()}};
}
}  // namespace

void Summary::add(const EpisodeResult& episode, core::SkillSet skills) {
    addTo(all_, episode);
    if (skills.empty()) {
        addTo(skills_["unlabeled"], episode);
        return;
    }
    for (const core::Skill s : core::kAllSkills)
        if (skills.has(s)) addTo(skills_[core::skillName(s)], episode);
}

nlohmann::json Summary::toJson() const {
    nlohmann::json j = statsJson(all_);
    // The do-nothing agent changes nothing, so the IGLU-2022 evaluator scores it 0.
    j["baseline"] = {{"agent", "do-nothing"},
                     {"success_rate", all_.baselineSuccessRate()},
                     {"mean_f1", all_.baselineMeanF1()},
                     {"mean_iglu2022_f1", all_.episodes ? nlohmann::json(0.0) : nlohmann::json(nullptr)}};
    nlohmann::json per = nlohmann::json::object();
    for (const auto& [name, s] : skills_) per[name] = statsJson(s);
    j["per_skill"] = per;
    return j;
}

std::string Summary::table() const {
    std::string out;
    char line[200];
    std::snprintf(line, sizeof line, "%-10s %8s %8s %8s %9s %8s %8s %7s   %s\n", "skill", "episodes", "success", "mean F1",
                  "IGLU22 F1", "pred F1", "steps", "errors", "do-nothing: success / mean F1");
    out += line;
    const auto cell = [](const std::optional<double>& v, int width) {
        char buf[32];
        if (v) std::snprintf(buf, sizeof buf, "%*.3f", width, *v);
        else std::snprintf(buf, sizeof buf, "%*s", width, "-");
        return std::string(buf);
    };
    auto row = [&](const std::string& name, const SkillStats& s) {
        std::snprintf(line, sizeof line, "%-10s %8d %7.1f%% %8.3f %s %s %8.1f %7d   %6.1f%% / %.3f\n", name.c_str(), s.episodes,
                      100 * s.successRate(), s.meanF1(), cell(s.meanIglu2022F1(), 9).c_str(),
                      cell(s.meanPredictionF1(), 8).c_str(), s.meanSteps(), s.errors, 100 * s.baselineSuccessRate(),
                      s.baselineMeanF1());
        out += line;
    };
    for (const auto& [name, s] : skills_) row(name, s);
    row("all", all_);
    return out;
}

}  // namespace iglu::scripting

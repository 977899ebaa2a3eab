#pragma once
// Per-skill summary of an experiment: episodes, success rate, mean F1 and mean steps, beside the do-nothing
// agent's (the untouched starting grid) on the same episodes; the IGLU-2022 evaluator's F1 (the
// RL track's score: blocks added / removed vs the start) and the F1 of the agent's published
// prediction of the target. Tasks without skill labels are counted under "unlabeled"; every
// episode also counts under "all".
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/skills/skill.hpp"

namespace iglu::scripting {

struct SkillStats {
    int episodes = 0;
    int successes = 0;
    int errors = 0;
    double f1Sum = 0;
    std::vector<double> f1s;       ///< each episode's F1, in order (the mean's t interval)
    double stepsSum = 0;
    int baselineSuccesses = 0;
    double baselineF1Sum = 0;
    int iglu2022Episodes = 0;      ///< episodes with an IGLU-2022 score (all but those stored before it existed)
    double iglu2022F1Sum = 0;
    int predictionEpisodes = 0;    ///< episodes whose agent published a prediction (belief)
    double predictionF1Sum = 0;
    /// `total` per episode (0 when there are none).
    double perEpisode(double total) const { return episodes ? total / episodes : 0; }
    double successRate() const { return perEpisode(successes); }
    double meanF1() const { return perEpisode(f1Sum); }
    double meanSteps() const { return perEpisode(stepsSum); }
    double baselineSuccessRate() const { return perEpisode(baselineSuccesses); }
    double baselineMeanF1() const { return perEpisode(baselineF1Sum); }
    /// Mean over the episodes that have the value; none when no episode has it.
    std::optional<double> meanIglu2022F1() const {
        return iglu2022Episodes ? std::optional<double>(iglu2022F1Sum / iglu2022Episodes) : std::nullopt;
    }
    std::optional<double> meanPredictionF1() const {
        return predictionEpisodes ? std::optional<double>(predictionF1Sum / predictionEpisodes) : std::nullopt;
    }
};

/// What the summary needs of one episode.
struct EpisodeResult {
    bool ok = false, success = false, baselineSuccess = false;
    double f1 = 0, baselineF1 = 0;
    int steps = 0;
    std::optional<double> iglu2022F1;    ///< none: stored before the score existed
    std::optional<double> predictionF1;  ///< none: the agent published no prediction
};

class Summary {
public:
    void add(const EpisodeResult& episode, core::SkillSet skills);

    const SkillStats& overall() const noexcept { return all_; }
    const std::map<std::string, SkillStats>& perSkill() const noexcept { return skills_; }

    /// {episodes, success_rate, mean_f1, mean_iglu2022_f1, mean_prediction_f1, prediction_episodes,
    ///  mean_steps, errors, baseline: {success_rate, mean_f1, mean_iglu2022_f1},
    ///  per_skill: {name: {the same keys, baseline_success_rate, baseline_mean_f1}}};
    /// mean_iglu2022_f1 / mean_prediction_f1 are null when no episode has the value.
    nlohmann::json toJson() const;
    /// A fixed-width table, one row per skill plus "all".
    std::string table() const;

private:
    SkillStats all_;
    std::map<std::string, SkillStats> skills_;
};

}  // namespace iglu::scripting

#pragma once
// The labeler that learns, for the Labeling dock (Qt-free): training on the open catalog's human
// labels (catalog::humanLabeledExamples + core::trainSkillModel, what `iglu label train --db`
// runs), and active learning: the tasks no one has fully labeled yet, most uncertain first (the
// model's probability closest to 0.5 over the skills), walked one at a time. Where a suggestion
// comes from (model or rules) is core::suggestSkills' rule.
#include <array>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/skills/skill_model.hpp"

namespace iglu::plugins::labeling {

/// Trains on the catalog's tasks with a human label for every skill. Throws std::invalid_argument
/// with a message to show when there are too few (saying how many there are and are needed).
core::SkillModelTraining trainOnCatalog(const catalog::Catalog& catalog, int folds = 5);

/// Tasks with a human label (any labeler) for every skill: the model's training data, not asked about.
std::unordered_set<std::string> fullyLabeledTasks(const catalog::Catalog& catalog);

/// A task in the active-learning order.
struct UncertainTask {
    std::string taskId;
    std::array<double, core::kNumSkills> probability{};   ///< the model's, per skill
    std::array<std::string, core::kNumSkills> reason{};   ///< the model's (strongest features, p)
    std::array<bool, core::kNumSkills> rules{};           ///< the rules' verdicts (core::autoLabel)
    double margin = 0.5;  ///< min over the skills of |p - 0.5|: 0 = least sure
    core::Skill mostUncertain = core::Skill::Flat;
};

/// The model's predictions for `taskIds` (tasks not in the catalog skipped), most uncertain first
/// (smallest margin; equal margins keep the given order).
std::vector<UncertainTask> rankByUncertainty(const catalog::Catalog& catalog, const core::SkillModel& model,
                                             const std::vector<std::string>& taskIds);

/// Why a task is uncertain, in plain sentences (uncertainty_wording.hpp): the skills whose
/// probability is within 0.25 of 0.5 (at least the most uncertain one, at most three), least sure
/// first, then those of them where the model and the rules disagree: "The model is unsure about
/// tricky: probability 0.52 is near 0.5. The model and the rules disagree about tricky: …".
std::string describeUncertainty(const UncertainTask& task);
/// The model's own reasons (its strongest features) of those skills, for a tooltip:
/// "tricky: hidden share 0.2 (+0.8); yes, p = 0.52".
std::string uncertaintyDetails(const UncertainTask& task);

/// Walks a ranking: each next() gives the following entry still not labeled (`isLabeled`), from
/// the top at first and after the end (wrapping once); nullptr when every entry is labeled.
class UncertaintyWalk {
public:
    explicit UncertaintyWalk(std::vector<UncertainTask> ranking) : ranking_(std::move(ranking)) {}
    const UncertainTask* next(const std::function<bool(const std::string& taskId)>& isLabeled);
    const std::vector<UncertainTask>& ranking() const noexcept { return ranking_; }

private:
    std::vector<UncertainTask> ranking_;
    int cursor_ = -1;  ///< the entry visited last
};

}  // namespace iglu::plugins::labeling

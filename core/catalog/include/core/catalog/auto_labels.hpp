#pragma once
// The one routine that stores the automatic labeler's suggestions for a catalog's tasks
// (core::autoLabel on each task's target and starting grid; source auto, labeler
// core::kAutoLabelerName, with the reasons): `iglu label auto`, the labeling panel's "auto
// suggestions" and the test catalogs all call it.
#include <array>
#include <functional>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/skills/skill.hpp"
#include "core/skills/skill_model.hpp"

namespace iglu::catalog {

struct AutoLabelRun {
    int labeled = 0;  ///< tasks labeled (and stored)
    int total = 0;    ///< tasks in the catalog
    std::array<int, core::kNumSkills> positives{};  ///< tasks labeled true, per skill
};

/// Labels every task of `catalog` and stores the labels (batches of 500: an interruption keeps
/// what was stored). `progress(done, total)` is called before each task; returning false stops.
/// With a `model` (core/skills/skill_model.hpp), the skills it scored higher on than the rules
/// (SkillModel::preferred) are suggested by the model instead (core::suggestSkills: labeler
/// core::kSkillModelName, the reason saying so); the newest auto label of a skill is the
/// suggestion the workbench shows.
AutoLabelRun storeAutoLabels(Catalog& catalog, const std::function<bool(int done, int total)>& progress = {},
                             const core::SkillModel* model = nullptr);

/// The training data of the labeler that learns: the tasks with a human label for every skill
/// (the newest label per skill, any labeler), in id order. Used by `iglu label train / eval` and
/// the Labeling dock's Train Model.
std::vector<core::LabeledExample> humanLabeledExamples(const Catalog& catalog);

}  // namespace iglu::catalog

#pragma once
// Stores the automatic labeler's suggestions (core::autoLabel, source auto, labeler
// core::kAutoLabelerName, with reasons) for every task of a catalog, as `iglu label auto` does,
// so that the labeling panel can show and accept them (A); with a trained model, the model
// suggests the skills where it scored higher (catalog::storeAutoLabels, core::suggestSkills).
#include <functional>

#include "core/catalog/catalog.hpp"
#include "core/skills/skill_model.hpp"

namespace iglu::plugins::labeling {

/// Returns the number of tasks labeled. `progress(done, total)` returns false to stop early
/// (what was stored so far stays).
int storeAutoSuggestions(catalog::Catalog& catalog, const std::function<bool(int done, int total)>& progress = {},
                         const core::SkillModel* model = nullptr);

}  // namespace iglu::plugins::labeling

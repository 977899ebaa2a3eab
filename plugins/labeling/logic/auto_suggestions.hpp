#pragma once
// Stores the automatic labeler's suggestions (core::autoLabel, source auto, labeler
// core::kAutoLabelerName, with reasons) for every task of a catalog, as `iglu label auto` does,
// so that the labeling panel can show and accept them (A).
#include <functional>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::labeling {

/// Returns the number of tasks labeled. `progress(done, total)` returns false to stop early
/// (what was stored so far stays).
int storeAutoSuggestions(catalog::Catalog& catalog, const std::function<bool(int done, int total)>& progress = {});

}  // namespace iglu::plugins::labeling

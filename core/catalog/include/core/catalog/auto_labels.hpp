#pragma once
// The one routine that stores the automatic labeler's suggestions for a catalog's tasks
// (core::autoLabel on each task's target and starting grid; source auto, labeler
// core::kAutoLabelerName, with the reasons): `iglu label auto`, the labeling panel's "auto
// suggestions" and the test catalogs all call it.
#include <array>
#include <functional>

#include "core/catalog/catalog.hpp"
#include "core/skills/skill.hpp"

namespace iglu::catalog {

struct AutoLabelRun {
    int labeled = 0;  ///< tasks labeled (and stored)
    int total = 0;    ///< tasks in the catalog
    std::array<int, core::kNumSkills> positives{};  ///< tasks labeled true, per skill
};

/// Labels every task of `catalog` and stores the labels (batches of 500: an interruption keeps
/// what was stored). `progress(done, total)` is called before each task; returning false stops.
AutoLabelRun storeAutoLabels(Catalog& catalog, const std::function<bool(int done, int total)>& progress = {});

}  // namespace iglu::catalog

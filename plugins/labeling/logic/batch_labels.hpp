#pragma once
// Batch labeling (Qt-free): one skill set to yes / no, or cleared, for one labeler on every task of
// a selection, in one catalog transaction (no undo: the Batch tab says so).
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::labeling {

struct BatchLabelResult {
    int changed = 0;    ///< tasks whose label of the skill changed
    int unchanged = 0;  ///< tasks that already had it
};

/// Sets `labeler`'s human label of `skill` to `value` (nullopt: removes it) on every task of
/// `taskIds` (a repeated id counts once), in one transaction: other skills, labelers, automatic
/// labels, notes and tasks stay as they are. Throws std::invalid_argument before writing anything
/// for an unusable labeler name (labeler_name.hpp) or a task not in the catalog (naming it).
BatchLabelResult applyBatchLabel(catalog::Catalog& catalog, const std::vector<std::string>& taskIds, core::Skill skill,
                                 std::optional<bool> value, const std::string& labeler);

/// "tall = yes for 4 tasks (3 changed)", "tall cleared on 4 tasks (2 changed)".
std::string describeBatch(core::Skill skill, std::optional<bool> value, int tasks, const BatchLabelResult& result);

}  // namespace iglu::plugins::labeling

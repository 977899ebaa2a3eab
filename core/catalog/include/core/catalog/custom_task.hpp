#pragma once
// Tasks made by hand (the task editor plugin): stored like the importers' tasks (Catalog::putTasks),
// with source `custom`, so the task list, the Dataset browser, experiments' task sets and the
// Python API see them at once. Unlike an import, which replaces tasks by id, a custom task is
// always a new one: it never overwrites a dataset task or another custom task.
#include <string>

#include "core/catalog/catalog.hpp"
#include "core/skills/skill.hpp"

namespace iglu::catalog {

/// Labeler name of the skills an author gives a custom task (human labels).
inline constexpr const char* kTaskEditorLabeler = "task-editor";

/// Stores `record` as a new task of source Custom (whatever record.source says) and, for every
/// skill, a human label by `labeler` (true for the skills in `skills`, false for the others), in
/// one transaction. Throws CatalogError naming the catalog and the field, storing nothing, when the
/// id is empty or already in the catalog.
void addCustomTask(Catalog& catalog, TaskRecord record, core::SkillSet skills,
                   const std::string& labeler = kTaskEditorLabeler);

}  // namespace iglu::catalog

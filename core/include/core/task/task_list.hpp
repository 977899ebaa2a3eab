#pragma once
// Task lists in JSON Lines: one object per line with `id`, `instruction`, `starting_blocks` and
// `target_blocks` ([x, y, z, colour] in IGLU coordinates); other keys go to Task::metadata.
// This is the format of shared/conformance/tasks.jsonl and examples/tasks/.
#include <string>
#include <vector>

#include "core/task/task.hpp"

namespace iglu::core {

/// Reads a task list. Throws std::runtime_error naming file, line and field for an unreadable
/// file, malformed JSON, a missing or mistyped field, a block outside the zone, or an id used by
/// an earlier task of the list.
std::vector<Task> readTaskList(const std::string& path);

/// The task with this id in `tasks`; throws std::runtime_error if absent.
const Task& findTask(const std::vector<Task>& tasks, const std::string& id);

}  // namespace iglu::core

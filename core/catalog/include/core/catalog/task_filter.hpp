#pragma once
// A catalog::TaskFilter from the words people type: the --skill/--text/--clear/--source/--limit
// options of `iglu tasks`, and the task-set words of experiments (`iglu run --tasks`, the
// Experiments plugin), which share these rules.
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::catalog {

/// `skills`: names, each possibly a comma-separated list; `clear`: "yes" / "no" / ""; `source`:
/// singleturn / session / structure / custom / ""; `limit`: -1 = none. Throws std::runtime_error
/// naming the option (--skill, --clear, --source) for a bad value.
TaskFilter parseTaskFilter(const std::vector<std::string>& skills, const std::string& text, const std::string& clear,
                           const std::string& source, int limit);

/// Filter words: skill names (or skill:NAME), clear / unclear (or clear:yes|no), source:KIND,
/// limit:N, text:WORD; any other word must occur in the id, instruction or dialog. A bad value
/// (limit:abc, limit:-1) throws std::runtime_error naming the word and the expected form.
TaskFilter parseFilterWords(const std::string& words);

/// A task's skills as filters and summaries count them: its newest human labels when it has any,
/// else the automatic ones.
inline core::SkillSet effectiveSkills(const TaskSummary& t) noexcept { return t.humanLabeled ? t.humanSkills : t.autoSkills; }

/// A task with something to look at: blocks at the start or in the target, or an instruction.
/// Tasks without (0 -> 0 blocks and no instruction: the dataset's empty first steps) are walked
/// past by labeling (LabelingSession), kept out of label training (humanLabeledExamples) and never
/// chosen as the workbench's start task.
inline bool hasContent(int startingBlocks, int targetBlocks, std::string_view instruction) noexcept {
    return startingBlocks > 0 || targetBlocks > 0 || !instruction.empty();
}
inline bool hasContent(const TaskSummary& t) noexcept { return hasContent(t.startingBlocks, t.targetBlocks, t.instruction); }

}  // namespace iglu::catalog

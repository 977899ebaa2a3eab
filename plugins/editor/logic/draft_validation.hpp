#pragma once
// The checks a task draft passes before it is saved as a catalog task, each error naming the field
// ("id", "instruction", "start", "target"). Qt-free.
#include <functional>
#include <string>
#include <vector>

#include "logic/task_draft.hpp"

namespace iglu::plugins::editor {

struct DraftError {
    std::string field;    ///< "id", "instruction", "start" or "target"
    std::string message;  ///< what is wrong, e.g. "a task \"x\" already exists"
    friend bool operator==(const DraftError&, const DraftError&) = default;
};

/// Longest id accepted (ids appear in file names, tables and command lines).
inline constexpr std::size_t kMaxIdLength = 120;

/// Every problem of `draft` (empty when it can be saved): the id (non-empty, no spaces or control
/// characters, at most kMaxIdLength bytes, not a task that exists: `idExists`), the instruction
/// (not blank), both grids (colours 1..6 in the zone), the target (not empty, not equal to the
/// start, buildable with the IGLU inventory: core/env/inventory.hpp).
std::vector<DraftError> validateDraft(const TaskDraft& draft, const std::function<bool(const std::string&)>& idExists);

/// The errors as lines "field: message".
std::string describe(const std::vector<DraftError>& errors);

/// A free id for a copy of `base` ("<base>-custom", then "-custom-2", ...), or "custom-1", ... for
/// an empty base.
std::string suggestId(const std::string& base, const std::function<bool(const std::string&)>& idExists);

}  // namespace iglu::plugins::editor

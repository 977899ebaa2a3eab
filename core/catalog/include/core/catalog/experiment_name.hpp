#pragma once
// The one rule for an experiment's name, whatever its source (a Lua experiment file, `iglu run
// --name`, `iglu import rollouts --experiment` or a line's agent, the Python Catalog, the
// workbench's form): 1..kMaxExperimentNameBytes bytes of UTF-8 with no control character (no NUL,
// newline, tab, DEL or C1 control), not only spaces. The catalog checks it where a name enters it
// (Catalog::ensureExperiment); sources call it early to name their own file or option.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace iglu::catalog {

inline constexpr std::size_t kMaxExperimentNameBytes = 200;

class ExperimentNameError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Why `name` is not a valid experiment name ("contains a NUL byte at byte 3", "is empty", ...),
/// or empty when it is one.
std::string experimentNameProblem(std::string_view name);

/// Throws ExperimentNameError "<what>: experiment name "<name, escaped>" <problem>".
void checkExperimentName(std::string_view name, const std::string& what = "experiment name");

/// `name` as printable text: control bytes as \xNN (for messages).
std::string printableName(std::string_view name);

}  // namespace iglu::catalog

#pragma once
// Debian's VTK aborts the whole process when it cannot open an X display. Everything that creates
// a VTK render window asks here first and reports a clear error instead.
#include <optional>
#include <string>

namespace iglu::viewers {

/// Empty when an X display can be opened; otherwise a message saying why not and what to do.
std::optional<std::string> displayProblem();

}  // namespace iglu::viewers

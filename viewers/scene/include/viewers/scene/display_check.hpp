#pragma once
// Debian's VTK aborts the whole process when it cannot open an X display. Everything that creates
// a VTK render window asks here first and reports a clear error instead.
#include <optional>
#include <string>

namespace iglu::viewers {

/// Empty when an X display can be opened; otherwise a message saying why not and what to do. The
/// first connection it opens is kept until the process exits, so the server cannot reset (Xvfb
/// does when its last client leaves) between this check and the caller's own connection.
std::optional<std::string> displayProblem();

/// Opens a connection to the X display for a VTK render window (pass it with SetDisplayId, so
/// VTK does not open, and abort on, its own). Retries a few times over about a second: under
/// load a fresh Xvfb sometimes refuses a connection. Returns nullptr with *problem set when it
/// cannot connect. Close with closeXDisplay().
void* openXDisplay(std::string* problem);
void closeXDisplay(void* display);

}  // namespace iglu::viewers

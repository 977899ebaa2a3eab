#pragma once
// Ctrl-C for long commands: the first SIGINT sets a flag the work loop checks (finished results
// are kept); a second one restores the default action and ends the process.
#include <atomic>

namespace iglu::cli {

/// Installs the SIGINT handler (once) and returns the flag it sets.
const std::atomic<bool>& interruptFlag();

}  // namespace iglu::cli

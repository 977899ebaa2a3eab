#pragma once
// Ctrl-C for long commands: the first SIGINT sets a flag the work loop checks (finished results
// are kept); a second one, SIGTERM or SIGHUP end the process after removing the partial outputs and
// killing the child processes registered with core::ExitCleanup (no .part file, log or ffmpeg left).
#include <atomic>

namespace iglu::cli {

/// Installs the SIGINT / SIGTERM / SIGHUP handlers (once) and returns the flag SIGINT sets.
const std::atomic<bool>& interruptFlag();

}  // namespace iglu::cli

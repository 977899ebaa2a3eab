#include "interrupt.hpp"

#include <csignal>

#include "core/util/exit_cleanup.hpp"

namespace iglu::cli {

namespace interrupt {
std::atomic<bool> g_interrupted{false};

/// Ends the process by `sig` after undoing the partial outputs and child processes
/// (core::ExitCleanup: async-signal-safe).
void endBy(int sig) {
    iglu::core::runExitCleanup();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

extern "C" void onInterrupt(int) {
    if (g_interrupted.exchange(true)) endBy(SIGINT);
}

extern "C" void onTerminate(int sig) { endBy(sig); }
}  // namespace interrupt

const std::atomic<bool>& interruptFlag() {
    using namespace interrupt;
    static const bool installed = [] {
        std::signal(SIGINT, onInterrupt);
        std::signal(SIGTERM, onTerminate);
        std::signal(SIGHUP, onTerminate);
        return true;
    }();
    (void)installed;
    return g_interrupted;
}

}  // namespace iglu::cli

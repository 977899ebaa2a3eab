#include "interrupt.hpp"

#include <csignal>

namespace iglu::cli {

namespace {
std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int) {
    if (g_interrupted.exchange(true)) {
        std::signal(SIGINT, SIG_DFL);
        std::raise(SIGINT);
    }
}
}  // namespace

const std::atomic<bool>& interruptFlag() {
    static const bool installed = [] {
        std::signal(SIGINT, onInterrupt);
        return true;
    }();
    (void)installed;
    return g_interrupted;
}

}  // namespace iglu::cli

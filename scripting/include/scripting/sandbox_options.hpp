#pragma once
// What a Lua state may do: sandboxed or trusted, where `require` and file reads may look, and its
// limits (memory, instructions and wall clock per call, the cancel flag). The vocabulary of every
// caller that makes a state (agents, experiments, `iglu lua`) and of the state's own bookkeeping
// (state_context.hpp), so it needs nothing of LuaState.
#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace iglu::scripting {

struct SandboxOptions {
    bool sandboxed = true;                   ///< false: full standard library (trusted scripts only)
    std::vector<std::string> requireDirs;    ///< `require` searches these, in order (script folder first)
    std::vector<std::string> dataDirs;       ///< io.open / io.lines / iglu.read_tasks may read below these
    std::size_t memoryLimit = 256u << 20;    ///< bytes; 0 = unlimited
    long long instructionBudget = 20'000'000;  ///< per protected call (reset, act); 0 = unlimited
    /// Wall-clock limit per protected call in seconds, checked by the hook (a watchdog for when the
    /// instruction count is dodged); 0 = none.
    double timeLimit = 30;
    /// When set and true, the script stops at its next hook call ("stopped") — Ctrl-C.
    const std::atomic<bool>* cancel = nullptr;
};

}  // namespace iglu::scripting

#pragma once
// One sandboxed Lua 5.4 state: custom allocator with a memory cap (that also counts the C++
// objects a script creates), an instruction budget and a wall-clock limit per protected call that
// pcall, coroutines and message handlers inside the script cannot dodge, tracebacks (file:line) on
// error, and the `iglu` module preloaded. One state per thread; a LuaState is not thread-safe.
#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <lua.hpp>

#include "scripting/error.hpp"
#include "scripting/sandbox_options.hpp"

namespace iglu::scripting {

/// The bundled Lua helper library folder: $IGLU_LUA_LIB, else share/iglu/lua beside the executable
/// (core::resourceDir("lua"); the build tree stages it there).
std::string bundledLibraryDir();
/// Default readable data folders: share/iglu/examples beside the executable, and
/// $IGLU_SHARED_DIR/data and $IGLU_SHARED_DIR/conformance when that variable is set.
std::vector<std::string> defaultDataDirs();

class LuaState {
public:
    explicit LuaState(SandboxOptions options = {});
    ~LuaState();
    LuaState(const LuaState&) = delete;
    LuaState& operator=(const LuaState&) = delete;

    lua_State* get() const noexcept { return L_; }
    const SandboxOptions& options() const noexcept;

    /// Loads a text chunk from a file (binary chunks refused) and runs it with the budget,
    /// leaving `nresults` values on the stack. Throws ScriptError with the traceback.
    void doFile(const std::string& path, int nresults);
    /// Same for a string chunk named `chunkName`.
    void doString(const std::string& code, const std::string& chunkName, int nresults);

    /// Protected call of the function below `nargs` arguments with a traceback message handler and
    /// a fresh instruction budget. Returns LUA_OK, or an error status with the message (traceback
    /// included) left on the stack in place of the results.
    int pcall(int nargs, int nresults) noexcept;

    /// Refills the instruction budget and clears an abort (call before each protected call made
    /// without pcall()).
    void resetBudget() noexcept;
    /// True when the last call was aborted (instruction budget, time limit or cancel flag).
    bool budgetExceeded() const noexcept;
    /// Bytes charged to the memory cap: Lua's own allocations plus the C++ objects the script made.
    std::size_t memoryUsed() const noexcept;
    /// Of memoryUsed(), the C++ objects (environments, view buffers, catalogs, task lists).
    std::size_t hostMemoryUsed() const noexcept;
    /// Replaces SandboxOptions::cancel (the flag the hook watches; nullptr: none).
    void setCancelFlag(const std::atomic<bool>* cancel) noexcept;
    /// Sends each line the script prints (`print(...)`: tab-separated values, no newline) to
    /// `sink` instead of stderr (an empty function restores stderr). Also in trusted mode.
    void setPrint(std::function<void(std::string_view)> sink);
    /// The message on top of the stack as a string (pops it).
    std::string popError();

private:
    struct Context;
    Context* ctx_ = nullptr;
    lua_State* L_ = nullptr;
};

}  // namespace iglu::scripting

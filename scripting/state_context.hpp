#pragma once
// Internal: per-state bookkeeping reachable from C callbacks through lua_getextraspace, and the
// accounting every binding uses: C++ memory charged to the state's memory cap, C-side work
// charged to the instruction budget (state_context.cpp, below the state and the sandbox).
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string_view>

#include <lua.hpp>

#include "scripting/sandbox_options.hpp"

namespace iglu::scripting::detail {

inline constexpr int kHookEvery = 1000;   // instructions between two budget checks
inline constexpr int kClockEvery = 16;    // hook calls between two wall-clock / cancel reads
/// Work units one C call may do when the instruction budget is unlimited (`iglu lua`).
inline constexpr long long kMaxWorkPerCall = 1LL << 30;

struct StateContext {
    SandboxOptions options;
    std::size_t used = 0;          // bytes charged to the memory cap: Lua's allocations + host objects
    std::size_t hostBytes = 0;     // of which C++ objects created by the script (env buffers, ...)
    long long remaining = 0;       // instructions left in this call
    bool aborted = false;          // budget / deadline / cancel: every hook call errors until resetBudget()
    char abortMessage[160] = {};   // why (the error every hook call raises while aborted)
    bool hasDeadline = false;
    std::chrono::steady_clock::time_point deadline;
    unsigned hookTicks = 0;
    const std::atomic<bool>* cancel = nullptr;  // set: the next hook call stops the script
    int openCatalogs = 0;          // iglu.catalog handles alive (each holds a file and a page cache)
    std::function<void(std::string_view)> print;  // where `print` lines go (empty: stderr)
};

inline StateContext* context(lua_State* L) noexcept {
    StateContext* ctx = nullptr;
    static_assert(sizeof(ctx) <= LUA_EXTRASPACE);
    __builtin_memcpy(&ctx, lua_getextraspace(L), sizeof(ctx));
    return ctx;
}

/// The count hook that enforces the budget, the deadline and the cancel flag (lua_sethook with
/// kHookEvery); once a call is aborted it raises at every instruction until resetBudget().
void budgetHook(lua_State* L, lua_Debug* ar);
/// Charges `bytes` of C++ memory owned by a script object to the memory cap; raises
/// "memory limit of N MB exceeded: WHAT needs ..." when it does not fit (nothing is charged then).
void chargeMemory(lua_State* L, std::size_t bytes, const char* what);
/// Gives back what chargeMemory took (when the object is destroyed). Never raises.
void releaseMemory(lua_State* L, std::size_t bytes) noexcept;
/// Charges `units` of work a C function is about to do in one go (iterations of a C loop) to the
/// instruction budget, and checks the deadline and the cancel flag; raises when exceeded.
void chargeWork(lua_State* L, long long units, const char* what);

/// One function of a standard library table replaced by a charging wrapper: NAME, and the
/// operation number the wrapper tells its cases apart by.
struct WrappedFunction {
    const char* name;
    int op;
};
/// Replaces each function of the global table `library` by a closure of `wrapper` whose upvalues
/// are the original function, the operation number and the name "LIBRARY.NAME" (for messages).
/// Used by the sandbox (table ops) and pattern_cost.cpp (string patterns).
void wrapLibraryFunctions(lua_State* L, const char* library, std::initializer_list<WrappedFunction> functions,
                          lua_CFunction wrapper);

/// Worst-case steps of Lua's matcher for `pattern` on `subject` (pattern_cost.cpp); `anchorAllowed`:
/// a leading '^' anchors (find, match, gsub; not gmatch).
double patternSteps(std::string_view subject, std::string_view pattern, bool anchorAllowed);
/// Wraps string.find / match / gmatch / gsub: the worst case is charged to the budget up front,
/// refused ("pattern too costly for a string of N bytes") when it does not fit.
void wrapPatternFunctions(lua_State* L);
/// Installs the allow-listed globals, restricted io/os/debug and the confined `require`.
void installSandbox(lua_State* L, const SandboxOptions& options);
/// Opens every standard library (trusted mode) plus the confined `require` for the iglu module.
void installTrusted(lua_State* L, const SandboxOptions& options);
/// The `print` global: tab-separated values and a newline to StateContext::print, else stderr.
int hostPrint(lua_State* L);
/// Resolves `name` ("iglu.build") to a readable file in the require folders: writes the path into
/// `out` (size n), true when found. Never throws, never allocates on failure (sandbox_paths.cpp).
bool findModule(const char* name, const std::vector<std::string>& dirs, char* out, std::size_t n) noexcept;
/// The file `require(name)` loads from `dirs` (the first folder holding it, symbolic links not
/// leaving the folder), or "" when none does: the one resolution rule of the sandbox's require.
std::string moduleFile(const std::string& name, const std::vector<std::string>& dirs);
/// True when `path` resolves (symlinks followed) to a file below one of `dirs` (sandbox_paths.cpp).
bool pathAllowed(const char* path, const std::vector<std::string>& dirs) noexcept;

}  // namespace iglu::scripting::detail

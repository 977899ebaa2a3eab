#pragma once
// Internal: per-state bookkeeping reachable from C callbacks through lua_getextraspace.
#include <cstddef>
#include <functional>
#include <string_view>

#include <lua.hpp>

#include "scripting/lua_state.hpp"

namespace iglu::scripting::detail {

inline constexpr int kHookEvery = 1000;  // instructions between two budget checks

struct StateContext {
    SandboxOptions options;
    std::size_t used = 0;         // bytes currently allocated by Lua
    long long remaining = 0;      // instructions left in this call
    bool aborted = false;         // budget exceeded: every hook call errors until resetBudget()
    std::function<void(std::string_view)> print;  // where `print` lines go (empty: stderr)
};

inline StateContext* context(lua_State* L) noexcept {
    StateContext* ctx = nullptr;
    static_assert(sizeof(ctx) <= LUA_EXTRASPACE);
    __builtin_memcpy(&ctx, lua_getextraspace(L), sizeof(ctx));
    return ctx;
}

/// Installs the allow-listed globals, restricted io/os/debug and the confined `require`.
void installSandbox(lua_State* L, const SandboxOptions& options);
/// Opens every standard library (trusted mode) plus the confined `require` for the iglu module.
void installTrusted(lua_State* L, const SandboxOptions& options);
/// The `print` global: tab-separated values and a newline to StateContext::print, else stderr.
int hostPrint(lua_State* L);
/// True when `path` resolves (symlinks followed) to a file below one of `dirs`.
bool pathAllowed(const char* path, const std::vector<std::string>& dirs) noexcept;

}  // namespace iglu::scripting::detail

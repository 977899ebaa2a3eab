// The accounting of one Lua state (state_context.hpp): the instruction budget, deadline and cancel
// checks with the count hook that enforces them, C++ memory and C-side work charged to the caps,
// and the wrapping of standard library functions by charging closures. Below both the state
// (lua_state.cpp) and the sandbox (sandbox.cpp, pattern_cost.cpp), which all call it.
#include "state_context.hpp"

#include <cstdio>

namespace iglu::scripting::detail {

namespace {

// Checks the budget left, the cancel flag and (every kClockEvery calls, or when `clockNow`) the
// deadline; marks the call aborted when one is exhausted.
void checkLimits(StateContext* ctx, long long units, bool clockNow) noexcept {
    if (ctx->aborted) return;
    if (ctx->options.instructionBudget > 0) {
        ctx->remaining -= units;
        if (ctx->remaining <= 0) {
            ctx->aborted = true;
            std::snprintf(ctx->abortMessage, sizeof ctx->abortMessage, "instruction budget exceeded (%lld instructions per call)",
                          ctx->options.instructionBudget);
            return;
        }
    }
    if (ctx->cancel && ctx->cancel->load(std::memory_order_relaxed)) {
        ctx->aborted = true;
        std::snprintf(ctx->abortMessage, sizeof ctx->abortMessage, "stopped (cancelled)");
        return;
    }
    if (ctx->hasDeadline && (clockNow || ++ctx->hookTicks % kClockEvery == 0) &&
        std::chrono::steady_clock::now() > ctx->deadline) {
        ctx->aborted = true;
        std::snprintf(ctx->abortMessage, sizeof ctx->abortMessage, "time limit exceeded (%g s per call)", ctx->options.timeLimit);
    }
}

}  // namespace

// Count hook, set on the main thread and inherited by every coroutine (lua_newthread copies the
// creating thread's hook). It charges the instructions since its last call; once the call is
// aborted it raises on every instruction (count 1) of whichever thread runs, so a pcall, an xpcall
// message handler or a coroutine in the script catches the error only to be interrupted again at
// its next instruction: the abort always reaches the host. A thread left at count 1 by an earlier
// abort goes back to kHookEvery at its first hook call of a fresh budget.
void budgetHook(lua_State* L, lua_Debug*) {
    StateContext* ctx = detail::context(L);
    const int every = lua_gethookcount(L);
    if (!ctx->aborted) {
        if (every != kHookEvery) lua_sethook(L, budgetHook, LUA_MASKCOUNT, kHookEvery);
        checkLimits(ctx, every, false);
        if (!ctx->aborted) return;
    }
    if (every != 1) lua_sethook(L, budgetHook, LUA_MASKCOUNT, 1);
    luaL_error(L, "%s", ctx->abortMessage);
}

void chargeMemory(lua_State* L, std::size_t bytes, const char* what) {
    StateContext* ctx = context(L);
    const std::size_t limit = ctx->options.memoryLimit;
    if (limit != 0 && (bytes > limit || ctx->used > limit - bytes))
        luaL_error(L, "memory limit of %d MB exceeded: %s needs %f MB more (%f MB in use)", static_cast<int>(limit >> 20), what,
                   static_cast<double>(bytes) / (1 << 20), static_cast<double>(ctx->used) / (1 << 20));
    ctx->used += bytes;
    ctx->hostBytes += bytes;
}

void releaseMemory(lua_State* L, std::size_t bytes) noexcept {
    StateContext* ctx = context(L);
    ctx->used -= bytes;
    ctx->hostBytes -= bytes;
}

void chargeWork(lua_State* L, long long units, const char* what) {
    StateContext* ctx = context(L);
    if (units < 0) units = 0;
    if (ctx->options.instructionBudget <= 0 && units > kMaxWorkPerCall)
        luaL_error(L, "%s: %f iterations in one call is more than the sandbox allows (%f)", what, static_cast<double>(units),
                   static_cast<double>(kMaxWorkPerCall));
    checkLimits(ctx, units, true);
    if (ctx->aborted) {
        if (lua_gethookcount(L) != 1) lua_sethook(L, budgetHook, LUA_MASKCOUNT, 1);
        luaL_error(L, "%s (in %s)", ctx->abortMessage, what);
    }
}

void wrapLibraryFunctions(lua_State* L, const char* library, std::initializer_list<WrappedFunction> functions,
                          lua_CFunction wrapper) {
    lua_getglobal(L, library);
    for (const WrappedFunction& f : functions) {
        lua_getfield(L, -1, f.name);
        lua_pushinteger(L, f.op);
        lua_pushfstring(L, "%s.%s", library, f.name);
        lua_pushcclosure(L, wrapper, 3);
        lua_setfield(L, -2, f.name);
    }
    lua_pop(L, 1);
}

}  // namespace iglu::scripting::detail

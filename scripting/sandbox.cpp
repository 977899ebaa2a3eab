// The sandbox, in the spirit of Redis' script_lua.c: an allow-list of globals, io reduced to
// read-only access below the data folders, os reduced to time functions, debug reduced to
// traceback, `load` limited to text chunks and a `require` confined to the script folder and the
// bundled library. No function here keeps a C++ object with a destructor alive across a Lua error.
#include <climits>
#include <cstdio>
#include <utility>
#include <cstring>

#include "module.hpp"
#include "script_source.hpp"
#include "state_context.hpp"

namespace iglu::scripting::detail {

namespace {

constexpr const char* kLoadedKey = "iglu.sandbox.loaded";

// Loads the module file onto the stack as luaL_loadfilex(L, path, "t") would, but through the one
// checked reader (a FIFO or a huge file is refused, never read); false with the message pushed.
// No C++ object lives past its return, so the caller may raise the Lua error.
bool loadModuleFile(lua_State* L, const char* path) {
    std::string text;
    try {
        text = readLuaSource(path);
    } catch (const std::exception& e) {
        lua_pushstring(L, e.what());
        return false;
    }
    const std::string chunk = std::string("@") + path;
    return luaL_loadbufferx(L, text.data(), text.size(), chunk.c_str(), "t") == LUA_OK;
}

int sandboxRequire(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, kLoadedKey);
    lua_getfield(L, -1, name);
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 1);
    char path[4096];
    if (!findModule(name, context(L)->options.requireDirs, path, sizeof path))
        return luaL_error(L, "module '%s' not found in the script folder or the bundled library "
                             "(require is confined to them)", name);
    if (!loadModuleFile(L, path)) return lua_error(L);
    lua_pushstring(L, name);
    lua_pushstring(L, path);
    lua_call(L, 2, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);  // loaded[name] = result
    return 1;
}

int sandboxLoad(lua_State* L) {
    size_t len = 0;
    const char* code = luaL_checklstring(L, 1, &len);  // only strings: no reader functions
    const char* chunkName = luaL_optstring(L, 2, "=(load)");
    const char* mode = luaL_optstring(L, 3, "t");
    if (std::strcmp(mode, "t") != 0) return luaL_error(L, "load: only text chunks are allowed (mode 't')");
    const bool hasEnv = !lua_isnone(L, 4);
    if (luaL_loadbufferx(L, code, len, chunkName, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (hasEnv) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

int checkReadable(lua_State* L, int arg) {
    const char* path = luaL_checkstring(L, arg);
    if (!pathAllowed(path, context(L)->options.dataDirs))
        return luaL_error(L, "'%s' is outside the readable data folders (sandbox)", path);
    return 0;
}

int sandboxOpen(lua_State* L) {
    checkReadable(L, 1);
    const char* mode = luaL_optstring(L, 2, "r");
    if (std::strcmp(mode, "r") != 0 && std::strcmp(mode, "rb") != 0)
        return luaL_error(L, "io.open: only read modes ('r', 'rb') are allowed (sandbox)");
    const int base = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushstring(L, mode);
    lua_call(L, 2, LUA_MULTRET);
    return lua_gettop(L) - base;
}

int sandboxLines(lua_State* L) {
    checkReadable(L, 1);
    const int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

// --- C library functions that could loop long inside one call (the count hook never fires there) -

// setmetatable without finalizers: Lua runs __gc with hooks off (also at lua_close), so a looping
// finalizer would escape the budget. Lua only marks an object for finalization when its metatable
// has __gc at setmetatable time, so refusing it here is enough (Redis / Roblox do the same).
int sandboxSetmetatable(lua_State* L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc finalizers are not allowed in the sandbox");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

// string.rep(s, n, sep) with an empty s and sep is an n-iteration loop that allocates nothing: the
// memory cap cannot stop it. Any other case allocates the whole result first (the cap bounds it).
int sandboxRep(lua_State* L) {
    size_t l = 0, lsep = 0;
    luaL_checklstring(L, 1, &l);
    const lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    const int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, 1);
    return 1;
}

// The table library reads through __index / __len and writes through __newindex, so a C loop of
// table.concat / insert / remove / move / sort / unpack can run for 2^62 iterations over a
// metatable that answers every index from C (e.g. __index = table.concat) or a __len returning a
// huge number. In the sandbox they take plain tables (no __index, __newindex or __len) and charge
// their iterations to the instruction budget before running.
enum class TableOp { Concat, Insert, Remove, Move, Sort, Unpack };

void checkPlainTable(lua_State* L, int arg, const char* fname) {
    luaL_checktype(L, arg, LUA_TTABLE);
    if (!lua_getmetatable(L, arg)) return;
    for (const char* mm : {"__index", "__newindex", "__len"}) {
        if (lua_getfield(L, -1, mm) != LUA_TNIL)
            luaL_error(L, "%s: tables with a %s metamethod are not allowed in the sandbox (bad argument #%d)", fname, mm, arg);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

long long spanOf(lua_Integer from, lua_Integer to) noexcept {
    if (to < from) return 0;
    const auto span = static_cast<lua_Unsigned>(to) - static_cast<lua_Unsigned>(from);
    return span >= static_cast<lua_Unsigned>(LLONG_MAX) ? LLONG_MAX : static_cast<long long>(span) + 1;
}

int sandboxTableOp(lua_State* L) {
    const auto op = static_cast<TableOp>(lua_tointeger(L, lua_upvalueindex(2)));
    const char* fname = lua_tostring(L, lua_upvalueindex(3));
    checkPlainTable(L, 1, fname);
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, 1));
    long long work = 0;
    switch (op) {
        case TableOp::Concat: work = spanOf(luaL_optinteger(L, 3, 1), luaL_optinteger(L, 4, n)); break;
        case TableOp::Unpack: work = spanOf(luaL_optinteger(L, 2, 1), luaL_optinteger(L, 3, n)); break;
        case TableOp::Insert:  // the elements from pos on shift up (append: none)
            work = lua_gettop(L) >= 3 ? spanOf(luaL_checkinteger(L, 2), n) + 1 : 1;
            break;
        case TableOp::Remove:  // the elements after pos shift down (last: none)
            work = lua_gettop(L) >= 2 ? spanOf(luaL_checkinteger(L, 2), n) + 1 : 1;
            break;
        case TableOp::Move:
            work = spanOf(luaL_checkinteger(L, 2), luaL_checkinteger(L, 3));
            if (!lua_isnoneornil(L, 5)) checkPlainTable(L, 5, fname);
            break;
        case TableOp::Sort: {
            long long log = 1;
            while ((1LL << log) < n && log < 62) ++log;
            work = n > (LLONG_MAX / 64) ? LLONG_MAX : static_cast<long long>(n) * log;
            break;
        }
    }
    chargeWork(L, work, fname);
    const int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, LUA_MULTRET);
    return lua_gettop(L);
}

void wrapTableOps(lua_State* L) {
    wrapLibraryFunctions(L, LUA_TABLIBNAME,
                         {{"concat", int(TableOp::Concat)}, {"insert", int(TableOp::Insert)}, {"remove", int(TableOp::Remove)},
                          {"move", int(TableOp::Move)}, {"sort", int(TableOp::Sort)}, {"unpack", int(TableOp::Unpack)}},
                         sandboxTableOp);
}

// collectgarbage("collect" / "step") traverses the whole heap in one C call: charged by heap size.
int sandboxCollectgarbage(lua_State* L) {
    const char* opt = luaL_optstring(L, 1, "collect");
    if (std::strcmp(opt, "collect") == 0 || std::strcmp(opt, "step") == 0)
        chargeWork(L, 1 + static_cast<long long>(context(L)->used / 64), "collectgarbage");
    const int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, LUA_MULTRET);
    return lua_gettop(L);
}

// pcall, xpcall, coroutine.resume and coroutine.close return errors as values: once the call is
// aborted (budget, time limit, cancel) they re-raise the abort instead, so no catching construct
// in the script — however deeply nested in coroutines — keeps running after it. The original runs
// through lua_callk, so a yield inside a pcall in a coroutine still works.
int raiseIfAborted(lua_State* L) {
    const StateContext* ctx = context(L);
    if (ctx->aborted) return luaL_error(L, "%s", ctx->abortMessage);
    return 0;
}

int afterCatching(lua_State* L, int, lua_KContext) {
    raiseIfAborted(L);
    return lua_gettop(L);
}

int sandboxCatching(lua_State* L) {
    raiseIfAborted(L);
    const int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, nargs, LUA_MULTRET, 0, afterCatching);
    return afterCatching(L, LUA_OK, 0);
}

// xpcall's message handler runs inside the hook call that raised the abort, where Lua turns hooks
// off: a script handler must never run after the abort (it could loop unhooked). The guard passes
// the abort message through instead; before the abort the script's handler runs as usual (hooked).
int guardedHandler(lua_State* L) {
    if (context(L)->aborted) return 1;  // the error message, unchanged
    const int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, 1);
    return 1;
}

int sandboxXpcall(lua_State* L) {
    raiseIfAborted(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guardedHandler, 1);
    lua_replace(L, 2);
    return sandboxCatching(L);
}

// A coroutine killed by an abort raised from the hook is left with hooks off by Lua 5.4: closing it
// (coroutine.close, or coroutine.wrap's own close on error) would run its pending `__close`
// handlers unhooked. Such threads are remembered (weak keys) and never closed.
constexpr const char* kKilledKey = "iglu.sandbox.killed";

void markKilled(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTHREAD) return;
    lua_getfield(L, LUA_REGISTRYINDEX, kKilledKey);
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

bool killed(lua_State* L, int idx) {
    lua_getfield(L, LUA_REGISTRYINDEX, kKilledKey);
    lua_pushvalue(L, idx);
    const bool k = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return k;
}

int afterResume(lua_State* L, int, lua_KContext nargs) {
    const StateContext* ctx = context(L);
    if (ctx->aborted) {
        markKilled(L, 1);
        return luaL_error(L, "%s", ctx->abortMessage);
    }
    return lua_gettop(L) - static_cast<int>(nargs);
}

int sandboxResume(lua_State* L) {  // coroutine.resume(co, ...): [co, args...] stay below the results
    raiseIfAborted(L);
    const int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    for (int i = 1; i <= nargs; ++i) lua_pushvalue(L, i);
    lua_callk(L, nargs, LUA_MULTRET, nargs, afterResume);
    return afterResume(L, LUA_OK, nargs);
}

int sandboxClose(lua_State* L) {  // coroutine.close(co)
    raiseIfAborted(L);
    luaL_checktype(L, 1, LUA_TTHREAD);
    if (killed(L, 1)) return luaL_error(L, "coroutine.close: this coroutine was stopped by the sandbox and cannot be closed");
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, LUA_MULTRET);
    return lua_gettop(L);
}

int wrappedCall(lua_State* L) {  // the function coroutine.wrap returns
    raiseIfAborted(L);
    lua_State* co = lua_tothread(L, lua_upvalueindex(1));
    const int nargs = lua_gettop(L);
    if (!lua_checkstack(co, nargs)) return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, nargs);
    int nres = 0;
    const int status = lua_resume(co, L, nargs, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            return luaL_error(L, "too many results to resume");
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);  // the error object
    if (context(L)->aborted) {
        lua_pushvalue(L, lua_upvalueindex(1));
        markKilled(L, -1);
        return luaL_error(L, "%s", context(L)->abortMessage);
    }
    // An ordinary error (hooks on): close the coroutine's pending variables, as coroutine.wrap does.
    if (lua_resetthread(co) != LUA_OK) {  // a __close handler failed: its error replaces ours
        lua_pop(L, 1);
        lua_xmove(co, L, 1);
    }
    if (lua_type(L, -1) == LUA_TSTRING) {  // add where the wrap function was called, like the original
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

int sandboxWrap(lua_State* L) {  // coroutine.wrap(f)
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State* co = lua_newthread(L);  // inherits the count hook
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, wrappedCall, 1);
    return 1;
}

void wrapGlobal(lua_State* L, const char* table, const char* name, lua_CFunction wrapper) {
    if (table) lua_getglobal(L, table);
    else lua_pushglobaltable(L);
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, wrapper, 1);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

void keepOnly(lua_State* L, const char* lib, std::initializer_list<const char*> keep) {
    lua_getglobal(L, lib);
    lua_newtable(L);
    for (const char* k : keep) {
        lua_getfield(L, -2, k);
        lua_setfield(L, -2, k);
    }
    lua_setglobal(L, lib);
    lua_pop(L, 1);
}

void openLib(lua_State* L, const char* name, lua_CFunction f) {
    luaL_requiref(L, name, f, 1);
    lua_pop(L, 1);
}

void installRequire(lua_State* L) {
    lua_newtable(L);
    luaopen_iglu(L);
    lua_setfield(L, -2, "iglu");
    lua_setfield(L, LUA_REGISTRYINDEX, kLoadedKey);
    lua_pushcfunction(L, sandboxRequire);
    lua_setglobal(L, "require");
}

}  // namespace

int hostPrint(lua_State* L) {  // stderr by default: stdout belongs to the command's output (--json)
    const int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; ++i) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, nullptr);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t len = 0;
    const char* line = lua_tolstring(L, -1, &len);
    StateContext* ctx = context(L);
    bool delivered = false;
    if (ctx->print) {
        try {
            ctx->print(std::string_view(line, len));
            delivered = true;
        } catch (...) {  // a failing sink must not unwind through Lua: fall back to stderr
        }
    }
    if (!delivered) {
        std::fwrite(line, 1, len, stderr);
        std::fputc('\n', stderr);
    }
    return 0;
}

void installSandbox(lua_State* L, const SandboxOptions&) {
    openLib(L, LUA_GNAME, luaopen_base);
    openLib(L, LUA_TABLIBNAME, luaopen_table);
    openLib(L, LUA_STRLIBNAME, luaopen_string);
    openLib(L, LUA_MATHLIBNAME, luaopen_math);
    openLib(L, LUA_UTF8LIBNAME, luaopen_utf8);
    openLib(L, LUA_COLIBNAME, luaopen_coroutine);
    openLib(L, LUA_IOLIBNAME, luaopen_io);
    openLib(L, LUA_OSLIBNAME, luaopen_os);
    openLib(L, LUA_DBLIBNAME, luaopen_debug);

    // Base: no file loading, text-only load, print to stderr.
    for (const char* name : {"dofile", "loadfile"}) {
        lua_pushnil(L);
        lua_setglobal(L, name);
    }
    lua_pushcfunction(L, sandboxLoad);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, hostPrint);
    lua_setglobal(L, "print");

    // io: read-only open / lines below the data folders; nothing else (no popen, no write).
    lua_getglobal(L, "io");
    lua_newtable(L);
    lua_getfield(L, -2, "open");
    lua_pushcclosure(L, sandboxOpen, 1);
    lua_setfield(L, -2, "open");
    lua_getfield(L, -2, "lines");
    lua_pushcclosure(L, sandboxLines, 1);
    lua_setfield(L, -2, "lines");
    lua_setglobal(L, "io");
    lua_pop(L, 1);

    keepOnly(L, "os", {"clock", "time", "date", "difftime"});
    keepOnly(L, "debug", {"traceback"});
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    // C functions that could otherwise run unbounded inside one call.
    wrapGlobal(L, nullptr, "pcall", sandboxCatching);
    wrapGlobal(L, nullptr, "xpcall", sandboxXpcall);
    lua_newtable(L);  // threads killed by an abort (weak keys)
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, kKilledKey);
    wrapGlobal(L, LUA_COLIBNAME, "resume", sandboxResume);
    wrapGlobal(L, LUA_COLIBNAME, "close", sandboxClose);
    wrapGlobal(L, LUA_COLIBNAME, "wrap", sandboxWrap);
    wrapGlobal(L, nullptr, "setmetatable", sandboxSetmetatable);
    wrapGlobal(L, nullptr, "collectgarbage", sandboxCollectgarbage);
    wrapGlobal(L, LUA_STRLIBNAME, "rep", sandboxRep);
    wrapPatternFunctions(L);
    wrapTableOps(L);
    // The package library is never opened: `require` is ours.
    installRequire(L);
}

void installTrusted(lua_State* L, const SandboxOptions&) {
    luaL_openlibs(L);
    installRequire(L);
}

}  // namespace iglu::scripting::detail

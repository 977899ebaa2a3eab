// The sandbox, in the spirit of Redis' script_lua.c: an allow-list of globals, io reduced to
// read-only access below the data folders, os reduced to time functions, debug reduced to
// traceback, `load` limited to text chunks and a `require` confined to the script folder and the
// bundled library. No function here keeps a C++ object with a destructor alive across a Lua error.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "scripting/module.hpp"
#include "scripting/state_context.hpp"

namespace iglu::scripting::detail {

namespace {

namespace fs = std::filesystem;

constexpr const char* kLoadedKey = "iglu.sandbox.loaded";

bool isBelow(const fs::path& file, const fs::path& dir) {
    auto f = file.begin();
    for (auto d = dir.begin(); d != dir.end(); ++d, ++f) {
        if (d->empty()) continue;  // trailing separator
        if (f == file.end() || *f != *d) return false;
    }
    return true;
}

// Resolves `name` ("iglu.build") to a readable file in the require folders. Writes the path into
// `out` (size n) and returns true when found. Never throws.
bool findModule(const char* name, const std::vector<std::string>& dirs, char* out, std::size_t n) noexcept {
    try {
        std::string rel;
        for (const char* p = name; *p; ++p) {
            const char c = *p;
            if (c == '.') rel += '/';
            else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-') rel += c;
            else return false;  // no "..", no slashes, no absolute paths
        }
        if (rel.empty() || rel.front() == '/' || rel.back() == '/') return false;
        for (const auto& dir : dirs) {
            fs::path candidate = fs::path(dir) / (rel + ".lua");
            std::error_code ec;
            if (!fs::is_regular_file(candidate, ec)) continue;
            const fs::path real = fs::weakly_canonical(candidate, ec);
            const fs::path root = fs::weakly_canonical(fs::path(dir), ec);
            if (ec || !isBelow(real, root)) continue;  // a symlink out of the folder
            const std::string s = real.string();
            if (s.size() + 1 > n) return false;
            std::memcpy(out, s.c_str(), s.size() + 1);
            return true;
        }
    } catch (...) {
    }
    return false;
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
    if (luaL_loadfilex(L, path, "t") != LUA_OK) return lua_error(L);
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

bool pathAllowed(const char* path, const std::vector<std::string>& dirs) noexcept {
    try {
        std::error_code ec;
        const fs::path real = fs::weakly_canonical(fs::absolute(fs::path(path), ec), ec);
        if (ec) return false;
        for (const auto& dir : dirs) {
            const fs::path root = fs::weakly_canonical(fs::absolute(fs::path(dir), ec), ec);
            if (!ec && isBelow(real, root)) return true;
        }
    } catch (...) {
    }
    return false;
}

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
    // The package library is never opened: `require` is ours.
    installRequire(L);
}

void installTrusted(lua_State* L, const SandboxOptions&) {
    luaL_openlibs(L);
    installRequire(L);
}

}  // namespace iglu::scripting::detail

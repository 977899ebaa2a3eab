// The catalog for Lua (read side): iglu.catalog(path) -> cat; cat:task(id), cat:tasks{...},
// cat:count(). Sandboxed scripts may only open catalogs below the readable data folders.
#include <cstring>
#include <filesystem>
#include <system_error>
#include <new>
#include <optional>

#include "core/catalog/catalog.hpp"
#include "scripting/binding.hpp"
#include "scripting/module.hpp"
#include "scripting/state_context.hpp"

namespace iglu::scripting::detail {

namespace {

constexpr const char* kCatalogMeta = "iglu.Catalog";

struct CatalogBox {
    std::optional<catalog::Catalog> cat;
    std::vector<catalog::TaskRecord> scratch;  // results being pushed (kept here, not on the C++ stack)
    catalog::TaskFilter filter;
};

bool fileExists(const char* path) noexcept {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

CatalogBox* checkCatalog(lua_State* L) {
    auto* box = static_cast<CatalogBox*>(luaL_checkudata(L, 1, kCatalogMeta));
    if (!box->cat) luaL_error(L, "catalog is closed");
    return box;
}

int catalogGc(lua_State* L) {
    static_cast<CatalogBox*>(lua_touserdata(L, 1))->~CatalogBox();
    return 0;
}

int openCatalog(lua_State* L) {  // iglu.catalog(path)
    const char* path = luaL_checkstring(L, 1);
    const StateContext* ctx = context(L);
    if (ctx->options.sandboxed && !pathAllowed(path, ctx->options.dataDirs))
        return luaL_error(L, "iglu.catalog: '%s' is outside the readable data folders (sandbox)", path);
    if (ctx->options.sandboxed && !fileExists(path))  // scripts read catalogs, they never create one
        return luaL_error(L, "iglu.catalog: no catalog at '%s'", path);
    auto* box = static_cast<CatalogBox*>(lua_newuserdatauv(L, sizeof(CatalogBox), 0));
    new (box) CatalogBox();
    luaL_setmetatable(L, kCatalogMeta);
    protect(L, [&] {
        box->cat.emplace(path, catalog::OpenMode::ReadOnly);  // scripts read catalogs, never write or create one
        return 0;
    });
    return 1;
}

int catalogTask(lua_State* L) {  // cat:task(id) -> task table | nil
    CatalogBox* box = checkCatalog(L);
    const char* id = luaL_checkstring(L, 2);
    protect(L, [&] {
        box->scratch.clear();
        if (auto t = box->cat->task(id)) box->scratch.push_back(std::move(*t));
        return 0;
    });
    if (box->scratch.empty()) return lua_pushnil(L), 1;
    pushTask(L, box->scratch[0].task, true);
    return 1;
}

int catalogTasks(lua_State* L) {  // cat:tasks{text=, skills={...}, clear=, ids={...}, limit=} -> {task, ...}
    CatalogBox* box = checkCatalog(L);
    protect(L, [&] {
        box->filter = catalog::TaskFilter{};
        return 0;
    });
    if (lua_istable(L, 2)) {
        if (lua_getfield(L, 2, "text") == LUA_TSTRING) {
            const char* text = lua_tostring(L, -1);
            protect(L, [&] { return box->filter.text = text, 0; });
        }
        lua_pop(L, 1);
        if (lua_getfield(L, 2, "clear") == LUA_TBOOLEAN) box->filter.clear = lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (lua_getfield(L, 2, "limit") == LUA_TNUMBER) box->filter.limit = static_cast<int>(lua_tointeger(L, -1));
        lua_pop(L, 1);
        if (lua_getfield(L, 2, "skills") == LUA_TTABLE) {
            const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
            for (lua_Integer i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                const char* name = lua_tostring(L, -1);
                const auto skill = name ? core::parseSkill(name) : std::nullopt;
                if (!skill) return luaL_error(L, "cat:tasks: unknown skill '%s'", name ? name : "?");
                protect(L, [&] { return box->filter.skills.push_back(*skill), 0; });
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
        if (lua_getfield(L, 2, "ids") == LUA_TTABLE) {
            const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
            for (lua_Integer i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                const char* id = lua_tostring(L, -1);
                if (!id) return luaL_error(L, "cat:tasks: ids must be strings");
                protect(L, [&] { return box->filter.ids.emplace_back(id), 0; });
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
    }
    protect(L, [&] {
        box->scratch = box->cat->loadTasks(box->filter);
        return 0;
    });
    lua_createtable(L, static_cast<int>(box->scratch.size()), 0);
    for (std::size_t i = 0; i < box->scratch.size(); ++i) {
        pushTask(L, box->scratch[i].task, true);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
}

int catalogCount(lua_State* L) {
    CatalogBox* box = checkCatalog(L);
    int n = 0;
    protect(L, [&] { return n = box->cat->taskCount(), 0; });
    lua_pushinteger(L, n);
    return 1;
}

}  // namespace

void registerCatalog(lua_State* L, int module) {
    static const luaL_Reg methods[] = {{"task", catalogTask}, {"tasks", catalogTasks}, {"count", catalogCount}, {nullptr, nullptr}};
    luaL_newmetatable(L, kCatalogMeta);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, catalogGc), lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
    lua_pushvalue(L, module);
    lua_pushcfunction(L, openCatalog);
    lua_setfield(L, -2, "catalog");
    lua_pop(L, 1);
}

}  // namespace iglu::scripting::detail

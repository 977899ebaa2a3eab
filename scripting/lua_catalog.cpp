// The catalog for Lua (read side): iglu.catalog(path) -> cat; cat:task(id), cat:tasks{...},
// cat:count(). Sandboxed scripts may only open catalogs below the readable data folders.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <new>
#include <optional>

#include "core/catalog/catalog.hpp"
#include "binding.hpp"
#include "module.hpp"
#include "state_context.hpp"

namespace iglu::scripting::detail {

namespace {

constexpr const char* kCatalogMeta = "iglu.Catalog";

// A catalog handle holds an open file and SQLite's page cache (2 MB by default): charged to the
// memory cap, and at most kMaxOpenCatalogs per state (file descriptors are the process's).
constexpr std::size_t kCatalogBytes = 4u << 20;
constexpr int kMaxOpenCatalogs = 8;

struct CatalogBox {
    static constexpr const char* kMeta = kCatalogMeta;
    static constexpr const char* kWhat = "catalog";
    std::optional<catalog::Catalog> cat;
    std::vector<catalog::TaskRecord> scratch;  // results being pushed (kept here, not on the C++ stack)
    catalog::TaskFilter filter;
};

bool fileExists(const char* path) noexcept {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

CatalogBox* checkCatalog(lua_State* L) {
    CatalogBox* box = checkLive<CatalogBox>(L, 1);
    if (!box->cat) luaL_error(L, "catalog is closed");
    return box;
}

int catalogGc(lua_State* L) {
    auto* slot = static_cast<Slot<CatalogBox>*>(luaL_testudata(L, 1, kCatalogMeta));
    if (slot && slot->alive && slot->get()->cat) --context(L)->openCatalogs;
    return slotGc<CatalogBox>(L);
}

// Charges the scratch results (task records) while they are held; released by releaseScratch.
void chargeScratch(lua_State* L, CatalogBox* box, const char* what) {
    std::size_t bytes = 0;
    for (const auto& r : box->scratch) bytes += taskHeapBytes(r.task) + sizeof(r);
    chargeMemory(L, bytes, what);
    static_cast<Slot<CatalogBox>*>(lua_touserdata(L, 1))->charged += bytes;
}

void releaseScratch(lua_State* L, CatalogBox* box) noexcept {
    std::size_t bytes = 0;
    for (const auto& r : box->scratch) bytes += taskHeapBytes(r.task) + sizeof(r);
    auto* slot = static_cast<Slot<CatalogBox>*>(lua_touserdata(L, 1));
    bytes = std::min(bytes, slot->charged - kCatalogBytes);
    releaseMemory(L, bytes);
    slot->charged -= bytes;
    box->scratch.clear();
    box->scratch.shrink_to_fit();
}

int openCatalog(lua_State* L) {  // iglu.catalog(path)
    const char* path = luaL_checkstring(L, 1);
    const StateContext* ctx = context(L);
    if (ctx->options.sandboxed && !pathAllowed(path, ctx->options.dataDirs))
        return luaL_error(L, "iglu.catalog: '%s' is outside the readable data folders (sandbox)", path);
    if (ctx->options.sandboxed && !fileExists(path))  // scripts read catalogs, they never create one
        return luaL_error(L, "iglu.catalog: no catalog at '%s'", path);
    StateContext* sctx = context(L);
    if (sctx->openCatalogs >= kMaxOpenCatalogs)
        return luaL_error(L, "iglu.catalog: at most %d catalogs may be open at once in a script", kMaxOpenCatalogs);
    auto* slot = newSlot<CatalogBox>(L, 0);
    chargeMemory(L, kCatalogBytes, "iglu.catalog");
    slot->charged = kCatalogBytes;
    protect(L, [&] {
        new (slot->bytes) CatalogBox();
        slot->alive = true;
        slot->get()->cat.emplace(path, catalog::OpenMode::ReadOnly);  // scripts read catalogs, never write or create one
        return 0;
    });
    ++sctx->openCatalogs;
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
    chargeScratch(L, box, "cat:task");
    pushTask(L, box->scratch[0].task, true);
    releaseScratch(L, box);
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
        box->filter.limit = static_cast<int>(intField(L, 2, "limit", box->filter.limit, 0, INT32_MAX, "cat:tasks"));
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
    chargeScratch(L, box, "cat:tasks");
    lua_createtable(L, static_cast<int>(std::min<std::size_t>(box->scratch.size(), INT32_MAX)), 0);
    for (std::size_t i = 0; i < box->scratch.size(); ++i) {
        pushTask(L, box->scratch[i].task, true);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    releaseScratch(L, box);
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
    newUserdataType(L, kCatalogMeta, methods, catalogGc);
    lua_pop(L, 1);
    static const luaL_Reg functions[] = {{"catalog", openCatalog}, {nullptr, nullptr}};
    setModuleFunctions(L, module, functions);
}

}  // namespace iglu::scripting::detail

// Grid userdata, metrics and the maximal intersection for Lua.
#include <cstdint>
#include <cstring>
#include <new>

#include "core/intersection/maximal_intersection.hpp"
#include "core/metrics/metrics.hpp"
#include "binding.hpp"

namespace iglu::scripting::detail {

using core::Grid;

namespace {

LuaGrid* checkBox(lua_State* L, int idx) {
    auto* box = static_cast<LuaGrid*>(luaL_checkudata(L, idx, kGridMeta));
    if (box->ownerAlive && !*box->ownerAlive) raiseDestroyed(L, idx, "grid view's environment");
    return box;
}

// Coordinates: any int is a valid question (outside the zone a cell is empty), nothing wider.
int checkCoord(lua_State* L, int idx, const char* name) {
    return static_cast<int>(checkInt(L, idx, INT32_MIN, INT32_MAX, name));
}
int checkColour(lua_State* L, int idx) { return static_cast<int>(checkInt(L, idx, 0, core::kNumColours, "colour")); }

int gridGet(lua_State* L) {
    const Grid& g = checkGrid(L, 1);
    lua_pushinteger(L, g.at(checkCoord(L, 2, "x"), checkCoord(L, 3, "y"), checkCoord(L, 4, "z")));
    return 1;
}

int gridSet(lua_State* L) {
    LuaGrid* box = checkBox(L, 1);
    const int x = checkCoord(L, 2, "x"), y = checkCoord(L, 3, "y"), z = checkCoord(L, 4, "z"), c = checkColour(L, 5);
    if (box->readOnly) return luaL_error(L, "grid:set: this grid is a read-only view (copy() it first)");
    if (!Grid::inZone(x, y, z)) return luaL_error(L, "grid:set: (%d, %d, %d) is outside the zone (x, z in -5..5, y in -1..7)", x, y, z);
    box->ptr->setCell(Grid::index(x, y, z), static_cast<std::int8_t>(c));
    return 0;
}

int gridCount(lua_State* L) {
    const Grid& g = checkGrid(L, 1);
    if (lua_isnoneornil(L, 2)) lua_pushinteger(L, g.count());
    else lua_pushinteger(L, g.count(checkColour(L, 2)));
    return 1;
}

int gridLen(lua_State* L) {
    lua_pushinteger(L, checkGrid(L, 1).count());
    return 1;
}

int blocksIter(lua_State* L) {
    const Grid& g = checkGrid(L, lua_upvalueindex(1));
    int idx = static_cast<int>(lua_tointeger(L, lua_upvalueindex(2)));
    while (idx < core::kCells && g.cell(idx) == 0) ++idx;
    if (idx >= core::kCells) return 0;
    const core::Block b = Grid::position(idx);
    lua_pushinteger(L, idx + 1);
    lua_replace(L, lua_upvalueindex(2));
    lua_pushinteger(L, b.x);
    lua_pushinteger(L, b.y);
    lua_pushinteger(L, b.z);
    lua_pushinteger(L, g.cell(idx));
    return 4;
}

int gridBlocks(lua_State* L) {  // for x, y, z, c in g:blocks() do ... end  (ascending cell index)
    checkGrid(L, 1);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, blocksIter, 2);
    return 1;
}

void pushBlock(lua_State* L, int x, int y, int z, int c) {
    lua_createtable(L, 4, 0);
    lua_pushinteger(L, x), lua_rawseti(L, -2, 1);
    lua_pushinteger(L, y), lua_rawseti(L, -2, 2);
    lua_pushinteger(L, z), lua_rawseti(L, -2, 3);
    lua_pushinteger(L, c), lua_rawseti(L, -2, 4);
}

int gridList(lua_State* L) {  // {{x, y, z, c}, ...} sorted by (x, y, z) like the reference lists
    const Grid& g = checkGrid(L, 1);
    lua_createtable(L, g.count(), 0);
    lua_Integer n = 0;
    for (int x = core::kMinX; x <= core::kMaxX; ++x)
        for (int y = core::kMinY; y <= core::kMaxY; ++y)
            for (int z = core::kMinZ; z <= core::kMaxZ; ++z)
                if (const int c = g.at(x, y, z); c != 0) {
                    pushBlock(L, x, y, z, c);
                    lua_rawseti(L, -2, ++n);
                }
    return 1;
}

int gridCopy(lua_State* L) {
    const Grid& g = checkGrid(L, 1);
    Grid* copy = newGrid(L);
    *copy = g;
    return 1;
}

int gridClear(lua_State* L) {
    LuaGrid* box = checkBox(L, 1);
    if (box->readOnly) return luaL_error(L, "grid:clear: this grid is a read-only view");
    box->ptr->clear();
    return 0;
}

int gridAssign(lua_State* L) {  // g:assign(other): copy other's cells into g (no allocation)
    LuaGrid* box = checkBox(L, 1);
    const Grid& other = checkGrid(L, 2);
    if (box->readOnly) return luaL_error(L, "grid:assign: this grid is a read-only view");
    *box->ptr = other;
    return 0;
}

int gridDiff(lua_State* L) {  // {{x, y, z, have, want}, ...} for every cell where g differs from target
    const Grid& g = checkGrid(L, 1);
    const Grid& t = toGridArg(L, 2);
    lua_newtable(L);
    lua_Integer n = 0;
    for (int idx = 0; idx < core::kCells; ++idx) {
        const int have = g.cell(idx), want = t.cell(idx);
        if (have == want) continue;
        const core::Block b = Grid::position(idx);
        lua_createtable(L, 5, 0);
        lua_pushinteger(L, b.x), lua_rawseti(L, -2, 1);
        lua_pushinteger(L, b.y), lua_rawseti(L, -2, 2);
        lua_pushinteger(L, b.z), lua_rawseti(L, -2, 3);
        lua_pushinteger(L, have), lua_rawseti(L, -2, 4);
        lua_pushinteger(L, want), lua_rawseti(L, -2, 5);
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

int gridEq(lua_State* L) {
    lua_pushboolean(L, checkGrid(L, 1) == checkGrid(L, 2));
    return 1;
}

int gridEquals(lua_State* L) {
    const Grid& a = checkGrid(L, 1);
    lua_pushboolean(L, a == toGridArg(L, 2));
    return 1;
}

int gridHash(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(checkGrid(L, 1).hash()));
    return 1;
}

int gridReadOnly(lua_State* L) {
    lua_pushboolean(L, checkBox(L, 1)->readOnly);
    return 1;
}

int gridToString(lua_State* L) {
    LuaGrid* box = checkBox(L, 1);
    lua_pushfstring(L, "iglu.grid(%d blocks%s)", box->ptr->count(), box->readOnly ? ", view" : "");
    return 1;
}

int newGridFn(lua_State* L) {  // iglu.grid([blocks])
    if (lua_isnoneornil(L, 1)) {
        newGrid(L);
        return 1;
    }
    if (luaL_testudata(L, 1, kGridMeta)) return gridCopy(L);
    toGridArg(L, 1);
    return 1;
}

}  // namespace

int pushScores(lua_State* L, const core::Scores& s) {
    lua_createtable(L, 0, 9);
    lua_pushnumber(L, s.precision), lua_setfield(L, -2, "precision");
    lua_pushnumber(L, s.recall), lua_setfield(L, -2, "recall");
    lua_pushnumber(L, s.f1), lua_setfield(L, -2, "f1");
    lua_pushinteger(L, s.intersection), lua_setfield(L, -2, "intersection");
    lua_pushinteger(L, s.targetSize), lua_setfield(L, -2, "target_size");
    lua_pushinteger(L, s.builtSize), lua_setfield(L, -2, "built_size");
    lua_pushboolean(L, s.intersection == s.targetSize && s.builtSize == s.targetSize), lua_setfield(L, -2, "exact");
    lua_pushinteger(L, s.alignment.dx), lua_setfield(L, -2, "dx");
    lua_pushinteger(L, s.alignment.dz), lua_setfield(L, -2, "dz");
    lua_pushinteger(L, s.alignment.rot), lua_setfield(L, -2, "rot");
    return 1;
}

namespace {

int scoreFn(lua_State* L) {  // iglu.score(target, built) -> {precision, recall, f1, exact, ...}
    const Grid& target = toGridArg(L, 1);
    const Grid& built = toGridArg(L, 2);
    core::Scores s;
    const int ok = protect(L, [&] {
        s = core::score(target, built);
        return 0;
    });
    (void)ok;
    return pushScores(L, s);
}

int maxIntersectionFn(lua_State* L) {  // iglu.max_intersection(target, built) -> value, dx, dz, rot
    const Grid& target = toGridArg(L, 1);
    const Grid& built = toGridArg(L, 2);
    core::Scores s;
    protect(L, [&] {
        s = core::score(target, built);
        return 0;
    });
    lua_pushinteger(L, s.intersection);
    lua_pushinteger(L, s.alignment.dx);
    lua_pushinteger(L, s.alignment.dz);
    lua_pushinteger(L, s.alignment.rot);
    return 4;
}

void pushBlockList(lua_State* L, const std::vector<core::Block>& blocks) {
    lua_createtable(L, static_cast<int>(blocks.size()), 0);
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        pushBlock(L, blocks[i].x, blocks[i].y, blocks[i].z, blocks[i].colour);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
}

// Overlay results live in a userdata while they are pushed, so a memory error cannot leak them.
struct OverlayBox {
    static constexpr const char* kMeta = "iglu.Overlay";
    static constexpr const char* kWhat = "overlay";
    core::IntersectionOverlay value;
};

int overlayFn(lua_State* L) {  // iglu.overlay(target, built) -> {matched, missing, extra, dx, dz, rot}
    const Grid& target = toGridArg(L, 1);
    const Grid& built = toGridArg(L, 2);
    auto* slot = newSlot<OverlayBox>(L, 0);
    protect(L, [&] {
        new (slot->bytes) OverlayBox();
        slot->alive = true;
        slot->get()->value = core::overlay(target, built);
        return 0;
    });
    OverlayBox* box = slot->get();
    lua_createtable(L, 0, 6);
    pushBlockList(L, box->value.matched), lua_setfield(L, -2, "matched");
    pushBlockList(L, box->value.missing), lua_setfield(L, -2, "missing");
    pushBlockList(L, box->value.extra), lua_setfield(L, -2, "extra");
    lua_pushinteger(L, box->value.alignment.dx), lua_setfield(L, -2, "dx");
    lua_pushinteger(L, box->value.alignment.dz), lua_setfield(L, -2, "dz");
    lua_pushinteger(L, box->value.alignment.rot), lua_setfield(L, -2, "rot");
    return 1;
}

int colourNameFn(lua_State* L) {
    lua_pushstring(L, core::colourName(static_cast<int>(checkInt(L, 1, 0, core::kNumColours, "colour"))));
    return 1;
}

}  // namespace

Grid* newGrid(lua_State* L) {
    auto* box = static_cast<LuaGrid*>(lua_newuserdatauv(L, sizeof(LuaGrid), 1));
    new (box) LuaGrid();  // trivially destructible: no __gc needed
    box->ptr = &box->own;
    luaL_setmetatable(L, kGridMeta);
    return box->ptr;
}

void pushGridView(lua_State* L, const Grid* grid, int ownerIndex, const bool* ownerAlive) {
    ownerIndex = lua_absindex(L, ownerIndex);
    auto* box = static_cast<LuaGrid*>(lua_newuserdatauv(L, offsetof(LuaGrid, own), 1));
    box->ptr = const_cast<Grid*>(grid);
    box->readOnly = true;
    box->ownerAlive = ownerAlive;
    luaL_setmetatable(L, kGridMeta);
    lua_pushvalue(L, ownerIndex);
    lua_setiuservalue(L, -2, 1);
}

const Grid& checkGrid(lua_State* L, int idx) { return *checkBox(L, idx)->ptr; }

const Grid& toGridArg(lua_State* L, int idx) {
    if (luaL_testudata(L, idx, kGridMeta)) return checkGrid(L, idx);
    luaL_checktype(L, idx, LUA_TTABLE);
    idx = lua_absindex(L, idx);
    Grid* g = newGrid(L);
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, idx));  // raw: a __len cannot make this loop long
    chargeWork(L, n, "block list");
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, idx, i);
        if (!lua_istable(L, -1)) luaL_error(L, "block %I: expected {x, y, z, colour}", static_cast<LUAI_UACINT>(i));
        int v[4];
        for (int k = 0; k < 4; ++k) {
            lua_rawgeti(L, -1, k + 1);
            int isnum = 0;
            const lua_Integer e = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isnum) : 0;
            if (!isnum || e < INT32_MIN || e > INT32_MAX)
                luaL_error(L, "block %I: entry %d is not an integer in the int range", static_cast<LUAI_UACINT>(i), k + 1);
            v[k] = static_cast<int>(e);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (!Grid::inZone(v[0], v[1], v[2]))
            luaL_error(L, "block %I: (%d, %d, %d) is outside the zone", static_cast<LUAI_UACINT>(i), v[0], v[1], v[2]);
        if (v[3] < 1 || v[3] > 6) luaL_error(L, "block %I: colour %d outside 1..6", static_cast<LUAI_UACINT>(i), v[3]);
        g->setCell(Grid::index(v[0], v[1], v[2]), static_cast<std::int8_t>(v[3]));
    }
    return *g;
}

void registerGrid(lua_State* L, int module) {
    static const luaL_Reg methods[] = {{"get", gridGet},     {"set", gridSet},       {"count", gridCount},
                                       {"blocks", gridBlocks}, {"list", gridList},   {"copy", gridCopy},
                                       {"clear", gridClear}, {"assign", gridAssign}, {"diff", gridDiff},
                                       {"equals", gridEquals}, {"hash", gridHash},   {"read_only", gridReadOnly},
                                       {nullptr, nullptr}};
    newUserdataType(L, kGridMeta, methods, nullptr);
    lua_pushcfunction(L, gridEq), lua_setfield(L, -2, "__eq");
    lua_pushcfunction(L, gridLen), lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, gridToString), lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    newUserdataType(L, OverlayBox::kMeta, nullptr, slotGc<OverlayBox>);
    lua_pop(L, 1);

    static const luaL_Reg functions[] = {{"grid", newGridFn},
                                         {"score", scoreFn},
                                         {"max_intersection", maxIntersectionFn},
                                         {"overlay", overlayFn},
                                         {"colour_name", colourNameFn},
                                         {nullptr, nullptr}};
    setModuleFunctions(L, module, functions);
}

}  // namespace iglu::scripting::detail

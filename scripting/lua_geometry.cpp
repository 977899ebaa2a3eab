// Line-of-sight helpers for Lua (core/env/line_of_sight.hpp, scripting/geometry.hpp): raycast, aim, find_shot, walking
// waypoints, flight clearance.
#include <cstdint>
#include <cstring>

#include "binding.hpp"
#include "geometry.hpp"

namespace iglu::scripting::detail {

namespace {

Op checkOp(lua_State* L, int idx) {
    const char* s = luaL_checkstring(L, idx);
    if (std::strcmp(s, "place") == 0) return Op::Place;
    if (std::strcmp(s, "break") == 0) return Op::Break;
    luaL_error(L, "operation must be 'place' or 'break', got '%s'", s);
    return Op::Place;
}

int cell(lua_State* L, int idx) { return static_cast<int>(checkInt(L, idx, INT32_MIN, INT32_MAX, "cell coordinate")); }
double num(lua_State* L, int idx) { return checkNumber(L, idx, -kMaxCoordinate, kMaxCoordinate, "coordinate or angle"); }

int raycastFn(lua_State* L) {  // iglu.raycast(grid, x, y, z, yaw, pitch) -> hit, x, y, z, colour, px, py, pz
    const core::Grid& g = checkGrid(L, 1);
    return pushHitTest(L, core::castRay(g, num(L, 2), num(L, 3), num(L, 4), num(L, 5), num(L, 6)));
}

int aimFn(lua_State* L) {  // iglu.aim(grid, op, ex, ey, ez, cx, cy, cz [, yaw, pitch]) -> yaw, pitch | nil
    const core::Grid& g = checkGrid(L, 1);
    const Op op = checkOp(L, 2);
    const double ex = num(L, 3), ey = num(L, 4), ez = num(L, 5);
    const int cx = cell(L, 6), cy = cell(L, 7), cz = cell(L, 8);
    // Optional current (yaw, pitch): the working orientation nearest to it.
    const Orientation a = lua_isnoneornil(L, 9) ? aim(g, op, ex, ey, ez, cx, cy, cz)
                                        : aimNearest(g, op, ex, ey, ez, cx, cy, cz, num(L, 9), num(L, 10));
    if (!a.ok) return lua_pushnil(L), 1;
    lua_pushnumber(L, a.yaw);
    lua_pushnumber(L, a.pitch);
    return 2;
}

int findShotFn(lua_State* L) {  // iglu.find_shot(grid, op, cx, cy, cz, stance, ax, ay, az) -> x, y, z, yaw, pitch, cost | nil
    const core::Grid& g = checkGrid(L, 1);
    const Op op = checkOp(L, 2);
    const int cx = cell(L, 3), cy = cell(L, 4), cz = cell(L, 5);
    const char* stance = luaL_checkstring(L, 6);
    Stance st;
    if (std::strcmp(stance, "flying") == 0) st = Stance::Flying;
    else if (std::strcmp(stance, "walking") == 0) st = Stance::Walking;
    else return luaL_error(L, "stance must be 'flying' or 'walking', got '%s'", stance);
    const Shot s = findShot(g, op, cx, cy, cz, st, num(L, 7), num(L, 8), num(L, 9));
    if (!s.ok) return lua_pushnil(L), 1;
    lua_pushnumber(L, s.x), lua_pushnumber(L, s.y), lua_pushnumber(L, s.z);
    lua_pushnumber(L, s.yaw), lua_pushnumber(L, s.pitch), lua_pushnumber(L, s.cost);
    return 6;
}

int findPillarShotFn(lua_State* L) {  // iglu.find_pillar_shot(grid, target, op, cx, cy, cz, ax, az) -> px, pz, level, yaw, pitch, cost | nil
    const core::Grid& g = checkGrid(L, 1);
    const core::Grid& t = checkGrid(L, 2);
    const Op op = checkOp(L, 3);
    const PillarShot s = findPillarShot(g, t, op, cell(L, 4), cell(L, 5), cell(L, 6), num(L, 7), num(L, 8));
    if (!s.ok) return lua_pushnil(L), 1;
    lua_pushinteger(L, s.px), lua_pushinteger(L, s.pz), lua_pushinteger(L, s.level);
    lua_pushnumber(L, s.yaw), lua_pushnumber(L, s.pitch), lua_pushnumber(L, s.cost);
    return 6;
}

int nextWaypointFn(lua_State* L) {  // iglu.next_waypoint(grid, ax, az, tx, tz) -> wx, wz | nil
    const core::Grid& g = checkGrid(L, 1);
    double wx = 0, wz = 0;
    if (!nextWaypoint(g, num(L, 2), num(L, 3), num(L, 4), num(L, 5), wx, wz))
        return lua_pushnil(L), 1;
    lua_pushnumber(L, wx);
    lua_pushnumber(L, wz);
    return 2;
}

int flightClearFn(lua_State* L) {  // iglu.flight_clear(grid, ax, ay, az, bx, by, bz) -> bool
    const core::Grid& g = checkGrid(L, 1);
    lua_pushboolean(L, flightClear(g, num(L, 2), num(L, 3), num(L, 4),
                                   num(L, 5), num(L, 6), num(L, 7)));
    return 1;
}

int solidFn(lua_State* L) {  // iglu.solid(grid, x, y, z) -> colour (-1 floor, 0 air)
    const core::Grid& g = checkGrid(L, 1);
    lua_pushinteger(L, core::solidAt(g, cell(L, 2), cell(L, 3), cell(L, 4)));
    return 1;
}

int placementHitsAgentFn(lua_State* L) {  // iglu.placement_hits_agent(ax, ay, az, bx, by, bz) -> bool
    lua_pushboolean(L, core::placementHitsAgent(num(L, 1), num(L, 2), num(L, 3), cell(L, 4),
                                          cell(L, 5), cell(L, 6)));
    return 1;
}

}  // namespace

int pushHitTest(lua_State* L, const core::HitTest& h) {
    lua_pushboolean(L, h.hit);
    if (!h.hit) return 1;
    lua_pushinteger(L, h.x), lua_pushinteger(L, h.y), lua_pushinteger(L, h.z), lua_pushinteger(L, h.colour);
    if (!h.hasPrevious) return 5;
    lua_pushinteger(L, h.px), lua_pushinteger(L, h.py), lua_pushinteger(L, h.pz);
    return 8;
}

void registerGeometry(lua_State* L, int module) {
    static const luaL_Reg functions[] = {{"raycast", raycastFn},
                                         {"aim", aimFn},
                                         {"find_shot", findShotFn},
                                         {"find_pillar_shot", findPillarShotFn},
                                         {"next_waypoint", nextWaypointFn},
                                         {"flight_clear", flightClearFn},
                                         {"solid", solidFn},
                                         {"placement_hits_agent", placementHitsAgentFn},
                                         {nullptr, nullptr}};
    setModuleFunctions(L, module, functions);
}

}  // namespace iglu::scripting::detail

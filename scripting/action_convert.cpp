// Lua values -> core::Action: a discrete id (walking), the walking dict table or the flying table.
#include <cmath>

#include "binding.hpp"

namespace iglu::scripting::detail {

namespace {

double actionNumber(lua_State* L, int table, const char* key, int index, const char* what) {
    lua_getfield(L, table, key);
    double v = 0;
    if (lua_istable(L, -1)) {
        lua_geti(L, -1, index);
        int isnum = 0;
        v = lua_tonumberx(L, -1, &isnum);
        if (!isnum && !lua_isnil(L, -1)) luaL_error(L, "action.%s[%d] (%s) must be a number", key, index, what);
        if (!std::isfinite(v)) luaL_error(L, "action.%s[%d] (%s) must be finite", key, index, what);
        lua_pop(L, 1);
    } else if (!lua_isnil(L, -1)) {
        luaL_error(L, "action.%s must be a table", key);
    }
    lua_pop(L, 1);
    return v;
}

bool flag(lua_State* L, int table, const char* key) {
    lua_getfield(L, table, key);
    bool on = false;
    if (lua_isboolean(L, -1)) on = lua_toboolean(L, -1);
    else if (lua_isnumber(L, -1)) on = lua_tonumber(L, -1) != 0;
    else if (!lua_isnil(L, -1)) luaL_error(L, "action.%s must be a boolean or 0/1", key);
    lua_pop(L, 1);
    return on;
}

int actionInt(lua_State* L, int table, const char* key, int lo, int hi) {
    lua_getfield(L, table, key);
    int v = 0;
    if (!lua_isnil(L, -1)) {
        int isnum = 0;
        const lua_Integer i = lua_tointegerx(L, -1, &isnum);
        if (!isnum || i < lo || i > hi) luaL_error(L, "action.%s must be an integer in %d..%d", key, lo, hi);
        v = static_cast<int>(i);
    }
    lua_pop(L, 1);
    return v;
}

}  // namespace

void checkAction(lua_State* L, int idx, core::ActionSpace space, core::Action& out) {
    idx = lua_absindex(L, idx);
    out = core::Action{};
    if (lua_isinteger(L, idx)) {
        const lua_Integer id = lua_tointeger(L, idx);
        if (space == core::ActionSpace::Flying)
            luaL_error(L, "a flying environment takes {movement=, camera=, inventory=, placement=}, not a discrete id");
        if (id < 0 || id >= core::kDiscreteActions) luaL_error(L, "discrete action %I outside 0..17", static_cast<LUAI_UACINT>(id));
        out = core::Action::discrete(static_cast<int>(id));  // cannot throw in range
        return;
    }
    if (!lua_istable(L, idx)) luaL_error(L, "an action is a discrete id or a table, got %s", luaL_typename(L, idx));
    if (space == core::ActionSpace::Flying) {
        out.strafe0 = actionNumber(L, idx, "movement", 1, "forward < 0 / back > 0");
        out.strafe1 = actionNumber(L, idx, "movement", 2, "left < 0 / right > 0");
        out.vertical = actionNumber(L, idx, "movement", 3, "up > 0");
        out.dyaw = actionNumber(L, idx, "camera", 1, "yaw");
        out.dpitch = actionNumber(L, idx, "camera", 2, "pitch");
        out.colour = actionInt(L, idx, "inventory", 0, 6);
        const int placement = actionInt(L, idx, "placement", 0, 2);
        out.place = placement == 1;
        out.breakBlock = placement == 2;
        return;
    }
    out.strafe0 = (flag(L, idx, "forward") ? -1.0 : 0.0) + (flag(L, idx, "back") ? 1.0 : 0.0);
    out.strafe1 = (flag(L, idx, "left") ? -1.0 : 0.0) + (flag(L, idx, "right") ? 1.0 : 0.0);
    out.vertical = flag(L, idx, "jump") ? 1.0 : 0.0;
    out.breakBlock = flag(L, idx, "attack");
    out.place = flag(L, idx, "use");
    out.dyaw = actionNumber(L, idx, "camera", 1, "yaw");
    out.dpitch = actionNumber(L, idx, "camera", 2, "pitch");
    out.colour = actionInt(L, idx, "hotbar", 0, 6);
}

}  // namespace iglu::scripting::detail

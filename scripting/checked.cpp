// Checked conversions of Lua numbers for the bindings, and the locked metatables of the iglu
// userdata: one place for the rules every binding follows.
#include <cmath>
#include <cstdlib>

#include "binding.hpp"

namespace iglu::scripting::detail {

namespace {

// Pushes "NAME must be an integer in LO..HI, got VALUE" (VALUE as Lua prints it).
const char* rangeMessage(lua_State* L, int idx, lua_Integer lo, lua_Integer hi, const char* name, const char* kind) {
    idx = lua_absindex(L, idx);
    luaL_tolstring(L, idx, nullptr);
    const char* got = lua_tostring(L, -1);
    const char* msg = lua_pushfstring(L, "%s must be %s in %I..%I, got %s", name, kind, static_cast<LUAI_UACINT>(lo),
                                      static_cast<LUAI_UACINT>(hi), got ? got : "?");
    return msg;
}

const char* numberMessage(lua_State* L, int idx, double lo, double hi, const char* name) {
    idx = lua_absindex(L, idx);
    luaL_tolstring(L, idx, nullptr);
    const char* got = lua_tostring(L, -1);
    return lua_pushfstring(L, "%s must be a finite number in %f..%f, got %s", name, static_cast<lua_Number>(lo),
                           static_cast<lua_Number>(hi), got ? got : "?");
}

}  // namespace

bool intIn(lua_State* L, int idx, lua_Integer lo, lua_Integer hi, lua_Integer& out) {
    if (lua_type(L, idx) != LUA_TNUMBER) return false;  // no string coercion: an integer means a number
    int isnum = 0;
    out = lua_tointegerx(L, idx, &isnum);
    return isnum && out >= lo && out <= hi;
}

bool numberIn(lua_State* L, int idx, double lo, double hi, double& out) {
    if (lua_type(L, idx) != LUA_TNUMBER) return false;
    out = static_cast<double>(lua_tonumber(L, idx));
    return std::isfinite(out) && out >= lo && out <= hi;
}

lua_Integer checkInt(lua_State* L, int arg, lua_Integer lo, lua_Integer hi, const char* name) {
    lua_Integer v = 0;
    if (!intIn(L, arg, lo, hi, v)) luaL_argerror(L, arg, rangeMessage(L, arg, lo, hi, name, "an integer"));
    return v;
}

lua_Integer optInt(lua_State* L, int arg, lua_Integer def, lua_Integer lo, lua_Integer hi, const char* name) {
    return lua_isnoneornil(L, arg) ? def : checkInt(L, arg, lo, hi, name);
}

lua_Integer intField(lua_State* L, int t, const char* key, lua_Integer def, lua_Integer lo, lua_Integer hi, const char* where) {
    t = lua_absindex(L, t);
    lua_getfield(L, t, key);
    lua_Integer v = def;
    if (!lua_isnil(L, -1) && !intIn(L, -1, lo, hi, v)) {
        const char* field = lua_pushfstring(L, "field '%s'", key);
        luaL_error(L, "%s: %s", where, rangeMessage(L, -2, lo, hi, field, "an integer"));
    }
    lua_pop(L, 1);
    return v;
}

double checkNumber(lua_State* L, int arg, double lo, double hi, const char* name) {
    double v = 0;
    if (!numberIn(L, arg, lo, hi, v)) luaL_argerror(L, arg, numberMessage(L, arg, lo, hi, name));
    return v;
}

double optNumber(lua_State* L, int arg, double def, double lo, double hi, const char* name) {
    return lua_isnoneornil(L, arg) ? def : checkNumber(L, arg, lo, hi, name);
}

double numberField(lua_State* L, int t, const char* key, double def, double lo, double hi, const char* where) {
    t = lua_absindex(L, t);
    lua_getfield(L, t, key);
    double v = def;
    if (!lua_isnil(L, -1) && !numberIn(L, -1, lo, hi, v)) {
        const char* field = lua_pushfstring(L, "field '%s'", key);
        luaL_error(L, "%s: %s", where, numberMessage(L, -2, lo, hi, field));
    }
    lua_pop(L, 1);
    return v;
}

void newLockedMetatable(lua_State* L, const char* name) {
    luaL_newmetatable(L, name);  // sets __name
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
}

void raiseDestroyed(lua_State* L, int idx, const char* what) {
    (void)idx;
    luaL_error(L, "this %s was destroyed (its __gc already ran); it cannot be used any more", what);
    std::abort();  // not reached: luaL_error does not return
}

}  // namespace iglu::scripting::detail

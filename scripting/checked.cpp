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

namespace {

// The two kinds of checked numbers: what is accepted and how a refusal is worded.
struct IntKind {
    using T = lua_Integer;
    static bool in(lua_State* L, int idx, T lo, T hi, T& v) { return intIn(L, idx, lo, hi, v); }
    static const char* message(lua_State* L, int idx, T lo, T hi, const char* name) {
        return rangeMessage(L, idx, lo, hi, name, "an integer");
    }
};
struct NumberKind {
    using T = double;
    static bool in(lua_State* L, int idx, T lo, T hi, T& v) { return numberIn(L, idx, lo, hi, v); }
    static const char* message(lua_State* L, int idx, T lo, T hi, const char* name) {
        return numberMessage(L, idx, lo, hi, name);
    }
};

template <class K>
typename K::T checkArg(lua_State* L, int arg, typename K::T lo, typename K::T hi, const char* name) {
    typename K::T v = 0;
    if (!K::in(L, arg, lo, hi, v)) luaL_argerror(L, arg, K::message(L, arg, lo, hi, name));
    return v;
}

// t[key]: `def` when nil, else a value in lo..hi; otherwise raises "WHERE: field 'KEY' must be ...".
template <class K>
typename K::T checkField(lua_State* L, int t, const char* key, typename K::T def, typename K::T lo, typename K::T hi,
                         const char* where) {
    lua_getfield(L, lua_absindex(L, t), key);
    typename K::T v = def;
    if (!lua_isnil(L, -1) && !K::in(L, -1, lo, hi, v)) {
        const char* field = lua_pushfstring(L, "field '%s'", key);
        luaL_error(L, "%s: %s", where, K::message(L, -2, lo, hi, field));
    }
    lua_pop(L, 1);
    return v;
}

}  // namespace

lua_Integer checkInt(lua_State* L, int arg, lua_Integer lo, lua_Integer hi, const char* name) {
    return checkArg<IntKind>(L, arg, lo, hi, name);
}
lua_Integer optInt(lua_State* L, int arg, lua_Integer def, lua_Integer lo, lua_Integer hi, const char* name) {
    return lua_isnoneornil(L, arg) ? def : checkArg<IntKind>(L, arg, lo, hi, name);
}
lua_Integer intField(lua_State* L, int t, const char* key, lua_Integer def, lua_Integer lo, lua_Integer hi, const char* where) {
    return checkField<IntKind>(L, t, key, def, lo, hi, where);
}
double checkNumber(lua_State* L, int arg, double lo, double hi, const char* name) {
    return checkArg<NumberKind>(L, arg, lo, hi, name);
}
double optNumber(lua_State* L, int arg, double def, double lo, double hi, const char* name) {
    return lua_isnoneornil(L, arg) ? def : checkArg<NumberKind>(L, arg, lo, hi, name);
}
double numberField(lua_State* L, int t, const char* key, double def, double lo, double hi, const char* where) {
    return checkField<NumberKind>(L, t, key, def, lo, hi, where);
}

void newLockedMetatable(lua_State* L, const char* name) {
    luaL_newmetatable(L, name);  // sets __name
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
}

void newUserdataType(lua_State* L, const char* name, const luaL_Reg* methods, lua_CFunction gc) {
    newLockedMetatable(L, name);
    if (methods != nullptr) {
        lua_newtable(L);  // not luaL_newlib: it sizes the table by sizeof of an array, not of a pointer
        luaL_setfuncs(L, methods, 0);
        lua_setfield(L, -2, "__index");
    }
    if (gc != nullptr) {
        lua_pushcfunction(L, gc);
        lua_setfield(L, -2, "__gc");
    }
}

void setModuleFunctions(lua_State* L, int module, const luaL_Reg* functions) {
    lua_pushvalue(L, module);
    luaL_setfuncs(L, functions, 0);
    lua_pop(L, 1);
}

void raiseDestroyed(lua_State* L, int idx, const char* what) {
    (void)idx;
    luaL_error(L, "this %s was destroyed (its __gc already ran); it cannot be used any more", what);
    std::abort();  // not reached: luaL_error does not return
}

}  // namespace iglu::scripting::detail

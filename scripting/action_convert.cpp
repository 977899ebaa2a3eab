// Lua values -> core::Action: a discrete id (walking), the walking table or the flying table,
// read field by field from core::actionFields and checked by core::parseAction (the one parser,
// shared with the Python converters). Lua's declared leniency (ActionParseOptions::missingAsZero):
// a missing field or vector component reads 0; keys outside the table are ignored. Flags are a
// boolean or 0 / 1; numbers must be Lua numbers (no strings).
#include <cstdio>
#include <exception>

#include "binding.hpp"

namespace iglu::scripting::detail {

namespace {

constexpr core::ActionParseOptions kLuaParse{.missingAsZero = true, .indexBase = 1};

// The number at the top of the stack into `out`; false for a non-number (a boolean reads 0/1
// for a flag).
bool luaNumber(lua_State* L, const core::ActionField& f, double& out) {
    if (lua_type(L, -1) == LUA_TNUMBER) {
        out = lua_tonumber(L, -1);
        return true;
    }
    if (f.kind == core::FieldKind::Flag && lua_isboolean(L, -1)) {
        out = lua_toboolean(L, -1) ? 1 : 0;
        return true;
    }
    return false;
}

[[noreturn]] void wrongType(lua_State* L, const core::ActionField& f, int component) {
    const char* what = f.kind == core::FieldKind::Real ? "a number" : f.kind == core::FieldKind::Flag ? "a boolean or 0/1" : "an integer";
    luaL_error(L, "action.%s must be %s, got %s", core::actionFieldName(f, component, kLuaParse).c_str(), what, luaL_typename(L, -1));
    std::terminate();  // not reached: luaL_error does not return
}

void readField(lua_State* L, int table, std::size_t index, const core::ActionField& f, core::ActionValues& values) {
    lua_getfield(L, table, f.name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    values.present |= 1u << index;
    if (f.width == 1) {
        if (!luaNumber(L, f, values.numbers[static_cast<std::size_t>(f.slot)])) wrongType(L, f, 0);
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, -1)) luaL_error(L, "action.%s must be a table of %d numbers", f.name, f.width);
    for (int c = 0; c < f.width; ++c) {
        const auto slot = static_cast<std::size_t>(f.slot + c);
        if (lua_geti(L, -1, c + 1) == LUA_TNIL) values.componentPresent &= ~(1u << slot);
        else if (!luaNumber(L, f, values.numbers[slot])) wrongType(L, f, c);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

}  // namespace

void checkAction(lua_State* L, int idx, core::ActionSpace space, core::Action& out) {
    idx = lua_absindex(L, idx);
    const bool discrete = lua_type(L, idx) == LUA_TNUMBER;
    if (discrete && space == core::ActionSpace::Flying)
        luaL_error(L, "a flying environment takes {movement=, camera=, inventory=, placement=}, not a discrete id");
    if (!discrete && !lua_istable(L, idx)) luaL_error(L, "an action is a discrete id or a table, got %s", luaL_typename(L, idx));
    const core::ActionForm form = core::actionForm(space, discrete);
    core::ActionValues values;
    const auto fields = core::actionFields(form);
    if (discrete) {
        values.numbers[0] = lua_tonumber(L, idx);
        values.present = 1;
    } else {
        for (std::size_t i = 0; i < fields.size(); ++i) readField(L, idx, i, fields[i], values);
    }
    char message[256] = {};
    try {
        out = core::parseAction(form, values, kLuaParse);
        return;
    } catch (const core::InvalidAction& e) {  // copied out: luaL_error must not unwind through the handler
        std::snprintf(message, sizeof message, "%s%s", discrete ? "discrete " : "action.", e.what());
    }
    luaL_error(L, "%s", message);
}

}  // namespace iglu::scripting::detail

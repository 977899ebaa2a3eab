#include "module.hpp"

#include <cstdint>

#include "core/env/action.hpp"
#include "core/skills/skill.hpp"
#include "binding.hpp"

namespace iglu::scripting {

namespace {
constexpr const char* kModuleKey = "iglu.module";

int actionNameFn(lua_State* L) {
    lua_pushstring(L, core::discreteActionName(static_cast<int>(detail::checkInt(L, 1, INT32_MIN, INT32_MAX, "action id"))));
    return 1;
}
}  // namespace

int luaopen_iglu(lua_State* L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, kModuleKey) == LUA_TTABLE) return 1;
    lua_pop(L, 1);
    lua_newtable(L);
    const int module = lua_gettop(L);
    lua_pushliteral(L, IGLU_VERSION);
    lua_setfield(L, module, "version");
    detail::registerGrid(L, module);
    detail::registerEnv(L, module);
    detail::registerGeometry(L, module);
    detail::registerTasks(L, module);
    detail::registerCatalog(L, module);
    detail::registerText(L, module);
    lua_pushcfunction(L, actionNameFn);
    lua_setfield(L, module, "action_name");
    // Discrete walking action ids by name: iglu.actions.forward == 1, ...
    lua_createtable(L, 0, core::kDiscreteActions);
    for (int id = 0; id < core::kDiscreteActions; ++id) {
        lua_pushinteger(L, id);
        lua_setfield(L, -2, core::discreteActionName(id));
    }
    lua_setfield(L, module, "actions");
    lua_createtable(L, core::kNumSkills, 0);
    for (int i = 0; i < core::kNumSkills; ++i) {
        lua_pushstring(L, core::skillName(core::kAllSkills[static_cast<std::size_t>(i)]));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, module, "skills");
    lua_pushvalue(L, module);
    lua_setfield(L, LUA_REGISTRYINDEX, kModuleKey);
    return 1;
}

}  // namespace iglu::scripting

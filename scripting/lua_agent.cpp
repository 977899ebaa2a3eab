#include "scripting/lua_agent.hpp"

#include "binding.hpp"
#include "module.hpp"
#include "script_source.hpp"

namespace iglu::scripting {

namespace {

// Protected: (chunk, seed) -> the agent table, math.random seeded first.
int loadAgent(lua_State* L) {
    lua_getglobal(L, "math");
    if (lua_istable(L, -1) && lua_getfield(L, -1, "randomseed") == LUA_TFUNCTION) {
        lua_pushvalue(L, 2);
        lua_call(L, 1, 0);
    }
    lua_settop(L, 2);
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (!lua_istable(L, -1)) return luaL_error(L, "an agent script must return a table with act(obs) (and optionally reset(obs, task))");
    if (lua_getfield(L, -1, "act") != LUA_TFUNCTION) return luaL_error(L, "the agent table has no act(obs) function");
    lua_pop(L, 1);
    return 1;
}

// Protected: (agent, obs, task*, options*) -> nothing; calls agent.reset when there is one.
int resetAgent(lua_State* L) {
    const auto* task = static_cast<const core::Task*>(lua_touserdata(L, 3));
    const auto* options = static_cast<const std::vector<std::pair<std::string, OptionValue>>*>(lua_touserdata(L, 4));
    if (lua_getfield(L, 1, "reset") != LUA_TFUNCTION) return 0;
    lua_pushvalue(L, 2);
    pushTask(L, *task, false);
    pushOptions(L, *options);
    lua_call(L, 3, 0);
    return 0;
}

// Protected: (agent, obs, reply*, space) -> nothing; calls act and reads what it returned.
int actAgent(lua_State* L) {
    auto* reply = static_cast<LuaAgentReply*>(lua_touserdata(L, 3));
    const auto space = static_cast<core::ActionSpace>(lua_tointeger(L, 4));
    lua_getfield(L, 1, "act");
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);  // [5] what act returned
    if (lua_isnil(L, 5)) return 0;
    if (lua_istable(L, 5) && lua_getfield(L, 5, "question") != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TSTRING) return luaL_error(L, "act returned {question = ...}: the question is not a string");
        std::size_t len = 0;
        const char* q = lua_tolstring(L, -1, &len);
        if (len == 0) return luaL_error(L, "act returned {question = ...}: the question is empty");
        bool outOfMemory = false;
        try {
            reply->question.emplace(q, len);
        } catch (const std::bad_alloc&) {
            outOfMemory = true;
        }
        if (outOfMemory) return luaL_error(L, "act: out of memory");
        return 0;
    }
    lua_settop(L, 5);
    core::Action action;
    if (lua_isinteger(L, 5) && space == core::ActionSpace::Walking) {
        const lua_Integer id = lua_tointeger(L, 5);
        if (id < 0 || id >= core::kDiscreteActions)
            return luaL_error(L, "act returned discrete action %d outside 0..17", static_cast<int>(id));
        action = core::Action::discrete(static_cast<int>(id));
    } else {
        detail::checkAction(L, 5, space, action);  // errors name the field
    }
    reply->action = action;
    return 0;
}

}  // namespace

LuaAgent::LuaAgent(const AgentScript& script, SandboxOptions sandbox, std::vector<std::pair<std::string, OptionValue>> options,
                   std::int64_t seed)
    : name_(script.name), options_(std::move(options)), lua_(std::move(sandbox)) {
    const std::string text = script.text ? *script.text : readLuaSource(script.name);
    lua_State* L = lua_.get();
    const std::string chunkName = "@" + name_;
    if (luaL_loadbufferx(L, text.data(), text.size(), chunkName.c_str(), "t") != LUA_OK)
        throw ScriptError(name_, lua_.popError());
    lua_pushcfunction(L, loadAgent);
    lua_insert(L, -2);
    lua_pushinteger(L, static_cast<lua_Integer>(seed));
    if (lua_.pcall(2, 1) != LUA_OK) throw ScriptError("", lua_.popError());
    agentRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

LuaAgent::~LuaAgent() = default;

void LuaAgent::bind(const core::Environment& env) {
    if (bound_ == &env) return;
    lua_State* L = lua_.get();
    if (obsRef_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, obsRef_);
    pushObservation(L, &env, nullptr, this, &dialog_);
    obsRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    bound_ = &env;
}

void LuaAgent::reset(const core::Environment& env, const core::Task& task, const std::string* dialog) {
    bind(env);
    dialog_ = dialog ? *dialog : task.chat();
    lua_State* L = lua_.get();
    lua_pushcfunction(L, resetAgent);
    lua_rawgeti(L, LUA_REGISTRYINDEX, agentRef_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, obsRef_);
    lua_pushlightuserdata(L, const_cast<core::Task*>(&task));
    lua_pushlightuserdata(L, &options_);
    if (lua_.pcall(4, 0) != LUA_OK) fail();
}

LuaAgentReply LuaAgent::act(const core::Environment& env) {
    bind(env);
    LuaAgentReply reply;
    lua_State* L = lua_.get();
    lua_pushcfunction(L, actAgent);
    lua_rawgeti(L, LUA_REGISTRYINDEX, agentRef_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, obsRef_);
    lua_pushlightuserdata(L, &reply);
    lua_pushinteger(L, static_cast<lua_Integer>(env.config().actionSpace));
    if (lua_.pcall(4, 0) != LUA_OK) fail();
    return reply;
}

void LuaAgent::fail() {
    std::string message = lua_.popError();
    lua_.resetBudget();  // an aborted call leaves the hook erroring on every instruction
    lua_settop(lua_.get(), 0);
    throw ScriptError("", message);
}

std::optional<core::Grid> LuaAgent::takeBelief() {
    std::optional<core::Grid> out = std::move(belief_);
    belief_.reset();
    return out;
}

void LuaAgent::publishBelief(const core::Grid& blocks) { belief_ = blocks; }

}  // namespace iglu::scripting

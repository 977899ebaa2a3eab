// Environment and observation userdata. An observation is a view of its environment: reading a
// field costs a string switch, never a table; grids are cached read-only views.
#include <cstring>
#include <new>

#include "binding.hpp"
#include "module.hpp"

namespace iglu::scripting {

using core::Environment;

namespace detail {
namespace {

struct EnvBox {
    static constexpr const char* kMeta = kEnvMeta;
    static constexpr const char* kWhat = "environment";
    Environment env;
    core::Task pending;  // filled by set_task from Lua, then copied into the environment
    bool hasTask = false;
    std::size_t taskBytes = 0;  // the task text charged (two copies: pending and the env's)
    explicit EnvBox(core::EnvConfig c) : env(c) {}
};

struct ObsBox {
    const Environment* env = nullptr;
    const bool* alive = nullptr;  // the owning env userdata's liveness; nullptr: the host owns env
    BeliefSink* beliefs = nullptr;  // an agent episode's: takes obs:publish_belief
    const std::string* dialog = nullptr;  // obs.dialog instead of the env's (architect sessions' dialogue)
};

// User values: env userdata: 1 = its observation, 2 = its grid view.
//              obs userdata: 1 = owner (env userdata or nil), 2 = grid view, 3 = target view.

EnvBox* checkEnv(lua_State* L, int idx) { return checkLive<EnvBox>(L, idx); }
const Environment& checkObsEnv(lua_State* L, int idx) {
    const auto* box = static_cast<ObsBox*>(luaL_checkudata(L, idx, kObsMeta));
    if (box->alive && !*box->alive) raiseDestroyed(L, idx, "observation's environment");
    return *box->env;
}

bool boolOpt(lua_State* L, int t, const char* key, bool def) {
    lua_getfield(L, t, key);
    const bool v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

}  // namespace

// Heap bytes of an environment beyond its own object (which lives in the userdata): the two
// maximal-intersection tables (measured upper bound, tests/scripting/test_sandbox checks it against
// the allocator) and, with the first-person view, the RGB frame, the depth buffer (float per pixel)
// and the per-column / per-row ray tables.
std::size_t envHeapBytes(const core::EnvConfig& c) noexcept {
    std::size_t bytes = kEnvTablesBytes;
    if (c.povInObs) {
        const auto w = static_cast<std::size_t>(c.pov.width), h = static_cast<std::size_t>(c.pov.height);
        bytes += w * h * (3 + sizeof(float)) + (w + h) * sizeof(float);
    }
    return bytes;
}

namespace {

int newEnvFn(lua_State* L) {  // iglu.env{action_space=, max_steps=, target_in_obs=, ...}
    core::EnvConfig c;
    if (!lua_isnoneornil(L, 1)) {
        luaL_checktype(L, 1, LUA_TTABLE);
        lua_getfield(L, 1, "action_space");
        if (!lua_isnil(L, -1)) {
            const char* s = luaL_checkstring(L, -1);
            if (std::strcmp(s, "flying") == 0) c.actionSpace = core::ActionSpace::Flying;
            else if (std::strcmp(s, "walking") == 0) c.actionSpace = core::ActionSpace::Walking;
            else return luaL_error(L, "iglu.env: action_space must be 'walking' or 'flying', got '%s'", s);
        }
        lua_pop(L, 1);
        c.maxSteps = static_cast<int>(intField(L, 1, "max_steps", c.maxSteps, 0, kMaxEpisodeSteps, "iglu.env"));
        c.selectAndPlace = boolOpt(L, 1, "select_and_place", c.selectAndPlace);
        c.targetInObs = boolOpt(L, 1, "target_in_obs", c.targetInObs);
        c.rightPlacementScale = numberField(L, 1, "right_placement_scale", c.rightPlacementScale, -core::EnvConfig::kMaxPlacementScale, core::EnvConfig::kMaxPlacementScale, "iglu.env");
        c.wrongPlacementScale = numberField(L, 1, "wrong_placement_scale", c.wrongPlacementScale, -core::EnvConfig::kMaxPlacementScale, core::EnvConfig::kMaxPlacementScale, "iglu.env");
        c.fixTunnelling = boolOpt(L, 1, "fix_tunnelling", c.fixTunnelling);
        c.doneAfterMaxSteps = boolOpt(L, 1, "done_after_max_steps", c.doneAfterMaxSteps);
        c.resetClearsAgentState = boolOpt(L, 1, "reset_clears_agent_state", c.resetClearsAgentState);
        c.povInObs = boolOpt(L, 1, "pov", c.povInObs);
        c.pov.width = static_cast<int>(intField(L, 1, "pov_width", c.pov.width, 1, core::PovConfig::kMaxSide, "iglu.env"));
        c.pov.height = static_cast<int>(intField(L, 1, "pov_height", c.pov.height, 1, core::PovConfig::kMaxSide, "iglu.env"));
        lua_getfield(L, 1, "pov_style");
        if (!lua_isnil(L, -1)) {
            const char* s = luaL_checkstring(L, -1);
            const auto style = core::parsePovStyle(s);
            if (!style) return luaL_error(L, "iglu.env: pov_style must be 'reference' or 'clean', got '%s'", s);
            c.pov.style = *style;
        }
        lua_pop(L, 1);
    }
    auto* slot = newSlot<EnvBox>(L, 2);
    const int env = lua_gettop(L);
    chargeMemory(L, envHeapBytes(c), "iglu.env");
    slot->charged = envHeapBytes(c);
    protect(L, [&] {
        new (slot->bytes) EnvBox(c);
        slot->alive = true;
        return 0;
    });
    EnvBox* box = slot->get();
    pushObservation(L, &box->env, &slot->alive);
    lua_pushvalue(L, env);
    lua_setiuservalue(L, -2, 1);  // obs keeps the env alive
    lua_setiuservalue(L, env, 1);
    pushGridView(L, &box->env.grid(), env, &slot->alive);
    lua_setiuservalue(L, env, 2);
    return 1;
}

int envSetTask(lua_State* L) {
    EnvBox* box = checkEnv(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    const std::size_t textBytes = 2 * taskTextBytes(L, 2);
    if (textBytes > box->taskBytes) {
        chargeMemory(L, textBytes - box->taskBytes, "env:set_task");
        auto* slot = static_cast<Slot<EnvBox>*>(lua_touserdata(L, 1));
        slot->charged += textBytes - box->taskBytes;
        box->taskBytes = textBytes;
    }
    readTask(L, 2, box->pending);
    protect(L, [&] {
        box->env.setTask(box->pending);
        box->hasTask = true;
        return 0;
    });
    return 0;
}

int envReset(lua_State* L) {
    EnvBox* box = checkEnv(L, 1);
    if (!box->hasTask) return luaL_error(L, "env:reset: call env:set_task(task) first");
    box->env.reset();
    lua_getiuservalue(L, 1, 1);
    return 1;
}

int envStep(lua_State* L) {  // env:step(action) -> reward, done, grid_changed
    EnvBox* box = checkEnv(L, 1);
    if (!box->hasTask) return luaL_error(L, "env:step: call env:set_task(task) and env:reset() first");
    core::Action a;
    checkAction(L, 2, box->env.config().actionSpace, a);
    core::StepResult r;
    protect(L, [&] {
        r = box->env.step(a);
        return 0;
    });
    lua_pushnumber(L, r.reward);
    lua_pushboolean(L, r.done);
    lua_pushboolean(L, r.gridChanged);
    return 3;
}

int envObservation(lua_State* L) {
    checkEnv(L, 1);
    lua_getiuservalue(L, 1, 1);
    return 1;
}

int envGrid(lua_State* L) {
    checkEnv(L, 1);
    lua_getiuservalue(L, 1, 2);
    return 1;
}

int envScores(lua_State* L) {
    return pushScores(L, checkEnv(L, 1)->env.scores());
}

int envHitTest(lua_State* L) {  // -> hit, x, y, z, colour, px, py, pz (previous cell: nil if none)
    return pushHitTest(L, checkEnv(L, 1)->env.hitTest());
}

int envAgent(lua_State* L) {  // exact pose: x, y, z, yaw, pitch
    const core::AgentState& a = checkEnv(L, 1)->env.agent();
    lua_pushnumber(L, a.x), lua_pushnumber(L, a.y), lua_pushnumber(L, a.z);
    lua_pushnumber(L, a.yaw), lua_pushnumber(L, a.pitch);
    return 5;
}

int envSetPose(lua_State* L) {
    EnvBox* box = checkEnv(L, 1);
    const double x = checkNumber(L, 2, -kMaxCoordinate, kMaxCoordinate, "x");
    const double y = checkNumber(L, 3, -kMaxCoordinate, kMaxCoordinate, "y");
    const double z = checkNumber(L, 4, -kMaxCoordinate, kMaxCoordinate, "z");
    const double yaw = optNumber(L, 5, 0, -kMaxCoordinate, kMaxCoordinate, "yaw");
    const double pitch = optNumber(L, 6, 0, -kMaxCoordinate, kMaxCoordinate, "pitch");
    box->env.setPose(x, y, z, yaw, pitch);
    return 0;
}

int envStepNo(lua_State* L) {
    lua_pushinteger(L, checkEnv(L, 1)->env.stepNo());
    return 1;
}

int envActionSpace(lua_State* L) {
    lua_pushstring(L, core::toString(checkEnv(L, 1)->env.config().actionSpace));
    return 1;
}

// --- observation -------------------------------------------------------------------------------

int obsInventory(lua_State* L) {  // obs:inventory(colour) -> count
    const Environment& env = checkObsEnv(L, 1);
    const lua_Integer c = checkInt(L, 2, 1, core::kNumColours, "colour");
    lua_pushinteger(L, static_cast<lua_Integer>(env.observation().inventory[static_cast<std::size_t>(c - 1)]));
    return 1;
}

// obs:pov(x, y) -> r, g, b of the first-person view (pixel x from the left, y from the top, 0-based);
// obs.pov is nil unless the environment renders it (iglu.env{pov = true}).
int obsPovPixel(lua_State* L) {
    const Environment& env = checkObsEnv(L, 1);
    const auto pov = env.observation().pov;
    if (pov.empty()) return luaL_error(L, "obs:pov: the environment does not render the first-person view (iglu.env{pov = true})");
    const int w = env.config().pov.width, h = env.config().pov.height;
    const lua_Integer x = checkInt(L, 2, 0, w - 1, "pixel x"), y = checkInt(L, 3, 0, h - 1, "pixel y");
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3;
    lua_pushinteger(L, pov[i]), lua_pushinteger(L, pov[i + 1]), lua_pushinteger(L, pov[i + 2]);
    return 3;
}

int obsPovBytes(lua_State* L) {  // obs:pov_bytes() -> the view as a string of height x width x RGB bytes
    const auto pov = checkObsEnv(L, 1).observation().pov;
    if (pov.empty()) return luaL_error(L, "obs:pov_bytes: the environment does not render the first-person view (iglu.env{pov = true})");
    lua_pushlstring(L, reinterpret_cast<const char*>(pov.data()), pov.size());
    return 1;
}

int obsPose(lua_State* L) {  // obs:pose() -> x, y, z, yaw, pitch (obs['agentPos'], float32)
    const auto& p = checkObsEnv(L, 1).observation().agentPos;
    lua_pushnumber(L, p[0]), lua_pushnumber(L, p[1]), lua_pushnumber(L, p[2]);
    lua_pushnumber(L, p[4]), lua_pushnumber(L, p[3]);
    return 5;
}

// obs:publish_belief(blocks) -- blocks: {{x, y, z, colour}, ...} or a grid: what the agent
// predicts the target to be, from this step on (kept only when it changes).
int obsPublishBelief(lua_State* L) {
    checkObsEnv(L, 1);
    BeliefSink* sink = static_cast<ObsBox*>(lua_touserdata(L, 1))->beliefs;
    if (sink == nullptr)
        return luaL_error(L, "obs:publish_belief: only the observation an agent gets in an episode takes a belief");
    if (lua_isnoneornil(L, 2)) return luaL_error(L, "obs:publish_belief: expected a block list {{x, y, z, colour}, ...} or a grid");
    const core::Grid& blocks = toGridArg(L, 2);  // errors name the block: "block 3: (9, 0, 0) is outside the zone"
    bool outOfMemory = false;
    try {
        sink->publishBelief(blocks);
    } catch (const std::bad_alloc&) {
        outOfMemory = true;
    }
    if (outOfMemory) return luaL_error(L, "obs:publish_belief: out of memory");
    return 0;
}

int obsIndex(lua_State* L) {
    const Environment& env = checkObsEnv(L, 1);
    size_t len = 0;
    const char* k = lua_tolstring(L, 2, &len);
    if (k == nullptr) return 0;
    const core::Observation& o = env.observation();
    switch (len) {
        case 1:
            if (k[0] == 'x') return lua_pushnumber(L, o.agentPos[0]), 1;
            if (k[0] == 'y') return lua_pushnumber(L, o.agentPos[1]), 1;
            if (k[0] == 'z') return lua_pushnumber(L, o.agentPos[2]), 1;
            break;
        case 3:
            if (std::memcmp(k, "yaw", 3) == 0) return lua_pushnumber(L, o.agentPos[4]), 1;
            if (std::memcmp(k, "pov", 3) == 0) return o.pov.empty() ? lua_pushnil(L) : lua_pushcfunction(L, obsPovPixel), 1;
            break;
        case 4:
            if (std::memcmp(k, "grid", 4) == 0) return lua_getiuservalue(L, 1, 2), 1;
            if (std::memcmp(k, "step", 4) == 0) return lua_pushinteger(L, env.stepNo()), 1;
            if (std::memcmp(k, "pose", 4) == 0) return lua_pushcfunction(L, obsPose), 1;
            break;
        case 5:
            if (std::memcmp(k, "pitch", 5) == 0) return lua_pushnumber(L, o.agentPos[3]), 1;
            break;
        case 6:
            if (std::memcmp(k, "dialog", 6) == 0) {
                const auto* d = static_cast<ObsBox*>(lua_touserdata(L, 1))->dialog;
                if (d != nullptr) return lua_pushlstring(L, d->data(), d->size()), 1;
                return lua_pushlstring(L, o.dialog.data(), o.dialog.size()), 1;
            }
            break;
        case 7:
            if (std::memcmp(k, "compass", 7) == 0) return lua_pushnumber(L, o.compass[0]), 1;
            break;
        case 9:
            if (std::memcmp(k, "inventory", 9) == 0) return lua_pushcfunction(L, obsInventory), 1;
            if (std::memcmp(k, "pov_width", 9) == 0) return lua_pushinteger(L, o.pov.empty() ? 0 : env.config().pov.width), 1;
            if (std::memcmp(k, "pov_bytes", 9) == 0) return lua_pushcfunction(L, obsPovBytes), 1;
            break;
        case 10:
            if (std::memcmp(k, "pov_height", 10) == 0) return lua_pushinteger(L, o.pov.empty() ? 0 : env.config().pov.height), 1;
            break;
        case 11:
            if (std::memcmp(k, "target_grid", 11) == 0) {
                if (o.targetGrid == nullptr) return lua_pushnil(L), 1;
                return lua_getiuservalue(L, 1, 3), 1;
            }
            if (std::memcmp(k, "max_steps", 9) == 0) break;
            break;
        case 14:
            if (std::memcmp(k, "publish_belief", 14) == 0) return lua_pushcfunction(L, obsPublishBelief), 1;
            break;
        case 12:
            if (std::memcmp(k, "action_space", 12) == 0) return lua_pushstring(L, core::toString(env.config().actionSpace)), 1;
            break;
        default:
            break;
    }
    if (len == 9 && std::memcmp(k, "max_steps", 9) == 0) return lua_pushinteger(L, env.config().maxSteps), 1;
    lua_pushnil(L);
    return 1;
}

int obsToString(lua_State* L) {
    const Environment& env = checkObsEnv(L, 1);
    lua_pushfstring(L, "iglu.observation(step %d)", env.stepNo());
    return 1;
}

}  // namespace

void registerEnv(lua_State* L, int module) {
    static const luaL_Reg methods[] = {{"set_task", envSetTask},   {"reset", envReset},         {"step", envStep},
                                       {"observation", envObservation}, {"grid", envGrid},    {"scores", envScores},
                                       {"hit_test", envHitTest},   {"agent", envAgent},         {"set_pose", envSetPose},
                                       {"step_no", envStepNo},     {"action_space", envActionSpace}, {nullptr, nullptr}};
    newUserdataType(L, kEnvMeta, methods, slotGc<EnvBox>);
    lua_pop(L, 1);

    newLockedMetatable(L, kObsMeta);
    lua_pushcfunction(L, obsIndex), lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, obsToString), lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);

    static const luaL_Reg functions[] = {{"env", newEnvFn}, {nullptr, nullptr}};
    setModuleFunctions(L, module, functions);
}

}  // namespace detail

void pushObservation(lua_State* L, const Environment* env, const bool* alive, BeliefSink* beliefs, const std::string* dialog) {
    auto* box = static_cast<detail::ObsBox*>(lua_newuserdatauv(L, sizeof(detail::ObsBox), 3));
    box->env = env;
    box->alive = alive;
    box->beliefs = beliefs;
    box->dialog = dialog;
    luaL_setmetatable(L, detail::kObsMeta);
    const int obs = lua_gettop(L);
    detail::pushGridView(L, &env->grid(), obs, alive);
    lua_setiuservalue(L, obs, 2);
    // The target view reads the environment's task target (what obs.target_grid points at).
    detail::pushGridView(L, &env->task().target, obs, alive);
    lua_setiuservalue(L, obs, 3);
}

}  // namespace iglu::scripting

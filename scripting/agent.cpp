#include "scripting/agent.hpp"

#include <filesystem>

#include "scripting/binding.hpp"
#include "scripting/module.hpp"

namespace iglu::scripting {

namespace {

// Protected action conversion: (value, out*, space) -> nothing; errors name the field.
int convertAction(lua_State* L) {
    auto* out = static_cast<core::Action*>(lua_touserdata(L, 2));
    const auto space = static_cast<core::ActionSpace>(lua_tointeger(L, 3));
    detail::checkAction(L, 1, space, *out);
    return 0;
}

void pushOptions(lua_State* L, const std::vector<std::pair<std::string, OptionValue>>& options) {
    lua_createtable(L, 0, static_cast<int>(options.size()));
    for (const auto& [k, v] : options) {
        if (const bool* b = std::get_if<bool>(&v)) lua_pushboolean(L, *b);
        else if (const long long* i = std::get_if<long long>(&v)) lua_pushinteger(L, static_cast<lua_Integer>(*i));
        else if (const double* d = std::get_if<double>(&v)) lua_pushnumber(L, *d);
        else {
            const std::string& str = std::get<std::string>(v);
            lua_pushlstring(L, str.data(), str.size());
        }
        lua_setfield(L, -2, k.c_str());
    }
}

// Protected episode set-up: (chunk, obs, task*, withTarget, seed, options*) -> agent table, act.
// Seeds math.random, builds a fresh agent table from the compiled chunk and calls reset(obs, task).
int prepareEpisode(lua_State* L) {
    const auto* task = static_cast<const core::Task*>(lua_touserdata(L, 3));
    const bool withTarget = lua_toboolean(L, 4);
    const auto* options = static_cast<const std::vector<std::pair<std::string, OptionValue>>*>(lua_touserdata(L, 6));
    lua_getglobal(L, "math");
    if (lua_istable(L, -1) && lua_getfield(L, -1, "randomseed") == LUA_TFUNCTION) {
        lua_pushvalue(L, 5);
        lua_call(L, 1, 0);
    }
    lua_settop(L, 6);
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);  // [7] agent table
    if (!lua_istable(L, 7)) return luaL_error(L, "an agent script must return a table with act(obs) (and optionally reset(obs, task))");
    if (lua_getfield(L, 7, "act") != LUA_TFUNCTION) return luaL_error(L, "the agent table has no act(obs) function");  // [8]
    if (lua_getfield(L, 7, "reset") == LUA_TFUNCTION) {  // [9]
        lua_pushvalue(L, 2);
        pushTask(L, *task, withTarget);
        pushOptions(L, *options);
        lua_call(L, 3, 0);
    } else {
        lua_pop(L, 1);
    }
    return 2;  // agent, act
}

std::string actionText(const core::Action& a, core::ActionSpace space) {
    char buf[160];
    if (space == core::ActionSpace::Flying)
        std::snprintf(buf, sizeof buf, "flying %g %g %g %g %g %d %d", a.strafe0, a.strafe1, a.vertical, a.dyaw, a.dpitch,
                      a.colour, a.place ? 1 : (a.breakBlock ? 2 : 0));
    else
        std::snprintf(buf, sizeof buf, "walking %g %g %g %g %g %d %d %d", a.strafe0, a.strafe1, a.vertical, a.dyaw,
                      a.dpitch, a.colour, a.place ? 1 : 0, a.breakBlock ? 1 : 0);
    return buf;
}

core::Pose poseOf(const core::AgentState& a) { return {a.x, a.y, a.z, a.yaw, a.pitch}; }

}  // namespace

bool exactCompletion(const core::Scores& s) noexcept {
    return s.intersection == s.targetSize && s.builtSize == s.targetSize;
}

SandboxOptions agentSandbox(const ExperimentSpec& spec) {
    namespace fs = std::filesystem;
    SandboxOptions o;
    o.requireDirs = {fs::path(spec.agentPath).parent_path().string(), fs::path(spec.scriptPath).parent_path().string(),
                     bundledLibraryDir()};
    o.dataDirs = defaultDataDirs();
    o.memoryLimit = spec.memoryLimit;
    o.instructionBudget = spec.instructionBudget;
    return o;
}

AgentWorker::AgentWorker(const ExperimentSpec& spec, SandboxOptions sandbox)
    : spec_(spec), env_(spec.env), lua_(std::move(sandbox)) {
    lua_State* L = lua_.get();
    if (luaL_loadfilex(L, spec.agentPath.c_str(), "t") != LUA_OK) throw ScriptError(spec.agentPath, lua_.popError());
    chunkRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    pushObservation(L, &env_);
    obsRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

AgentWorker::~AgentWorker() = default;

EpisodeOutcome AgentWorker::run(const core::Task& task, std::int64_t seed, int repetition, const std::atomic<bool>* cancel) {
    lua_State* L = lua_.get();
    EpisodeOutcome out;
    out.taskId = task.id;
    out.seed = seed;
    out.repetition = repetition;
    const core::Scores baseline = core::score(task.target, task.starting);
    out.baselineF1 = baseline.f1;
    out.baselineSuccess = exactCompletion(baseline);

    env_.setTask(task);
    env_.reset();
    const core::ActionSpace space = spec_.env.actionSpace;
    core::Grid before;
    if (spec_.recordRollouts) {
        out.rollout.emplace();
        out.rollout->taskId = task.id;
        out.rollout->kind = core::RolloutKind::Agent;
        out.rollout->source = "experiment:" + spec_.name;
        out.rollout->starting = task.starting;
        out.rollout->startPose = poseOf(env_.agent());
        before = env_.grid();
    }

    const int top = lua_gettop(L);
    int agentRef = LUA_NOREF, actRef = LUA_NOREF;
    auto fail = [&](std::string msg) {
        out.ok = false;
        out.error = std::move(msg);
    };
    do {
        lua_pushcfunction(L, prepareEpisode);
        lua_rawgeti(L, LUA_REGISTRYINDEX, chunkRef_);
        lua_rawgeti(L, LUA_REGISTRYINDEX, obsRef_);
        lua_pushlightuserdata(L, const_cast<core::Task*>(&task));
        lua_pushboolean(L, spec_.env.targetInObs);
        lua_pushinteger(L, static_cast<lua_Integer>(seed * 1000003 + repetition));
        lua_pushlightuserdata(L, const_cast<std::vector<std::pair<std::string, OptionValue>>*>(&spec_.agentOptions));
        if (lua_.pcall(6, 2) != LUA_OK) {
            fail(lua_.popError());
            break;
        }
        actRef = luaL_ref(L, LUA_REGISTRYINDEX);
        agentRef = luaL_ref(L, LUA_REGISTRYINDEX);  // keeps the agent table alive during the episode

        const int maxSteps = spec_.env.maxSteps;
        while (env_.stepNo() < maxSteps) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                out.cancelled = true;
                break;
            }
            lua_rawgeti(L, LUA_REGISTRYINDEX, actRef);
            lua_rawgeti(L, LUA_REGISTRYINDEX, obsRef_);
            if (lua_.pcall(1, 1) != LUA_OK) {
                fail(lua_.popError());
                break;
            }
            core::Action action;
            if (lua_isinteger(L, -1) && space == core::ActionSpace::Walking) {
                const lua_Integer id = lua_tointeger(L, -1);
                if (id < 0 || id >= core::kDiscreteActions) {
                    lua_pop(L, 1);
                    fail(spec_.agentPath + ": act returned discrete action " + std::to_string(id) + " outside 0..17");
                    break;
                }
                action = core::Action::discrete(static_cast<int>(id));
                lua_pop(L, 1);
            } else if (lua_isnil(L, -1)) {  // the agent says it is finished
                lua_pop(L, 1);
                break;
            } else {
                lua_pushcfunction(L, convertAction);
                lua_insert(L, -2);
                lua_pushlightuserdata(L, &action);
                lua_pushinteger(L, static_cast<lua_Integer>(space));
                if (lua_.pcall(3, 0) != LUA_OK) {
                    fail(spec_.agentPath + ": invalid action: " + lua_.popError());
                    break;
                }
            }
            core::StepResult r;
            try {
                r = env_.step(action);
            } catch (const std::exception& e) {
                fail(spec_.agentPath + ": invalid action: " + e.what());
                break;
            }
            out.totalReturn += r.reward;
            if (out.rollout) {
                core::RolloutFrame f;
                f.tick = env_.stepNo();
                f.action = actionText(action, space);
                f.reward = r.reward;
                f.pose = poseOf(env_.agent());
                core::BlockChange changes[2];
                std::size_t n = 0;
                if (r.gridChanged) {
                    const core::Grid& now = env_.grid();
                    for (int i = 0; i < core::kCells && n < 2; ++i)
                        if (now.cell(i) != before.cell(i)) {
                            const core::Block b = core::Grid::position(i);
                            changes[n++] = {static_cast<std::int8_t>(b.x), static_cast<std::int8_t>(b.y),
                                            static_cast<std::int8_t>(b.z), before.cell(i), now.cell(i)};
                        }
                    before = now;
                }
                out.rollout->addFrame(std::move(f), {changes, n});
            }
            if (r.done && spec_.stopOnDone) break;
        }
    } while (false);

    lua_.resetBudget();  // an aborted call leaves the hook erroring on every instruction (finalizers run below)
    if (agentRef != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, agentRef);
    if (actRef != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, actRef);
    lua_settop(L, top);
    lua_gc(L, LUA_GCSTEP, 0);

    out.steps = env_.stepNo();
    const core::Scores s = env_.scores();
    out.precision = s.precision;
    out.recall = s.recall;
    out.f1 = s.f1;
    out.success = out.ok && exactCompletion(s);
    return out;
}

}  // namespace iglu::scripting

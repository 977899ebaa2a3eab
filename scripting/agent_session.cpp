#include "scripting/agent_session.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "binding.hpp"
#include "module.hpp"
#include "script_source.hpp"
#include "state_context.hpp"

namespace iglu::scripting {

namespace {

// Frames reserved for a recorded episode (more grow the vectors; a huge max_steps reserves no more).
constexpr int kReservedFrames = 1000;

// Protected action conversion: (value, out*, space) -> nothing; errors name the field.
int convertAction(lua_State* L) {
    auto* out = static_cast<core::Action*>(lua_touserdata(L, 2));
    const auto space = static_cast<core::ActionSpace>(lua_tointeger(L, 3));
    detail::checkAction(L, 1, space, *out);
    return 0;
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

// The script's text, read once (script_source.hpp: checked, bounded, as luaL_loadfile reads it).
std::string readScript(const std::string& path) { return readLuaSource(path); }

}  // namespace

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

const char* episodeEndName(EpisodeEnd end) noexcept {
    switch (end) {
        case EpisodeEnd::Running: return "running";
        case EpisodeEnd::AgentFinished: return "agent finished";
        case EpisodeEnd::MaxSteps: return "max steps";
        case EpisodeEnd::EnvDone: return "done";
        case EpisodeEnd::Error: return "error";
        case EpisodeEnd::Cancelled: return "stopped";
    }
    return "?";
}

AgentSession::AgentSession(const AgentScript& script, SessionConfig config, SandboxOptions sandbox)
    : config_(std::move(config)),
      scriptName_(script.name),
      scriptText_(script.text ? *script.text : readScript(script.name)),
      sandbox_(std::move(sandbox)),
      env_(config_.env) {
    buildState();
}

// A new Lua state with the compiled script and the observation view of env_ (which keeps its
// address for the session's life). The previous state's print sink is carried over.
void AgentSession::buildState() {
    std::function<void(std::string_view)> print;
    if (lua_) print = detail::context(lua_->get())->print;
    chunkRef_ = obsRef_ = agentRef_ = actRef_ = LUA_NOREF;
    lua_.reset();
    lua_.emplace(sandbox_);
    if (print) lua_->setPrint(std::move(print));
    lua_State* L = lua_->get();
    const std::string chunkName = "@" + scriptName_;
    if (luaL_loadbufferx(L, scriptText_.data(), scriptText_.size(), chunkName.c_str(), "t") != LUA_OK)
        throw ScriptError(scriptName_, lua_->popError());
    chunkRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    pushObservation(L, &env_, nullptr, this);
    obsRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    stackTop_ = lua_gettop(L);
    stateUsed_ = false;
}

AgentSession::~AgentSession() = default;

bool AgentSession::reset(const core::Task& task, std::int64_t seed, int repetition) {
    if (running()) finish(EpisodeEnd::Cancelled);
    end_ = EpisodeEnd::Running;
    error_.clear();
    totalReturn_ = 0;
    envDone_ = false;
    evaluatorStep_.restart();
    belief_.reset();
    seed_ = seed;
    repetition_ = repetition;
    const core::Scores baseline = core::score(task.target, task.starting);
    baselineF1_ = baseline.f1;
    baselineSuccess_ = core::exactCompletion(baseline);

    // A new environment, as the reference's would be: Environment::reset() keeps part of the
    // agent's state (reference behaviour), which made an episode depend on the one before it.
    env_ = core::Environment(config_.env);
    env_.setTask(task);
    env_.reset();
    if (stateUsed_) {  // nothing of the previous episode's Lua state survives
        try {
            buildState();
        } catch (const std::exception& e) {
            fail(e.what());
            return false;
        }
    }
    stateUsed_ = true;
    lua_State* L = lua_->get();
    recording_ = config_.recordRollout;
    if (recording_)
        recorder_.begin(env_, core::RolloutKind::Agent, config_.rolloutSource,
                        static_cast<std::size_t>(std::clamp(config_.env.maxSteps, 0, kReservedFrames)));

    lua_pushcfunction(L, prepareEpisode);
    lua_rawgeti(L, LUA_REGISTRYINDEX, chunkRef_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, obsRef_);
    lua_pushlightuserdata(L, const_cast<core::Task*>(&env_.task()));
    lua_pushboolean(L, config_.env.targetInObs);
    lua_pushinteger(L, static_cast<lua_Integer>(seed * 1000003 + repetition));
    lua_pushlightuserdata(L, &config_.agentOptions);
    if (lua_->pcall(6, 2) != LUA_OK) {
        fail(lua_->popError());
        return false;
    }
    actRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    agentRef_ = luaL_ref(L, LUA_REGISTRYINDEX);  // keeps the agent table alive during the episode
    if (env_.stepLimitReached()) finish(EpisodeEnd::MaxSteps);
    return true;
}

StepReport AgentSession::step() {
    StepReport rep;
    if (!running()) {
        rep.end = end_;
        return rep;
    }
    lua_State* L = lua_->get();
    const core::ActionSpace space = config_.env.actionSpace;
    int discreteId = -1;  // the script returned a Discrete(18) id
    lua_rawgeti(L, LUA_REGISTRYINDEX, actRef_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, obsRef_);
    if (lua_->pcall(1, 1) != LUA_OK) {
        fail(lua_->popError());
        rep.end = end_;
        return rep;
    }
    if (lua_isinteger(L, -1) && space == core::ActionSpace::Walking) {
        const lua_Integer id = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (id < 0 || id >= core::kDiscreteActions) {
            fail(scriptName_ + ": act returned discrete action " + std::to_string(id) + " outside 0..17");
            rep.end = end_;
            return rep;
        }
        discreteId = static_cast<int>(id);
        rep.action = core::Action::discrete(discreteId);
    } else if (lua_isnil(L, -1)) {  // the agent says it is finished
        lua_pop(L, 1);
        finish(EpisodeEnd::AgentFinished);
        rep.end = end_;
        return rep;
    } else {
        lua_pushcfunction(L, convertAction);
        lua_insert(L, -2);
        lua_pushlightuserdata(L, &rep.action);
        lua_pushinteger(L, static_cast<lua_Integer>(space));
        if (lua_->pcall(3, 0) != LUA_OK) {
            fail(scriptName_ + ": invalid action: " + lua_->popError());
            rep.end = end_;
            return rep;
        }
    }
    try {
        rep.result = env_.step(rep.action);
    } catch (const std::exception& e) {
        fail(scriptName_ + ": invalid action: " + e.what());
        rep.end = end_;
        return rep;
    }
    rep.stepped = true;
    totalReturn_ += rep.result.reward;
    envDone_ = rep.result.done;
    evaluatorStep_.step(rep.result.done, env_.task().target, env_.task().starting, env_.grid());
    if (recording_) {
        if (discreteId >= 0) recorder_.record(env_, rep.result, discreteId);
        else recorder_.record(env_, rep.result, rep.action);
    }
    if (rep.result.done && config_.stopOnDone) finish(EpisodeEnd::EnvDone);
    else if (env_.stepLimitReached()) finish(EpisodeEnd::MaxSteps);
    rep.end = end_;
    return rep;
}

void AgentSession::publishBelief(const core::Grid& blocks) {
    if (!running()) return;  // a belief published after the episode ended (e.g. from a finalizer) has no step
    belief_ = blocks;
    beliefStep_ = static_cast<std::uint32_t>(steps());
    if (recording_) recorder_.publishBelief(blocks);
}

void AgentSession::cancel() {
    if (running()) finish(EpisodeEnd::Cancelled);
}

void AgentSession::fail(std::string message) {
    error_ = std::move(message);
    finish(EpisodeEnd::Error);
}

void AgentSession::finish(EpisodeEnd end) {
    end_ = end;
    if (!lua_) return;  // a new state could not be made (reset() failed)
    lua_State* L = lua_->get();
    lua_->resetBudget();  // an aborted call leaves the hook erroring on every instruction (finalizers run below)
    if (agentRef_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, agentRef_);
    if (actRef_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, actRef_);
    agentRef_ = actRef_ = LUA_NOREF;
    lua_settop(L, stackTop_);
    lua_gc(L, LUA_GCSTEP, 0);
}

EpisodeOutcome AgentSession::outcome(bool takeRollout) {
    EpisodeOutcome out;
    out.taskId = env_.task().id;
    out.seed = seed_;
    out.repetition = repetition_;
    out.ok = end_ != EpisodeEnd::Error;
    out.cancelled = end_ == EpisodeEnd::Cancelled;
    out.error = error_;
    out.steps = env_.stepNo();
    out.totalReturn = totalReturn_;
    const core::Scores s = env_.scores();
    out.precision = s.precision;
    out.recall = s.recall;
    out.f1 = s.f1;
    out.success = out.ok && core::exactCompletion(s);
    out.baselineF1 = baselineF1_;
    out.baselineSuccess = baselineSuccess_;
    out.iglu2022F1 = evaluatorStep_.result(env_.task().target, env_.task().starting, env_.grid()).f1;
    if (belief_) {
        out.prediction = belief_;
        out.predictionF1 = core::score(env_.task().target, *belief_).f1;
    }
    if (takeRollout && recording_) {
        out.rollout = recorder_.take();
        recording_ = false;
    }
    return out;
}

}  // namespace iglu::scripting

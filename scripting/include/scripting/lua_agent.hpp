#pragma once
// One Lua agent script (the agent API of `iglu run` and the Script panel: a table with
// reset(obs, task, options) and act(obs)) kept in one Lua state for a whole conversation, observing
// an environment owned elsewhere. Architect sessions (architect/lua_turn_agent) call reset once per
// turn with that turn's task: the dialogue before it (task.dialog), the architect's new utterance
// (task.instruction) and the world as it is (task.starting); the target is never shown. Module-
// level state of the script survives from turn to turn (an agent may remember the conversation).
//
// What act may return: a discrete id (walking), an action table, nil (done with the turn), or
// {question = "..."}: a clarifying question to the architect (the turn ends, the answer comes as
// the next turn's utterance). Every Lua error, budget or time overrun throws ScriptError whose
// message is the Lua traceback ("agent.lua:12: ..."). Not thread-safe.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/env/action.hpp"
#include "core/env/environment.hpp"
#include "core/grid/grid.hpp"
#include "core/task/task.hpp"
#include "scripting/agent_session.hpp"
#include "scripting/belief_sink.hpp"
#include "scripting/experiment.hpp"
#include "scripting/lua_state.hpp"

namespace iglu::scripting {

/// What one act() call answered.
struct LuaAgentReply {
    std::optional<core::Action> action;   ///< none: done with the turn (nil), or a question
    std::optional<std::string> question;  ///< act returned {question = "..."}
};

class LuaAgent : private BeliefSink {
public:
    /// Reads and compiles the script, runs its chunk (the agent table) with math.random seeded
    /// from `seed`. Throws ScriptError (file, file:line) for a missing, malformed or failing script.
    LuaAgent(const AgentScript& script, SandboxOptions sandbox,
             std::vector<std::pair<std::string, OptionValue>> options = {}, std::int64_t seed = 1);
    ~LuaAgent();
    LuaAgent(const LuaAgent&) = delete;
    LuaAgent& operator=(const LuaAgent&) = delete;

    /// Calls reset(obs, task, options) with obs viewing `env` (obs.dialog = `dialog`, else
    /// task.chat()) and the task without its target. Throws ScriptError.
    void reset(const core::Environment& env, const core::Task& task, const std::string* dialog = nullptr);
    /// Calls act(obs) on `env` (the environment reset() was given, or one at the same address).
    /// Throws ScriptError (Lua error, budget, an invalid action: "agent.lua: invalid action: ...").
    LuaAgentReply act(const core::Environment& env);
    /// The belief published since the last call (obs:publish_belief), moved out; none when none.
    std::optional<core::Grid> takeBelief();

    const std::string& name() const noexcept { return name_; }
    LuaState& lua() noexcept { return lua_; }

private:
    void publishBelief(const core::Grid& blocks) override;
    void bind(const core::Environment& env);
    [[noreturn]] void fail();

    std::string name_;
    std::vector<std::pair<std::string, OptionValue>> options_;
    LuaState lua_;
    std::string dialog_;                 // what obs.dialog reads
    const core::Environment* bound_ = nullptr;
    int obsRef_ = LUA_NOREF;
    int agentRef_ = LUA_NOREF;
    std::optional<core::Grid> belief_;
};

}  // namespace iglu::scripting

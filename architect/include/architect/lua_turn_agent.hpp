#pragma once
// A TurnAgent that is a Lua agent script (scripting::LuaAgent): the agent API of `iglu run` and the
// Script panel, reset(obs, task, options) once per turn and act(obs) once per step. Each turn's
// task is what the IGLU multi-turn data holds for a turn: `dialog` the conversation before the
// architect's new utterance, `instruction` that utterance, `starting` the world as the turn starts
// (no target); obs.dialog is the whole dialogue. The shipped language builder
// (examples/agents/language_builder.lua) grounds task.instruction on task.starting, so it builds
// each turn's instruction on the world so far. A clarifying question: act returns {question = "..."}.
// Lua errors and budget / time overruns throw AgentFailure with the traceback (file:line).
#include <cstdint>
#include <string>

#include "architect/turn_agent.hpp"
#include "scripting/agent_session.hpp"
#include "scripting/lua_agent.hpp"

namespace iglu::architect {

class LuaTurnAgent final : public TurnAgent {
public:
    /// Loads the script (throws AgentFailure naming file:line for a missing or malformed one).
    /// `sandbox`: scripting::agentSandbox(path) for a file, with the budgets of `iglu run`.
    LuaTurnAgent(const scripting::AgentScript& script, scripting::SandboxOptions sandbox,
                 std::vector<std::pair<std::string, scripting::OptionValue>> options = {}, std::int64_t seed = 1);

    std::string name() const override;
    void startSession(const core::Environment& env) override;
    void beginTurn(const core::Environment& env, const std::string& dialog) override;
    AgentMove act(const core::Environment& env) override;
    void endSession() noexcept override {}

    scripting::LuaState& lua() noexcept { return agent_->lua(); }

private:
    std::unique_ptr<scripting::LuaAgent> agent_;
    std::string taskId_;
};

/// Splits a dialogue in the IGLU layout into (everything before its last line, its last line
/// without the "<Architect> " speaker tag).
std::pair<std::string, std::string> splitLastUtterance(const std::string& dialog);

}  // namespace iglu::architect

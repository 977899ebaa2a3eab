#pragma once
// An agent that builds from an architect's instructions, turn by turn (architect sessions).
// The session (architect_session.hpp) owns the world: one core::Environment that persists from
// turn to turn (its config has targetInObs = false: the agent never sees the target). At each
// turn it calls beginTurn with the dialogue so far, then act() once per step until the agent says
// it is done with the turn (no action), asks a question, or the turn's step budget runs out.
//
// Two kinds implement it: LuaTurnAgent (an agent script, scripting/) and ProcessTurnAgent (any
// program speaking docs/agent_protocol.md over stdin / stdout; `iglu.serve_agent` in Python).
// Failures (a Lua error, a timeout, a crashed or silent process, a malformed line, a wrong
// protocol version) throw AgentFailure with a message fit for the dialogue; the session ends the
// turn with it and the world stays as the last applied action left it.
#include <optional>
#include <stdexcept>
#include <string>

#include "core/env/action.hpp"
#include "core/env/environment.hpp"
#include "core/grid/grid.hpp"

namespace iglu::architect {

/// Why an agent could not go on; what() is shown in the dialogue ("agent timed out after 5 s").
class AgentFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// What the agent does at one step of a turn.
struct AgentMove {
    std::optional<core::Action> action;    ///< none: the agent is done with this turn
    std::optional<core::Grid> belief;      ///< the blocks it now predicts the target to be
    std::optional<std::string> question;   ///< a clarifying question: ends the turn, the architect answers
};

class TurnAgent {
public:
    virtual ~TurnAgent() = default;
    /// Shown in the dialogue and stored with the session ("language_builder.lua", "python agent.py").
    virtual std::string name() const = 0;
    /// Called once, before the first turn, on the session's world as it starts (env.reset() done).
    virtual void startSession(const core::Environment& env) = 0;
    /// A new turn: `dialog` is the whole dialogue so far in the IGLU layout ("<Architect> ...\n
    /// <Builder> ..."), its last line the architect's new utterance (an instruction or an answer).
    virtual void beginTurn(const core::Environment& env, const std::string& dialog) = 0;
    /// One step: the move for the world as `env` shows it now.
    virtual AgentMove act(const core::Environment& env) = 0;
    /// The session ended (the process agent says bye and is reaped). Never throws.
    virtual void endSession() noexcept = 0;
    /// The one call that may come from another thread, while act() runs on the session's thread:
    /// asks a blocking act() to give up waiting soon (it throws AgentFailure; the session then ends
    /// the turn as stopped). A request made while no act() waits applies to the next act() of the
    /// same turn; beginTurn() clears it. Default: nothing (an act that never waits long, e.g. Lua
    /// under its time budget). Never throws.
    virtual void interrupt() noexcept {}
};

}  // namespace iglu::architect

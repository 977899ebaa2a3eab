#pragma once
// Runs agent scripts on whole episodes for experiments. An agent script returns a table with
// `reset(obs, task, options)` (optional) and `act(obs)`, which returns a discrete id, an action
// table (walking dict or flying form) or nil when the agent is finished. One AgentWorker owns one
// AgentSession (a new Lua state and environment for every episode): use one per thread.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "core/env/environment.hpp"
#include "core/rollout/rollout.hpp"
#include "scripting/agent_session.hpp"
#include "scripting/experiment.hpp"
#include "scripting/lua_state.hpp"

namespace iglu::scripting {

class AgentWorker {
public:
    /// Creates the Lua state (sandboxed unless `sandbox.sandboxed` is false) and compiles the agent
    /// script once. Throws ScriptError for a missing or malformed script.
    AgentWorker(const ExperimentSpec& spec, SandboxOptions sandbox);
    ~AgentWorker();
    AgentWorker(const AgentWorker&) = delete;
    AgentWorker& operator=(const AgentWorker&) = delete;

    /// Runs one episode. Script errors and budget overruns end the episode with ok = false and
    /// the traceback; `cancel` (checked every step) ends it with cancelled = true.
    EpisodeOutcome run(const core::Task& task, std::int64_t seed, int repetition,
                       const std::atomic<bool>* cancel = nullptr);

    LuaState& lua() noexcept { return session_.lua(); }
    core::Environment& environment() noexcept { return session_.environment(); }

private:
    AgentSession session_;
};

/// The session configuration of an experiment's episodes (env, stop_on_done, rollouts, options).
SessionConfig sessionConfig(const ExperimentSpec& spec);

/// Sandbox options for an experiment's agent: require from the agent's folder, the experiment's
/// folder and the bundled library; read access to the default data folders.
SandboxOptions agentSandbox(const ExperimentSpec& spec);
/// Sandbox options for an agent script on its own (e.g. the workbench's Script panel): require
/// from its folder (when it has one) and the bundled library; read access to the default data
/// folders; default memory and instruction limits.
SandboxOptions agentSandbox(const std::string& agentPath);

}  // namespace iglu::scripting

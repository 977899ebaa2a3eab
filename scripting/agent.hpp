#pragma once
// Runs agent scripts on episodes. An agent script returns a table with `reset(obs, task)`
// (optional) and `act(obs)`, which returns a discrete id, an action table (walking dict or flying
// form) or nil when the agent is finished. One AgentWorker owns one Lua state and one
// environment: use one per thread.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "core/env/environment.hpp"
#include "core/rollout/rollout.hpp"
#include "scripting/experiment.hpp"
#include "scripting/lua_state.hpp"

namespace iglu::scripting {

struct EpisodeOutcome {
    std::string taskId;
    std::int64_t seed = 0;
    int repetition = 0;
    bool ok = true;               ///< false: the script failed or ran out of budget
    bool cancelled = false;       ///< interrupted (Ctrl-C): not a result, never stored
    std::string error;            ///< traceback (file:line) when !ok
    int steps = 0;
    double totalReturn = 0;
    double precision = 0, recall = 0, f1 = 0;
    bool success = false;         ///< built grid equals the target at the best alignment (no extra blocks)
    double baselineF1 = 0;        ///< F1 of the untouched starting grid (the do-nothing agent)
    bool baselineSuccess = false;
    std::optional<core::Rollout> rollout;
};

/// Exact completion: the best alignment matches every target block and nothing else is built.
bool exactCompletion(const core::Scores& s) noexcept;

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

    LuaState& lua() noexcept { return lua_; }
    core::Environment& environment() noexcept { return env_; }

private:
    const ExperimentSpec& spec_;
    core::Environment env_;   // declared before lua_: the state (and its views) dies first
    LuaState lua_;
    int chunkRef_ = LUA_NOREF;  // the compiled agent script
    int obsRef_ = LUA_NOREF;    // the observation view of env_
};

/// Sandbox options for an experiment's agent: require from the agent's folder, the experiment's
/// folder and the bundled library; read access to the default data folders.
SandboxOptions agentSandbox(const ExperimentSpec& spec);

}  // namespace iglu::scripting

#pragma once
// One agent episode driven a step at a time: an agent script (a file, or text such as an editor's
// buffer, named by its file for file:line errors), a Lua state and an environment.
// AgentWorker::run drives a session to the end of each episode; the workbench's Script panel steps
// it live (pause, single steps, a chosen speed). Not thread-safe: one session per thread.
//
// Reproducibility: every episode starts from a freshly constructed environment and a fresh Lua
// state (the script text read once, at construction), so an episode depends only on (script text,
// configuration, task, seed, repetition) and never on the episodes the session ran before.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/env/environment.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout.hpp"
#include "core/rollout/step_recorder.hpp"
#include "scripting/belief_sink.hpp"
#include "scripting/experiment.hpp"
#include "scripting/lua_state.hpp"

namespace iglu::scripting {

/// The agent's code: `name` is the file (chunk name in errors: "name:line: message"); `text`, when
/// set, is used instead of reading the file (an unsaved editor buffer).
struct AgentScript {
    std::string name;
    std::optional<std::string> text;
};

struct SessionConfig {
    core::EnvConfig env;             ///< action space, max steps, target_in_obs, ...
    bool stopOnDone = false;         ///< end the episode when the environment says done
    bool recordRollout = false;      ///< keep the episode as a core::Rollout (frames + block changes)
    std::string rolloutSource;       ///< Rollout::source of recorded episodes ("experiment:NAME")
    /// Passed to the agent as reset(obs, task, options).
    std::vector<std::pair<std::string, OptionValue>> agentOptions;
};

/// Why an episode ended.
enum class EpisodeEnd {
    Running,         ///< not over
    AgentFinished,   ///< act returned nil
    MaxSteps,        ///< the step limit was reached
    EnvDone,         ///< the environment said done (stopOnDone)
    Error,           ///< reset or act failed, ran out of budget or returned an invalid action
    Cancelled,       ///< cancel() was called
};
const char* episodeEndName(EpisodeEnd end) noexcept;

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
    double iglu2022F1 = 0;        ///< the IGLU-2022 evaluator's F1 at the step it scores (core::Iglu2022EvaluatorStep)
    std::optional<core::Grid> prediction;  ///< the agent's last published belief (obs:publish_belief)
    std::optional<double> predictionF1;    ///< its F1 against the target (core::score)
    std::optional<core::Rollout> rollout;
};

/// What one step() did.
struct StepReport {
    bool stepped = false;        ///< an action was applied to the environment
    core::Action action;         ///< the action applied (when stepped)
    core::StepResult result;     ///< its reward / done / grid change (when stepped)
    EpisodeEnd end = EpisodeEnd::Running;  ///< the episode state after this call
};

class AgentSession : private BeliefSink {
public:
    /// Reads the script (once: later edits of the file do not reach this session), creates the
    /// first episode's Lua state and compiles the script. Throws ScriptError naming the file and
    /// line for a missing or malformed script.
    AgentSession(const AgentScript& script, SessionConfig config, SandboxOptions sandbox);
    ~AgentSession();
    AgentSession(const AgentSession&) = delete;
    AgentSession& operator=(const AgentSession&) = delete;

    /// Starts an episode on `task` from a state equal to a new session's: a freshly constructed
    /// environment (nothing of the previous episode's agent state: vertical speed, pending strafe,
    /// selected colour... whatever EnvConfig::resetClearsAgentState says) and, after the first
    /// episode, a new Lua state (no global, `require`d module or upvalue of the previous episode
    /// survives; a print sink set with lua().setPrint is carried over). Seeds math.random from
    /// (seed, repetition), runs the script and calls reset(obs, task, options). Returns false
    /// when that failed (ended() == Error, error() holds the traceback).
    bool reset(const core::Task& task, std::int64_t seed, int repetition = 0);
    /// Calls act(obs) once and applies the action. Does nothing once the episode has ended.
    StepReport step();
    /// Ends the running episode with EpisodeEnd::Cancelled.
    void cancel();

    EpisodeEnd ended() const noexcept { return end_; }
    bool running() const noexcept { return end_ == EpisodeEnd::Running; }
    /// The traceback (file:line) when ended() == Error.
    const std::string& error() const noexcept { return error_; }
    int steps() const noexcept { return env_.stepNo(); }
    double totalReturn() const noexcept { return totalReturn_; }
    core::Scores scores() const noexcept { return env_.scores(); }
    /// Whether the last step's environment `done` flag was set.
    bool envDone() const noexcept { return envDone_; }
    /// The belief the agent published last in this episode (nullptr: none).
    const core::Grid* belief() const noexcept { return belief_ ? &*belief_ : nullptr; }
    /// The same with the step it was published at (the steps taken before it), for live views.
    std::optional<core::Belief> beliefWithStep() const {
        return belief_ ? std::optional<core::Belief>(core::Belief{beliefStep_, *belief_}) : std::nullopt;
    }

    /// The episode's outcome so far (task, seed, steps, return, scores, error; the recorded
    /// rollout is moved out when `takeRollout`).
    EpisodeOutcome outcome(bool takeRollout = true);

    const core::Task& task() const noexcept { return env_.task(); }
    const SessionConfig& config() const noexcept { return config_; }
    const std::string& scriptName() const noexcept { return scriptName_; }
    /// The current episode's Lua state (replaced by the next reset()).
    LuaState& lua() noexcept { return *lua_; }
    core::Environment& environment() noexcept { return env_; }
    const core::Environment& environment() const noexcept { return env_; }

private:
    void publishBelief(const core::Grid& blocks) override;
    void buildState();
    void finish(EpisodeEnd end);
    void fail(std::string message);

    SessionConfig config_;
    std::string scriptName_;
    std::string scriptText_;    // the agent's code, read once
    SandboxOptions sandbox_;
    core::Environment env_;     // declared before lua_: the state (and its views) dies first
    std::optional<LuaState> lua_;
    bool stateUsed_ = false;    // an episode ran in lua_: the next one gets a new state
    int chunkRef_ = LUA_NOREF;  // the compiled agent script
    int obsRef_ = LUA_NOREF;    // the observation view of env_
    int agentRef_ = LUA_NOREF;  // this episode's agent table (kept alive while it runs)
    int actRef_ = LUA_NOREF;    // its act function
    int stackTop_ = 0;

    core::Iglu2022EvaluatorStep evaluatorStep_;  // the step the IGLU-2022 evaluator scores
    std::optional<core::Grid> belief_;           // the agent's last published belief
    std::uint32_t beliefStep_ = 0;               // ... published after this many steps
    EpisodeEnd end_ = EpisodeEnd::Cancelled;  // no episode yet
    std::string error_;
    double totalReturn_ = 0;
    bool envDone_ = false;
    std::int64_t seed_ = 0;
    int repetition_ = 0;
    double baselineF1_ = 0;
    bool baselineSuccess_ = false;
    core::StepRecorder recorder_;  // the episode's rollout, when config_.recordRollout
    bool recording_ = false;       // recorder_ holds this episode's rollout (not yet taken)
};

}  // namespace iglu::scripting

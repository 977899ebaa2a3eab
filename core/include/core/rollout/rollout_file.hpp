#pragma once
// Rollout files: agent episodes as JSON Lines, one episode per line — the format Python agents
// write and `iglu import rollouts` / `iglu export rollouts` read and write (docs/rollout_format.md).
//
//   {"format": "iglu-rollout/1", "agent": "my_ppo", "task_id": "CQ-game-1",
//    "task": {"starting_blocks": [[x, y, z, colour], ...], "target_blocks": [...],
//             "instruction": "...", "dialog": "..."},             (optional: a task not in the catalog)
//    "env": {"action_space": "walking", "discretize": true, "max_steps": 250, ...},  (env_options.hpp)
//    "seed": 1, "repetition": 0,
//    "actions": [3, 17, ...],  one per step: an int 0..17 (discrete walking), a reference dict
//                              ({"movement": [m0, m1, m2], "camera": [dyaw, dpitch], "inventory": k,
//                              "placement": p} flying; {"forward": 0|1, ..., "camera": [..], "hotbar": k}
//                              walking), or an action text (core/rollout/action_text.hpp)
//    "rewards": [0.0, 1.0, ...],            (optional, per step: checked on import)
//    "final_grid": [[x, y, z, colour], ...]} (optional: checked on import)
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/env/action.hpp"
#include "core/env/env_options.hpp"
#include "core/env/environment.hpp"
#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"

namespace iglu::core {

inline constexpr const char* kRolloutFormat = "iglu-rollout/1";

/// Thrown for a malformed line: the message names file:line and the field ("actions[17].camera").
class RolloutFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct RolloutRecord {
    std::string agent;
    std::string taskId;
    std::optional<Task> task;            ///< when the line carries the task's blocks
    EnvOptions env;
    std::int64_t seed = 0;
    int repetition = 0;
    std::vector<Action> actions;         ///< normalised (core::Action)
    std::vector<std::string> actionTexts;///< the same actions as action texts (what frames store)
    std::optional<std::vector<double>> rewards;
    std::optional<Grid> finalGrid;
    int line = 0;                        ///< 1-based line in its file
};

inline constexpr std::size_t kMaxRolloutLineBytes = std::size_t(64) << 20;
inline constexpr std::size_t kMaxRolloutActions = 1'000'000;
/// JSON values held at once while a line is read: the actions and rewards are read one element
/// at a time (core::JsonArrayStream), so this bounds the rest (task blocks, env options).
inline constexpr std::size_t kMaxRolloutHeldValues = 1'000'000;

/// Reads every line of a rollout file; calls `onRecord` per episode (streaming: memory stays
/// bounded by one line: the line, its actions, and at most kMaxRolloutHeldValues JSON values).
/// Limits: a line of at most kMaxRolloutLineBytes, kMaxRolloutActions actions per episode, JSON
/// nesting of kMaxJsonDepth levels. Throws RolloutFileError naming file:line: field ("runs.jsonl:4:
/// actions[17].camera: ..."); blank lines are skipped. Exceptions of `onRecord` pass through
/// unchanged. `onProgress` (may be empty) gets the bytes read so far and the file's size after
/// every line.
void readRolloutFile(const std::string& path, const std::function<void(RolloutRecord&&)>& onRecord,
                     const std::function<void(std::size_t bytesRead, std::size_t fileBytes)>& onProgress = {});
/// One line's episode (`where` names it in errors, e.g. "runs.jsonl:4"). Throws RolloutFileError.
RolloutRecord parseRolloutLine(std::string_view line, const std::string& where);
/// The record of a recorded agent episode (frames with action texts, core::StepRecorder): its
/// actions, per-step rewards and final grid, with the task's blocks inline. Throws
/// RolloutFileError naming the frame whose action is not an environment step's text (a human
/// tape's frame).
RolloutRecord rolloutRecordOf(const Rollout& rollout, std::string agent, const Task& task, const EnvOptions& env,
                              std::int64_t seed, int repetition);

/// One line (no newline) for `record`: actions as ints when env.discretize and every action is a
/// discrete one, else as action texts (record.actionTexts when it holds one per action, else made
/// from record.actions).
std::string rolloutLine(const RolloutRecord& record);

/// Where a replay left the recorded episode: the first step whose reward differs, or the final
/// grid. `ok()` when nothing diverged.
struct RolloutDivergence {
    int step = 0;                        ///< 1-based step, 0 = none (or only the final grid)
    std::string what;                    ///< "reward 1 in the file, 0 replayed" / "final grid: ..."
    bool ok() const noexcept { return what.empty(); }
};

/// Replays `record` in `env` (setTask(task), reset(), step per action), calling `afterStep`
/// (may be empty) after every step with the step's result and action (the i-th call is
/// record.actions[i]), and compares the recorded rewards (|difference| <= 1e-9 * max(1, |reward|))
/// and the final grid. Every action is taken, also after a divergence. An action the environment
/// refuses throws RolloutFileError "line L: actions[i].FIELD: ..."; so does a record whose
/// rewards are not one per action (before any step).
RolloutDivergence replayRollout(Environment& env, const Task& task, const RolloutRecord& record,
                                const std::function<void(const StepResult&, const Action&)>& afterStep = {});

}  // namespace iglu::core

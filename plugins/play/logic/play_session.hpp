#pragma once
// Playing a task yourself, without Qt: the player's commands (move, jump / fly, look, colour,
// place, break) mapped exactly onto the environment's actions, one environment step per command,
// with the live readouts (step, reward, return, maximal intersection, P/R/F1, inventory, done)
// and the episode recorded as a rollout as it is played. The Play panel (play_panel.*) maps keys
// and mouse to commands.
#include <array>
#include <optional>
#include <string>

#include "core/env/environment.hpp"
#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"
#include "core/rollout/step_recorder.hpp"

namespace iglu::plugins::play {

/// What the player can do; each is one environment step.
enum class Command {
    Forward, Back, Left, Right,
    Up,        ///< walking: jump; flying: fly up
    Down,      ///< flying: fly down (walking has no such action)
    TurnLeft, TurnRight, LookUp, LookDown,
    Colour1, Colour2, Colour3, Colour4, Colour5, Colour6,
    Place, Break,
};
inline constexpr int kCommandCount = 18;
const char* commandName(Command c) noexcept;  ///< "forward", "turn_left", "colour_3", "place", ...

/// The walking action space's discrete action id (core/env/action.hpp) for a command, or nullopt
/// when walking has none (Down).
std::optional<int> walkingAction(Command c) noexcept;
/// The flying action (movement [m0 forward < 0, m1 right > 0, m2 up > 0], camera [dyaw, dpitch] in
/// the walking action's 5-degree steps, inventory 1..6, placement) for a command.
core::Action flyingAction(Command c) noexcept;

/// The environment runs with the reference defaults except: the POV is rendered every step, `done`
/// holds from maxSteps on (doneAfterMaxSteps) and a reset starts a fresh agent
/// (resetClearsAgentState), as a player expects from "Reset".
struct PlayOptions {
    core::ActionSpace actionSpace = core::ActionSpace::Walking;
    int maxSteps = 1000;             ///< the episode ends (done) after this many steps
    core::PovConfig pov{};           ///< the first-person view (64 x 64 as in the reference)
};

/// What a command did.
struct Outcome {
    bool stepped = false;            ///< false: no such action in this space, or the episode is done
    core::StepResult result;
};

class PlaySession {
public:
    explicit PlaySession(PlayOptions options = {});

    /// Plays this task from its start (an episode restarts).
    void setTask(const core::Task& task);
    /// No task: an empty one is loaded and hasTask() is false.
    void clearTask();
    /// Walking or flying: a new environment of that space, the episode restarts.
    void setActionSpace(core::ActionSpace space);
    /// Restarts the episode (start grid, start pose, full inventory, empty recording).
    void reset();
    /// One environment step for the command (walking: allocation-free; flying: the frame's action
    /// text is longer than a string's small buffer). Ignored when the episode is done
    /// or the command has no action in the current space.
    Outcome apply(Command c);

    const core::Environment& environment() const noexcept { return *env_; }
    const PlayOptions& options() const noexcept { return options_; }
    bool hasTask() const noexcept { return hasTask_; }
    int step() const noexcept { return env_->stepNo(); }
    double lastReward() const noexcept { return lastReward_; }
    double episodeReturn() const noexcept { return return_; }
    bool done() const noexcept { return done_; }
    /// Maximal intersection of the grid with the target and P/R/F1 at its alignment.
    core::Scores scores() const noexcept { return env_->scores(); }
    /// The first-person view after the last step: height x width x RGB, rows top to bottom.
    std::span<const std::uint8_t> pov() const noexcept { return env_->observation().pov; }

    /// The episode so far as a rollout (kind human; source set by the caller when storing it).
    const core::Rollout& rollout() const noexcept { return recorder_.rollout(); }

private:
    core::EnvConfig envConfig() const;

    PlayOptions options_;
    core::Task task_;
    bool hasTask_ = false;
    std::optional<core::Environment> env_;
    core::StepRecorder recorder_;
    double lastReward_ = 0, return_ = 0;
    bool done_ = false;
    std::array<core::Action, kCommandCount> flying_{};
};

}  // namespace iglu::plugins::play

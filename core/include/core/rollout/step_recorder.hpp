#pragma once
// Records the steps of a core::Environment episode into a Rollout as they happen: one frame per
// step with the action (core/rollout/action_text.hpp, the one format), the reward, the pose after
// it and every block change it made. Used by every recorder of environment steps: the random
// agent (random_agent.hpp), interactive play (plugins/environment) and agent scripts and
// experiments (scripting/agent_session). Qt-free, VTK-free. Allocation-free per step while within
// the reserved frame count and for discrete actions ("discrete N" fits a string's small buffer).
#include <cstddef>
#include <string>

#include "core/env/environment.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::core {

class StepRecorder {
public:
    /// Starts a rollout from the environment's current state (call right after reset()).
    /// `reserveFrames`: steps expected (frames and changes are reserved for that many).
    void begin(const core::Environment& env, core::RolloutKind kind, std::string source, std::size_t reserveFrames);
    /// Appends the step the environment has just taken with the walking discrete action `id`.
    void record(const core::Environment& env, const core::StepResult& result, int discreteId);
    /// Appends the step the environment has just taken with `action` (in the env's action space).
    void record(const core::Environment& env, const core::StepResult& result, const core::Action& action);

    /// The agent's belief from now on (the state after the steps recorded so far): Rollout::publishBelief.
    void publishBelief(const core::Grid& blocks) {
        rollout_.publishBelief(static_cast<std::uint32_t>(rollout_.frames.size()), blocks);
    }
    /// The episode's IGLU-2022 score so far (core::Iglu2022EvaluatorStep): at the first recorded
    /// step the environment said done, else of env's current grid.
    core::Iglu2022Scores iglu2022(const core::Environment& env) const {
        return evaluatorStep_.result(env.task().target, env.task().starting, env.grid());
    }

    const core::Rollout& rollout() const noexcept { return rollout_; }
    core::Rollout& rollout() noexcept { return rollout_; }
    /// Moves the rollout out (the recorder is empty afterwards until the next begin()).
    core::Rollout take() noexcept { return std::move(rollout_); }

    /// The pose a frame stores: the agent's head point and view angles.
    static core::Pose poseOf(const core::Environment& env) noexcept;

private:
    void append(const core::Environment& env, const core::StepResult& result, core::RolloutFrame& frame);

    core::Rollout rollout_;
    core::Grid before_;  // the grid after the last recorded step
    core::Iglu2022EvaluatorStep evaluatorStep_;
};

}  // namespace iglu::core

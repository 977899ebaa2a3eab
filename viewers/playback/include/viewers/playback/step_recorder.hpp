#pragma once
// Records the steps of a core::Environment episode into a Rollout as they happen: one frame per
// step with the action text, the reward, the pose after it and the block changes it made. Shared by
// the random-agent recorder (episode_recorder) and interactive play (plugins/environment).
// Qt-free, VTK-free. Allocation-free per step while within the reserved frame count and the action
// text fits the string's small buffer (up to 15 characters, e.g. "discrete 17").
#include <cstddef>
#include <string>
#include <string_view>

#include "core/env/environment.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::viewers {

class StepRecorder {
public:
    /// Starts a rollout from the environment's current state (call right after reset()).
    /// `reserveFrames`: steps expected (frames and changes are reserved for that many).
    void begin(const core::Environment& env, core::RolloutKind kind, std::string source, std::size_t reserveFrames);
    /// Appends the step the environment has just taken.
    void record(const core::Environment& env, const core::StepResult& result, std::string_view action);

    const core::Rollout& rollout() const noexcept { return rollout_; }
    core::Rollout& rollout() noexcept { return rollout_; }
    /// Moves the rollout out (the recorder is empty afterwards until the next begin()).
    core::Rollout take() noexcept { return std::move(rollout_); }

    static core::Pose poseOf(const core::Environment& env) noexcept;

private:
    core::Rollout rollout_;
    core::Grid before_;
    core::BlockChange changes_[8]{};  // one step changes at most one cell
};

}  // namespace iglu::viewers

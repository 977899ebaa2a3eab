#include "viewers/playback/step_recorder.hpp"

#include <span>
#include <utility>

namespace iglu::viewers {

core::Pose StepRecorder::poseOf(const core::Environment& env) noexcept {
    const auto& a = env.agent();
    return core::Pose{a.x, a.y, a.z, a.yaw, a.pitch};
}

void StepRecorder::begin(const core::Environment& env, core::RolloutKind kind, std::string source,
                         std::size_t reserveFrames) {
    rollout_ = core::Rollout{};
    rollout_.taskId = env.task().id;
    rollout_.kind = kind;
    rollout_.source = std::move(source);
    rollout_.starting = env.grid();
    rollout_.startPose = poseOf(env);
    rollout_.frames.reserve(reserveFrames);
    rollout_.changes.reserve(reserveFrames);
    before_ = env.grid();
}

void StepRecorder::record(const core::Environment& env, const core::StepResult& result, std::string_view action) {
    std::size_t n = 0;
    if (result.gridChanged) {
        const core::Grid& after = env.grid();
        for (int idx = 0; idx < core::kCells; ++idx) {
            if (before_.cell(idx) == after.cell(idx)) continue;
            const core::Block p = core::Grid::position(idx);
            if (n < std::size(changes_))
                changes_[n++] = {static_cast<std::int8_t>(p.x), static_cast<std::int8_t>(p.y),
                                 static_cast<std::int8_t>(p.z), before_.cell(idx), after.cell(idx)};
        }
        before_ = after;
    }
    core::RolloutFrame f;
    f.tick = env.stepNo();
    f.action.assign(action);
    f.reward = result.reward;
    f.pose = poseOf(env);
    rollout_.addFrame(std::move(f), std::span<const core::BlockChange>(changes_, n));
}

}  // namespace iglu::viewers

#include "core/rollout/step_recorder.hpp"

#include <utility>

#include "core/rollout/action_text.hpp"

namespace iglu::core {

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
    evaluatorStep_.restart();
}

void StepRecorder::record(const core::Environment& env, const core::StepResult& result, int discreteId) {
    core::RolloutFrame f;
    formatDiscreteAction(discreteId, f.action);
    append(env, result, f);
}

void StepRecorder::record(const core::Environment& env, const core::StepResult& result, const core::Action& action) {
    core::RolloutFrame f;
    formatAction(action, env.config().actionSpace, f.action);
    append(env, result, f);
}

void StepRecorder::append(const core::Environment& env, const core::StepResult& result, core::RolloutFrame& f) {
    f.tick = env.stepNo();
    f.reward = result.reward;
    f.pose = poseOf(env);
    // Every changed cell, written straight into the rollout: no cap (an environment step changes
    // at most one cell, but nothing here depends on that, so no change is ever dropped).
    f.changeBegin = static_cast<std::uint32_t>(rollout_.changes.size());
    if (result.gridChanged) {
        const core::Grid& after = env.grid();
        for (int idx = 0; idx < core::kCells; ++idx) {
            if (before_.cell(idx) == after.cell(idx)) continue;
            const core::Block p = core::Grid::position(idx);
            rollout_.changes.push_back({static_cast<std::int8_t>(p.x), static_cast<std::int8_t>(p.y),
                                        static_cast<std::int8_t>(p.z), before_.cell(idx), after.cell(idx)});
        }
        before_ = after;
    }
    f.changeEnd = static_cast<std::uint32_t>(rollout_.changes.size());
    rollout_.frames.push_back(std::move(f));
    evaluatorStep_.step(result.done, env.task().target, env.task().starting, env.grid());
}

}  // namespace iglu::core

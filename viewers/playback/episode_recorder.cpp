#include "viewers/playback/episode_recorder.hpp"

#include <string>
#include <vector>

#include "core/env/environment.hpp"
#include "core/util/rng.hpp"

namespace iglu::viewers {

namespace {
constexpr int kLookDownSteps = 7;  // 35 degrees down: the floor is within reach from the start pose
}  // namespace

core::Rollout recordRandomEpisode(const core::Task& task, const RandomEpisodeOptions& options) {
    core::EnvConfig config;
    config.maxSteps = options.steps + 1;
    core::Environment env(config);
    env.setTask(task);
    env.reset();
    core::Rng rng(options.seed);

    core::Rollout r;
    r.taskId = task.id;
    r.kind = core::RolloutKind::Agent;
    r.source = "random-agent:seed=" + std::to_string(options.seed);
    r.starting = env.grid();
    const auto poseOf = [&env] {
        const auto& a = env.agent();
        return core::Pose{a.x, a.y, a.z, a.yaw, a.pitch};
    };
    r.startPose = poseOf();
    r.frames.reserve(static_cast<std::size_t>(options.steps));
    core::Grid before = env.grid();
    std::vector<core::BlockChange> changes;
    for (int step = 0; step < options.steps; ++step) {
        const double u = rng.uniform();
        int action = rng.below(16);
        if (step < kLookDownSteps) action = 14;  // pitch -5: look at the floor first
        else if (u < options.placeProbability) action = 17;
        else if (u < options.placeProbability + options.breakProbability) action = 16;
        const core::StepResult res = env.step(action);
        changes.clear();
        if (res.gridChanged) {
            const core::Grid& after = env.grid();
            for (int idx = 0; idx < core::kCells; ++idx) {
                if (before.cell(idx) == after.cell(idx)) continue;
                const core::Block p = core::Grid::position(idx);
                changes.push_back({static_cast<std::int8_t>(p.x), static_cast<std::int8_t>(p.y),
                                   static_cast<std::int8_t>(p.z), before.cell(idx), after.cell(idx)});
            }
            before = after;
        }
        core::RolloutFrame f;
        f.tick = step + 1;
        f.action = std::string("discrete ") + std::to_string(action) + " " + core::discreteActionName(action);
        f.reward = res.reward;
        f.pose = poseOf();
        r.addFrame(std::move(f), changes);
    }
    return r;
}

}  // namespace iglu::viewers

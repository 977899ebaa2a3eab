#include "core/rollout/random_agent.hpp"

#include <string>

#include "core/env/environment.hpp"
#include "core/util/rng.hpp"
#include "core/rollout/step_recorder.hpp"

namespace iglu::core {

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

    StepRecorder recorder;
    recorder.begin(env, core::RolloutKind::Agent, "random-agent:seed=" + std::to_string(options.seed),
                   static_cast<std::size_t>(options.steps));
    for (int step = 0; step < options.steps; ++step) {
        const double u = rng.uniform();
        int action = rng.below(16);
        if (step < kLookDownSteps) action = 14;  // pitch -5: look at the floor first
        else if (u < options.placeProbability) action = 17;
        else if (u < options.placeProbability + options.breakProbability) action = 16;
        const core::StepResult res = env.step(action);
        recorder.record(env, res, action);
    }
    return recorder.take();
}

}  // namespace iglu::core

#pragma once
// The random agent: records an episode of the core environment as a Rollout (frames with reward,
// pose and block changes, through core::StepRecorder), driven by a seeded random policy. Used for playback when a catalog holds no rollout
// for a task, by the viewer benchmarks (a 1,000-step episode) and by tests. Qt-free, VTK-free.
#include <cstdint>

#include "core/env/action.hpp"
#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"

namespace iglu::core {

struct RandomEpisodeOptions {
    std::uint64_t seed = 1;
    int steps = 250;
    /// Walking discrete actions: the first 7 steps look down (action 14, 35 degrees, so the floor
    /// is within reach), then uniform choices except that "place" (17) is picked with this
    /// probability and "break" (16) with breakProbability: a uniform agent barely builds.
    double placeProbability = 0.25;
    double breakProbability = 0.05;
};

/// Runs `steps` steps of a walking environment on `task` (episodes never end early: done is
/// ignored) and returns the rollout (kind Agent, source "random-agent:seed=N").
core::Rollout recordRandomEpisode(const core::Task& task, const RandomEpisodeOptions& options);

}  // namespace iglu::core

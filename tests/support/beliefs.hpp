#pragma once
// Beliefs made from a real task for the belief tests (core series, the 3D view's belief layer,
// Playback / Compare): a partly right prediction of the task's target, and a rollout of the task
// (a seeded random agent) that publishes a sequence of beliefs. Header-only, Qt-free.
#include <cstddef>

#include "core/rollout/random_agent.hpp"
#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"

namespace iglu::test {

/// The target with every third block left out and `wrong` extra blocks of colour 6 or 1 where the
/// target has none (on the floor, from the zone's -x -z corner), so a belief has all three categories:
/// predicted and true, predicted but not in the target, in the target but not predicted.
inline core::Grid partialBelief(const core::Grid& target, int wrong = 2) {
    core::Grid g;
    const auto blocks = target.blocks();
    for (std::size_t i = 0; i < blocks.size(); ++i)
        if (i % 3 != 1) g.set(blocks[i].x, blocks[i].y, blocks[i].z, blocks[i].colour);
    for (int z = core::kMinZ; z <= core::kMaxZ && wrong > 0; ++z)
        for (int x = core::kMinX; x <= core::kMaxX && wrong > 0; ++x)
            if (target.at(x, core::kMinY, z) == 0) {
                g.set(x, core::kMinY, z, wrong % 2 == 0 ? 6 : 1);
                --wrong;
            }
    return g;
}

/// A random-agent episode of `task` (seeded, `steps` steps) publishing: at step 0 the partial
/// belief, at steps / 3 the target itself, at 2 * steps / 3 an empty belief.
inline core::Rollout rolloutWithBeliefs(const core::Task& task, int steps = 60) {
    core::RandomEpisodeOptions o;
    o.seed = 22;
    o.steps = steps;
    core::Rollout r = core::recordRandomEpisode(task, o);
    r.publishBelief(0, partialBelief(task.target));
    r.publishBelief(static_cast<std::uint32_t>(steps / 3), task.target);
    r.publishBelief(static_cast<std::uint32_t>(2 * steps / 3), core::Grid{});
    return r;
}

}  // namespace iglu::test

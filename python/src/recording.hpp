#pragma once
// The check every recorded Python episode passes before it can be stored (iglu.Env and
// iglu.VectorEnv with record=True): a recorded episode is what `iglu import rollouts` and
// Playback replay — a fresh environment, reset, the actions (docs/rollout_format.md).
#include <cstdint>

#include "core/env/env_options.hpp"
#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"

namespace iglu::python {

/// Replays `rollout` of `task` in a fresh environment with `options` and throws
/// std::invalid_argument naming the first divergent step (rewards, grid or pose) if it differs.
/// `freshStart`: whether the episode began with a fresh agent state (the message explains the
/// reference's reset() carry-over when it did not).
void requireReplays(const core::Rollout& rollout, const core::Task& task, const core::EnvOptions& options, std::int64_t seed,
                    int repetition, bool freshStart);

}  // namespace iglu::python

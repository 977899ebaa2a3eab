#pragma once
// Re-runs one stored episode with recording on, for episodes whose experiment did not store
// rollouts: the same experiment script, task, seed and repetition give the same episode (the agent's
// random numbers are seeded from them), so the rollout player can show it.
#include <cstdint>
#include <string>

#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"

namespace iglu::plugins::experiments {

/// Loads `experimentScript`, checks its configuration still equals `storedConfig` (else the
/// replay would not be the stored episode) and runs the episode on this thread. Throws
/// std::runtime_error naming the script when it is missing, changed or the episode fails.
core::Rollout replayEpisode(const std::string& experimentScript, const std::string& storedConfig,
                            const core::Task& task, std::int64_t seed, int repetition);

}  // namespace iglu::plugins::experiments

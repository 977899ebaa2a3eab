#include "episode_replay.hpp"

#include <stdexcept>

#include "scripting/agent.hpp"
#include "scripting/experiment.hpp"

namespace iglu::plugins::experiments {

core::Rollout replayEpisode(const std::string& experimentScript, const std::string& storedConfig,
                            const core::Task& task, std::int64_t seed, int repetition) {
    scripting::ExperimentSpec spec = scripting::loadExperiment(experimentScript);
    if (spec.configJson != storedConfig)
        throw std::runtime_error(experimentScript +
                                 ": the experiment changed since its episodes were stored; cannot replay the episode");
    spec.recordRollouts = true;
    scripting::AgentWorker worker(spec, scripting::agentSandbox(spec));
    scripting::EpisodeOutcome out = worker.run(task, seed, repetition);
    // A failed episode still has its rollout up to the failure (the error is in the episodes table).
    if (!out.rollout) throw std::runtime_error(experimentScript + ": the replayed episode recorded no rollout");
    return std::move(*out.rollout);
}

}  // namespace iglu::plugins::experiments

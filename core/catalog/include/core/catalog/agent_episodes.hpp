#pragma once
// Episodes of agents that run outside the Lua runner — Python agents (python/, iglu.Recorder)
// and imported rollout files (`iglu import rollouts`) — stored as a named experiment exactly like
// `iglu run` stores Lua episodes: one EpisodeRecord per (task, seed, repetition) with its metrics,
// and its rollout (kind agent, source "experiment:<name>"), so the Experiments dock, Playback and
// `iglu experiments show` treat them the same way.
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <tuple>

#include "core/catalog/catalog.hpp"
#include "core/env/environment.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout.hpp"
#include "core/rollout/step_recorder.hpp"

namespace iglu::catalog {

struct AgentEpisode {
    std::string taskId;
    std::int64_t seed = 0;
    int repetition = 0;
    core::Rollout rollout;       ///< recorded with core::StepRecorder (action texts per frame)
    int steps = 0;
    double totalReturn = 0;
    core::Scores scores;         ///< final grid vs the task's target
    core::Iglu2022Scores iglu2022;  ///< the IGLU-2022 evaluator's score (core::Iglu2022EvaluatorStep)
    bool ok = true;              ///< false: the agent failed (error says how); still stored
    std::string error;
};

/// The episodes one store takes (a recording's commit, an imported file): each (experiment, task,
/// seed, repetition) at most once, since a second would silently replace the first while both
/// were counted. The one rule for that, used by storeAgentEpisodes and `iglu import rollouts`.
class EpisodeKeys {
public:
    /// Notes the episode at `where` ("episode 3", "file.jsonl:12"); returns the `where` of an
    /// earlier episode with the same key, or "" when the key is new.
    std::string add(const std::string& experiment, const std::string& taskId, std::int64_t seed, int repetition,
                    const std::string& where);

private:
    std::map<std::tuple<std::string, std::string, std::int64_t, int>, std::string> seen_;
};

/// The episode `env` has just played, taken from the recorder that recorded it (which is empty
/// afterwards): steps = frames, return = the frames' rewards, scores = env.grid() against the
/// task's target (core::score), iglu2022 at the step the IGLU-2022 evaluator scores
/// (StepRecorder::iglu2022); the rollout keeps the beliefs the agent published.
AgentEpisode finishedEpisode(const core::Environment& env, core::StepRecorder& recorder, std::int64_t seed, int repetition);

/// What an external experiment ran: stored as the experiment's configuration JSON
/// {"agent": ..., "source": "python" | "rollouts", "env": {keyword options}, "record_rollouts": true}.
/// `envOptionsJson` is checked (core::envOptionsFromJson: throws core::EnvOptionError) and written
/// with every option, so equal options give equal text.
std::string externalExperimentConfig(const std::string& agent, const std::string& source, const std::string& envOptionsJson);

/// Stores `episodes` under experiment `name` (created if absent; `agent` becomes its script,
/// `configJson` its configuration) in one transaction: each rollout (source "experiment:<name>",
/// kind agent), then its EpisodeRecord (success = ok && core::exactCompletion). An existing episode
/// stored before with the same (task, seed, repetition) is replaced (and its rollout deleted); two
/// of `episodes` with the same key are refused (EpisodeKeys), naming both. Every task must be
/// in the catalog. An experiment of that name stored with another `configJson` is refused (as `iglu
/// run` refuses a changed configuration: results must not mix). Throws CatalogError (nothing
/// stored) naming the unknown tasks / the episode at fault. Joins an enclosing
/// Catalog::transaction. Returns the experiment id.
std::int64_t storeAgentEpisodes(Catalog& catalog, const std::string& name, const std::string& agent,
                                const std::string& configJson, std::span<const AgentEpisode> episodes);

}  // namespace iglu::catalog

#include "core/catalog/agent_episodes.hpp"

#include <set>

#include <nlohmann/json.hpp>

#include "core/env/env_options.hpp"

namespace iglu::catalog {

std::string EpisodeKeys::add(const std::string& experiment, const std::string& taskId, std::int64_t seed, int repetition,
                             const std::string& where) {
    const auto [it, fresh] = seen_.emplace(std::tuple{experiment, taskId, seed, repetition}, where);
    return fresh ? std::string() : it->second;
}

AgentEpisode finishedEpisode(const core::Environment& env, core::StepRecorder& recorder, std::int64_t seed, int repetition) {
    AgentEpisode e;
    e.iglu2022 = recorder.iglu2022(env);
    core::Rollout rollout = recorder.take();
    e.taskId = env.task().id;
    e.seed = seed;
    e.repetition = repetition;
    e.steps = static_cast<int>(rollout.frames.size());
    e.totalReturn = rollout.totalReward();
    e.scores = core::score(env.task().target, env.grid());
    if (rollout.taskId.empty()) rollout.taskId = e.taskId;
    e.rollout = std::move(rollout);
    return e;
}

std::string externalExperimentConfig(const std::string& agent, const std::string& source, const std::string& envOptionsJson) {
    // Checked and written out in full (every option), so two runs with the same options store the
    // same text whatever subset of options their callers spelled out.
    const core::EnvOptions env = core::envOptionsFromJson(envOptionsJson, "env");
    nlohmann::json cfg = {{"agent", agent},
                          {"source", source},
                          {"env", nlohmann::json::parse(core::envOptionsJson(env))},
                          {"record_rollouts", true}};
    return cfg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::int64_t storeAgentEpisodes(Catalog& catalog, const std::string& name, const std::string& agent,
                                const std::string& configJson, std::span<const AgentEpisode> episodes) {
    if (name.empty()) throw CatalogError(catalog.path() + ": an experiment needs a name");
    const auto describe = [](std::size_t i, const AgentEpisode& e) {
        return "episode " + std::to_string(i + 1) + " (task " + e.taskId + ", seed " + std::to_string(e.seed) + ", repetition " +
               std::to_string(e.repetition) + ")";
    };
    std::int64_t experimentId = 0;
    catalog.transaction([&] {
        std::set<std::string> unknown;
        std::string firstUnknown;
        EpisodeKeys keys;
        for (std::size_t i = 0; i < episodes.size(); ++i) {
            const AgentEpisode& e = episodes[i];
            if (const std::string earlier = keys.add(name, e.taskId, e.seed, e.repetition, "episode " + std::to_string(i + 1));
                !earlier.empty())
                throw CatalogError(catalog.path() + ": experiment " + name + ": " + describe(i, e) + " has the key of " + earlier +
                                   " (task, seed and repetition): one of them would replace the other; give each episode "
                                   "its own seed or repetition");
            if (e.taskId.empty()) throw CatalogError(catalog.path() + ": experiment " + name + ": " + describe(i, e) + " has no task id");
            if (!e.rollout.taskId.empty() && e.rollout.taskId != e.taskId)
                throw CatalogError(catalog.path() + ": experiment " + name + ": " + describe(i, e) + ": its rollout is of task " +
                                   e.rollout.taskId);
            if (e.repetition < 0)
                throw CatalogError(catalog.path() + ": experiment " + name + ": " + describe(i, e) + ": negative repetition");
            if (!unknown.count(e.taskId) && !catalog.hasTask(e.taskId)) {
                if (unknown.empty()) firstUnknown = describe(i, e);
                unknown.insert(e.taskId);
            }
        }
        if (!unknown.empty()) {
            std::string ids;
            for (const auto& id : unknown) ids += (ids.empty() ? "" : ", ") + id;
            throw CatalogError(catalog.path() + ": experiment " + name + ": " + std::to_string(unknown.size()) +
                               (unknown.size() == 1 ? " task is" : " tasks are") + " not in the catalog: " + ids + " (first: " +
                               firstUnknown + "); store the tasks first");
        }
        // Episodes of another configuration would mix results, as `iglu run` refuses to.
        if (const auto existing = catalog.experiment(name); existing && existing->config != configJson)
            throw CatalogError(catalog.path() + ": experiment " + name +
                               " exists with another configuration (agent, source or env options): store these episodes "
                               "under another name");
        experimentId = catalog.ensureExperiment(name, agent, configJson).id;
        const std::string source = "experiment:" + name;
        for (const AgentEpisode& e : episodes) {
            core::Rollout r = e.rollout;
            r.id = 0;
            r.taskId = e.taskId;
            r.kind = core::RolloutKind::Agent;
            r.source = source;
            EpisodeRecord rec;
            rec.experimentId = experimentId;
            rec.taskId = e.taskId;
            rec.seed = e.seed;
            rec.repetition = e.repetition;
            rec.ok = e.ok;
            rec.error = e.error;
            rec.steps = e.steps;
            rec.totalReturn = e.totalReturn;
            rec.precision = e.scores.precision;
            rec.recall = e.scores.recall;
            rec.f1 = e.scores.f1;
            rec.success = e.ok && core::exactCompletion(e.scores);
            rec.iglu2022F1 = e.iglu2022.f1;
            if (!e.rollout.beliefs.empty()) {
                rec.prediction = e.rollout.beliefs.back().blocks;
                const auto task = catalog.task(e.taskId);
                if (task) rec.predictionF1 = core::score(task->task.target, *rec.prediction).f1;
            }
            rec.rolloutId = catalog.putRollout(r);
            catalog.putEpisode(rec);
        }
    });
    return experimentId;
}

}  // namespace iglu::catalog

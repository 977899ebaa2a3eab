// iglu import rollouts FILE --db DB [--experiment NAME] [--keep-divergent] [--json]
//
// Streams a rollout file (docs/rollout_format.md), replays every episode in a new environment with
// its env options, recording the rollout as every recorder of environment steps does
// (core::StepRecorder), checks the file's rewards and final grid against the replay, and stores the
// episodes as experiments (catalog::storeAgentEpisodes): under --experiment, else under each line's
// agent. A task given inline and unknown to the catalog is stored as a custom task; one the
// catalog knows must have the same blocks.
//
// The whole file is one transaction: a malformed line (named file:line: field), or a second line of
// one (experiment, task, seed, repetition), stores nothing of the file. Ctrl-C stops after the episode in flight and stores the episodes replayed so far.
// Divergent episodes are reported by line and step and not stored unless --keep-divergent; the
// exit code is then 1.
#include "import_rollouts.hpp"

#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/catalog/agent_episodes.hpp"
#include "core/catalog/experiment_name.hpp"
#include "core/rollout/action_text.hpp"
#include "core/rollout/rollout_file.hpp"
#include "core/rollout/step_recorder.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "progress_line.hpp"

namespace iglu::cli {

namespace import_rollouts {

struct Interrupted {};

struct Counts {
    int episodes = 0, stored = 0, diverged = 0, newTasks = 0;
    std::map<std::string, int> perExperiment;  // stored episodes per experiment name
    bool interrupted = false;
};

/// The task a line plays: its inline blocks (stored as a custom task when the catalog lacks it;
/// refused when the catalog's task of that id differs) or the catalog's task.
const core::Task& taskFor(catalog::Catalog& cat, std::map<std::string, core::Task>& known, const core::RolloutRecord& r,
                          const std::string& where, Counts& counts) {
    auto it = known.find(r.taskId);
    if (it == known.end()) {
        if (auto rec = cat.task(r.taskId)) it = known.emplace(r.taskId, std::move(rec->task)).first;
    }
    if (r.task) {
        if (it == known.end()) {
            catalog::TaskRecord rec;
            rec.task = *r.task;
            rec.source = catalog::TaskSource::Custom;
            cat.putTask(rec, catalog::TaskWrite::New);
            ++counts.newTasks;
            it = known.emplace(r.taskId, *r.task).first;
        } else if (it->second.starting != r.task->starting || it->second.target != r.task->target) {
            throw core::RolloutFileError(where + ": task: its blocks differ from those of task " + r.taskId +
                                         " in the catalog (give another task_id, or leave \"task\" out to play the "
                                         "catalog's)");
        }
    } else if (it == known.end()) {
        throw core::RolloutFileError(where + ": task_id: task " + r.taskId + " is not in the catalog " + cat.path() +
                                     " (give its blocks in \"task\", or import it first)");
    }
    return it->second;
}

void importFile(const RolloutImportOptions& o, catalog::Catalog& cat, Counts& counts) {
    const std::string label = std::filesystem::path(o.file).filename().string();
    ProgressLine progress("importing " + label + " (bytes)");
    std::map<std::string, core::Task> known;
    catalog::EpisodeKeys keys;  // one key per episode in the whole file
    const auto& interrupt = interruptFlag();
    cat.transaction([&] {
        try {
            core::readRolloutFile(
                o.file,
                [&](core::RolloutRecord&& r) {
                    if (interrupt.load()) throw Interrupted{};
                    const std::string where = label + ":" + std::to_string(r.line);
                    const core::Task& task = taskFor(cat, known, r, o.file + ":" + std::to_string(r.line), counts);
                    ++counts.episodes;
                    const std::string name = o.experiment.empty() ? r.agent : o.experiment;
                    if (const auto problem = catalog::experimentNameProblem(name); !problem.empty())
                        throw core::RolloutFileError(o.file + ":" + std::to_string(r.line) + ": " +
                                                     (o.experiment.empty() ? "agent" : "--experiment") + ": \"" +
                                                     catalog::printableName(name) + "\" " + problem + " (it names the experiment)");
                    // Two lines of one key: storing both would keep one while counting two.
                    if (const std::string earlier =
                            keys.add(name, r.taskId, r.seed, r.repetition, "line " + std::to_string(r.line));
                        !earlier.empty())
                        throw core::RolloutFileError(o.file + ":" + std::to_string(r.line) + ": episode (task " + r.taskId +
                                                     ", seed " + std::to_string(r.seed) + ", repetition " +
                                                     std::to_string(r.repetition) + ") of experiment " + name +
                                                     " has the key of " + earlier +
                                                     ": one would replace the other; give each its own seed or repetition");

                    // Replayed without the first-person view: it never changes an episode.
                    core::EnvConfig config = r.env.config;
                    config.povInObs = false;
                    core::Environment env(config);
                    env.setTask(task);
                    env.reset();  // replayRollout resets again: a new environment's reset is the same state
                    core::StepRecorder recorder;
                    recorder.begin(env, core::RolloutKind::Agent, "experiment:" + name, r.actions.size());
                    std::size_t step = 0;
                    core::RolloutDivergence d;
                    try {
                        d = core::replayRollout(env, task, r, [&](const core::StepResult& result, const core::Action& action) {
                            const auto parsed = core::parseActionText(r.actionTexts[step++]);
                            if (parsed && parsed->discreteId >= 0) recorder.record(env, result, parsed->discreteId);
                            else recorder.record(env, result, action);
                        });
                    } catch (const core::RolloutFileError& e) {
                        throw core::RolloutFileError(o.file + ":" + (e.what() + std::string_view(e.what()).find(' ') + 1));
                    }
                    if (!d.ok()) {
                        ++counts.diverged;
                        progress.finish();
                        std::cout << where << " (" << r.taskId << " seed " << r.seed << " repetition " << r.repetition
                                  << "): " << (d.step > 0 ? "step " + std::to_string(d.step) + ": " : std::string()) << d.what
                                  << (o.keepDivergent ? " (stored)" : " (not stored)") << "\n";
                        if (!o.keepDivergent) return;
                    }
                    const catalog::AgentEpisode episode = catalog::finishedEpisode(env, recorder, r.seed, r.repetition);
                    try {
                        catalog::storeAgentEpisodes(cat, name, r.agent,
                                                    catalog::externalExperimentConfig(r.agent, "rollouts", core::envOptionsJson(r.env)),
                                                    {&episode, 1});
                    } catch (const catalog::CatalogError& e) {
                        throw core::RolloutFileError(o.file + ":" + std::to_string(r.line) + ": " + e.what());
                    }
                    ++counts.stored;
                    ++counts.perExperiment[name];
                },
                [&](std::size_t read, std::size_t size) { progress.update(read, size); });
        } catch (const Interrupted&) {
            counts.interrupted = true;  // the episodes replayed so far are committed
        }
    });
    progress.finish();
}

}  // namespace import_rollouts

void importRollouts(const RolloutImportOptions& o) {
    using namespace import_rollouts;
    if (!o.experiment.empty()) catalog::checkExperimentName(o.experiment, "--experiment");
    auto cat = catalog::Catalog(o.db, catalog::OpenMode::Create);
    const bool created = cat.createdFile();
    Counts counts;
    try {
        importFile(o, cat, counts);
    } catch (...) {
        if (created) {  // nothing was stored (one transaction): the catalog this command created goes again
            cat = catalog::Catalog::inMemory();
            std::error_code ec;
            for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(o.db + suffix, ec);
        }
        throw;
    }
    if (o.json) {
        nlohmann::json per = nlohmann::json::object();
        for (const auto& [name, n] : counts.perExperiment) per[name] = n;
        std::cout << jsonText({{"episodes", counts.episodes},
                               {"stored", counts.stored},
                               {"diverged", counts.diverged},
                               {"new_tasks", counts.newTasks},
                               {"experiments", per},
                               {"interrupted", counts.interrupted}},
                              2)
                  << "\n";
    } else {
        std::cout << o.file << ": " << counts.episodes << " episodes replayed, " << counts.diverged << " diverged, "
                  << counts.stored << " stored";
        for (const auto& [name, n] : counts.perExperiment) std::cout << "; experiment " << name << ": " << n;
        if (counts.newTasks > 0) std::cout << "; " << counts.newTasks << " new custom tasks";
        std::cout << (counts.interrupted ? " (interrupted)" : "") << "\n";
    }
    if (counts.interrupted) exitCode() = 130;
    else if (counts.diverged > 0) exitCode() = 1;
}

}  // namespace iglu::cli

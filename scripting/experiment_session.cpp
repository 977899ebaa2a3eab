#include "scripting/experiment_session.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "core/catalog/experiment_name.hpp"
#include "core/metrics/metrics.hpp"
#include "core/task/task_list.hpp"
#include "scripting/agent.hpp"
#include "scripting/experiment_changed.hpp"
#include "core/catalog/catalog.hpp"
#include "core/catalog/task_filter.hpp"
#include "core/catalog/experiment_lock.hpp"

namespace iglu::scripting {

catalog::TaskFilter taskFilterOf(const TaskSetSpec& set) {
    if (set.kind == TaskSetSpec::Kind::Ids) {
        catalog::TaskFilter f;
        f.ids = set.ids;
        return f;
    }
    return catalog::parseFilterWords(set.kind == TaskSetSpec::Kind::Filter ? set.text : std::string());
}

namespace {

using EpisodeId = std::tuple<std::string, std::int64_t, int>;  // task id, seed, repetition

// A free name for running a changed experiment as a new one: NAME-v2, NAME-v3, ...
std::string nextVersionName(const catalog::Catalog& cat, const std::string& name) {
    for (int v = 2;; ++v)
        if (!cat.experiment(name + "-v" + std::to_string(v))) return name + "-v" + std::to_string(v);
}

}  // namespace

void checkResumable(const catalog::Catalog& cat, const ExperimentSpec& spec, const AgentFingerprint& agent) {
    const auto existing = cat.experiment(spec.name);
    if (!existing) return;
    // Resuming mixes stored episodes into the summary: only under the same configuration.
    if (existing->config != spec.configJson)
        throw ExperimentChanged(spec.name, "experiment '" + spec.name + "' is already stored in " + cat.path() +
                                 " with another configuration (agent, env, seeds or options changed); "
                                 "run it under a new name with --name NAME");
    // ... and the same agent. An experiment stored before agents were recorded has none: it resumes
    // (and records this one).
    if (existing->agentFiles.empty() || existing->agentSha256 == agent.sha256) return;
    auto changes = fingerprintChanges(existing->agentFiles, agent);
    if (changes.empty()) changes.push_back("agent " + agent.files.front().first + " changed");
    std::string list;
    for (const auto& c : changes) list += (list.empty() ? "" : ", ") + c;
    const std::string next = nextVersionName(cat, spec.name);
    throw AgentChangedError(spec.name, changes, next,
                            "experiment '" + spec.name + "' in " + cat.path() + " was run with another version of its agent (" +
                                list + " since its episodes were stored); resuming would mix the two agents' episodes. "
                                "Run this version as a new experiment with --name " + next +
                                " (or restore the agent it ran: sha256 " + existing->agentSha256 + ")");
}

// The catalog side of a session: the connection, the experiment's writer lock and the episodes
// waiting to be written.
struct ExperimentSession::Store {
    explicit Store(const std::string& path) : cat(path, catalog::OpenMode::Create) {}
    // A catalog file this session created is removed again when the session fails before storing
    // an episode (it failed to open, or its run threw first): a failed `iglu run --db new.db`
    // leaves no empty catalog behind.
    ~Store() {
        if (!discard || !cat.createdFile()) return;
        lock.reset();
        const std::string path = cat.path();
        cat = catalog::Catalog::inMemory();  // closes the file first
        std::error_code ec;
        for (const char* suffix : {"", "-wal", "-shm", "-experiments.lock"}) std::filesystem::remove(path + suffix, ec);
    }
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;
    catalog::Catalog cat;
    bool discard = true;     // until the session has opened; again when a run fails with nothing stored
    bool storedAny = false;  // an episode was written by this session
    std::optional<catalog::ExperimentLock> lock;  // after cat: released before the connection closes
    std::vector<std::pair<catalog::EpisodeRecord, std::optional<core::Rollout>>> pending;
    std::chrono::steady_clock::time_point lastFlush = std::chrono::steady_clock::now();

    // Each episode with its rollout, in one transaction (a batch of them): a killed run leaves
    // neither an episode without its rollout nor a rollout without its episode.
    void flush() {
        if (pending.empty()) return;
        cat.transaction([&] {
            for (auto& [rec, rollout] : pending) {
                if (rollout) rec.rolloutId = cat.putRollout(*rollout);
                cat.putEpisode(rec);
            }
        });
        pending.clear();
        storedAny = true;
        lastFlush = std::chrono::steady_clock::now();
    }
};

ExperimentSession::ExperimentSession(const std::string& experimentPath, const SessionOptions& options)
    : spec_(loadExperiment(experimentPath)) {
    if (!options.name.empty()) {
        catalog::checkExperimentName(options.name, "--name");
        spec_.name = options.name;
    }
    TaskSetSpec set = spec_.tasks;
    if (!options.tasks.empty()) set = parseTaskSet(options.tasks);
    if (!options.db.empty()) {
        // The agent script compiles before the catalog is opened (or created): a script error
        // leaves no file behind.
        { AgentWorker probe(spec_, agentSandbox(spec_)); }
        const AgentFingerprint agent = fingerprintAgent(spec_);
        store_ = std::make_unique<Store>(options.db);
        // Refusals come before anything is written (the task set's new tasks, the experiment).
        checkResumable(store_->cat, spec_, agent);
        agent_ = agent;
    }

    if (set.kind == TaskSetSpec::Kind::File) {
        tasks_ = core::readTaskList(set.file);
        skills_.assign(tasks_.size(), core::SkillSet{});
        if (store_) {  // skills from the catalog when it knows the tasks; unknown tasks are added
            catalog::TaskFilter f;
            for (const auto& t : tasks_) f.ids.push_back(t.id);
            std::map<std::string, core::SkillSet> known;
            for (const auto& s : store_->cat.findTasks(f)) known[s.id] = catalog::effectiveSkills(s);
            std::map<std::string, core::Task> stored;
            for (auto& rec : store_->cat.loadTasks(f)) stored.emplace(rec.task.id, std::move(rec.task));
            std::vector<catalog::TaskRecord> add;
            for (std::size_t i = 0; i < tasks_.size(); ++i) {
                if (auto it = known.find(tasks_[i].id); it != known.end()) {
                    // Episodes are stored under the id: they must be of the catalog's task.
                    const core::Task& mine = stored.at(tasks_[i].id);
                    if (mine.starting != tasks_[i].starting || mine.target != tasks_[i].target)
                        throw std::runtime_error(set.file + ": task " + tasks_[i].id + ": its blocks differ from those of task " +
                                                 tasks_[i].id + " in " + options.db +
                                                 " (episodes are stored under the id: give it another id)");
                    skills_[i] = it->second;
                } else {
                    catalog::TaskRecord rec;
                    rec.task = tasks_[i];
                    rec.source = catalog::TaskSource::Custom;
                    add.push_back(std::move(rec));
                }
            }
            if (!add.empty()) store_->cat.putTasks(add, catalog::TaskWrite::New);
        }
    } else {
        if (!store_)
            throw std::runtime_error("the task set '" + set.describe() +
                                     "' comes from a catalog: give --db FILE (or --tasks FILE.jsonl)");
        const catalog::TaskFilter f = taskFilterOf(set);
        std::map<std::string, core::SkillSet> skills;
        for (const auto& s : store_->cat.findTasks(f)) skills[s.id] = catalog::effectiveSkills(s);
        for (auto& rec : store_->cat.loadTasks(f)) {
            skills_.push_back(skills[rec.task.id]);
            tasks_.push_back(std::move(rec.task));
        }
        if (tasks_.empty())
            throw std::runtime_error("no task in " + options.db + " matches '" + set.describe() +
                                     "' (import tasks first: iglu import)");
    }

    const std::vector<EpisodeKey> all = allEpisodes(spec_, tasks_.size());
    episodeCount_ = all.size();
    results_.assign(all.size(), std::nullopt);
    if (store_) {
        store_->cat.transaction([&] {  // checked again where it is written: another run may have come first
            checkResumable(store_->cat, spec_, agent_);
            experimentId_ = store_->cat.ensureExperiment(spec_.name, spec_.scriptPath, spec_.configJson).id;
            store_->cat.setExperimentAgent(experimentId_, agent_.sha256, agent_.filesJson());
        });
        // One writer per experiment: taken before the stored episodes are read, so two runs never
        // both run the same episodes.
        store_->lock.emplace(store_->cat, experimentId_, spec_.name);
        if (const auto& dead = store_->lock->tookOver())
            tookOver_ = "process " + std::to_string(dead->pid) + " on host " + dead->host + " (started " + dead->started + ")";
        orphansRemoved_ = store_->cat.removeOrphanRollouts(sessionConfig(spec_).rolloutSource);
        std::map<EpisodeId, catalog::EpisodeRecord> stored;
        for (auto& e : store_->cat.episodes(experimentId_)) stored[{e.taskId, e.seed, e.repetition}] = std::move(e);
        for (const auto& k : all) {
            const core::Task& t = tasks_[k.task];
            auto it = stored.find({t.id, k.seed, k.repetition});
            if (it == stored.end()) {
                todo_.push_back(k);
                continue;
            }
            const catalog::EpisodeRecord& e = it->second;
            results_[indexOf(k.task, k.seed, k.repetition)] = episodeResult(e, t);
            ++resumed_;
        }
        rebuildSummary();
        store_->discard = false;
        return;
    }
    todo_ = all;
}

ExperimentSession::~ExperimentSession() = default;

RunReport ExperimentSession::run(const SessionRun& how) {
    std::map<std::string, std::size_t> taskIndex;
    for (std::size_t i = 0; i < tasks_.size(); ++i) taskIndex[tasks_[i].id] = i;
    std::set<EpisodeId> done;

    RunOptions ro;
    ro.jobs = how.jobs;
    ro.progress = how.progressLine;
    ro.cancel = how.cancel;
    ro.onProgress = how.onProgress;
    // Whatever happens (cancel, a failing callback), what finished is written and leaves the todo list.
    auto settle = [&] {
        if (store_) store_->flush();
        std::erase_if(todo_, [&](const EpisodeKey& k) { return done.contains({tasks_[k.task].id, k.seed, k.repetition}); });
        rebuildSummary();
    };
    RunReport report;
    try {
        report = runEpisodes(spec_, tasks_, todo_, ro, [&](EpisodeOutcome&& out) {
            const std::size_t ti = taskIndex.at(out.taskId);
            const EpisodeResult result{out.ok,  out.success,        out.baselineSuccess, out.f1,
                                       out.baselineF1, out.steps, out.iglu2022F1, out.predictionF1};
            summary_.add(result, skills_[ti]);
            results_[indexOf(ti, out.seed, out.repetition)] = result;
            done.insert({out.taskId, out.seed, out.repetition});
            if (store_) {
                catalog::EpisodeRecord rec;
                rec.experimentId = experimentId_;
                rec.taskId = out.taskId;
                rec.seed = out.seed;
                rec.repetition = out.repetition;
                rec.ok = out.ok;
                rec.error = out.error;
                rec.steps = out.steps;
                rec.totalReturn = out.totalReturn;
                rec.precision = out.precision;
                rec.recall = out.recall;
                rec.f1 = out.f1;
                rec.success = out.success;
                rec.iglu2022F1 = out.iglu2022F1;
                rec.prediction = out.prediction;
                rec.predictionF1 = out.predictionF1;
                store_->pending.push_back({std::move(rec), std::move(out.rollout)});
            }
            if (how.onEpisode) how.onEpisode(out);
            if (store_ && (store_->pending.size() >= 64 ||
                           std::chrono::steady_clock::now() - store_->lastFlush > std::chrono::milliseconds(500)))
                store_->flush();
        });
    } catch (...) {
        settle();
        if (store_ && !store_->storedAny) store_->discard = true;  // removed with the session if it created the file
        throw;
    }
    settle();
    return report;
}

// The position of (task, seed, repetition) in allEpisodes().
std::size_t ExperimentSession::indexOf(std::size_t task, std::int64_t seed, int repetition) const {
    const auto s = static_cast<std::size_t>(std::find(spec_.seeds.begin(), spec_.seeds.end(), seed) - spec_.seeds.begin());
    const auto reps = static_cast<std::size_t>(spec_.repetitions);
    return (task * spec_.seeds.size() + s) * reps + static_cast<std::size_t>(repetition);
}

// Sums in the experiment's episode order: the same summary whatever order episodes finished in.
void ExperimentSession::rebuildSummary() {
    Summary s;
    const std::size_t perTask = spec_.seeds.size() * static_cast<std::size_t>(spec_.repetitions);
    for (std::size_t i = 0; i < results_.size(); ++i)
        if (const auto& r = results_[i])
            s.add(*r, skills_[i / perTask]);
    summary_ = std::move(s);
}

EpisodeResult episodeResult(const catalog::EpisodeRecord& episode, const core::Task& task) {
    const core::Scores base = core::score(task.target, task.starting);
    return {episode.ok,      episode.success, core::exactCompletion(base), episode.f1,
            base.f1,         episode.steps,   episode.iglu2022F1,          episode.predictionF1};
}

void addStoredEpisode(Summary& summary, const catalog::EpisodeRecord& episode, const core::Task& task,
                      core::SkillSet skills) {
    summary.add(episodeResult(episode, task), skills);
}

Summary storedSummary(const catalog::Catalog& cat, std::int64_t experimentId) {
    std::vector<catalog::EpisodeRecord> episodes = cat.episodes(experimentId);
    // Summed in key order, not in the order episodes were written (which depends on the run).
    std::sort(episodes.begin(), episodes.end(), [](const auto& a, const auto& b) {
        return std::tie(a.taskId, a.seed, a.repetition) < std::tie(b.taskId, b.seed, b.repetition);
    });
    catalog::TaskFilter f;
    {
        std::set<std::string> ids;
        for (const auto& e : episodes) ids.insert(e.taskId);
        f.ids.assign(ids.begin(), ids.end());
    }
    Summary summary;
    if (f.ids.empty()) return summary;
    std::map<std::string, core::SkillSet> skills;
    for (const auto& s : cat.findTasks(f)) skills[s.id] = catalog::effectiveSkills(s);
    std::map<std::string, core::Task> tasks;
    for (auto& rec : cat.loadTasks(f)) tasks.emplace(rec.task.id, std::move(rec.task));
    for (const auto& e : episodes) {
        auto it = tasks.find(e.taskId);
        if (it == tasks.end()) continue;  // the task was removed from the catalog: no baseline to compare with
        addStoredEpisode(summary, e, it->second, skills[e.taskId]);
    }
    return summary;
}

}  // namespace iglu::scripting

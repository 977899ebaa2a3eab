// iglu run EXPERIMENT.lua [--db FILE] [--jobs N] [--tasks WORDS] [--json] [--quiet]
//
// Runs an experiment script's agent over a task set on N worker threads, stores every finished
// episode in the catalog (so Ctrl-C keeps them and a re-run resumes), and prints a per-skill
// summary beside the do-nothing agent's.
#include <atomic>
#include <chrono>
#include <optional>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/metrics/metrics.hpp"
#include "core/task/task_list.hpp"
#include "scripting/experiment.hpp"
#include "scripting/runner.hpp"
#include "scripting/summary.hpp"
#include "workbench/cli/commands.hpp"
#include "workbench/cli/interrupt.hpp"
#ifdef IGLU_HAVE_CATALOG
#include "core/catalog/catalog.hpp"
#endif

namespace iglu::cli {

namespace {

using namespace iglu::scripting;

struct Options {
    std::string experiment;
    std::string db;
    std::string tasks;
    int jobs = 1;
    bool json = false;
    bool quiet = false;
    bool perEpisode = false;
    std::string name;
};

struct LoadedTasks {
    std::vector<core::Task> tasks;
    std::vector<core::SkillSet> skills;  // parallel to tasks
};

#ifdef IGLU_HAVE_CATALOG
// --tasks words, the same filters as `iglu tasks`: skill names (or skill:NAME), clear / unclear
// (or clear:yes|no), source:KIND, limit:N; any other word must occur in the id, instruction or dialog.
catalog::TaskFilter filterFromWords(const TaskSetSpec& set) {
    if (set.kind == TaskSetSpec::Kind::Ids) {
        catalog::TaskFilter f;
        f.ids = set.ids;
        return f;
    }
    std::vector<std::string> skills;
    std::string text, clear, source;
    int limit = -1;
    std::stringstream ss(set.text);
    for (std::string w; ss >> w;) {
        std::string lower = w;
        for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower.starts_with("skill:")) skills.push_back(lower.substr(6));
        else if (core::parseSkill(lower)) skills.push_back(lower);
        else if (lower == "clear" || lower == "unclear") clear = lower == "clear" ? "yes" : "no";
        else if (lower.starts_with("clear:")) clear = lower.substr(6);
        else if (lower.starts_with("source:")) source = lower.substr(7);
        else if (lower.starts_with("limit:")) limit = std::stoi(lower.substr(6));
        else if (lower.starts_with("text:")) text += (text.empty() ? "" : " ") + w.substr(5);
        else text += (text.empty() ? "" : " ") + w;
    }
    return parseTaskFilter(skills, text, clear, source, limit);
}

core::SkillSet skillsOf(const catalog::TaskSummary& s) { return s.humanLabeled ? s.humanSkills : s.autoSkills; }
#endif

LoadedTasks loadTasks(const ExperimentSpec& spec, const Options& o) {
    LoadedTasks out;
    TaskSetSpec set = spec.tasks;
    if (!o.tasks.empty()) set = parseTaskSet(o.tasks);
    if (set.kind == TaskSetSpec::Kind::File) {
        out.tasks = core::readTaskList(set.file);
        out.skills.assign(out.tasks.size(), core::SkillSet{});
#ifdef IGLU_HAVE_CATALOG
        if (!o.db.empty()) {  // skills from the catalog when it knows the tasks; unknown tasks are added
            catalog::Catalog cat(o.db);
            catalog::TaskFilter f;
            for (const auto& t : out.tasks) f.ids.push_back(t.id);
            std::map<std::string, core::SkillSet> known;
            for (const auto& s : cat.findTasks(f)) known[s.id] = skillsOf(s);
            std::vector<catalog::TaskRecord> add;
            for (std::size_t i = 0; i < out.tasks.size(); ++i) {
                if (auto it = known.find(out.tasks[i].id); it != known.end()) out.skills[i] = it->second;
                else {
                    catalog::TaskRecord rec;
                    rec.task = out.tasks[i];
                    rec.source = catalog::TaskSource::Custom;
                    add.push_back(std::move(rec));
                }
            }
            if (!add.empty()) cat.putTasks(add);
        }
#endif
        return out;
    }
#ifdef IGLU_HAVE_CATALOG
    if (o.db.empty())
        throw std::runtime_error("the task set '" + set.describe() + "' comes from a catalog: give --db FILE (or --tasks FILE.jsonl)");
    catalog::Catalog cat(o.db);
    const catalog::TaskFilter f = filterFromWords(set);
    std::map<std::string, core::SkillSet> skills;
    for (const auto& s : cat.findTasks(f)) skills[s.id] = skillsOf(s);
    for (auto& rec : cat.loadTasks(f)) {
        out.skills.push_back(skills[rec.task.id]);
        out.tasks.push_back(std::move(rec.task));
    }
    if (out.tasks.empty()) throw std::runtime_error("no task in " + o.db + " matches '" + set.describe() + "' (import tasks first: iglu import)");
    return out;
#else
    throw std::runtime_error("the task set '" + set.describe() + "' needs the catalog, which this build lacks: use --tasks FILE.jsonl");
#endif
}

void run(const Options& o) {
    ExperimentSpec spec = loadExperiment(o.experiment);
    if (!o.name.empty()) spec.name = o.name;
    const LoadedTasks loaded = loadTasks(spec, o);
    const std::vector<EpisodeKey> all = allEpisodes(spec, loaded.tasks.size());
    Summary summary;
    std::vector<EpisodeKey> todo;

#ifdef IGLU_HAVE_CATALOG
    std::unique_ptr<catalog::Catalog> cat;
    std::int64_t experimentId = 0;
    if (!o.db.empty()) {
        cat = std::make_unique<catalog::Catalog>(o.db);
        // Resuming mixes stored episodes into the summary: only under the same configuration.
        if (auto existing = cat->experiment(spec.name); existing && existing->config != spec.configJson)
            throw std::runtime_error("experiment '" + spec.name + "' is already stored in " + o.db +
                                     " with another configuration (agent, env, seeds or options changed); "
                                     "run it under a new name with --name NAME");
        experimentId = cat->ensureExperiment(spec.name, spec.scriptPath, spec.configJson).id;
        // Resume: episodes already stored count in the summary and are not run again.
        std::map<std::tuple<std::string, std::int64_t, int>, catalog::EpisodeRecord> stored;
        for (auto& e : cat->episodes(experimentId)) stored[{e.taskId, e.seed, e.repetition}] = std::move(e);
        for (const auto& k : all) {
            const core::Task& t = loaded.tasks[k.task];
            auto it = stored.find({t.id, k.seed, k.repetition});
            if (it == stored.end()) {
                todo.push_back(k);
                continue;
            }
            const core::Scores base = core::score(t.target, t.starting);
            summary.add(it->second.ok, it->second.success, it->second.f1, exactCompletion(base), base.f1, loaded.skills[k.task]);
        }
        if (!o.quiet && todo.size() < all.size())
            std::cerr << "iglu run: resuming '" << spec.name << "': " << all.size() - todo.size() << " of " << all.size()
                      << " episodes already stored\n";
    } else {
        todo = all;
    }
#else
    todo = all;
#endif

    std::map<std::string, std::size_t> taskIndex;
    for (std::size_t i = 0; i < loaded.tasks.size(); ++i) taskIndex[loaded.tasks[i].id] = i;
    std::vector<std::string> failures;

    RunOptions ro;
    ro.jobs = o.jobs;
    ro.progress = !o.quiet;
    ro.cancel = &interruptFlag();  // Ctrl-C: episodes in flight are dropped, stored ones kept
#ifdef IGLU_HAVE_CATALOG
    // Finished episodes are written in batches (one transaction each) from this thread; a batch is
    // flushed every 64 episodes or 0.5 s, and at the end (also after Ctrl-C).
    using clock = std::chrono::steady_clock;
    std::vector<std::pair<catalog::EpisodeRecord, std::optional<core::Rollout>>> pending;
    auto lastFlush = clock::now();
    auto flush = [&] {
        if (!cat || pending.empty()) return;
        cat->transaction([&] {
            for (auto& [rec, rollout] : pending) {
                if (rollout) rec.rolloutId = cat->putRollout(*rollout);
                cat->putEpisode(rec);
            }
        });
        pending.clear();
        lastFlush = clock::now();
    };
#endif
    RunReport report = runEpisodes(spec, loaded.tasks, todo, ro, [&](EpisodeOutcome&& out) {
            const std::size_t ti = taskIndex.at(out.taskId);
            summary.add(out.ok, out.success, out.f1, out.baselineSuccess, out.baselineF1, loaded.skills[ti]);
            if (!out.ok && failures.size() < 5) failures.push_back(out.taskId + ": " + out.error);
            if (o.perEpisode)
                std::cerr << "\nepisode " << out.taskId << " seed " << out.seed << " rep " << out.repetition
                          << (out.ok ? "" : " FAILED") << ": success " << out.success << " f1 " << out.f1 << " steps "
                          << out.steps << " return " << out.totalReturn << "\n";
#ifdef IGLU_HAVE_CATALOG
            if (cat) {
                catalog::EpisodeRecord rec;
                rec.experimentId = experimentId;
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
                pending.push_back({std::move(rec), std::move(out.rollout)});
                if (pending.size() >= 64 || clock::now() - lastFlush > std::chrono::milliseconds(500)) flush();
            }
#endif
        });
#ifdef IGLU_HAVE_CATALOG
    flush();
#endif

    for (const auto& f : failures) std::cerr << "iglu run: episode failed: " << f << "\n";
    if (o.json) {
        nlohmann::json j = summary.toJson();
        j["experiment"] = spec.name;
        j["agent"] = spec.agentPath;
        j["action_space"] = core::toString(spec.env.actionSpace);
        j["max_steps"] = spec.env.maxSteps;
        j["tasks"] = loaded.tasks.size();
        j["ran"] = report.finished;
        j["seconds"] = report.seconds;
        j["jobs"] = o.jobs;
        j["interrupted"] = report.cancelled;
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << "experiment " << spec.name << " (" << core::toString(spec.env.actionSpace) << ", "
                  << spec.env.maxSteps << " steps, " << loaded.tasks.size() << " tasks): ran " << report.finished
                  << " episodes in " << report.seconds << " s" << (report.cancelled ? " (interrupted)" : "") << "\n";
        std::cout << summary.table();
    }
    if (report.cancelled) exitCode() = 130;
}

}  // namespace

void addRunCommand(CLI::App& app) {
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("run", "Run an experiment script (agent x task set) and summarise F1 per skill");
    cmd->add_option("experiment", o->experiment, "Experiment script (.lua)")->required()->check(CLI::ExistingFile);
    cmd->add_option("--db", o->db, "Catalog file: task source, episode store, resume");
    cmd->add_option("--jobs,-j", o->jobs, "Worker threads (one Lua state each)")->check(CLI::Range(1, 256));
    cmd->add_option("--tasks", o->tasks, "Override the task set: all, FILE.jsonl, ids:A,B or filter words (skills, clear, text)");
    cmd->add_flag("--json", o->json, "Print one JSON object (episodes, success_rate, mean_f1, per_skill)");
    cmd->add_flag("--quiet,-q", o->quiet, "No progress line");
    cmd->add_flag("--per-episode", o->perEpisode, "One line per finished episode on stderr");
    cmd->add_option("--name", o->name, "Store under this experiment name (default: the script's name field)");
    cmd->callback([o] { run(*o); });
}

}  // namespace iglu::cli

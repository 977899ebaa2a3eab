// iglu run EXPERIMENT.lua [--db FILE] [--jobs N] [--tasks WORDS] [--json] [--quiet]
//
// Runs an experiment script's agent over a task set on N worker threads, stores every finished
// episode in the catalog (so Ctrl-C keeps them and a re-run resumes), and prints a per-skill
// summary beside the do-nothing agent's. A second run of the same experiment on the same catalog
// is refused while the first runs (the error names its pid, host and start time). The work is scripting::ExperimentSession's (shared with
// the workbench's Experiments plugin); this file is the command line around it.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/util/output_check.hpp"
#include "scripting/experiment_session.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "interrupt.hpp"

namespace iglu::cli {

namespace run_command {

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

void run(const Options& o) {
    if (!o.db.empty()) core::checkOutputFile({"--db", o.db, true}, {{"EXPERIMENT", o.experiment}, {"--tasks", o.tasks}}, {});
    SessionOptions so;
    so.db = o.db;
    so.tasks = o.tasks;
    so.name = o.name;
    ExperimentSession session(o.experiment, so);
    const ExperimentSpec& spec = session.spec();
    if (!session.tookOverFrom().empty())
        std::cerr << "iglu run: took over the lock of '" << spec.name << "' left by " << session.tookOverFrom()
                  << ", which no longer runs\n";
    if (session.orphanRolloutsRemoved() > 0)
        std::cerr << "iglu run: removed " << session.orphanRolloutsRemoved() << " rollouts of '" << spec.name
                  << "' that no episode referenced (left by an older version)\n";
    if (!o.quiet && session.resumedCount() > 0)
        std::cerr << "iglu run: resuming '" << spec.name << "': " << session.resumedCount() << " of "
                  << session.episodeCount() << " episodes already stored\n";

    std::vector<std::string> failures;
    SessionRun how;
    how.jobs = o.jobs;
    how.progressLine = !o.quiet;
    how.cancel = &interruptFlag();  // Ctrl-C: episodes in flight are dropped, finished ones stored
    how.onEpisode = [&](const EpisodeOutcome& out) {
        if (!out.ok && failures.size() < 5) failures.push_back(out.taskId + ": " + out.error);
        if (o.perEpisode)
            std::cerr << "\nepisode " << out.taskId << " seed " << out.seed << " rep " << out.repetition
                      << (out.ok ? "" : " FAILED") << ": success " << out.success << " f1 " << out.f1 << " steps "
                      << out.steps << " return " << out.totalReturn << "\n";
    };
    const RunReport report = session.run(how);

    for (const auto& f : failures) std::cerr << "iglu run: episode failed: " << f << "\n";
    const Summary& summary = session.summary();
    if (o.json) {
        nlohmann::json j = summary.toJson();
        j["experiment"] = spec.name;
        j["agent"] = spec.agentPath;
        j["action_space"] = core::toString(spec.env.actionSpace);
        j["max_steps"] = spec.env.maxSteps;
        j["tasks"] = session.tasks().size();
        j["ran"] = report.finished;
        j["seconds"] = report.seconds;
        j["jobs"] = o.jobs;
        j["interrupted"] = report.cancelled;
        std::cout << jsonText(j, 2) << "\n";
    } else {
        std::cout << "experiment " << spec.name << " (" << core::toString(spec.env.actionSpace) << ", "
                  << spec.env.maxSteps << " steps, " << session.tasks().size() << " tasks): ran " << report.finished
                  << " episodes in " << report.seconds << " s" << (report.cancelled ? " (interrupted)" : "") << "\n";
        std::cout << summary.table();
    }
    if (report.cancelled) exitCode() = 130;
}

}  // namespace run_command

void addRunCommand(CLI::App& app) {
    using namespace run_command;
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("run", "Run an experiment script (agent x task set) and summarise F1 per skill");
    cmd->add_option("experiment", o->experiment, "Experiment script (.lua)")->required()->check(CLI::ExistingFile);
    cmd->add_option("--db", o->db, "Catalog file: task source, episode store, resume");
    addNumberOption(cmd, "--jobs,-j", o->jobs, 1, 256, "Worker threads (one Lua state each)");
    cmd->add_option("--tasks", o->tasks, "Override the task set: all, FILE.jsonl, ids:A,B or filter words (skills, clear, text)");
    cmd->add_flag("--json", o->json, "Print one JSON object (episodes, success_rate, mean_f1, per_skill)");
    cmd->add_flag("--quiet,-q", o->quiet, "No progress line");
    cmd->add_flag("--per-episode", o->perEpisode, "One line per finished episode on stderr");
    cmd->add_option("--name", o->name, "Store under this experiment name (default: the script's name field)");
    cmd->callback([o] { run(*o); });
}

}  // namespace iglu::cli

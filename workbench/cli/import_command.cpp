// iglu import singleturn|sessions|structures|human-feedback PATH --db FILE [--no-rollouts] [--json]
// iglu import rollouts FILE --db FILE [--experiment NAME] [--keep-divergent] [--json] (import_rollouts.cpp)
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/util/output_check.hpp"
#include "core/catalog/catalog.hpp"
#include "datasets/importer.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "import_rollouts.hpp"
#include "interrupt.hpp"
#include "progress_line.hpp"

namespace iglu::cli {

namespace import_command {

struct Options {
    std::string kind;
    std::string path;
    std::string db;
    bool noRollouts = false;
    bool json = false;
    std::string experiment;
    bool keepDivergent = false;
};

nlohmann::json toJson(const datasets::ImportReport& r) {
    nlohmann::json skipped = nlohmann::json::object(), warnings = nlohmann::json::object();
    for (const auto& [k, v] : r.skippedBy) skipped[datasets::reasonName(k)] = v;
    for (const auto& [k, v] : r.warningsBy) warnings[datasets::reasonName(k)] = v;
    nlohmann::json issues = nlohmann::json::array();
    for (const auto& i : r.issues) issues.push_back({{"reason", datasets::reasonName(i.reason)}, {"message", i.message}});
    return {{"kind", r.kind},       {"imported", r.imported}, {"skipped", r.skipped},     {"rollouts", r.rollouts},
            {"sessions", r.sessions}, {"labels", r.labels},   {"cancelled", r.cancelled}, {"bytes", r.bytes},
            {"seconds", r.seconds}, {"skipped_by_reason", skipped}, {"warnings_by_reason", warnings}, {"issues", issues}};
}

void importInto(const Options& o, catalog::Catalog& cat);

void run(const Options& o) {
    core::checkOutputFile({"--db", o.db, true}, {{"PATH", o.path}}, {});
    if (o.kind == "rollouts") {
        importRollouts({o.path, o.db, o.experiment, o.keepDivergent, o.json});
        return;
    }
    if (!o.experiment.empty() || o.keepDivergent)
        throw std::runtime_error("--experiment and --keep-divergent apply to 'iglu import rollouts' only");
    auto cat = catalog::Catalog(o.db, catalog::OpenMode::Create);
    // A catalog this command created is removed again when the import fails before storing a task.
    const bool created = cat.createdFile();
    try {
        importInto(o, cat);
    } catch (...) {
        if (created && cat.taskCount() == 0) {
            cat = catalog::Catalog::inMemory();  // closes the file first
            std::error_code ec;
            for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(o.db + suffix, ec);
        }
        throw;
    }
}

void importInto(const Options& o, catalog::Catalog& cat) {
    ProgressLine progress("importing " + o.kind);
    datasets::ImportOptions opts;
    opts.withRollouts = !o.noRollouts;
    opts.cancel = &interruptFlag();
    opts.progress = [&](std::size_t done, std::size_t total) { progress.update(done, total); };
    datasets::ImportReport report;
    if (o.kind == "singleturn") report = datasets::importSingleTurn(o.path, cat, opts);
    else if (o.kind == "sessions") report = datasets::importSessions(o.path, cat, opts);
    else if (o.kind == "human-feedback") report = datasets::importHumanFeedback(o.path, cat, opts);
    else report = datasets::importStructures(o.path, cat, opts);
    progress.finish();
    if (o.json) std::cout << jsonText(toJson(report), 2) << "\n";
    else if (o.kind == "human-feedback")
        std::cout << report.summary() << "catalog " << o.db << ": " << cat.humanFeedback().size() << " feedback rows\n";
    else std::cout << report.summary() << "catalog " << o.db << ": " << cat.taskCount() << " tasks\n";
    if (report.cancelled) exitCode() = 130;
}

}  // namespace import_command

void addImportCommand(CLI::App& app) {
    using namespace import_command;
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("import", "Import an IGLU dataset (original layout) or a rollout file of agent episodes into a "
                                             "catalog; re-importing updates, never duplicates");
    cmd->add_option("KIND", opts->kind, "singleturn | sessions | structures | rollouts | human-feedback")
        ->required()
        ->check(CLI::IsMember({"singleturn", "sessions", "structures", "rollouts", "human-feedback"}));
    cmd->add_option("PATH", opts->path,
                    "singleturn: the dataset folder (clarifying_questions_train.csv ...); sessions: a builder-data folder "
                    "or a folder holding one; structures: structures.json; human-feedback: human_agent_feedback.csv (bad rows reported by line); rollouts: a rollout file (docs/rollout_format.md), "
                    "replayed and verified")
        ->required();
    cmd->add_option("--db", opts->db, "Catalog file (created if absent)")->required();
    cmd->add_flag("--no-rollouts", opts->noRollouts, "Do not store the builders' behaviour tapes");
    cmd->add_flag("--json", opts->json, "Print the import report as JSON");
    cmd->add_option("--experiment", opts->experiment, "rollouts: store every episode under this experiment (default: each line's agent)");
    cmd->add_flag("--keep-divergent", opts->keepDivergent, "rollouts: store episodes whose replay diverged from the file too");
    cmd->callback([opts] { run(*opts); });
}

}  // namespace iglu::cli

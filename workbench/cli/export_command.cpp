// iglu export rollouts --db DB (--experiment NAME | --task ID ...) -o FILE
//
// Writes stored agent episodes as a rollout file (docs/rollout_format.md), the format `iglu import
// rollouts` reads: one line per episode with the task's blocks inline (the file stands alone), the
// env options of the experiment's configuration, the seed and repetition, the frames' actions and
// rewards and the final grid. Each line's agent is its experiment's name, so importing the file
// into another catalog recreates the experiments under their names. Episodes without a stored
// rollout, and episodes whose agent failed, are left out (and counted on stderr). The file is
// written beside its destination and renamed into place when complete.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/catalog/catalog.hpp"
#include "core/util/json_parse.hpp"
#include "core/rollout/rollout_file.hpp"
#include "core/util/output_check.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "experiment_names.hpp"

namespace iglu::cli {

namespace export_command {

struct Options {
    std::string kind;
    std::string db;
    std::string experiment;
    std::vector<std::string> tasks;
    std::string output;
};

/// The env options an experiment ran with, from its stored configuration: external experiments
/// store keyword options; `iglu run` stores its own keys, the same names except the view
/// ("pov": [width, height] when on).
core::EnvOptions envOptionsOf(const catalog::ExperimentRecord& e) {
    nlohmann::json cfg = core::parseJsonOrDiscarded(e.config);
    if (cfg.is_discarded() || !cfg.is_object()) return {};
    const nlohmann::json env = cfg.value("env", nlohmann::json::object());
    if (!env.is_object()) return {};
    nlohmann::json kw = nlohmann::json::object();
    for (const auto& [key, value] : env.items()) {
        if (key == "pov") {
            if (value.is_array() && value.size() == 2) {
                kw["render"] = true;
                kw["render_size"] = {value[1], value[0]};
            }
        } else {
            kw[key] = value;
        }
    }
    return core::envOptionsFromJson(kw.dump(), "experiment " + e.name + ": env");
}

void run(const Options& o) {
    core::checkOutputFile({"-o", o.output}, {{"--db", o.db, true}}, {".jsonl"});
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    std::vector<catalog::ExperimentRecord> experiments;
    if (!o.experiment.empty()) experiments.push_back(experimentNamed(cat, o.experiment));
    else experiments = cat.experiments();
    const std::set<std::string> wanted(o.tasks.begin(), o.tasks.end());

    const std::filesystem::path dest(o.output);
    const std::filesystem::path part = dest.string() + ".part";
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error(o.output + ": cannot write (" + part.string() + ")");
    int written = 0, noRollout = 0, failed = 0;
    std::map<std::string, core::Task> tasks;
    try {
        for (const auto& e : experiments) {
            const core::EnvOptions env = envOptionsOf(e);
            auto episodes = cat.episodes(e.id);
            std::sort(episodes.begin(), episodes.end(), [](const auto& a, const auto& b) {
                return std::tie(a.taskId, a.seed, a.repetition) < std::tie(b.taskId, b.seed, b.repetition);
            });
            for (const auto& ep : episodes) {
                if (!wanted.empty() && !wanted.count(ep.taskId)) continue;
                if (!ep.ok) {
                    ++failed;
                    continue;
                }
                const auto rollout = ep.rolloutId ? cat.rollout(*ep.rolloutId) : std::nullopt;
                if (!rollout) {
                    ++noRollout;
                    continue;
                }
                auto t = tasks.find(ep.taskId);
                if (t == tasks.end()) {
                    auto rec = cat.task(ep.taskId);
                    if (!rec)
                        throw std::runtime_error("experiment " + e.name + ": episode of task " + ep.taskId +
                                                 ", which is no longer in the catalog");
                    t = tasks.emplace(ep.taskId, std::move(rec->task)).first;
                }
                core::RolloutRecord r;
                try {
                    r = core::rolloutRecordOf(*rollout, e.name, t->second, env, ep.seed, ep.repetition);
                } catch (const core::RolloutFileError& err) {
                    throw std::runtime_error("experiment " + e.name + ": " + err.what());
                }
                out << core::rolloutLine(r) << '\n';
                ++written;
            }
        }
        out.close();
        if (!out) throw std::runtime_error(o.output + ": write failed");
        std::filesystem::rename(part, dest);
    } catch (...) {
        std::error_code ec;
        std::filesystem::remove(part, ec);
        throw;
    }
    if (noRollout > 0)
        std::cerr << "iglu export: " << noRollout << " episodes have no stored rollout (record_rollouts = false): not exported\n";
    if (failed > 0) std::cerr << "iglu export: " << failed << " episodes whose agent failed: not exported\n";
    std::cout << o.output << ": " << written << " episodes\n";
}

}  // namespace export_command

void addExportCommand(CLI::App& app) {
    using namespace export_command;
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("export", "Export agent episodes of a catalog as a rollout file (docs/rollout_format.md)");
    cmd->add_option("KIND", o->kind, "rollouts")->required()->check(CLI::IsMember({"rollouts"}));
    cmd->add_option("--db", o->db, "Catalog file")->required()->check(CLI::ExistingFile);
    cmd->add_option("--experiment", o->experiment, "Episodes of this experiment");
    cmd->add_option("--task", o->tasks, "Episodes of these tasks (repeat; with --experiment: of that experiment only)");
    cmd->add_option("-o,--output", o->output, "Rollout file to write, FILE.jsonl (replaced when complete)")->required();
    cmd->callback([o] {
        if (o->experiment.empty() && o->tasks.empty()) throw std::runtime_error("export rollouts: give --experiment NAME or --task ID");
        run(*o);
    });
}

}  // namespace iglu::cli

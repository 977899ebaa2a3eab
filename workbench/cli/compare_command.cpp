// iglu compare --db DB ID ID [ID...] [--differing] [--json]
// iglu compare --db DB --task TASK          lists the task's rollouts (ids to compare)
//
// Two or more rollouts of one task step by step, as the workbench's Compare dock shows them
// (core/rollout/rollout_comparison.hpp): per rollout its kind, source, frames, return and final F1;
// where the worlds first differ; then per step each rollout's action, the blocks it placed / broke
// and its F1 (--differing: only the steps where the worlds differ). --json: the same as one object.
#include <limits>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "cli_util.hpp"
#include "commands.hpp"
#include "core/catalog/catalog.hpp"
#include "core/rollout/rollout_comparison.hpp"
#include "core/rollout/rollout_series.hpp"

namespace iglu::cli {

namespace compare_command {

struct Options {
    std::string db;
    std::vector<std::int64_t> ids;
    std::string task;
    bool differing = false;
    bool json = false;
};

struct Compared {
    core::Rollout rollout;
    core::RolloutSeries series;
    std::vector<core::StepRow> rows;
};

std::string letter(std::size_t i) { return i < 26 ? std::string(1, static_cast<char>('A' + i)) : std::to_string(i + 1); }

void listRollouts(const catalog::Catalog& cat, const Options& o) {
    if (!cat.task(o.task)) throw std::runtime_error("task " + o.task + " is not in " + o.db);
    const auto rollouts = cat.rollouts(o.task);
    for (const auto& r : rollouts)
        std::cout << r.id << "\t" << core::rolloutKindName(r.kind) << "\t" << r.frames << " frames\t" << r.source << "\n";
    std::cout << rollouts.size() << " rollouts of " << o.task << "\n";
}

void run(const Options& o) {
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    if (o.ids.empty() && !o.task.empty()) return listRollouts(cat, o);
    if (o.ids.size() < 2)
        throw std::runtime_error("give two or more rollout ids of one task (iglu compare --db " + o.db +
                                 " --task ID lists a task's rollouts)");
    std::vector<Compared> list;
    for (const auto id : o.ids) {
        auto rollout = cat.rollout(id);
        if (!rollout) throw std::runtime_error("rollout " + std::to_string(id) + " is not in " + o.db);
        if (!list.empty() && rollout->taskId != list.front().rollout.taskId)
            throw std::runtime_error("rollout " + std::to_string(id) + " is of task " + rollout->taskId + ", rollout " +
                                     std::to_string(o.ids.front()) + " of task " + list.front().rollout.taskId +
                                     ": compare rollouts of one task");
        list.push_back({std::move(*rollout), {}, {}});
    }
    const auto task = cat.task(list.front().rollout.taskId);
    if (!task) throw std::runtime_error("task " + list.front().rollout.taskId + " is not in " + o.db);
    std::vector<const core::Rollout*> raw;
    for (auto& c : list) {
        c.series = core::computeSeries(c.rollout, task->task.target);
        c.rows = core::stepRows(c.rollout, c.series);
        raw.push_back(&c.rollout);
    }
    const auto cmp = core::compareRollouts(raw);

    if (o.json) {
        nlohmann::json j;
        j["task"] = task->task.id;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto& c = list[i];
            j["rollouts"].push_back({{"name", letter(i)},
                                     {"id", c.rollout.id},
                                     {"kind", core::rolloutKindName(c.rollout.kind)},
                                     {"source", c.rollout.source},
                                     {"frames", c.rollout.size()},
                                     {"return", c.series.returns.back()},
                                     {"final_f1", c.series.f1.back()}});
        }
        j["steps"] = cmp.steps;
        j["differing_steps"] = cmp.differingSteps;
        j["first_difference"] = cmp.firstDifference ? nlohmann::json(*cmp.firstDifference) : nlohmann::json(nullptr);
        j["per_step"] = nlohmann::json::array();
        for (std::size_t p = 1; p <= cmp.steps; ++p) {
            if (o.differing && !cmp.differs[p]) continue;
            nlohmann::json row{{"step", p}, {"differs", bool(cmp.differs[p])}};
            for (const auto& c : list) {
                if (p > c.rows.size()) {
                    row["rollouts"].push_back(nullptr);
                    continue;
                }
                const auto& r = c.rows[p - 1];
                row["rollouts"].push_back({{"action", r.action},
                                           {"changes", r.changes},
                                           {"pose", {r.pose.x, r.pose.y, r.pose.z, r.pose.yaw, r.pose.pitch}},
                                           {"reward", r.reward},
                                           {"f1", r.f1}});
            }
            j["per_step"].push_back(std::move(row));
        }
        std::cout << jsonText(j, 1) << "\n";
        return;
    }
    std::cout << "task " << task->task.id << "\n";
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& c = list[i];
        std::cout << std::fixed << std::setprecision(3) << letter(i) << ": rollout #" << c.rollout.id << " "
                  << core::rolloutKindName(c.rollout.kind) << " (" << c.rollout.source << "), " << c.rollout.size()
                  << " frames, return " << c.series.returns.back() << ", final F1 " << c.series.f1.back() << "\n";
    }
    if (!cmp.firstDifference)
        std::cout << "the worlds are the same at every step\n";
    else
        std::cout << "the worlds first differ after step " << *cmp.firstDifference << " (" << cmp.differingSteps << " of "
                  << cmp.steps + 1 << " steps differ)\n";
    std::cout << "step";
    for (std::size_t i = 0; i < list.size(); ++i) std::cout << "\t" << letter(i) << " action\t" << letter(i) << " blocks\t" << letter(i) << " F1";
    std::cout << "\n";
    for (std::size_t p = 1; p <= cmp.steps; ++p) {
        if (o.differing && !cmp.differs[p]) continue;
        std::cout << p << (cmp.differs[p] ? "*" : "");
        for (const auto& c : list) {
            if (p > c.rows.size()) {
                std::cout << "\t(ended)\t\t";
                continue;
            }
            const auto& r = c.rows[p - 1];
            std::cout << "\t" << r.action << "\t" << r.changes << "\t" << r.f1;
        }
        std::cout << "\n";
    }
}

}  // namespace compare_command

void addCompareCommand(CLI::App& app) {
    using namespace compare_command;
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("compare", "Compare two or more rollouts of one task step by step (as the Compare dock): "
                                              "where the worlds first differ, each step's action, blocks and F1 (* = differs)");
    cmd->add_option("--db", o->db, "Catalog file")->required()->check(CLI::ExistingFile);
    cmd->add_option_function<std::vector<std::string>>(
           "ROLLOUT",
           [o](const std::vector<std::string>& values) {
               o->ids.clear();
               for (const auto& v : values)
                   o->ids.push_back(core::parseNumberOption<std::int64_t>("ROLLOUT", v, 1, std::numeric_limits<std::int64_t>::max()));
           },
           "Rollout ids (integers >= 1), two to 16, of one task")
        ->expected(0, 16);
    cmd->add_option("--task", o->task, "Without rollout ids: list this task's rollouts (id, kind, frames, source)");
    cmd->add_flag("--differing", o->differing, "Only the steps where the worlds differ");
    cmd->add_flag("--json", o->json, "One JSON object");
    cmd->callback([o] { run(*o); });
}

}  // namespace iglu::cli

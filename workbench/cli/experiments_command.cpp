// iglu experiments list|show NAME|compare A B|feedback --db FILE [--json]
// iglu experiments delete NAME|rename NAME NEW|tag NAME [TAG ...]|note NAME TEXT --db FILE
// iglu experiments scalars --db FILE [--run RUN] [--json]
//
// The catalog's experiments in the terminal — Lua runs (`iglu run`), Python agents and imported
// rollout files alike: the list (agent, episodes, success rate, mean F1, created), one
// experiment's per-skill table exactly as `iglu run` prints it (scripting::storedSummary), and the
// per-skill differences between two experiments with the number of episodes they share.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/catalog/catalog.hpp"
#include "core/util/json_parse.hpp"
#include "core/catalog/experiment_name.hpp"
#include "core/catalog/experiment_comparison.hpp"
#include "scripting/experiment_session.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "experiment_names.hpp"
#include "experiments_actions.hpp"

namespace iglu::cli {

namespace experiments_command {

struct Options {
    std::string action;
    std::vector<std::string> names;
    std::string db;
    std::string run;  // scalars --run
    bool json = false;
    bool allTasks = false;  // compare --tasks
};

nlohmann::json configOf(const catalog::ExperimentRecord& e) {
    nlohmann::json cfg = core::parseJsonOrDiscarded(e.config);
    return cfg.is_discarded() || !cfg.is_object() ? nlohmann::json::object() : cfg;
}

/// The agent as the Experiments dock names it: an agent script's file name, or an external agent's name.
std::string agentOf(const nlohmann::json& cfg) {
    const auto it = cfg.find("agent");
    if (it == cfg.end() || !it->is_string()) return {};
    const std::string agent = it->get<std::string>();
    return cfg.contains("source") ? agent : std::filesystem::path(agent).filename().string();
}

nlohmann::json optionalJson(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

/// A mean to three places, "-" when no episode has the value.
std::string optionalText(const std::optional<double>& v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v.value_or(0));
    return v ? std::string(buf) : std::string("-");
}

/// b - a when both exist.
nlohmann::json optionalDelta(const std::optional<double>& a, const std::optional<double>& b) {
    return a && b ? nlohmann::json(*b - *a) : nlohmann::json(nullptr);
}

void list(const catalog::Catalog& cat, bool json) {
    nlohmann::json rows = nlohmann::json::array();
    if (!json)
        std::printf("%-24s %-20s %8s %8s %8s %9s %8s  %s\n", "experiment", "agent", "episodes", "success", "mean F1", "IGLU22 F1",
                    "pred F1", "created");
    const auto experiments = cat.experiments();
    for (const auto& e : experiments) {
        if (e.kind == catalog::kClarificationExperiment) {
            const auto preds = cat.clarificationPredictions(e.id);
            int errors = 0;
            for (const auto& p : preds) errors += p.error.empty() ? 0 : 1;
            if (json)
                rows.push_back({{"name", e.name}, {"kind", e.kind}, {"agent", e.script}, {"tasks", preds.size()}, {"errors", errors},
                                {"tags", e.tags}, {"note", e.note}, {"created", e.created}});
            else
                std::printf("%-24s %-20s %8zu %8s %8s %9s %8s  %s  (clarification: iglu experiments show)%s%s\n",
                            catalog::printableName(e.name).c_str(), catalog::printableName(e.script).c_str(), preds.size(), "-", "-", "-",
                            "-", e.created.c_str(), e.tags.empty() ? "" : " tags ", e.tags.c_str());
            continue;
        }
        int episodes = 0, successes = 0, errors = 0;
        double f1 = 0;
        scripting::SkillStats extra;  // the optional scores, counted as the summary counts them
        for (const auto& ep : cat.episodes(e.id)) {
            ++episodes;
            successes += ep.success ? 1 : 0;
            errors += ep.ok ? 0 : 1;
            f1 += ep.f1;
            if (ep.iglu2022F1) ++extra.iglu2022Episodes, extra.iglu2022F1Sum += *ep.iglu2022F1;
            if (ep.predictionF1) ++extra.predictionEpisodes, extra.predictionF1Sum += *ep.predictionF1;
        }
        const double rate = episodes ? double(successes) / episodes : 0, meanF1 = episodes ? f1 / episodes : 0;
        const nlohmann::json cfg = configOf(e);
        const std::string agent = agentOf(cfg);
        if (json)
            rows.push_back({{"name", e.name},
                            {"kind", e.kind},
                            {"agent", agent},
                            {"source", cfg.value("source", std::string("lua"))},
                            {"episodes", episodes},
                            {"success_rate", rate},
                            {"mean_f1", meanF1},
                            {"mean_iglu2022_f1", optionalJson(extra.meanIglu2022F1())},
                            {"mean_prediction_f1", optionalJson(extra.meanPredictionF1())},
                            {"errors", errors},
                            {"tags", e.tags},
                            {"note", e.note},
                            {"created", e.created}});
        else
            // One row per experiment, also for a name stored before names were checked (NUL, newline).
            std::printf("%-24s %-20s %8d %7.1f%% %8.3f %9s %8s  %s%s%s\n", catalog::printableName(e.name).c_str(),
                        catalog::printableName(agent).c_str(), episodes, 100 * rate, meanF1,
                        optionalText(extra.meanIglu2022F1()).c_str(), optionalText(extra.meanPredictionF1()).c_str(),
                        e.created.c_str(), e.tags.empty() ? "" : "  tags ", e.tags.c_str());
    }
    if (json) std::cout << jsonText(rows, 2) << "\n";
    else std::printf("%zu experiments\n", experiments.size());
}

void show(const catalog::Catalog& cat, const std::string& name, bool json) {
    const auto e = experimentNamed(cat, name);
    if (e.kind == catalog::kClarificationExperiment) return showClarificationExperiment(cat, e, json);
    const scripting::Summary summary = scripting::storedSummary(cat, e.id);
    const nlohmann::json cfg = configOf(e);
    if (json) {
        nlohmann::json j = summary.toJson();
        j["experiment"] = e.name;
        j["agent"] = agentOf(cfg);
        j["created"] = e.created;
        j["config"] = cfg;
        // What agent ran (Lua runs since catalog schema 3): its SHA-256 and each file's.
        j["agent_sha256"] = e.agentSha256;
        const auto files = core::parseJsonOrDiscarded(e.agentFiles);
        j["agent_files"] = files.is_object() ? files : nlohmann::json::object();
        j["kind"] = e.kind;
        j["tags"] = e.tags;
        j["note"] = e.note;
        std::cout << jsonText(j, 2) << "\n";
        return;
    }
    const nlohmann::json env = cfg.value("env", nlohmann::json::object());
    std::cout << "experiment " << e.name << " (agent " << agentOf(cfg);
    if (env.is_object() && env.contains("action_space") && env["action_space"].is_string())
        std::cout << ", " << env["action_space"].get<std::string>();
    if (env.is_object() && env.contains("max_steps")) std::cout << ", " << jsonText(env["max_steps"]) << " steps";
    std::cout << "): " << summary.overall().episodes << " episodes, created " << e.created;
    if (!e.agentSha256.empty()) std::cout << ", agent sha256 " << e.agentSha256;
    std::cout << "\n";
    if (!e.tags.empty()) std::cout << "tags: " << e.tags << "\n";
    if (!e.note.empty()) std::cout << "note: " << e.note << "\n";
    std::cout << summary.table();
}

std::set<std::tuple<std::string, std::int64_t, int>> keysOf(const catalog::Catalog& cat, std::int64_t id) {
    std::set<std::tuple<std::string, std::int64_t, int>> keys;
    for (const auto& ep : cat.episodes(id)) keys.emplace(ep.taskId, ep.seed, ep.repetition);
    return keys;
}

nlohmann::json intervalJson(const core::Interval& i) { return nlohmann::json::array({i.low, i.high}); }

void compare(const catalog::Catalog& cat, const std::string& nameA, const std::string& nameB, bool json, bool allTasks) {
    const auto a = experimentNamed(cat, nameA), b = experimentNamed(cat, nameB);
    if (a.kind != b.kind)
        throw std::runtime_error("experiments compare: " + a.name + " is a " + a.kind + " experiment and " + b.name + " a " + b.kind +
                                 " one: compare experiments of one kind");
    if (a.kind == catalog::kClarificationExperiment) return compareClarificationExperiments(cat, a, b, json);
    const catalog::ExperimentComparison cmp = catalog::compareExperiments(cat, a, b);
    const scripting::Summary sa = scripting::storedSummary(cat, a.id), sb = scripting::storedSummary(cat, b.id);
    const auto ka = keysOf(cat, a.id), kb = keysOf(cat, b.id);
    int common = 0;
    for (const auto& k : ka) common += kb.count(k) ? 1 : 0;

    std::set<std::string> skills;
    for (const auto& [s, st] : sa.perSkill()) skills.insert(s);
    for (const auto& [s, st] : sb.perSkill()) skills.insert(s);
    const scripting::SkillStats none;
    const auto statsOf = [&](const scripting::Summary& s, const std::string& skill) -> const scripting::SkillStats& {
        if (skill == "all") return s.overall();
        const auto it = s.perSkill().find(skill);
        return it == s.perSkill().end() ? none : it->second;
    };
    std::vector<std::string> rows(skills.begin(), skills.end());
    rows.push_back("all");

    if (json) {
        nlohmann::json per = nlohmann::json::object();
        const auto row = [&](const std::string& skill) {
            const auto &x = statsOf(sa, skill), &y = statsOf(sb, skill);
            return nlohmann::json{{"episodes_a", x.episodes},
                                  {"episodes_b", y.episodes},
                                  {"success_rate_a", x.successRate()},
                                  {"success_rate_b", y.successRate()},
                                  {"success_rate_delta", y.successRate() - x.successRate()},
                                  {"mean_f1_a", x.meanF1()},
                                  {"mean_f1_b", y.meanF1()},
                                  {"mean_f1_delta", y.meanF1() - x.meanF1()},
                                  {"mean_iglu2022_f1_a", optionalJson(x.meanIglu2022F1())},
                                  {"mean_iglu2022_f1_b", optionalJson(y.meanIglu2022F1())},
                                  {"mean_iglu2022_f1_delta", optionalDelta(x.meanIglu2022F1(), y.meanIglu2022F1())},
                                  {"mean_prediction_f1_a", optionalJson(x.meanPredictionF1())},
                                  {"mean_prediction_f1_b", optionalJson(y.meanPredictionF1())},
                                  {"mean_prediction_f1_delta", optionalDelta(x.meanPredictionF1(), y.meanPredictionF1())}};
        };
        for (const auto& s : skills) per[s] = row(s);
        const auto side = [](const catalog::ExperimentSide& x) {
            return nlohmann::json{{"episodes", x.episodes}, {"success_rate", x.successRate()},
                                  {"success_rate_ci95", intervalJson(x.successInterval)}, {"mean_f1", x.meanF1},
                                  {"mean_f1_ci95", intervalJson(x.f1Interval)}};
        };
        nlohmann::json tasks = nlohmann::json::array();
        for (const auto& t : cmp.tasks)
            tasks.push_back({{"task", t.taskId}, {"pairs", t.pairs}, {"success_a", t.successA}, {"success_b", t.successB},
                             {"mean_f1_a", t.f1A}, {"mean_f1_b", t.f1B}, {"mean_f1_delta", t.f1Delta()}});
        nlohmann::json paired = {{"pairs", cmp.pairs},
                                 {"only_a_succeeded", cmp.onlyASucceeded},
                                 {"only_b_succeeded", cmp.onlyBSucceeded},
                                 {"success_mcnemar_p", cmp.successP},
                                 {"mean_f1_delta", cmp.f1.mean},
                                 {"mean_f1_delta_ci95", intervalJson(cmp.f1.interval)},
                                 {"mean_f1_permutation_p", cmp.f1.p}};
        std::cout << jsonText({{"a", a.name}, {"b", b.name}, {"common_episodes", common}, {"per_skill", per}, {"all", row("all")},
                               {"side_a", side(cmp.a)}, {"side_b", side(cmp.b)}, {"paired", paired}, {"per_task", tasks}},
                              2)
                  << "\n";
        return;
    }
    std::cout << "A = " << a.name << " (" << sa.overall().episodes << " episodes), B = " << b.name << " ("
              << sb.overall().episodes << " episodes): " << common << " common episodes (task, seed, repetition)\n";
    std::printf("%-10s %6s %6s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n", "skill", "eps A", "eps B", "success A", "success B",
                "B - A", "mean F1 A", "mean F1 B", "B - A", "IGLU22 A", "IGLU22 B", "pred F1 A", "pred F1 B");
    for (const auto& skill : rows) {
        const auto &x = statsOf(sa, skill), &y = statsOf(sb, skill);
        std::printf("%-10s %6d %6d %8.1f%% %8.1f%% %+8.1f%% %9.3f %9.3f %+9.3f %9s %9s %9s %9s\n", skill.c_str(), x.episodes,
                    y.episodes, 100 * x.successRate(), 100 * y.successRate(), 100 * (y.successRate() - x.successRate()),
                    x.meanF1(), y.meanF1(), y.meanF1() - x.meanF1(), optionalText(x.meanIglu2022F1()).c_str(),
                    optionalText(y.meanIglu2022F1()).c_str(), optionalText(x.meanPredictionF1()).c_str(),
                    optionalText(y.meanPredictionF1()).c_str());
    }
    // More than noise? Each side's 95% intervals, then the paired tests on the common episodes.
    std::printf("\nA: %s\nB: %s  (95%% intervals: Wilson, t)\n%s\n", catalog::sideText(cmp.a).c_str(),
                catalog::sideText(cmp.b).c_str(), catalog::significanceText(cmp).c_str());
    if (cmp.pairs == 0) return;
    // Per task: which got better or worse (all with --tasks, else the 5 biggest changes each way).
    const std::size_t n = cmp.tasks.size(), show = allTasks ? n : std::min<std::size_t>(n, 10);
    std::printf("\n%-24s %5s %9s %9s %9s %9s %9s\n", "task (by F1 change)", "pairs", "success A", "success B", "F1 A", "F1 B", "B - A");
    for (std::size_t i = 0; i < n; ++i) {
        if (!allTasks && n > show && i == show / 2) {
            std::printf("%-24s (%zu more; --tasks lists all)\n", "...", n - show);
            i = n - show / 2;
        }
        const auto& t = cmp.tasks[i];
        std::printf("%-24s %5d %8.0f%% %8.0f%% %9.3f %9.3f %+9.3f\n", t.taskId.c_str(), t.pairs, 100 * t.successA,
                    100 * t.successB, t.f1A, t.f1B, t.f1Delta());
    }
}

// The human evaluation of agents (`iglu import human-feedback`): per agent, how often it was chosen
// best among the judgements that say, and how many comments it got.
void feedback(const catalog::Catalog& cat, bool json) {
    const auto rows = cat.feedbackSummary();
    if (json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& f : rows)
            out.push_back({{"agent", f.agent}, {"rows", f.rows}, {"judged", f.judged}, {"chosen_best", f.chosenBest},
                           {"chosen_best_rate", f.judged ? nlohmann::json(f.chosenBestRate()) : nlohmann::json(nullptr)},
                           {"comments", f.comments}});
        std::cout << jsonText(out, 2) << "\n";
        return;
    }
    if (rows.empty()) {
        std::cout << "no human feedback in " << cat.path() << " (iglu import human-feedback FILE --db " << cat.path() << ")\n";
        return;
    }
    std::printf("%-16s %6s %7s %11s %9s\n", "agent", "rows", "judged", "chosen best", "comments");
    for (const auto& f : rows)
        std::printf("%-16s %6d %7d %10.1f%% %9d\n", f.agent.c_str(), f.rows, f.judged, 100 * f.chosenBestRate(), f.comments);
}

void run(const Options& o) {
    if (o.action == "delete" || o.action == "rename" || o.action == "tag" || o.action == "note")
        return manageExperiment(o.db, o.action, o.names, o.json);
    if (o.action == "scalars") {
        if (!o.names.empty()) throw std::runtime_error("experiments scalars: expects no experiment name (--run RUN picks a run)");
        listScalars(catalog::Catalog(o.db, catalog::OpenMode::ReadOnly), o.run, o.json);
        return;
    }
    if (!o.run.empty()) throw std::runtime_error("experiments " + o.action + ": --run is an option of `experiments scalars`");
    if (o.action == "feedback") {
        if (!o.names.empty()) throw std::runtime_error("experiments feedback: expects no experiment name");
        feedback(catalog::Catalog(o.db, catalog::OpenMode::ReadOnly), o.json);
        return;
    }
    const std::size_t want = o.action == "list" ? 0 : o.action == "show" ? 1 : 2;
    if (o.names.size() != want)
        throw std::runtime_error("experiments " + o.action + ": expects " +
                                 (want == 0 ? std::string("no experiment name") : want == 1 ? "one experiment name" : "two experiment names") +
                                 ", got " + std::to_string(o.names.size()));
    const catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    if (o.action == "list") list(cat, o.json);
    else if (o.action == "show") show(cat, o.names[0], o.json);
    else compare(cat, o.names[0], o.names[1], o.json, o.allTasks);
}

}  // namespace experiments_command

void addExperimentsCommand(CLI::App& app) {
    using namespace experiments_command;
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("experiments", "List, show, compare and manage the experiments stored in a catalog (Lua, Python, imported, clarification)");
    cmd->add_option("ACTION", o->action,
                    "list | show NAME | compare A B | feedback (the human evaluation of agents per agent) | delete NAME | "
                    "rename NAME NEW | tag NAME [TAG ...] | note NAME TEXT | scalars (training curves; --run RUN)")
        ->required()
        ->check(CLI::IsMember({"list", "show", "compare", "feedback", "delete", "rename", "tag", "note", "scalars"}));
    cmd->add_option("NAME", o->names, "Experiment name(s), then the new name, tags or note text");
    cmd->add_option("--db", o->db, "Catalog file")->required()->check(CLI::ExistingFile);
    cmd->add_option("--run", o->run, "scalars: only this run's tags");
    cmd->add_flag("--tasks", o->allTasks, "compare: list every task (default: the 5 biggest gains and losses)");
    cmd->add_flag("--json", o->json, "Print JSON (list: an array; show: the summary as `iglu run --json`; compare: per-skill deltas; scalars: runs with their tags)");
    cmd->callback([o] { run(*o); });
}

}  // namespace iglu::cli

// iglu sessions list|show ID|export --db FILE [--format iglu-multiturn|judgements-csv] [--out PATH] [--json]
//
// The architect sessions stored in a catalog (`iglu talk`, the workbench's architect panel): the
// list, one session's dialogue turn by turn (utterances, questions, failures, scores, judgements),
// and exports: the IGLU multi-turn layout (`iglu import sessions` reads it back) or the judgements
// as a CSV shaped like the published human evaluation (`iglu import human-feedback` reads it).
#include <cstdio>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/util/output_check.hpp"
#include "datasets/architect_export.hpp"
#include "cli_util.hpp"
#include "commands.hpp"

namespace iglu::cli {

namespace sessions_command {

struct Options {
    std::string action, db, format = "iglu-multiturn", out;
    std::vector<std::int64_t> ids;
    bool json = false;
};

std::string optionalText(const std::optional<double>& v) {
    if (!v) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", *v);
    return buf;
}

nlohmann::json nullable(const std::optional<int>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

void list(const catalog::Catalog& cat, bool json) {
    const auto rows = cat.architectSessions();
    if (json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& s : rows)
            out.push_back({{"id", s.id}, {"task", s.taskId}, {"agent", s.agent}, {"started", s.started}, {"turns", s.turns},
                           {"f1", s.f1}, {"iglu2022_f1", s.iglu2022F1}, {"rating", nullable(s.rating)}});
        std::cout << jsonText(out, 2) << "\n";
        return;
    }
    if (rows.empty()) {
        std::cout << "no architect sessions in " << cat.path() << " (iglu talk stores them)\n";
        return;
    }
    std::printf("%5s %-20s %-24s %5s %6s %8s %6s %s\n", "id", "task", "agent", "turns", "F1", "IGLU22", "rating", "started");
    for (const auto& s : rows)
        std::printf("%5lld %-20s %-24s %5d %6.3f %8.3f %6s %s\n", static_cast<long long>(s.id), s.taskId.c_str(), s.agent.c_str(),
                    s.turns, s.f1, s.iglu2022F1, s.rating ? std::to_string(*s.rating).c_str() : "-", s.started.c_str());
}

catalog::ArchitectSessionRecord load(const catalog::Catalog& cat, std::int64_t id) {
    auto s = cat.architectSession(id);
    if (!s) throw std::runtime_error(cat.path() + ": no architect session " + std::to_string(id) + " (iglu sessions list)");
    return std::move(*s);
}

void show(const catalog::Catalog& cat, std::int64_t id, bool json) {
    const auto s = load(cat, id);
    if (json) {
        nlohmann::json turns = nlohmann::json::array();
        for (const auto& t : s.turns) {
            nlohmann::json j{{"turn", t.turn + 1}, {"utterance", t.utterance}, {"answer", t.answer}, {"agent", t.agent},
                             {"end", t.end}, {"failure", t.failure}, {"steps", t.rollout.size()}, {"f1", t.f1},
                             {"iglu2022_f1", t.iglu2022F1}, {"rating", nullable(t.rating)}, {"comment", t.comment},
                             {"rollout", t.rolloutId}, {"start_blocks", t.startWorld.count()}, {"end_blocks", t.endWorld.count()}};
            j["question"] = t.question ? nlohmann::json(*t.question) : nlohmann::json(nullptr);
            j["prediction_f1"] = t.predictionF1 ? nlohmann::json(*t.predictionF1) : nlohmann::json(nullptr);
            turns.push_back(std::move(j));
        }
        std::cout << jsonText({{"id", s.id}, {"task", s.taskId}, {"agent", s.agent}, {"env", nlohmann::json::parse(s.env, nullptr, false)},
                               {"turn_step_budget", s.turnStepBudget}, {"started", s.started}, {"ended", s.ended}, {"f1", s.f1},
                               {"iglu2022_f1", s.iglu2022F1}, {"rating", nullable(s.rating)}, {"comment", s.comment}, {"turns", turns}},
                              2)
                  << "\n";
        return;
    }
    std::cout << "session " << s.id << ": task " << s.taskId << ", agent " << s.agent << ", " << s.turns.size() << " turns, started "
              << s.started << "\n";
    for (const auto& t : s.turns) {
        std::cout << "  " << t.turn + 1 << ". <Architect> " << t.utterance << (t.answer ? "  (answer)" : "") << "\n";
        if (t.question) std::cout << "     <Builder> " << *t.question << "\n";
        if (!t.failure.empty()) std::cout << "     agent failed: " << t.failure << "\n";
        std::printf("     %s, %zu steps, blocks %d -> %d, F1 %.3f, IGLU-2022 F1 %.3f, belief F1 %s", t.end.c_str(), t.rollout.size(),
                    t.startWorld.count(), t.endWorld.count(), t.f1, t.iglu2022F1, optionalText(t.predictionF1).c_str());
        if (t.rating) std::printf(", rated %d", *t.rating);
        std::printf("%s%s\n", t.comment.empty() ? "" : ": ", t.comment.c_str());
    }
    std::printf("F1 %.3f, IGLU-2022 F1 %.3f", s.f1, s.iglu2022F1);
    if (s.rating) std::printf(", rated %d", *s.rating);
    std::printf("%s%s\n", s.comment.empty() ? "" : ": ", s.comment.c_str());
}

void exportSessions(const catalog::Catalog& cat, const Options& o) {
    std::vector<catalog::ArchitectSessionRecord> sessions;
    if (o.ids.empty())
        for (const auto& s : cat.architectSessions()) sessions.push_back(load(cat, s.id));
    for (std::int64_t id : o.ids) sessions.push_back(load(cat, id));
    if (o.format == "judgements-csv") {
        const std::string text = datasets::judgementsCsv(sessions);
        if (o.out.empty() || o.out == "-") {
            std::cout << text;
            return;
        }
        core::checkOutputFile({"--out", o.out, false}, {{"--db", o.db, true}}, {".csv"});
        std::ofstream f(o.out, std::ios::binary | std::ios::trunc);
        f << text;
        f.close();
        if (!f) throw std::runtime_error(o.out + ": cannot write the file");
    } else {
        if (o.out.empty()) throw std::runtime_error("sessions export --format iglu-multiturn: give --out FOLDER");
        core::checkOutputFolder({"--out", o.out, false}, {{"--db", o.db, true}});
        std::vector<std::string> structures;
        for (const auto& s : sessions) {
            const auto task = cat.task(s.taskId);
            structures.push_back(task ? task->structureId : std::string());
        }
        datasets::writeMultiTurn(sessions, structures, o.out);
    }
    std::cerr << "exported " << sessions.size() << " sessions";
    if (!o.out.empty() && o.out != "-") std::cerr << " to " << o.out;
    std::cerr << "\n";
}

void run(const Options& o) {
    const catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    if (o.action == "list") list(cat, o.json);
    else if (o.action == "show") {
        if (o.ids.size() != 1) throw std::runtime_error("sessions show: expects one session id");
        show(cat, o.ids[0], o.json);
    } else {
        exportSessions(cat, o);
    }
}

}  // namespace sessions_command

void addSessionsCommand(CLI::App& app) {
    using namespace sessions_command;
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("sessions", "List, show and export the architect sessions stored in a catalog (iglu talk)");
    cmd->add_option("ACTION", o->action, "list | show ID | export [ID...]")->required()->check(CLI::IsMember({"list", "show", "export"}));
    cmd->add_option("ID", o->ids, "Session id(s) (export: all when none)");
    cmd->add_option("--db", o->db, "Catalog file")->required()->check(CLI::ExistingFile);
    cmd->add_option("--format", o->format, "export: iglu-multiturn (a folder `iglu import sessions` reads) or judgements-csv")
        ->check(CLI::IsMember({"iglu-multiturn", "judgements-csv"}));
    cmd->add_option("--out", o->out, "export: the folder (iglu-multiturn) or the CSV file (judgements-csv; default stdout)");
    cmd->add_flag("--json", o->json, "list / show: print JSON");
    cmd->callback([o] { run(*o); });
}

}  // namespace iglu::cli

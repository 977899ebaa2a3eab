// iglu talk --db FILE --task ID --agent AGENT.lua (--say TEXT)... [--answer TEXT]... [--rate N --comment TEXT]
//           [--rate-turn K:N[:COMMENT]]... [--max-steps N] [--action-space flying|walking] [--json]
//
// A scripted architect session (architect/architect_session.hpp): each --say is an instruction,
// in order; when a turn ends with the builder's question the next --answer (in order) answers it
// before the next --say. The session is stored in the catalog (`iglu sessions show ID`).
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "architect/architect_session.hpp"
#include "architect/lua_turn_agent.hpp"
#include "architect/process_agent.hpp"
#include "core/util/output_check.hpp"
#include "scripting/agent.hpp"
#include "cli_util.hpp"
#include "commands.hpp"

namespace iglu::cli {

namespace talk_command {

struct Options {
    std::string db, task, agent, agentCmd, actionSpace = "flying", comment;
    std::vector<std::string> says, answers, turnRatings;
    int rating = 0;
    int maxSteps = 500;
    bool json = false;
};

// The agent of a session: a Lua script, or a program speaking docs/agent_protocol.md
// (ProcessTurnAgent; the command line run by sh -c, so quoting and PATH work as in a shell).
std::unique_ptr<architect::TurnAgent> makeAgent(const Options& o) {
    if (!o.agentCmd.empty()) {
        return std::make_unique<architect::ProcessTurnAgent>(architect::commandLineAgent(o.agentCmd));
    }
    return std::make_unique<architect::LuaTurnAgent>(scripting::AgentScript{o.agent, std::nullopt}, scripting::agentSandbox(o.agent));
}

std::string fixed(double v, int digits = 3) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

void printTurn(std::size_t i, const architect::Turn& t) {
    std::cout << "turn " << i + 1 << (t.answer ? " (answer) " : " ") << "<Architect> " << t.utterance << "\n";
    std::cout << "  " << architect::turnEndName(t.end) << ", " << t.actions.size() << " steps, F1 " << fixed(t.f1) << ", IGLU-2022 F1 "
              << fixed(t.iglu2022F1);
    if (t.predictionF1) std::cout << ", belief F1 " << fixed(*t.predictionF1);
    if (t.firstActionSeconds) std::cout << ", first action after " << fixed(*t.firstActionSeconds * 1000, 1) << " ms";
    std::cout << "\n";
    if (t.question) std::cout << "  <Builder> " << *t.question << "\n";
    if (!t.failure.empty()) std::cout << "  agent failed: " << t.failure << "\n";
}

nlohmann::json turnJson(const architect::Turn& t) {
    nlohmann::json j{{"utterance", t.utterance}, {"answer", t.answer}, {"agent", t.agent}, {"end", architect::turnEndName(t.end)},
                     {"steps", t.actions.size()}, {"f1", t.f1}, {"iglu2022_f1", t.iglu2022F1}, {"failure", t.failure},
                     {"blocks", t.endWorld.count()}};
    j["question"] = t.question ? nlohmann::json(*t.question) : nlohmann::json(nullptr);
    j["prediction_f1"] = t.predictionF1 ? nlohmann::json(*t.predictionF1) : nlohmann::json(nullptr);
    j["first_action_ms"] = t.firstActionSeconds ? nlohmann::json(*t.firstActionSeconds * 1000) : nlohmann::json(nullptr);
    return j;
}

// "K:N[:COMMENT]": turn K (1-based) rated N (1..5), with an optional comment.
void rateTurn(architect::ArchitectSession& session, const std::string& spec) {
    const auto bad = [&] { return std::runtime_error("--rate-turn '" + spec + "': expected K:N[:COMMENT], turn K 1.." +
                                                     std::to_string(session.turns().size()) + ", rating N 1..5"); };
    const auto colon = spec.find(':');
    if (colon == std::string::npos) throw bad();
    const auto second = spec.find(':', colon + 1);
    const auto turn = core::parseNumber<int>(spec.substr(0, colon), 1, static_cast<int>(session.turns().size()));
    const auto rating = core::parseNumber<int>(spec.substr(colon + 1, second == std::string::npos ? std::string::npos : second - colon - 1), 1, 5);
    if (!turn || !rating) throw bad();
    session.rateTurn(static_cast<std::size_t>(*turn - 1), *rating, second == std::string::npos ? std::string() : spec.substr(second + 1));
}

void run(const Options& o) {
    core::checkOutputFile({"--db", o.db, true}, {{"--agent", o.agent}}, {});
    if (o.agent.empty() == o.agentCmd.empty()) throw std::runtime_error("iglu talk: give the agent: --agent SCRIPT.lua or --agent-cmd \"COMMAND\"");
    if (o.says.empty()) throw std::runtime_error("iglu talk: give at least one --say TEXT");
    if (o.rating == 0 && !o.comment.empty()) throw std::runtime_error("iglu talk: --comment goes with --rate N");
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadWrite);
    const auto task = cat.task(o.task);
    if (!task) throw std::runtime_error(o.db + ": no task '" + o.task + "' (iglu tasks --db " + o.db + " lists them)");
    architect::SessionOptions so;
    so.env.actionSpace = o.actionSpace == "walking" ? core::ActionSpace::Walking : core::ActionSpace::Flying;
    so.turnStepBudget = o.maxSteps;
    architect::ArchitectSession session(task->task, makeAgent(o), so);
    std::size_t nextAnswer = 0;
    for (const std::string& say : o.says) {
        while (session.awaitingAnswer() && nextAnswer < o.answers.size()) {
            session.answer(o.answers[nextAnswer++]);
            session.runTurn();
        }
        session.say(say);
        session.runTurn();
    }
    while (session.awaitingAnswer() && nextAnswer < o.answers.size()) {
        session.answer(o.answers[nextAnswer++]);
        session.runTurn();
    }
    if (nextAnswer < o.answers.size())
        std::cerr << "iglu talk: " << o.answers.size() - nextAnswer << " --answer left unused (the builder asked fewer questions)\n";
    if (o.rating != 0) session.rateSession(o.rating, o.comment);
    for (const std::string& spec : o.turnRatings) rateTurn(session, spec);
    session.end();
    const std::int64_t id = cat.putArchitectSession(session.record());
    if (o.json) {
        nlohmann::json turns = nlohmann::json::array();
        for (const auto& t : session.turns()) turns.push_back(turnJson(t));
        nlohmann::json j{{"session", id},           {"task", o.task},        {"agent", session.agentName()},
                         {"f1", session.f1()},      {"iglu2022_f1", session.iglu2022F1()}, {"turns", turns},
                         {"dialog", session.dialog()}};
        j["rating"] = session.rating() ? nlohmann::json(*session.rating()) : nlohmann::json(nullptr);
        std::cout << jsonText(j, 2) << "\n";
        return;
    }
    for (std::size_t i = 0; i < session.turns().size(); ++i) printTurn(i, session.turns()[i]);
    std::cout << "session " << id << " stored in " << o.db << ": task " << o.task << ", agent " << session.agentName() << ", F1 "
              << fixed(session.f1()) << ", IGLU-2022 F1 " << fixed(session.iglu2022F1()) << "\n";
}

}  // namespace talk_command

void addTalkCommand(CLI::App& app) {
    using namespace talk_command;
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("talk", "Instruct an agent turn by turn on a task (a scripted architect session) and store it");
    cmd->add_option("--db", opts->db, "Catalog file")->required();
    cmd->add_option("--task", opts->task, "Task id (its start world; the target scores the session)")->required();
    auto* lua = cmd->add_option("--agent", opts->agent, "Lua agent script (reset(obs, task, options), act(obs))")->check(CLI::ExistingFile);
    auto* program = cmd->add_option("--agent-cmd", opts->agentCmd,
                                    "Or a program speaking the agent protocol (docs/agent_protocol.md), run by sh -c, "
                                    "e.g. \"python3 examples/python/architect_agent.py\"");
    lua->excludes(program);
    program->excludes(lua);
    cmd->add_option("--say", opts->says, "An instruction (repeat: one turn each, in order)")->required();
    cmd->add_option("--answer", opts->answers, "An answer to the builder's next question (repeat, in order)");
    addNumberOption(cmd, "--rate", opts->rating, 1, 5, "The session's rating 1..5");
    cmd->add_option("--comment", opts->comment, "A comment on the session (with --rate)");
    cmd->add_option("--rate-turn", opts->turnRatings, "K:N[:COMMENT]: turn K rated N (1..5), with a comment (repeat)");
    addNumberOption(cmd, "--max-steps", opts->maxSteps, 1, 100000, "Steps one turn may take (default 500)");
    cmd->add_option("--action-space", opts->actionSpace, "flying (default) or walking")->check(CLI::IsMember({"flying", "walking"}));
    cmd->add_flag("--json", opts->json, "Print the session as JSON");
    cmd->callback([opts] { run(*opts); });
}

}  // namespace iglu::cli

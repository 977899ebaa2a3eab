#include "architect/lua_turn_agent.hpp"

#include <filesystem>

namespace iglu::architect {

LuaTurnAgent::LuaTurnAgent(const scripting::AgentScript& script, scripting::SandboxOptions sandbox,
                           std::vector<std::pair<std::string, scripting::OptionValue>> options, std::int64_t seed) {
    try {
        agent_ = std::make_unique<scripting::LuaAgent>(script, std::move(sandbox), std::move(options), seed);
    } catch (const scripting::ScriptError& e) {
        throw AgentFailure(e.what());
    }
}

std::string LuaTurnAgent::name() const { return std::filesystem::path(agent_->name()).filename().string(); }

void LuaTurnAgent::startSession(const core::Environment& env) { taskId_ = env.task().id; }

std::pair<std::string, std::string> splitLastUtterance(const std::string& dialog) {
    std::string text = dialog;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    const auto nl = text.rfind('\n');
    std::string before = nl == std::string::npos ? std::string() : text.substr(0, nl);
    std::string last = nl == std::string::npos ? text : text.substr(nl + 1);
    for (const char* tag : {"<Architect> ", "<Architect>"}) {
        const std::string t = tag;
        if (last.compare(0, t.size(), t) == 0) {
            last.erase(0, t.size());
            break;
        }
    }
    return {std::move(before), std::move(last)};
}

void LuaTurnAgent::beginTurn(const core::Environment& env, const std::string& dialog) {
    core::Task turn;
    turn.id = taskId_;
    auto [before, utterance] = splitLastUtterance(dialog);
    turn.dialog = std::move(before);
    turn.instruction = std::move(utterance);
    turn.starting = env.grid();
    try {
        agent_->reset(env, turn, &dialog);
    } catch (const scripting::ScriptError& e) {
        throw AgentFailure(e.what());
    }
}

AgentMove LuaTurnAgent::act(const core::Environment& env) {
    AgentMove move;
    scripting::LuaAgentReply reply;
    try {
        reply = agent_->act(env);
    } catch (const scripting::ScriptError& e) {
        throw AgentFailure(e.what());
    }
    move.action = reply.action;
    move.question = std::move(reply.question);
    move.belief = agent_->takeBelief();
    return move;
}

}  // namespace iglu::architect

// The agent protocol's messages (docs/agent_protocol.md): encode what the workbench says, decode
// and check what an agent says. Actions go through core's one action table.
#include "architect/protocol.hpp"

#include "core/env/action_json.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "core/util/json_parse.hpp"

namespace iglu::architect::protocol {

namespace {

using nlohmann::json;

constexpr int kMaxLineDepth = 8;  // act: {belief: [[x, y, z, c]]} is 3 deep; room to spare

const char* typeName(const json& v) {
    switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "a list";
    case json::value_t::object: return "an object";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
    }
}

std::string quoted(const std::string& s) {
    return "`" + (s.size() > 40 ? s.substr(0, 40) + "..." : s) + "`";
}

core::ActionSpace parseSpace(const json& v, const char* field) {
    if (v.is_string()) {
        if (v == "walking") return core::ActionSpace::Walking;
        if (v == "flying") return core::ActionSpace::Flying;
        throw ProtocolError(std::string(field) + ": expected \"walking\" or \"flying\", got " + quoted(v.get<std::string>()));
    }
    throw ProtocolError(std::string(field) + ": expected \"walking\" or \"flying\", got " + typeName(v));
}

core::Grid decodeBelief(const json& belief) {
    if (!belief.is_array()) throw ProtocolError(std::string("belief: expected a list of [x, y, z, colour], got ") + typeName(belief));
    std::vector<core::Block> blocks;
    blocks.reserve(belief.size());
    for (std::size_t i = 0; i < belief.size(); ++i) {
        const json& b = belief[i];
        const std::string field = "belief[" + std::to_string(i) + "]";
        if (!b.is_array() || b.size() != 4) throw ProtocolError(field + ": expected [x, y, z, colour], got " + typeName(b) + (b.is_array() ? " of " + std::to_string(b.size()) : ""));
        int v[4];
        for (int k = 0; k < 4; ++k) {
            const json& n = b[static_cast<std::size_t>(k)];
            if (!n.is_number_integer()) {
                const double d = n.is_number() ? n.get<double>() : NAN;
                if (!n.is_number() || d != std::floor(d) || std::fabs(d) > 1e6) throw ProtocolError(field + ": expected 4 integers, got " + n.dump());
                v[k] = static_cast<int>(d);
            } else {
                const auto w = n.get<long long>();
                if (w < -1'000'000 || w > 1'000'000) throw ProtocolError(field + ": " + std::to_string(w) + " is far outside the zone");
                v[k] = static_cast<int>(w);
            }
        }
        blocks.push_back({v[0], v[1], v[2], v[3]});
    }
    try {
        return core::Grid::fromBlocks(blocks);
    } catch (const core::GridError& e) {
        throw ProtocolError(std::string("belief: ") + e.what());
    }
}

std::string typeOf(const json& msg) { return msg["type"].get<std::string>(); }

void expectType(const json& msg, const char* type) {
    if (typeOf(msg) != type) throw ProtocolError(std::string("expected a `") + type + "` message, got `" + typeOf(msg) + "`");
}

}  // namespace

json parseMessage(std::string_view line) {
    json msg;
    try {
        msg = core::parseJson(line, kMaxLineValues, kMaxLineDepth);
    } catch (const core::JsonError& e) {
        throw ProtocolError("expected a JSON object: column " + std::to_string(e.column()) + ": " + e.reason());
    }
    if (!msg.is_object()) throw ProtocolError(std::string("expected a JSON object, got ") + typeName(msg));
    const auto type = msg.find("type");
    if (type == msg.end()) throw ProtocolError("the message has no \"type\"");
    if (!type->is_string()) throw ProtocolError(std::string("type: expected a string, got ") + typeName(*type));
    return msg;
}

Hello decodeHello(std::string_view line) {
    const json msg = parseMessage(line);
    expectType(msg, "hello");
    Hello hello;
    const auto protocol = msg.find("protocol");
    if (protocol == msg.end()) throw ProtocolError("hello: \"protocol\" is missing (this workbench speaks 1)");
    if (!protocol->is_number_integer() || protocol->get<long long>() < 0 || protocol->get<long long>() > 1'000'000)
        throw ProtocolError(std::string("hello.protocol: expected a version number, got ") + protocol->dump());
    hello.protocol = protocol->get<int>();
    const auto space = msg.find("action_space");
    if (space == msg.end()) throw ProtocolError("hello: \"action_space\" is missing (\"walking\" or \"flying\")");
    hello.actionSpace = parseSpace(*space, "hello.action_space");
    if (const auto name = msg.find("name"); name != msg.end() && !name->is_null()) {
        if (!name->is_string()) throw ProtocolError(std::string("hello.name: expected a string, got ") + typeName(*name));
        hello.name = name->get<std::string>().substr(0, kMaxNameBytes);
    }
    return hello;
}

void checkVersion(const Hello& hello) {
    if (hello.protocol != kVersion)
        throw ProtocolError("speaks protocol " + std::to_string(hello.protocol) + ", this workbench speaks " + std::to_string(kVersion));
}

core::Action decodeAction(const json& action, core::ActionSpace space) {
    const bool discrete = action.is_number();
    if (discrete && space == core::ActionSpace::Flying)
        throw ProtocolError("action: a flying agent sends {movement, camera, inventory, placement}, not a discrete id");
    if (!discrete && !action.is_object())
        throw ProtocolError(std::string("action: expected a discrete id or an object, got ") + typeName(action));
    try {
        return core::actionFromJson(action, core::actionForm(space, discrete));  // the one JSON action reader
    } catch (const core::InvalidAction& e) {
        throw ProtocolError(std::string("action.") + e.what());
    }
}

AgentMove decodeAct(std::string_view line, core::ActionSpace space) {
    const json msg = parseMessage(line);
    expectType(msg, "act");
    for (const auto& [key, value] : msg.items())
        if (key != "type" && key != "action" && key != "belief" && key != "question")
            throw ProtocolError("act: unknown field `" + key + "` (action, belief, question)");
    AgentMove move;
    const auto action = msg.find("action");
    if (action == msg.end()) throw ProtocolError("act: \"action\" is missing (null ends the turn)");
    if (!action->is_null()) move.action = decodeAction(*action, space);
    if (const auto belief = msg.find("belief"); belief != msg.end() && !belief->is_null()) move.belief = decodeBelief(*belief);
    if (const auto question = msg.find("question"); question != msg.end() && !question->is_null()) {
        if (!question->is_string()) throw ProtocolError(std::string("act.question: expected a string, got ") + typeName(*question));
        auto q = question->get<std::string>();
        if (q.size() > kMaxQuestionBytes) throw ProtocolError("act.question: longer than " + std::to_string(kMaxQuestionBytes) + " bytes");
        if (q.find_first_not_of(" \t\r\n") == std::string::npos) throw ProtocolError("act.question: empty");
        move.question = std::move(q);
    }
    return move;
}

json encodeObservation(const core::Observation& obs) {
    json grid = json::array();
    for (int y = 0; y < core::kSizeY; ++y) {
        json layer = json::array();
        for (int x = 0; x < core::kSizeX; ++x) {
            json row = json::array();
            for (int z = 0; z < core::kSizeZ; ++z) row.push_back(obs.grid ? obs.grid->cell(y * core::kLayer + x * core::kSizeZ + z) : 0);
            layer.push_back(std::move(row));
        }
        grid.push_back(std::move(layer));
    }
    auto floats = [](auto const& a) {
        json out = json::array();
        for (float v : a) out.push_back(static_cast<double>(v));
        return out;
    };
    return json{{"grid", std::move(grid)}, {"agentPos", floats(obs.agentPos)}, {"inventory", floats(obs.inventory)}, {"compass", floats(obs.compass)}};
}

std::string encodeReset(const core::Environment& env) {
    json msg{{"type", "reset"},
             {"protocol", kVersion},
             {"task_id", env.task().id},
             {"action_space", core::toString(env.config().actionSpace)},
             {"obs", encodeObservation(env.observation())}};
    return msg.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string encodeStep(const core::Environment& env, const std::string& dialog, int turn, int step) {
    json msg{{"type", "step"}, {"turn", turn}, {"step", step}, {"dialog", dialog}, {"obs", encodeObservation(env.observation())}};
    return msg.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string encodeBye() { return "{\"type\":\"bye\"}\n"; }

std::string encodeHello(const Hello& hello) {
    return json{{"type", "hello"}, {"protocol", hello.protocol}, {"action_space", core::toString(hello.actionSpace)}, {"name", hello.name}}.dump() + "\n";
}

std::string encodeAct(const AgentMove& move, core::ActionSpace space) {
    json msg{{"type", "act"}, {"action", nullptr}};
    if (move.action) {
        const core::Action& a = *move.action;
        if (space == core::ActionSpace::Flying) {
            const int placement = a.place ? 1 : a.breakBlock ? 2 : 0;
            msg["action"] = {{"movement", {a.strafe0, a.strafe1, a.vertical}}, {"camera", {a.dyaw, a.dpitch}}, {"inventory", a.colour}, {"placement", placement}};
        } else {
            msg["action"] = {{"forward", a.strafe0 < 0 ? 1 : 0}, {"back", a.strafe0 > 0 ? 1 : 0}, {"left", a.strafe1 < 0 ? 1 : 0},
                             {"right", a.strafe1 > 0 ? 1 : 0}, {"jump", a.vertical > 0 ? 1 : 0}, {"attack", a.breakBlock ? 1 : 0},
                             {"use", a.place ? 1 : 0}, {"camera", {a.dyaw, a.dpitch}}, {"hotbar", a.colour}};
        }
    }
    if (move.belief) {
        json belief = json::array();
        for (const core::Block& b : move.belief->blocks()) belief.push_back({b.x, b.y, b.z, b.colour});
        msg["belief"] = std::move(belief);
    }
    if (move.question) msg["question"] = *move.question;
    return msg.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace iglu::architect::protocol

#pragma once
// The agent protocol (docs/agent_protocol.md), version 1: JSON lines between the workbench and an
// agent process. Pure encode / decode, no I/O: ProcessTurnAgent (process_agent.hpp) does the
// talking. Decoders throw ProtocolError with a reason the caller prefixes with the agent and the
// line ("agent `python3 a.py` sent a malformed line 3: <reason>").
//
// Messages (one JSON object per line, "type" first):
//   agent -> workbench  hello {protocol, action_space: "walking"|"flying", name}
//                       act   {action: <action> | null, belief: [[x,y,z,colour], ...], question: "..."}
//   workbench -> agent  reset {protocol, task_id, action_space, obs}      (never the target)
//                       step  {turn, step, dialog, obs}
//                       bye   {}
// An action is the gridworld's own form, read through core's one action table (core::actionFields /
// core::parseAction): a discrete id 0..17 (walking), the walking dict or the flying dict.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "architect/turn_agent.hpp"

namespace iglu::architect::protocol {

inline constexpr int kVersion = 1;
/// The most JSON values one agent line may hold (a belief of every cell is ~5,500).
inline constexpr std::size_t kMaxLineValues = 100'000;
/// The longest question an agent may ask (bytes); longer ones are refused.
inline constexpr std::size_t kMaxQuestionBytes = 4096;
/// The longest agent name kept from hello (bytes); longer ones are cut.
inline constexpr std::size_t kMaxNameBytes = 200;

/// A line the protocol does not allow; what() is the reason alone (no agent, no line number).
class ProtocolError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Hello {
    int protocol = kVersion;
    core::ActionSpace actionSpace = core::ActionSpace::Walking;
    std::string name;
};

/// The message's "type" (throws ProtocolError for a line that is not a JSON object with a string type).
nlohmann::json parseMessage(std::string_view line);

/// hello; throws ProtocolError for a wrong type, a missing / mistyped field. The version is not
/// checked here (checkVersion: its message is the caller's to phrase).
Hello decodeHello(std::string_view line);
/// "speaks protocol 2, this workbench speaks 1" (the caller names the agent) unless hello.protocol == kVersion.
void checkVersion(const Hello& hello);
/// act, its action checked for `space` by core::parseAction ("action.hotbar: ..."), its belief by
/// core::Grid::fromBlocks ("belief[2]: ...").
AgentMove decodeAct(std::string_view line, core::ActionSpace space);
/// One action in the gridworld's JSON form (an integer, or an object of the form's fields).
core::Action decodeAction(const nlohmann::json& action, core::ActionSpace space);

/// The observation an agent sees: grid (9x11x11 nested lists, [y+1][x+5][z+5] as iglu.gridworld's
/// obs['grid']), agentPos [x, y, z, pitch, yaw], inventory [6], compass [1]. Never the target.
nlohmann::json encodeObservation(const core::Observation& obs);
std::string encodeReset(const core::Environment& env);
std::string encodeStep(const core::Environment& env, const std::string& dialog, int turn, int step);
std::string encodeBye();
/// The encoders' inverses for tests and tools: a hello line, an act line.
std::string encodeHello(const Hello& hello);
std::string encodeAct(const AgentMove& move, core::ActionSpace space);

}  // namespace iglu::architect::protocol

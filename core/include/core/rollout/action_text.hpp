#pragma once
// The one text format for the action of an environment step in a rollout frame
// (core::RolloutFrame::action), written by core::StepRecorder for every recorder of environment
// steps (interactive play, agent scripts, experiments, the random agent) and read back by
// parseActionText:
//
//   discrete N                                         walking Discrete(18) action N (0..17)
//   walking s0 s1 vertical dyaw dpitch colour place break
//   flying  s0 s1 vertical dyaw dpitch colour place break
//
// (single spaces; numbers in the shortest form that reads back to the same double; colour 0..6,
// place and break 0 or 1; the fields are core::Action's). Human tapes keep their dataset's own
// texts ("select_and_place_block ..."), which parseActionText does not accept.
#include <optional>
#include <string>
#include <string_view>

#include "core/env/action.hpp"

namespace iglu::core {

/// A frame's action read back: the action space, the action, and the discrete id when it was one.
struct FrameAction {
    ActionSpace space = ActionSpace::Walking;
    Action action;
    int discreteId = -1;  ///< 0..17 for "discrete N", else -1
};

/// "discrete N" into `out` (assigns: no allocation, the text fits a string's small buffer).
/// Throws InvalidAction for an id outside 0..17.
void formatDiscreteAction(int id, std::string& out);
/// "walking ..." / "flying ..." into `out` (assigns; allocates only when `out` is too small).
void formatAction(const Action& action, ActionSpace space, std::string& out);
std::string actionText(const Action& action, ActionSpace space);

/// The action of a text written by the functions above; nullopt for any other text (a human
/// tape's action, a malformed or truncated text). Never throws.
std::optional<FrameAction> parseActionText(std::string_view text) noexcept;

}  // namespace iglu::core

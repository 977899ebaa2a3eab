#pragma once
// Actions written as JSON (rollout files, the reference's recorded traces, the agent protocol of
// architect sessions): the reference's dict forms and discrete ids, read field by field from
// core::actionFields and checked by core::parseAction, like every other front end (action.hpp).
#include <nlohmann/json_fwd.hpp>

#include "core/env/action.hpp"

namespace iglu::core {

/// Reads `a` as an action of `form`: an integer id (Discrete) or an object with exactly the
/// form's keys (Walking, Flying; a flag may be a JSON boolean, a vector a list of numbers).
/// Throws InvalidAction naming the field ("camera[1]", "hotbar", "surprise" for an unknown key,
/// "action" for a value of the wrong JSON type).
Action actionFromJson(const nlohmann::json& a, ActionForm form, const ActionParseOptions& options = {});

/// The form of a JSON action for an environment with `space`: an integer is Discrete, an
/// object the space's dict form.
ActionForm jsonActionForm(const nlohmann::json& a, ActionSpace space);

}  // namespace iglu::core

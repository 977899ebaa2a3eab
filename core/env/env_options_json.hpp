#pragma once
// Internal (iglu_core): env options to and from a parsed nlohmann::json value, for the readers and
// writers inside the core that already hold one (rollout files). The public API is
// core/env/env_options.hpp.
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/env/env_options.hpp"

namespace iglu::core::detail {

/// `j` must be an object; every key as setEnvOption, then checkEnvOptions. Throws EnvOptionError.
EnvOptions envOptionsFromJsonValue(const nlohmann::json& j, std::string_view where);
/// Every option, in the reference signature's order.
nlohmann::ordered_json envOptionsJsonValue(const EnvOptions& options);

}  // namespace iglu::core::detail

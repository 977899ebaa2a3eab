#pragma once
// Environment options by the reference GridWorld's keyword names: the one translation between
// those names and core::EnvConfig, used by rollout files (core/rollout/rollout_file.hpp), the
// Python bridge (iglu.gridworld.GridWorld(**kwargs), iglu.Env, iglu.VectorEnv) and stored
// experiment configurations.
//
// Names (value type, default): action_space ("walking" | "flying", "walking"), discretize (bool,
// false: recorded only, the env takes every form; only with "walking"), max_steps (int
// 1..EnvConfig::kMaxSteps, 250),
// select_and_place (bool, false), right_placement_scale (number, 1.0), wrong_placement_scale
// (number, 0.1; both finite, |scale| <= EnvConfig::kMaxPlacementScale), target_in_obs (bool,
// false), render (bool, false in rollout files: obs.pov), render_size ([height, width], each
// 1..PovConfig::kMaxSide, [64, 64]), pov_style ("reference" | "clean"), and the
// corrections of reference defects fix_tunnelling, done_after_max_steps,
// reset_clears_agent_state (bool, false). The reference's vector_state / fake / name are accepted
// and ignored (they do not change episodes).
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/env/environment.hpp"

namespace iglu::core {

/// Thrown for an unknown option name, a value of the wrong type or out of range; the message
/// names the option (and `where`, e.g. "rollouts.jsonl:3: env.max_steps").
class EnvOptionError : public std::invalid_argument {
public:
    EnvOptionError(std::string option, const std::string& message)
        : std::invalid_argument(message), option_(std::move(option)) {}
    const std::string& option() const noexcept { return option_; }

private:
    std::string option_;
};

/// An environment configuration plus the one option EnvConfig does not hold.
struct EnvOptions {
    EnvConfig config;
    bool discretize = false;  ///< actions are ints 0..17 (walking only)
};

using EnvOptionValue = std::variant<bool, long long, double, std::string, std::vector<long long>>;

/// Sets one option. Throws EnvOptionError naming `where` + name: the message reads
/// "WHERE.NAME: problem" ("rollouts.jsonl:3: env.max_steps: must be an integer in 1..1000000000,
/// got 0"), or "NAME: problem" when `where` is empty. Booleans take bool only, integers integer
/// values only, numbers integers or finite doubles.
void setEnvOption(EnvOptions& options, std::string_view name, const EnvOptionValue& value, std::string_view where = {});
/// Checks what no single option can: discretize only with action_space "walking". Throws
/// EnvOptionError (option "discretize"). envOptionsFromJson calls it; call it after a series of
/// setEnvOption.
void checkEnvOptions(const EnvOptions& options, std::string_view where = {});
/// Parses a JSON object of options (every key as setEnvOption, then checkEnvOptions; a repeated
/// key is an error). Throws EnvOptionError (option "" when the text is not a JSON object).
EnvOptions envOptionsFromJson(std::string_view json, std::string_view where = {});
/// The options as a JSON object (keyword names; options at their defaults are written too, so
/// a file states what it ran with). envOptionsFromJson(envOptionsJson(o)) == o.
std::string envOptionsJson(const EnvOptions& options);
bool operator==(const EnvOptions& a, const EnvOptions& b) noexcept;

}  // namespace iglu::core

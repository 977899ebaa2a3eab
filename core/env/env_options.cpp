#include "core/env/env_options.hpp"
#include "core/util/json_parse.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "env/env_options_json.hpp"
#include "core/pov/pov_look.hpp"
#include "core/util/json_keys.hpp"

namespace iglu::core {

namespace {

constexpr std::array<std::string_view, 16> kNames{
    "action_space", "discretize", "max_steps", "select_and_place", "right_placement_scale", "wrong_placement_scale",
    "target_in_obs", "render", "render_size", "pov_style", "fix_tunnelling", "done_after_max_steps",
    "reset_clears_agent_state", "vector_state", "fake", "name"};

std::string unknownOption() {
    std::string out = "unknown option (known: ";
    for (std::size_t i = 0; i < kNames.size(); ++i) out += (i ? ", " : "") + std::string(kNames[i]);
    return out + ")";
}

std::string describe(const EnvOptionValue& value) {
    struct Describe {
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(long long v) const { return std::to_string(v); }
        std::string operator()(double v) const {
            if (std::isnan(v)) return "NaN";
            if (std::isinf(v)) return v > 0 ? "infinity" : "-infinity";
            return nlohmann::json(v).dump();
        }
        std::string operator()(const std::string& s) const { return nlohmann::json(s).dump(2, ' ', false, nlohmann::json::error_handler_t::replace); }
        std::string operator()(const std::vector<long long>& v) const {
            std::string out = "[";
            for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
            return out + "]";
        }
    };
    return std::visit(Describe{}, value);
}

[[noreturn]] void fail(std::string_view name, std::string_view where, const std::string& problem) {
    const std::string field = where.empty() ? std::string(name) : std::string(where) + "." + std::string(name);
    throw EnvOptionError(std::string(name), field + ": " + problem);
}

bool boolean(std::string_view name, const EnvOptionValue& v, std::string_view where) {
    if (const bool* b = std::get_if<bool>(&v)) return *b;
    fail(name, where, "must be true or false, got " + describe(v));
}

long long integer(std::string_view name, const EnvOptionValue& v, long long min, long long max, std::string_view where) {
    const long long* i = std::get_if<long long>(&v);
    if (i == nullptr || *i < min || *i > max)
        fail(name, where, "must be an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " + describe(v));
    return *i;
}

double number(std::string_view name, const EnvOptionValue& v, double limit, std::string_view where) {
    double x = 0;
    if (const long long* i = std::get_if<long long>(&v)) x = static_cast<double>(*i);
    else if (const double* d = std::get_if<double>(&v)) x = *d;
    else fail(name, where, "must be a number, got " + describe(v));
    if (!std::isfinite(x) || std::abs(x) > limit)
        fail(name, where, "must be a finite number in -" + nlohmann::json(limit).dump() + ".." + nlohmann::json(limit).dump() +
                              ", got " + describe(v));
    return x;
}

const std::string& text(std::string_view name, const EnvOptionValue& v, std::string_view expected, std::string_view where) {
    if (const std::string* s = std::get_if<std::string>(&v)) return *s;
    fail(name, where, "must be one of " + std::string(expected) + ", got " + describe(v));
}

}  // namespace

void setEnvOption(EnvOptions& o, std::string_view name, const EnvOptionValue& v, std::string_view where) {
    EnvConfig& c = o.config;
    if (name == "action_space") {
        const std::string& s = text(name, v, "\"walking\", \"flying\"", where);
        if (s == "walking") c.actionSpace = ActionSpace::Walking;
        else if (s == "flying") c.actionSpace = ActionSpace::Flying;
        else fail(name, where, "must be \"walking\" or \"flying\", got " + describe(v));
    } else if (name == "discretize") {
        o.discretize = boolean(name, v, where);
    } else if (name == "max_steps") {
        c.maxSteps = static_cast<int>(integer(name, v, 1, EnvConfig::kMaxSteps, where));
    } else if (name == "select_and_place") {
        c.selectAndPlace = boolean(name, v, where);
    } else if (name == "right_placement_scale") {
        c.rightPlacementScale = number(name, v, EnvConfig::kMaxPlacementScale, where);
    } else if (name == "wrong_placement_scale") {
        c.wrongPlacementScale = number(name, v, EnvConfig::kMaxPlacementScale, where);
    } else if (name == "target_in_obs") {
        c.targetInObs = boolean(name, v, where);
    } else if (name == "render") {
        c.povInObs = boolean(name, v, where);
    } else if (name == "render_size") {
        const auto* size = std::get_if<std::vector<long long>>(&v);
        const auto inRange = [](long long side) { return side >= 1 && side <= PovConfig::kMaxSide; };
        if (size == nullptr || size->size() != 2 || !inRange((*size)[0]) || !inRange((*size)[1]))
            fail(name, where, "must be [height, width], each an integer in 1.." + std::to_string(PovConfig::kMaxSide) +
                                  ", got " + describe(v));
        c.pov.height = static_cast<int>((*size)[0]);
        c.pov.width = static_cast<int>((*size)[1]);
    } else if (name == "pov_style") {
        const std::string& s = text(name, v, kPovStyleNames, where);
        const auto style = parsePovStyle(s);
        if (!style) fail(name, where, "must be one of " + std::string(kPovStyleNames) + ", got " + describe(v));
        c.pov.style = *style;
    } else if (name == "fix_tunnelling") {
        c.fixTunnelling = boolean(name, v, where);
    } else if (name == "done_after_max_steps") {
        c.doneAfterMaxSteps = boolean(name, v, where);
    } else if (name == "reset_clears_agent_state") {
        c.resetClearsAgentState = boolean(name, v, where);
    } else if (name == "vector_state" || name == "fake") {
        (void)boolean(name, v, where);  // accepted for the reference's signature; they do not change episodes
    } else if (name == "name") {
        if (!std::holds_alternative<std::string>(v)) fail(name, where, "must be a string, got " + describe(v));
    } else {
        fail(name, where, unknownOption());
    }
}

void checkEnvOptions(const EnvOptions& o, std::string_view where) {
    if (o.discretize && o.config.actionSpace != ActionSpace::Walking)
        fail("discretize", where, "discrete actions exist only in the \"walking\" action space");
}

namespace detail {

EnvOptions envOptionsFromJsonValue(const nlohmann::json& j, std::string_view where) {
    if (!j.is_object())
        throw EnvOptionError("", (where.empty() ? std::string("env options") : std::string(where)) +
                                     ": must be a JSON object of options, got " + std::string(j.type_name()));
    EnvOptions o;
    for (const auto& [key, value] : j.items()) {
        if (std::find(kNames.begin(), kNames.end(), key) == kNames.end()) fail(key, where, unknownOption());
        EnvOptionValue v;
        if (value.is_boolean()) v = value.get<bool>();
        else if (value.is_number_unsigned() &&
                 value.get<unsigned long long>() > static_cast<unsigned long long>(std::numeric_limits<long long>::max()))
            v = value.get<double>();  // beyond every integer option's range: its check says so
        else if (value.is_number_integer()) v = value.get<long long>();
        else if (value.is_number_float()) v = value.get<double>();
        else if (value.is_string()) v = value.get<std::string>();
        else if (value.is_array() && value.size() <= 16 &&
                 std::all_of(value.begin(), value.end(), [](const nlohmann::json& e) {
                     return e.is_number_integer() && !(e.is_number_unsigned() && e.get<unsigned long long>() > (1ull << 62));
                 })) {
            std::vector<long long> list;
            for (const auto& e : value) list.push_back(e.get<long long>());
            v = std::move(list);
        } else {
            fail(key, where, std::string("must not be ") + (value.is_array() ? "this list" : value.type_name()) + ", got " +
                                 value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).substr(0, 200));
        }
        setEnvOption(o, key, v, where);
    }
    checkEnvOptions(o, where);
    return o;
}

nlohmann::ordered_json envOptionsJsonValue(const EnvOptions& o) {
    const EnvConfig& c = o.config;
    return {{"action_space", toString(c.actionSpace)},
            {"discretize", o.discretize},
            {"max_steps", c.maxSteps},
            {"select_and_place", c.selectAndPlace},
            {"right_placement_scale", c.rightPlacementScale},
            {"wrong_placement_scale", c.wrongPlacementScale},
            {"target_in_obs", c.targetInObs},
            {"render", c.povInObs},
            {"render_size", {c.pov.height, c.pov.width}},
            {"pov_style", std::string(povStyleName(c.pov.style))},
            {"fix_tunnelling", c.fixTunnelling},
            {"done_after_max_steps", c.doneAfterMaxSteps},
            {"reset_clears_agent_state", c.resetClearsAgentState}};
}

}  // namespace detail

EnvOptions envOptionsFromJson(std::string_view json, std::string_view where) {
    const std::string prefix = where.empty() ? std::string("env options") : std::string(where);
    nlohmann::json j;
    try {
        j = parseJson(json);
    } catch (const JsonError& e) {
        throw EnvOptionError("", prefix + ": not valid JSON (" + e.what() + ")");
    }
    if (const auto dup = findDuplicateKey(json)) throw EnvOptionError(dup->key, prefix + ": " + dup->describe());
    return detail::envOptionsFromJsonValue(j, where);
}

std::string envOptionsJson(const EnvOptions& options) { return detail::envOptionsJsonValue(options).dump(); }

bool operator==(const EnvOptions& a, const EnvOptions& b) noexcept {
    const EnvConfig &x = a.config, &y = b.config;
    return a.discretize == b.discretize && x.actionSpace == y.actionSpace && x.maxSteps == y.maxSteps &&
           x.selectAndPlace == y.selectAndPlace && x.rightPlacementScale == y.rightPlacementScale &&
           x.wrongPlacementScale == y.wrongPlacementScale && x.targetInObs == y.targetInObs && x.povInObs == y.povInObs &&
           x.pov.width == y.pov.width && x.pov.height == y.pov.height && x.pov.fovYDegrees == y.pov.fovYDegrees &&
           x.pov.style == y.pov.style && x.fixTunnelling == y.fixTunnelling && x.doneAfterMaxSteps == y.doneAfterMaxSteps &&
           x.resetClearsAgentState == y.resetClearsAgentState;
}

}  // namespace iglu::core

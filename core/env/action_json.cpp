#include "core/env/action_json.hpp"

#include <nlohmann/json.hpp>

namespace iglu::core {

namespace {

std::string shortJson(const nlohmann::json& j) {
    std::string s = j.dump();
    if (s.size() > 60) s = s.substr(0, 57) + "...";
    return s;
}

// A JSON number, or a boolean for a flag.
double numberOf(const nlohmann::json& j, FieldKind kind, const std::string& field) {
    if (j.is_number()) return j.get<double>();
    if (kind == FieldKind::Flag && j.is_boolean()) return j.get<bool>() ? 1.0 : 0.0;
    const char* what = kind == FieldKind::Real ? "a number" : kind == FieldKind::Flag ? "a boolean or 0/1" : "an integer";
    throw InvalidAction(field, std::string("expected ") + what + ", got " + shortJson(j));
}

}  // namespace

ActionForm jsonActionForm(const nlohmann::json& a, ActionSpace space) {
    if (a.is_number_integer() || a.is_number_unsigned()) return ActionForm::Discrete;
    return space == ActionSpace::Flying ? ActionForm::Flying : ActionForm::Walking;
}

Action actionFromJson(const nlohmann::json& a, ActionForm form, const ActionParseOptions& options) {
    ActionValues values;
    const auto fields = actionFields(form);
    if (form == ActionForm::Discrete) {
        if (!a.is_number()) throw InvalidAction("action", "must be an integer 0.." + std::to_string(kDiscreteActions - 1) + ", got " + shortJson(a));
        values.numbers[0] = a.get<double>();
        values.present = 1;
        return parseAction(form, values, options);
    }
    if (!a.is_object())
        throw InvalidAction("action", std::string("must be a ") + toString(form) + " action object, got " + shortJson(a));
    for (const auto& item : a.items()) {
        if (!findActionField(form, item.key())) {
            std::string known;
            for (const ActionField& f : fields) known += (known.empty() ? "" : ", ") + std::string(f.name);
            throw InvalidAction(item.key(), std::string("unknown key (") + toString(form) + " actions have " + known + ")");
        }
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const ActionField& f = fields[i];
        const auto it = a.find(f.name);
        if (it == a.end()) continue;  // parseAction decides whether a missing field is an error
        values.present |= 1u << i;
        if (f.width == 1) {
            values.numbers[static_cast<std::size_t>(f.slot)] = numberOf(*it, f.kind, f.name);
            continue;
        }
        if (!it->is_array() || it->size() != static_cast<std::size_t>(f.width))
            throw InvalidAction(f.name, "expected a list of " + std::to_string(f.width) + " numbers, got " + shortJson(*it));
        for (int c = 0; c < f.width; ++c)
            values.numbers[static_cast<std::size_t>(f.slot + c)] = numberOf((*it)[static_cast<std::size_t>(c)], f.kind, actionFieldName(f, c, options));
    }
    return parseAction(form, values, options);
}

}  // namespace iglu::core

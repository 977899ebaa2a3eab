#include "core/env/action.hpp"

#include "core/grid/grid.hpp"

#include <charconv>
#include <cmath>

namespace iglu::core {

const char* toString(ActionSpace s) { return s == ActionSpace::Walking ? "walking" : "flying"; }

const char* discreteActionName(int id) {
    static constexpr const char* names[kDiscreteActions] = {
        "noop",          "forward",       "back",          "left",         "right",        "jump",
        "select_blue",   "select_green",  "select_red",    "select_orange", "select_purple", "select_yellow",
        "turn_left",     "turn_right",    "look_down",     "look_up",      "break",        "place"};
    return id >= 0 && id < kDiscreteActions ? names[id] : "?";
}

namespace {

constexpr ActionField kDiscreteFields[] = {
    {"action", 1, FieldKind::Integer, 0, kDiscreteActions - 1, 0},
};
constexpr ActionField kWalkingFields[] = {
    {"forward", 1, FieldKind::Flag, 0, 1, 0}, {"back", 1, FieldKind::Flag, 0, 1, 1},
    {"left", 1, FieldKind::Flag, 0, 1, 2},    {"right", 1, FieldKind::Flag, 0, 1, 3},
    {"jump", 1, FieldKind::Flag, 0, 1, 4},    {"attack", 1, FieldKind::Flag, 0, 1, 5},
    {"use", 1, FieldKind::Flag, 0, 1, 6},     {"camera", 2, FieldKind::Real, -5, 5, 7},
    {"hotbar", 1, FieldKind::Integer, 0, kNumColours, 9},
};
constexpr ActionField kFlyingFields[] = {
    {"movement", 3, FieldKind::Real, -1, 1, 0},
    {"camera", 2, FieldKind::Real, -5, 5, 3},
    {"inventory", 1, FieldKind::Integer, 0, kNumColours, 5},
    {"placement", 1, FieldKind::Integer, 0, 2, 6},
};

std::string number(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string range(const ActionField& f) { return number(f.low) + ".." + number(f.high); }

}  // namespace

const char* toString(ActionForm f) {
    return f == ActionForm::Discrete ? "discrete" : f == ActionForm::Walking ? "walking" : "flying";
}

const char* toString(FieldKind k) { return k == FieldKind::Flag ? "flag" : k == FieldKind::Integer ? "integer" : "real"; }

std::span<const ActionField> actionFields(ActionForm form) {
    switch (form) {
        case ActionForm::Discrete: return kDiscreteFields;
        case ActionForm::Walking: return kWalkingFields;
        case ActionForm::Flying: return kFlyingFields;
    }
    return {};
}

const ActionField* findActionField(ActionForm form, std::string_view name) {
    for (const ActionField& f : actionFields(form))
        if (name == f.name) return &f;
    return nullptr;
}

std::string actionFieldName(const ActionField& f, int component, const ActionParseOptions& options) {
    if (f.width == 1) return f.name;
    return std::string(f.name) + "[" + std::to_string(component + options.indexBase) + "]";
}

void checkActionPresence(ActionForm form, std::uint32_t present, const ActionParseOptions& options) {
    if (options.missingAsZero) return;
    const auto fields = actionFields(form);
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (!(present & (1u << i))) throw InvalidAction(fields[i].name, std::string("missing from the ") + toString(form) + " action");
}

Action parseAction(ActionForm form, const ActionValues& values, const ActionParseOptions& options) {
    checkActionPresence(form, values.present, options);
    const auto fields = actionFields(form);
    std::array<double, kMaxActionSlots> v = values.numbers;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const ActionField& f = fields[i];
        for (int c = 0; c < f.width; ++c) {
            const auto s = static_cast<std::size_t>(f.slot + c);
            if (!(values.present & (1u << i)) || !(values.componentPresent & (1u << s))) {
                if (!options.missingAsZero) throw InvalidAction(actionFieldName(f, c, options), "missing");
                v[s] = 0;
                continue;
            }
            const double x = v[s];
            if (f.kind == FieldKind::Real) {
                if (!std::isfinite(x)) throw InvalidAction(actionFieldName(f, c, options), "must be finite, got " + number(x));
                continue;
            }
            if (std::isnan(x) || (std::isfinite(x) && x != std::floor(x)))
                throw InvalidAction(actionFieldName(f, c, options), "must be an integer " + range(f) + ", got " + number(x));
            if (x < f.low || x > f.high)
                throw InvalidAction(actionFieldName(f, c, options), number(x) + " is outside " + range(f) + " (must be an integer " + range(f) + ")");
        }
    }
    switch (form) {
        case ActionForm::Discrete: return Action::discrete(static_cast<int>(v[0]));
        case ActionForm::Walking:
            return Action::walkingDict(v[0] != 0, v[1] != 0, v[2] != 0, v[3] != 0, v[4] != 0, v[5] != 0, v[6] != 0, {v[7], v[8]},
                                       static_cast<int>(v[9]));
        case ActionForm::Flying:
            return Action::flying({v[0], v[1], v[2]}, {v[3], v[4]}, static_cast<int>(v[5]), static_cast<int>(v[6]));
    }
    return {};
}

Action Action::discrete(int id) {
    Action a;
    switch (id) {
        case 0: break;
        case 1: a.strafe0 = -1; break;
        case 2: a.strafe0 = 1; break;
        case 3: a.strafe1 = -1; break;
        case 4: a.strafe1 = 1; break;
        case 5: a.vertical = 1; break;
        case 6: case 7: case 8: case 9: case 10: case 11: a.colour = id - 5; break;
        case 12: a.dyaw = -5; break;
        case 13: a.dyaw = 5; break;
        case 14: a.dpitch = -5; break;
        case 15: a.dpitch = 5; break;
        case 16: a.breakBlock = true; break;
        case 17: a.place = true; break;
        default:
            throw InvalidAction("action", "unknown discrete action id " + std::to_string(id) + " (expected 0..17)");
    }
    return a;
}

Action Action::walkingDict(bool forward, bool back, bool left, bool right, bool jump, bool attack, bool use,
                           std::array<double, 2> camera, int hotbar) {
    Action a;
    a.strafe0 = (forward ? -1.0 : 0.0) + (back ? 1.0 : 0.0);
    a.strafe1 = (left ? -1.0 : 0.0) + (right ? 1.0 : 0.0);
    a.vertical = jump ? 1.0 : 0.0;
    a.dyaw = camera[0];
    a.dpitch = camera[1];
    a.colour = hotbar;
    a.breakBlock = attack;
    a.place = use;
    a.validate();
    return a;
}

Action Action::flying(std::array<double, 3> movement, std::array<double, 2> camera, int inventory, int placement) {
    if (placement < 0 || placement > 2)
        throw InvalidAction("placement", "must be 0 (none), 1 (place) or 2 (break), got " + std::to_string(placement));
    Action a;
    a.strafe0 = movement[0];
    a.strafe1 = movement[1];
    a.vertical = movement[2];
    a.dyaw = camera[0];
    a.dpitch = camera[1];
    a.colour = inventory;
    a.place = placement == 1;
    a.breakBlock = placement == 2;
    a.validate();
    return a;
}

void Action::validate() const {
    auto finite = [](const char* field, double v) {
        if (!std::isfinite(v))
            throw InvalidAction(field, std::string("must be a finite number, got ") + (std::isnan(v) ? "NaN" : "infinity"));
    };
    finite("movement[0]", strafe0);
    finite("movement[1]", strafe1);
    finite("movement[2]", vertical);
    finite("camera[0]", dyaw);
    finite("camera[1]", dpitch);
    if (colour < 0 || colour > 6)
        throw InvalidAction("inventory", "colour must be 0 (keep) or 1..6, got " + std::to_string(colour));
}

}  // namespace iglu::core

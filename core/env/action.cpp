#include "core/env/action.hpp"

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

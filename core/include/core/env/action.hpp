#pragma once
// Agent actions in the three forms the reference gridworld accepts, normalised to one struct.
//
//  * walking, discrete (Discrete(18)): 0 noop, 1 forward, 2 back, 3 left, 4 right, 5 jump,
//    6..11 select colour 1..6, 12 yaw -5, 13 yaw +5, 14 pitch -5 (looks DOWN), 15 pitch +5 (up),
//    16 break, 17 place.
//  * walking, dict: forward / back / left / right / jump / attack / use flags, camera
//    [dyaw, dpitch], hotbar 0..6 (0 = keep the colour).
//  * flying: movement [m0, m1, m2] (m0 < 0 forward, m1 > 0 right, m2 > 0 up), camera
//    [dyaw, dpitch], inventory 0..6, placement 0 none / 1 place / 2 break.
#include <array>
#include <stdexcept>
#include <string>

namespace iglu::core {

/// Thrown for an action the environment cannot take; the message names the field. The
/// environment is left unchanged.
class InvalidAction : public std::invalid_argument {
public:
    InvalidAction(std::string field, const std::string& message)
        : std::invalid_argument(field + ": " + message), field_(std::move(field)) {}
    const std::string& field() const noexcept { return field_; }

private:
    std::string field_;
};

enum class ActionSpace { Walking, Flying };
const char* toString(ActionSpace s);

inline constexpr int kDiscreteActions = 18;

struct Action {
    double strafe0 = 0;    ///< forward (< 0) / back (> 0)
    double strafe1 = 0;    ///< left (< 0) / right (> 0)
    double vertical = 0;   ///< jump (walking, 1) or vertical input (flying, m2)
    double dyaw = 0;
    double dpitch = 0;
    int colour = 0;        ///< 0 keeps the active colour; 1..6 selects it
    bool place = false;
    bool breakBlock = false;

    /// A discrete walking action id 0..17 (throws InvalidAction "action" otherwise).
    static Action discrete(int id);
    /// The walking dict form. Flags are 0/1; camera is [dyaw, dpitch].
    static Action walkingDict(bool forward, bool back, bool left, bool right, bool jump, bool attack, bool use,
                              std::array<double, 2> camera, int hotbar);
    /// The flying form. placement: 0 none, 1 place, 2 break.
    static Action flying(std::array<double, 3> movement, std::array<double, 2> camera, int inventory, int placement);

    /// Throws InvalidAction naming the first bad field: non-finite movement/camera, colour
    /// outside 0..6.
    void validate() const;
};

/// Names of the discrete actions, for tools and scripts ("noop", "forward", ...).
const char* discreteActionName(int id);

}  // namespace iglu::core

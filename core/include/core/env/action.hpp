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
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

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

// --- The agent-environment contract: the action forms as one table -----------------------
// Every front end (the Python scalar and vector converters, the Lua converter) reads an action
// by walking actionFields(form): it fetches each field's `width` numbers from its container
// (dict, Lua table, column arrays) into the flat slots values[field.slot ...], marks the fields
// present, and hands them to parseAction(), which alone decides range, integrality and
// finiteness and builds the Action. The Python spaces are built from the same table.

/// The three forms: a discrete id, the walking dict, the flying dict.
enum class ActionForm { Discrete, Walking, Flying };
const char* toString(ActionForm f);
/// The form an environment takes: discretize selects Discrete (walking; the core's flying
/// environment takes no discrete ids, front ends decide what discretize means for flying).
inline ActionForm actionForm(ActionSpace space, bool discretize) {
    return discretize ? ActionForm::Discrete : space == ActionSpace::Flying ? ActionForm::Flying : ActionForm::Walking;
}

/// Flag: 0 or 1 (a boolean where the language has one), Discrete(2).
/// Integer: an integer low..high (low = 0), Discrete(high + 1).
/// Real: any finite number; [low, high] is the space's Box (the reference does not clip).
enum class FieldKind { Flag, Integer, Real };
const char* toString(FieldKind k);

struct ActionField {
    const char* name;
    int width;        ///< 1: a scalar; n > 1: a vector of n numbers (shape (n,))
    FieldKind kind;
    double low, high;
    int slot;         ///< index of its first number in the flat values
};

inline constexpr int kMaxActionSlots = 10;
/// The fields of a form, in the reference's key order.
std::span<const ActionField> actionFields(ActionForm form);
/// The field named `name` in a form, or nullptr.
const ActionField* findActionField(ActionForm form, std::string_view name);

/// How parseAction treats what a front end could not find.
struct ActionParseOptions {
    /// Lua's declared leniency: a missing field (or vector component) reads 0 instead of being
    /// refused. Python refuses.
    bool missingAsZero = false;
    /// The first vector index in messages: 0 (Python, "camera[1]" is the pitch) or 1 (Lua).
    int indexBase = 0;
};

/// The values a front end read: numbers by slot, a bit per present field (bit i = field i),
/// and per vector field a bit per present component (componentPresent, bit = slot).
struct ActionValues {
    std::array<double, kMaxActionSlots> numbers{};  // (not "slots": a Qt macro)
    std::uint32_t present = 0;
    std::uint32_t componentPresent = ~0u;
};

/// Throws InvalidAction for the first missing field unless options.missingAsZero.
void checkActionPresence(ActionForm form, std::uint32_t present, const ActionParseOptions& options = {});
/// The one action parser: presence, then per field integrality / range (Flag, Integer) or
/// finiteness (Real); throws InvalidAction naming the field ("hotbar", "camera[1]"). No allocation
/// unless it throws.
Action parseAction(ActionForm form, const ActionValues& values, const ActionParseOptions& options = {});
/// The field name a message uses for component `i` of `f` ("camera[0]", or "hotbar" for a scalar).
std::string actionFieldName(const ActionField& f, int component, const ActionParseOptions& options = {});

/// Names of the discrete actions, for tools and scripts ("noop", "forward", ...).
const char* discreteActionName(int id);

}  // namespace iglu::core

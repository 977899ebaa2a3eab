#include "core/rollout/action_text.hpp"

#include <charconv>
#include <cmath>

#include "core/grid/grid.hpp"

namespace iglu::core {

namespace {

constexpr std::string_view kDiscrete = "discrete";

void appendNumber(std::string& out, double v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
    out.push_back(' ');
    out.append(buf, r.ptr);
}

void appendInt(std::string& out, int v) {
    char buf[16];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.push_back(' ');
    out.append(buf, r.ptr);
}

// Splits off the next space-separated word; false at the end of the text or on a double space.
bool nextWord(std::string_view& rest, std::string_view& word) noexcept {
    if (rest.empty()) return false;
    const std::size_t space = rest.find(' ');
    word = rest.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    return !word.empty();
}

template <typename T>
bool parseWord(std::string_view& rest, T& value) noexcept {
    std::string_view word;
    if (!nextWord(rest, word)) return false;
    const auto r = std::from_chars(word.data(), word.data() + word.size(), value);
    return r.ec == std::errc{} && r.ptr == word.data() + word.size();
}

}  // namespace

void formatDiscreteAction(int id, std::string& out) {
    if (id < 0 || id >= kDiscreteActions)
        throw InvalidAction("action", "unknown discrete action id " + std::to_string(id) + " (expected 0..17)");
    out.assign(kDiscrete);
    appendInt(out, id);
}

void formatAction(const Action& a, ActionSpace space, std::string& out) {
    out.assign(toString(space));
    appendNumber(out, a.strafe0);
    appendNumber(out, a.strafe1);
    appendNumber(out, a.vertical);
    appendNumber(out, a.dyaw);
    appendNumber(out, a.dpitch);
    appendInt(out, a.colour);
    appendInt(out, a.place ? 1 : 0);
    appendInt(out, a.breakBlock ? 1 : 0);
}

std::string actionText(const Action& action, ActionSpace space) {
    std::string out;
    formatAction(action, space, out);
    return out;
}

std::optional<FrameAction> parseActionText(std::string_view text) noexcept {
    FrameAction f;
    if (text.ends_with(' ')) return std::nullopt;  // words are separated by single spaces only
    std::string_view rest = text, head;
    if (!nextWord(rest, head)) return std::nullopt;
    if (head == kDiscrete) {
        int id = -1;
        if (!parseWord(rest, id) || !rest.empty() || id < 0 || id >= kDiscreteActions) return std::nullopt;
        f.discreteId = id;
        f.action = Action::discrete(id);  // cannot throw: the id is in range
        return f;
    }
    if (head == toString(ActionSpace::Walking)) f.space = ActionSpace::Walking;
    else if (head == toString(ActionSpace::Flying)) f.space = ActionSpace::Flying;
    else return std::nullopt;
    Action& a = f.action;
    int place = 0, breakBlock = 0;
    if (!parseWord(rest, a.strafe0) || !parseWord(rest, a.strafe1) || !parseWord(rest, a.vertical) ||
        !parseWord(rest, a.dyaw) || !parseWord(rest, a.dpitch) || !parseWord(rest, a.colour) ||
        !parseWord(rest, place) || !parseWord(rest, breakBlock) || !rest.empty())
        return std::nullopt;
    if (a.colour < 0 || a.colour > kNumColours || (place != 0 && place != 1) || (breakBlock != 0 && breakBlock != 1))
        return std::nullopt;
    a.place = place == 1;
    a.breakBlock = breakBlock == 1;
    return f;
}

}  // namespace iglu::core

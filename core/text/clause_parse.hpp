#pragma once
// Internal to core/text: one clause's words read into verb, colours, count, shape, relation and
// selectors (parseClause), and the small helpers grounding.cpp shares with it.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/text/grounding.hpp"

namespace iglu::core::text::detail {

enum class Shape { None, Column, Row, Wall, Square, L, Diagonal, Stairs };
enum class Rel { None, OnTop, Below, Beside, Between, Middle, Corner, Sides };

struct Dir {
    int dx = 0, dz = 0;
};

struct Parsed {
    Verb verb = Verb::Place;
    bool hasVerb = false;
    std::vector<int> colours;  // block colours, in order
    int anchorColour = 0;
    int count = 0;   // 0: not said
    int count2 = 0;  // second number ("3 by 2")
    bool each = false, all = false, plural = false, pronoun = false;
    Shape shape = Shape::None;
    Rel rel = Rel::None;
    Dir dir;  // explicit direction of the relation / row
    bool hasDir = false;
    int extreme = 0;         // +1 topmost / -1 bottommost selector
    Dir extremeDir;          // "east-most"
    bool middleSel = false;  // "the middle yellow block"
    std::vector<Dir> corners;
};

const char* shapeName(Shape s);
const char* relName(Rel r);
/// snprintf of a format with up to two %s.
std::string fmt(const char* f, const std::string& a, const std::string& b = {});
std::string cellText(const Block& b);
bool anyOf(std::string_view w, std::initializer_list<std::string_view> words);
/// The floor direction a word names for a speaker facing `f` (left, right, front, behind, far,
/// near, top, bottom, compass words); ok = false when none.
Dir relative(std::string_view w, Dir f, bool& ok);
/// Reads one clause; appends what matched to `trace`.
Parsed parseClause(const std::vector<std::string>& words, Dir facing, std::vector<std::string>& trace);

}  // namespace iglu::core::text::detail

// Reading one clause of an instruction (core/text): verb, colours, count, shape, relation,
// directions and selectors, with a trace of every word that matched.
#include "text/clause_parse.hpp"

#include <algorithm>
#include <cstdio>

#include "text/lexicon.hpp"

namespace iglu::core::text::detail {

const char* shapeName(Shape s) {
    static constexpr const char* k[] = {"single", "column", "row", "wall", "square", "L", "diagonal", "stairs"};
    return k[static_cast<int>(s)];
}
const char* relName(Rel r) {
    static constexpr const char* k[] = {"none",    "on top of", "below",  "beside",
                                        "between", "middle",    "corner", "every side of"};
    return k[static_cast<int>(r)];
}

std::string fmt(const char* f, const std::string& a, const std::string& b) {
    char buf[192];
    std::snprintf(buf, sizeof buf, f, a.c_str(), b.c_str());
    return buf;
}
std::string cellText(const Block& b) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "(%d,%d,%d)", b.x, b.y, b.z);
    return buf;
}

bool anyOf(std::string_view w, std::initializer_list<std::string_view> words) {
    return std::find(words.begin(), words.end(), w) != words.end();
}

// facing: the forward floor vector. right = (-fz, fx); left = (fz, -fx).
Dir relative(std::string_view w, Dir f, bool& ok) {
    ok = true;
    if (w == "right") return {-f.dz, f.dx};
    if (w == "left") return {f.dz, -f.dx};
    if (w == "front" || w == "forward" || w == "ahead" || w == "far" || w == "top") return f;
    if (w == "behind" || w == "back" || w == "near" || w == "bottom") return {-f.dx, -f.dz};
    int dx = 0, dz = 0;
    if (compassWord(w, dx, dz)) return {dx, dz};
    ok = false;
    return {};
}

Parsed parseClause(const std::vector<std::string>& t, Dir facing, std::vector<std::string>& trace) {
    Parsed p;
    const int n = static_cast<int>(t.size());
    int relAt = -1;
    for (int i = 0; i < n; ++i) {
        const std::string& w = t[static_cast<std::size_t>(i)];
        auto next = [&](int k) -> std::string_view {
            return i + k < n ? std::string_view(t[static_cast<std::size_t>(i + k)]) : "";
        };
        auto prev = [&](int k) -> std::string_view {
            return i - k >= 0 ? std::string_view(t[static_cast<std::size_t>(i - k)]) : "";
        };
        if (!p.hasVerb && (isRemoveVerb(w) || (w == "take" && next(1) == "away"))) {
            p.verb = Verb::Remove, p.hasVerb = true;
            trace.push_back(fmt("verb '%s' -> remove", w));
        } else if (!p.hasVerb && isPlaceVerb(w)) {
            p.verb = Verb::Place, p.hasVerb = true;
            trace.push_back(fmt("verb '%s' -> place", w));
            if (w == "stack" || w == "stacked") p.shape = Shape::Column;
            if (w == "surround") p.rel = Rel::Sides, relAt = i;
        }
        if (w == "each" || w == "every") p.each = true;
        if (w == "all") p.all = true;
        if (anyOf(w, {"blocks", "ones", "cubes", "boxes", "bricks", "pieces"})) p.plural = true;
        // Shapes.
        Shape s = Shape::None;
        if (anyOf(w, {"tower", "column", "pillar", "vertical", "vertically", "tall"}))
            s = Shape::Column;
        else if (w == "top" && next(1) == "of" && next(2) == "each" && next(3) == "other")
            s = Shape::Column;
        else if (anyOf(w, {"row", "line", "horizontal", "horizontally"}))
            s = Shape::Row;
        else if (w == "wall")
            s = Shape::Wall;
        else if (w == "square" && !anyOf(prev(1), {"middle", "center", "centre"}))
            s = Shape::Square;
        else if (w == "l" && anyOf(next(1), {"shape", "shaped"}))
            s = Shape::L;
        else if (anyOf(w, {"diagonal", "diagonally"}))
            s = Shape::Diagonal;
        else if (anyOf(w, {"stairs", "staircase", "stair", "steps"}))
            s = Shape::Stairs;
        if (s != Shape::None && (p.shape == Shape::None || p.shape == Shape::Column)) {
            if (p.shape != s) trace.push_back(fmt("shape '%s' -> %s", w, shapeName(s)));
            p.shape = s;
        }
        // Relations (the first one wins).
        Rel r = Rel::None;
        if ((w == "top" && prev(1) == "on") || (w == "top" && prev(2) == "on") ||
            anyOf(w, {"atop", "above", "onto", "over"}))
            r = Rel::OnTop;
        else if (w == "on" &&
                 (anyOf(next(1), {"each", "every", "all", "it", "them"}) || colourWord(next(1)) || colourWord(next(2))))
            r = Rel::OnTop;
        else if (anyOf(w, {"under", "below", "beneath", "underneath"}))
            r = Rel::Below;
        else if (w == "between" || w == "inbetween")
            r = Rel::Between;
        else if (anyOf(w, {"next", "beside", "adjacent", "besides"}))
            r = Rel::Beside;
        else if (anyOf(w, {"corner", "corners"}))
            r = Rel::Corner;
        else if (w == "side" || w == "sides")
            r = (anyOf(prev(1), {"every", "each", "all"}) || prev(1) == "four") ? Rel::Sides : Rel::Beside;
        else if (int cx = 0, cz = 0;
                 anyOf(w, {"left", "right", "front", "behind"}) ||
                 (compassWord(w, cx, cz) && (next(1) == "of" || prev(1) == "the" || prev(1) == "to")))
            r = Rel::Beside;
        else if (anyOf(w, {"middle", "center", "centre"}))
            r = Rel::Middle;
        if (r != Rel::None && (p.rel == Rel::None || (p.rel == Rel::Middle && r != Rel::Middle) ||
                               (p.rel == Rel::Beside && r == Rel::Corner))) {
            if (r == Rel::Middle && colourWord(next(1)))
                p.middleSel = true, trace.push_back("selector 'middle' block");
            else {
                p.rel = r, relAt = i;
                trace.push_back(fmt("relation '%s' -> %s", w, relName(r)));
            }
        }
        // Directions and extremes.
        bool ok = false;
        if (w == "most" || w == "ernmost" || prev(1) == "facing" || prev(1) == "face") continue;
        if (next(1) == "most" || w.ends_with("most") || w.ends_with("ernmost")) {
            std::string_view base = w;
            if (w.ends_with("ernmost"))
                base = std::string_view(w).substr(0, w.size() - 7);
            else if (w.ends_with("most") && w != "most")
                base = std::string_view(w).substr(0, w.size() - 4);
            if (anyOf(base, {"top", "upper", "upper", "high"}))
                p.extreme = 1;
            else if (anyOf(base, {"bottom", "lower", "low"}))
                p.extreme = -1;
            else if (Dir d = relative(base, facing, ok); ok)
                p.extremeDir = d;
            if (p.extreme != 0 || ok) trace.push_back(fmt("selector '%s'", w));
            continue;
        }
        if (anyOf(w, {"highest", "uppermost", "topmost", "upper"})) p.extreme = 1;
        if (anyOf(w, {"lowest", "bottommost", "lowermost", "lower"})) p.extreme = -1;
        if (r == Rel::Corner) {
            Dir a = relative(prev(1), facing, ok);
            if (ok) {
                Dir b = relative(prev(2), facing, ok);
                if (ok) a = {a.dx + b.dx, a.dz + b.dz};
                if (a.dx != 0 && a.dz != 0) p.corners.push_back(a);
            }
        }
        if (Dir d = relative(w, facing, ok); ok && w != "top" && w != "bottom" && w != "far" && w != "near" &&
                                             r != Rel::Corner && !anyOf(next(1), {"corner", "corners"}) &&
                                             !anyOf(next(2), {"corner", "corners"})) {
            if (!p.hasDir) {
                p.dir = d, p.hasDir = true;
                trace.push_back(fmt("direction '%s' -> (%s)", w, std::to_string(d.dx) + "," + std::to_string(d.dz)));
            }
        }
        (void)relAt;
    }
    // Colours and numbers: a colour right after the relation (within 6 words) is the anchor's.
    int anchorAt = -1;
    for (int i = 0; i < n; ++i) {
        const int c = colourWord(t[static_cast<std::size_t>(i)]);
        if (c == 0) continue;
        if (relAt >= 0 && i > relAt && i <= relAt + 6 && p.anchorColour == 0 && p.rel != Rel::Middle &&
            p.rel != Rel::Corner) {
            p.anchorColour = c, anchorAt = i;
            trace.push_back(fmt("anchor colour '%s'", t[static_cast<std::size_t>(i)]));
        } else if (std::find(p.colours.begin(), p.colours.end(), c) == p.colours.end()) {
            p.colours.push_back(c);
            trace.push_back(fmt("colour '%s'", t[static_cast<std::size_t>(i)]));
        }
    }
    for (int i = 0; i < n; ++i) {
        const std::string& w = t[static_cast<std::size_t>(i)];
        if (relAt >= 0 && i > relAt && i <= std::max(anchorAt, relAt + 2)) {
            if (anyOf(w, {"it", "that", "them", "those", "these", "this"})) p.pronoun = true;
            if (anyOf(w, {"each", "every", "all"})) p.each = true;
            continue;  // numbers and words of the anchor phrase
        }
        if (i + 1 < n &&
            anyOf(t[static_cast<std::size_t>(i + 1)], {"squares", "spaces", "rows", "times", "levels", "blocks"}) &&
            i + 2 < n && anyOf(t[static_cast<std::size_t>(i + 2)], {"up", "away", "down", "from", "apart", "high"}))
            continue;  // a distance, not a count
        const int v = numberWord(w);
        if (v <= 0) continue;
        const bool weak = v == 1 && (w == "a" || w == "an");
        if (p.count == 0 || (p.count == 1 && !weak && p.count2 == 0)) {
            if (p.count == 1 && !weak) p.count = 0;
            if (p.count == 0) {
                p.count = std::min(v, kMaxCount);
                if (!weak) trace.push_back(fmt("count '%s'", w) + (v > kMaxCount ? " clipped to 30" : ""));
            }
        } else if (p.count2 == 0 && !weak && i > 0 && anyOf(t[static_cast<std::size_t>(i - 1)], {"by", "x"})) {
            p.count2 = std::min(v, kMaxCount);
        }
    }
    if (p.rel == Rel::Corner && p.corners.empty() && (p.each || p.all || p.count == 4 || p.plural)) {
        p.corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        trace.push_back("corners: all four");
    }
    return p;
}

}  // namespace iglu::core::text::detail

// The words of iglu.text: colours and their synonyms, numbers in words and digits, compass words.
#include <array>
#include <string_view>
#include <utility>

#include "core/text/grounding.hpp"
#include "text/lexicon.hpp"

namespace iglu::core::text {

namespace {
using Entry = std::pair<std::string_view, int>;

constexpr std::array<Entry, 22> kColours{{
    {"blue", Blue},      {"navy", Blue},     {"cyan", Blue},       {"teal", Blue},     {"aqua", Blue},
    {"green", Green},    {"lime", Green},    {"red", Red},         {"crimson", Red},   {"scarlet", Red},
    {"maroon", Red},     {"orange", Orange}, {"amber", Orange},    {"purple", Purple}, {"violet", Purple},
    {"magenta", Purple}, {"lilac", Purple},  {"lavender", Purple}, {"pink", Purple},   {"yellow", Yellow},
    {"gold", Yellow},    {"golden", Yellow},
}};

constexpr std::array<Entry, 34> kNumbers{{
    {"a", 1},        {"an", 1},       {"one", 1},        {"single", 1},    {"two", 2},       {"pair", 2},
    {"three", 3},    {"four", 4},     {"five", 5},       {"six", 6},       {"seven", 7},     {"eight", 8},
    {"nine", 9},     {"ten", 10},     {"eleven", 11},    {"twelve", 12},   {"thirteen", 13}, {"fourteen", 14},
    {"fifteen", 15}, {"sixteen", 16}, {"seventeen", 17}, {"eighteen", 18}, {"nineteen", 19}, {"twenty", 20},
    {"thirty", 30},  {"forty", 40},   {"fifty", 50},     {"hundred", 100}, {"dozen", 12},    {"once", -1},
    {"twice", -1},   {"both", 2},     {"couple", 2},     {"triple", 3},
}};
}  // namespace

int colourWord(std::string_view w) noexcept {
    for (const auto& [word, colour] : kColours)
        if (w == word) return colour;
    return 0;
}

int numberWord(std::string_view w) noexcept {
    if (w.empty()) return -1;
    if (w[0] >= '0' && w[0] <= '9') {
        int value = 0;
        for (const char c : w) {
            if (c < '0' || c > '9') return -1;
            value = value * 10 + (c - '0');
            if (value > 1000) return 1001;  // "10^100", "99999999999": too big, clipped by callers
        }
        return value;
    }
    for (const auto& [word, value] : kNumbers)
        if (w == word) return value;
    return -1;
}

bool compassWord(std::string_view w, int& dx, int& dz) noexcept {
    dx = 0, dz = 0;
    if (w.starts_with("north"))
        dz = -1, w.remove_prefix(5);
    else if (w.starts_with("south"))
        dz = 1, w.remove_prefix(5);
    if (w.starts_with("east"))
        dx = 1, w.remove_prefix(4);
    else if (w.starts_with("west"))
        dx = -1, w.remove_prefix(4);
    if (dx == 0 && dz == 0) return false;
    // "northern", "eastward(s)", "easternmost" count; "northeastern" too.
    return w.empty() || w == "ern" || w == "ward" || w == "wards" || w == "ernmost" || w == "most";
}

bool isPlaceVerb(std::string_view w) noexcept {
    static constexpr std::array<std::string_view, 26> k{
        "place",  "put",      "build",   "add",      "stack", "make",     "create", "construct", "extend",
        "attach", "form",     "fill",    "surround", "lay",   "position", "drop",   "insert",    "places",
        "placed", "building", "stacked", "replace",  "built", "added",    "made",   "created"};
    for (const auto& v : k)
        if (w == v) return true;
    return false;
}

bool isRemoveVerb(std::string_view w) noexcept {
    static constexpr std::array<std::string_view, 20> k{"remove",    "destroy",  "break",   "delete",   "erase",
                                                        "eliminate", "demolish", "knock",   "removing", "destroying",
                                                        "breaking",  "dig",      "mine",    "clear",    "removed",
                                                        "destroyed", "broke",    "deleted", "erased",   "demolished"};
    for (const auto& v : k)
        if (w == v) return true;
    return false;
}

std::vector<std::string> tokenize(std::string_view s) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) out.push_back(std::move(cur));
        cur.clear();
    };
    char kind = 0;  // 'a' letters, 'd' digits
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool digit = c >= '0' && c <= '9';
        if (letter || digit) {
            const char k = letter ? 'a' : 'd';
            if (k != kind) flush();
            kind = k;
            cur.push_back(letter ? static_cast<char>(c | 0x20) : static_cast<char>(c));
            continue;
        }
        if (c == '\'' && kind == 'a') continue;  // "don't" -> "dont"
        flush();
        kind = 0;
        if (c == '.' || c == ';' || c == '!' || c == '?' || c == '\n')
            if (out.empty() || out.back() != ".") out.emplace_back(".");
    }
    flush();
    return out;
}

}  // namespace iglu::core::text

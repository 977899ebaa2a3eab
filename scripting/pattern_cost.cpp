// string.find / match / gmatch / gsub in the sandbox: Lua's pattern matcher backtracks inside one
// C call, which the instruction hook cannot interrupt ("(.-)(.-)(.-)x" on a long string runs for
// hours). Before the call, a worst-case bound of the matcher's steps is computed from the pattern
// and the subject, refused when it does not fit in what is left of the budget, and charged to it.
//
// The bound. The matcher tries each start position (one when the pattern is anchored with '^'); at
// each, every quantified item (x*, x+, x-, x?) that is followed by more pattern is a choice point:
// x*, x+ and x- take between 0 and r characters, where r is the longest run of characters of the
// subject that x matches (computed here); x? takes 0 or 1. So one start explores at most
// P = the product of (r + 1) (2 for x?) paths; each node of that search tree scans its expansion
// once (r + 1 characters: part of the product), so the steps are at most P * (2m + 2) (m =
// pattern length) plus, per path, n per %b or back-reference (%1..%9). A quantified item at the
// end of the pattern (only ')' and a final '$' after it) backtracks into nothing: it adds its
// r + 1 per path, it does not multiply. A plain find (plain = true, or a find pattern
// without special characters) is a memchr / memcmp scan: (n + 1) * (m + 1) byte comparisons,
// charged at 1/64 unit each.
#include <bitset>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include "state_context.hpp"

namespace iglu::scripting::detail {

namespace {

using CharSet = std::bitset<256>;

bool classMatches(unsigned char cls, unsigned char c) {
    bool res = false;
    switch (std::tolower(cls)) {
        case 'a': res = std::isalpha(c); break;
        case 'c': res = std::iscntrl(c); break;
        case 'd': res = std::isdigit(c); break;
        case 'g': res = std::isgraph(c); break;
        case 'l': res = std::islower(c); break;
        case 'p': res = std::ispunct(c); break;
        case 's': res = std::isspace(c); break;
        case 'u': res = std::isupper(c); break;
        case 'w': res = std::isalnum(c); break;
        case 'x': res = std::isxdigit(c); break;
        default: return cls == c;  // an escaped literal: %. %% %[ ...
    }
    return std::isupper(cls) ? !res : res;
}

CharSet classSet(unsigned char cls) {
    CharSet s;
    for (int c = 0; c < 256; ++c) s[static_cast<std::size_t>(c)] = classMatches(cls, static_cast<unsigned char>(c));
    return s;
}

// Parses the set starting at p[i] == '['; returns the index after its ']' (or the end when it is
// unterminated: the matcher then raises "malformed pattern", and the set counted as matching
// everything keeps the bound safe).
std::size_t parseSet(std::string_view p, std::size_t i, CharSet& out) {
    ++i;  // '['
    bool negate = false;
    if (i < p.size() && p[i] == '^') {
        negate = true;
        ++i;
    }
    CharSet s;
    bool first = true;  // a ']' right after '[' or '[^' is a member
    while (i < p.size() && (first || p[i] != ']')) {
        first = false;
        const auto c = static_cast<unsigned char>(p[i]);
        if (c == '%' && i + 1 < p.size()) {
            s |= classSet(static_cast<unsigned char>(p[i + 1]));
            i += 2;
        } else if (i + 2 < p.size() && p[i + 1] == '-' && p[i + 2] != ']') {
            const auto hi = static_cast<unsigned char>(p[i + 2]);
            for (unsigned x = c; x <= hi; ++x) s[x] = true;
            i += 3;
        } else {
            s[c] = true;
            ++i;
        }
    }
    if (i >= p.size()) {
        out.set();
        return p.size();
    }
    out = negate ? ~s : s;
    return i + 1;
}

std::size_t longestRun(std::string_view subject, const CharSet& set) {
    std::size_t best = 0, run = 0;
    for (const char ch : subject) {
        run = set[static_cast<unsigned char>(ch)] ? run + 1 : 0;
        if (run > best) best = run;
    }
    return best;
}

// True when only ')' and a final '$' follow position i.
bool atEnd(std::string_view p, std::size_t i) {
    while (i < p.size() && p[i] == ')') ++i;
    return i == p.size() || (i + 1 == p.size() && p[i] == '$');
}

constexpr double kHuge = 1e30;

struct Item {
    CharSet set;
    char quantifier = 0;
    bool final = false;
};

}  // namespace

double patternSteps(std::string_view subject, std::string_view pattern, bool anchorAllowed) {
    const double n = static_cast<double>(subject.size());
    std::size_t i = 0;
    bool anchored = false;
    if (anchorAllowed && !pattern.empty() && pattern[0] == '^') {
        anchored = true;
        i = 1;
    }
    std::vector<Item> quantified;
    double scans = 0;  // %b and back-references: up to n characters each, on every path
    while (i < pattern.size()) {
        const char c = pattern[i];
        if (c == '(' || c == ')') {
            ++i;
            continue;
        }
        if (c == '$' && i + 1 == pattern.size()) break;
        Item item;
        if (c == '%' && i + 1 < pattern.size()) {
            const char k = pattern[i + 1];
            if (k == 'b') {
                scans += n;
                i += 4;
                continue;
            }
            if (k == 'f') {  // frontier: a set, no repetition
                CharSet ignored;
                i = i + 2 < pattern.size() && pattern[i + 2] == '[' ? parseSet(pattern, i + 2, ignored) : pattern.size();
                continue;
            }
            if (k >= '0' && k <= '9') {
                scans += n;
                i += 2;
                continue;
            }
            item.set = classSet(static_cast<unsigned char>(k));
            i += 2;
        } else if (c == '[') {
            i = parseSet(pattern, i, item.set);
        } else if (c == '.') {
            item.set.set();
            ++i;
        } else {
            item.set[static_cast<unsigned char>(c)] = true;  // a literal (also '%' at the end: malformed)
            ++i;
        }
        if (i < pattern.size() && std::strchr("*+-?", pattern[i]) != nullptr) {
            item.quantifier = pattern[i];
            ++i;
            item.final = atEnd(pattern, i);
            quantified.push_back(item);
        }
    }
    double paths = 1, scanned = scans;  // scanned: per path (final items, %b, back-references)
    std::vector<std::pair<CharSet, double>> runs;  // one scan per distinct set
    for (const Item& q : quantified) {
        double r = 1;
        if (q.quantifier != '?') {
            r = -1;
            for (const auto& [set, run] : runs)
                if (set == q.set) r = run;
            if (r < 0) {
                r = static_cast<double>(longestRun(subject, q.set));
                runs.emplace_back(q.set, r);
            }
        }
        if (q.final) scanned += r + 1;
        else paths = paths * (r + 1) > kHuge ? kHuge : paths * (r + 1);
    }
    // A choice point's expansion scan (r + 1 characters) is done once per node of the search tree
    // and there are at most `paths` nodes per pattern item: 2m per path covers items and scans.
    const double starts = anchored ? 1 : n + 1;
    const double steps = starts * paths * (2 * static_cast<double>(pattern.size()) + 2 + scanned);
    return steps > kHuge ? kHuge : steps;
}

namespace {

enum class PatternOp { Find, Match, Gmatch, Gsub };

// Work units of the prescan and the parse: one pass over the subject per quantified item (at
// most), plus the pattern.
double prescanUnits(std::string_view subject, std::string_view pattern) {
    double items = 0;
    for (const char c : pattern) items += std::strchr("*+-", c) != nullptr;
    const double units = (static_cast<double>(subject.size()) * items + static_cast<double>(pattern.size())) / 16 + 1;
    return units > 1e18 ? 1e18 : units;
}

int sandboxPattern(lua_State* L) {
    const auto op = static_cast<PatternOp>(lua_tointeger(L, lua_upvalueindex(2)));
    const char* fname = lua_tostring(L, lua_upvalueindex(3));
    std::size_t ls = 0, lp = 0;
    const char* s = luaL_checklstring(L, 1, &ls);
    const char* p = luaL_checklstring(L, 2, &lp);
    const std::string_view subject(s, ls), pattern(p, lp);
    const bool plain = op == PatternOp::Find &&
                       (lua_toboolean(L, 4) || pattern.find_first_of("^$*+?.([%-") == std::string_view::npos);
    // The prescan and the parse are work too, done also when the pattern is then refused (a loop
    // of refused calls must still run out of budget): charged first.
    if (!plain) chargeWork(L, static_cast<long long>(prescanUnits(subject, pattern)), fname);
    StateContext* ctx = context(L);
    const double left = ctx->options.instructionBudget > 0 ? static_cast<double>(ctx->remaining)
                                                             : static_cast<double>(kMaxWorkPerCall);
    const double units = plain ? (static_cast<double>(ls) + 1) * (static_cast<double>(lp) + 1) / 64
                               : patternSteps(subject, pattern, op != PatternOp::Gmatch);
    if (units > left) {
        char msg[200];
        std::snprintf(msg, sizeof msg,
                      "%s: pattern too costly for a string of %zu bytes (worst case about %.3g matcher steps, more "
                      "than the %.3g left in this call's instruction budget)",
                      fname, ls, units, left);
        lua_pushstring(L, msg);
        return lua_error(L);
    }
    chargeWork(L, static_cast<long long>(units), fname);
    const int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, LUA_MULTRET);
    return lua_gettop(L);
}

}  // namespace

void wrapPatternFunctions(lua_State* L) {
    wrapLibraryFunctions(L, LUA_STRLIBNAME,
                         {{"find", int(PatternOp::Find)}, {"match", int(PatternOp::Match)},
                          {"gmatch", int(PatternOp::Gmatch)}, {"gsub", int(PatternOp::Gsub)}},
                         sandboxPattern);
}

}  // namespace iglu::scripting::detail

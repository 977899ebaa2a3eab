// iglu.text grounding rules: one clause at a time (verb, colours, count, shape, anchor relation),
// applied in order to an evolving copy of the start grid so "on top of it" sees earlier clauses.
#include "core/text/grounding.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "text/clause_parse.hpp"
#include "text/lexicon.hpp"

namespace iglu::core::text {

namespace {

using namespace detail;

struct State {
    Grid grid;
    std::vector<Block> last;         // blocks of the previous place clause
    std::vector<Block> lastRemoved;  // blocks the previous remove clause took away
    int lastColour = 0;
};

std::vector<Block> blocksOf(const Grid& g, int colour) {
    std::vector<Block> out;
    for (const Block& b : g.blocks())
        if (colour == 0 || b.colour == colour) out.push_back(b);
    return out;
}

// Free cell at or above (x, y, z) in the column; y = kMaxY + 1 when none.
int freeUp(const Grid& g, int x, int y, int z) {
    while (y <= kMaxY && g.at(x, y, z) != 0) ++y;
    return y;
}

std::vector<Block> anchorBlocks(const Parsed& p, const State& s) {
    std::vector<Block> a;
    if (p.anchorColour != 0)
        a = blocksOf(s.grid, p.anchorColour);
    else if (p.pronoun || (p.rel != Rel::None && p.rel != Rel::Middle && p.rel != Rel::Corner))
        a = s.last;
    if (a.empty() && p.rel != Rel::Middle && p.rel != Rel::Corner && p.rel != Rel::None)
        a = s.last.empty() ? blocksOf(s.grid, 0) : s.last;
    return a;
}

// Picks one anchor block by the clause's selectors.
Block pickOne(std::vector<Block> a, const Parsed& p, Dir want) {
    auto key = [&](const Block& b) {
        double k = 0;
        if (p.extreme != 0) k += 100.0 * p.extreme * b.y;
        if (p.extremeDir.dx != 0 || p.extremeDir.dz != 0) k += 100.0 * (p.extremeDir.dx * b.x + p.extremeDir.dz * b.z);
        k += 10.0 * (want.dx * b.x + want.dz * b.z);
        if (p.rel == Rel::OnTop) k += 1.0 * b.y;
        if (p.rel == Rel::Below) k -= 1.0 * b.y;
        k -= 0.01 * (b.x * b.x + b.z * b.z);
        return k;
    };
    if (p.middleSel) {
        double cx = 0, cy = 0, cz = 0;
        for (const Block& b : a) cx += b.x, cy += b.y, cz += b.z;
        cx /= static_cast<double>(a.size()), cy /= static_cast<double>(a.size()), cz /= static_cast<double>(a.size());
        return *std::min_element(a.begin(), a.end(), [&](const Block& l, const Block& r) {
            auto d = [&](const Block& b) { return std::hypot(b.x - cx, b.y - cy, b.z - cz); };
            return d(l) < d(r);
        });
    }
    return *std::max_element(a.begin(), a.end(), [&](const Block& l, const Block& r) { return key(l) < key(r); });
}

// The cells where the shape starts, one per anchor instance, with the row direction.
std::vector<Block> bases(const Parsed& p, const State& s, Dir facing, Dir& rowDir, double& conf,
                         std::vector<std::string>& trace) {
    std::vector<Block> out;
    const Dir right{-facing.dz, facing.dx};
    rowDir = p.hasDir ? p.dir : right;
    const std::vector<Block> a = anchorBlocks(p, s);
    auto ground = [&](int x, int z) { return Block{x, freeUp(s.grid, x, kMinY, z), z, 0}; };
    switch (p.rel) {
    case Rel::Corner:
        for (const Dir& c : p.corners) out.push_back(ground(c.dx * kMaxX, c.dz * kMaxZ));
        if (out.empty())
            out.push_back(ground(right.dx * kMaxX + facing.dx * kMaxX, right.dz * kMaxZ + facing.dz * kMaxZ)),
                conf *= 0.5;
        if (!p.hasDir) rowDir = {-right.dx, -right.dz};
        if (out.size() == 1 && rowDir.dx * out[0].x + rowDir.dz * out[0].z > 0) rowDir = {-rowDir.dx, -rowDir.dz};
        return out;
    case Rel::Middle:
    case Rel::None:
        if (a.empty() || p.rel == Rel::Middle) {
            out.push_back(ground(0, 0));
            if (p.rel == Rel::None) conf *= s.grid.empty() ? 0.8 : 0.5;
            return out;
        }
        break;
    default:
        break;
    }
    if (a.empty()) {
        trace.push_back("anchor not found: the middle of the ground instead");
        conf *= 0.3;
        out.push_back(ground(0, 0));
        return out;
    }
    if (p.rel == Rel::Between) {
        // The cells strictly between two anchor blocks on one axis (the closest such pair): a
        // walk of at most 10 cells along +x, +y, +z from every anchor block over a mask.
        Grid mask;
        for (const Block& b : a) mask.set(b.x, b.y, b.z, 1);
        int best = 1 << 20;
        static constexpr int kAxes[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        for (const Block& u : a)
            for (const auto& ax : kAxes)
                for (int len = 1; len < kSizeX && len < best; ++len) {
                    const int vx = u.x + len * ax[0], vy = u.y + len * ax[1], vz = u.z + len * ax[2];
                    if (!Grid::inZone(vx, vy, vz)) break;
                    if (mask.at(vx, vy, vz) == 0) continue;
                    if (len >= 2) {
                        best = len;
                        out.clear();
                        for (int k = 1; k < len; ++k) {
                            const Block b{u.x + k * ax[0], u.y + k * ax[1], u.z + k * ax[2], 0};
                            if (s.grid.at(b.x, b.y, b.z) == 0) out.push_back(b);
                        }
                    }
                    break;
                }
        if (out.empty()) conf *= 0.3, out.push_back(Block{a[0].x + rowDir.dx, a[0].y, a[0].z + rowDir.dz, 0});
        return out;
    }
    const bool perColumn = p.each || p.all || (p.plural && p.count > 1 && p.rel == Rel::OnTop);
    std::vector<Block> picks;
    if ((p.rel == Rel::OnTop || p.rel == Rel::Below) && perColumn) {
        for (const Block& b : a) {  // top (or bottom) block of every anchor column
            bool dominated = false;
            for (const Block& o : a)
                if (o.x == b.x && o.z == b.z && (p.rel == Rel::OnTop ? o.y > b.y : o.y < b.y)) dominated = true;
            if (!dominated) picks.push_back(b);
        }
        if (p.count > 1 && !p.each && !p.all && static_cast<int>(picks.size()) != p.count) picks.resize(1);
    } else if (p.rel == Rel::Sides && (p.each || p.all)) {
        picks = a;
    } else {
        picks.push_back(pickOne(a, p, p.rel == Rel::Beside ? rowDir : Dir{}));
    }
    for (const Block& b : picks) {
        if (p.rel == Rel::OnTop)
            out.push_back(Block{b.x, freeUp(s.grid, b.x, b.y + 1, b.z), b.z, 0});
        else if (p.rel == Rel::Below)
            out.push_back(Block{b.x, b.y - 1, b.z, 0});
        else if (p.rel == Rel::Sides)
            for (const Dir d : {Dir{1, 0}, Dir{-1, 0}, Dir{0, 1}, Dir{0, -1}})
                out.push_back(Block{b.x + d.dx, b.y, b.z + d.dz, 0});
        else
            out.push_back(Block{b.x + rowDir.dx, b.y, b.z + rowDir.dz, 0});
    }
    trace.push_back("anchor " + cellText(picks.front()) +
                    (picks.size() > 1 ? " and " + std::to_string(picks.size() - 1) + " more" : ""));
    return out;
}

std::vector<Block> shapeAt(Shape shape, Block b, int n, int n2, Dir d) {
    std::vector<Block> out;
    auto add = [&](int x, int y, int z) {
        if (static_cast<int>(out.size()) < kMaxBlocksPerCandidate) out.push_back(Block{x, y, z, 0});
    };
    const Dir side{-d.dz, d.dx};
    switch (shape) {
    case Shape::None:
        add(b.x, b.y, b.z);
        break;
    case Shape::Column:
        for (int i = 0; i < n; ++i) add(b.x, b.y + i, b.z);
        break;
    case Shape::Row:
        for (int i = 0; i < n; ++i) add(b.x + i * d.dx, b.y, b.z + i * d.dz);
        break;
    case Shape::Wall:
        for (int h = 0; h < (n2 > 0 ? n2 : 2); ++h)
            for (int i = 0; i < n; ++i) add(b.x + i * d.dx, b.y + h, b.z + i * d.dz);
        break;
    case Shape::Square: {
        int side_n = n2 > 0 ? n : static_cast<int>(std::lround(std::sqrt(n)));
        if (side_n * side_n != n && n2 == 0 && n <= 5) side_n = n;
        const int rows = n2 > 0 ? n2 : side_n;
        for (int j = 0; j < rows; ++j)
            for (int i = 0; i < side_n; ++i) add(b.x + i * d.dx + j * side.dx, b.y, b.z + i * d.dz + j * side.dz);
        break;
    }
    case Shape::L: {
        const int up = (n + 1) / 2;
        for (int i = 0; i < up; ++i) add(b.x, b.y + i, b.z);
        for (int i = 1; i <= n - up; ++i) add(b.x + i * d.dx, b.y, b.z + i * d.dz);
        break;
    }
    case Shape::Diagonal:
        for (int i = 0; i < n; ++i) add(b.x + i * d.dx, b.y + i, b.z + i * d.dz);
        break;
    case Shape::Stairs:
        for (int i = 0; i < n; ++i)
            for (int h = 0; h <= i; ++h) add(b.x + i * d.dx, b.y + h, b.z + i * d.dz);
        break;
    }
    return out;
}

Candidate placeCandidate(const Parsed& p, const State& s, Shape shape, const std::vector<Block>& starts, Dir d, int n,
                         double conf, const std::vector<int>& colours) {
    Candidate c;
    c.confidence = conf;
    std::vector<Block> cells;
    for (const Block& b : starts) {
        for (Block x : shapeAt(shape, b, n, p.count2, d)) {
            if (!Grid::inZone(x.x, x.y, x.z) || s.grid.at(x.x, x.y, x.z) != 0) continue;
            if (std::find_if(cells.begin(), cells.end(),
                             [&](const Block& o) { return o.x == x.x && o.y == x.y && o.z == x.z; }) != cells.end())
                continue;
            if (static_cast<int>(cells.size()) >= kMaxBlocksPerCandidate) break;
            cells.push_back(x);
        }
    }
    for (std::size_t i = 0; i < cells.size(); ++i) {
        cells[i].colour = colours.size() > 1 && colours.size() == cells.size() ? colours[i] : colours.front();
    }
    c.blocks = std::move(cells);
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s of %d %s at %s (x%zu)", shapeName(shape), n, colourName(colours.front()),
                  starts.empty() ? "?" : cellText(starts.front()).c_str(), starts.size());
    c.reading = buf;
    if (c.blocks.empty()) c.confidence *= 0.1;
    return c;
}

void groundPlace(Parsed& p, const State& s, Dir facing, Clause& out) {
    double conf = 1.0;
    std::vector<int> colours = p.colours;
    if (colours.empty()) {
        const int c = s.lastColour != 0 ? s.lastColour : (p.anchorColour != 0 ? p.anchorColour : Blue);
        colours.push_back(c);
        conf *= 0.5;
        out.trace.push_back(std::string("no colour: ") + colourName(c));
    }
    Dir rowDir;
    const std::vector<Block> starts = bases(p, s, facing, rowDir, conf, out.trace);
    int n = p.count;
    if (colours.size() > 1 && (n <= 1 || n == static_cast<int>(colours.size()))) n = static_cast<int>(colours.size());
    if (n == 0) {
        n = (p.plural && starts.size() == 1 && p.rel != Rel::Sides) ? 3 : 1;
        if (p.plural && n == 1 && starts.size() == 1) conf *= 0.6;
        if (n == 3) conf *= 0.5, out.trace.push_back("no count: 3");
    }
    const bool perBase = starts.size() > 1;
    if (perBase && !p.each && n == static_cast<int>(starts.size())) n = 1;  // one per anchor
    Shape shape = p.shape;
    Shape alt = Shape::None;
    if (shape == Shape::None && n > 1) {
        shape = (p.rel == Rel::OnTop || p.rel == Rel::Below) ? Shape::Column : Shape::Row;
        alt = shape == Shape::Column ? Shape::Row : Shape::Column;
        conf *= 0.7;
    }
    if (p.rel == Rel::Below && shape == Shape::Column) {  // a column under a block grows downward
        std::vector<Block> low;
        for (const Block& b : starts) low.push_back(Block{b.x, std::max(kMinY, b.y - n + 1), b.z, 0});
        out.candidates.push_back(placeCandidate(p, s, shape, low, rowDir, n, conf, colours));
    } else {
        out.candidates.push_back(placeCandidate(p, s, shape, starts, rowDir, n, conf, colours));
    }
    if (alt != Shape::None) out.candidates.push_back(placeCandidate(p, s, alt, starts, rowDir, n, conf * 0.6, colours));
}

void groundRemove(const Parsed& p, const State& s, Clause& out) {
    // "destroy all the blue and yellow blocks": every colour the clause names.
    const int colour = !p.colours.empty() ? p.colours.front() : p.anchorColour;
    std::vector<Block> a = blocksOf(s.grid, colour);
    for (std::size_t i = 1; i < p.colours.size(); ++i) {
        const std::vector<Block> more = blocksOf(s.grid, p.colours[i]);
        a.insert(a.end(), more.begin(), more.end());
    }
    Candidate c;
    c.confidence = colour != 0 ? 1.0 : 0.4;
    if (a.empty()) {
        out.trace.push_back(std::string("nothing to remove: no ") + (colour ? colourName(colour) : "") + " block");
        return;
    }
    int n = p.count;
    if (n == 0) {
        n = (p.all || p.plural) ? static_cast<int>(a.size()) : 1;
        if (!p.all && p.plural) c.confidence *= 0.7;
    }
    const int sign = p.extreme != 0 ? p.extreme : 1;  // top down unless "bottom"
    std::stable_sort(a.begin(), a.end(), [&](const Block& l, const Block& r) {
        const int kl = sign * l.y * 100 + p.extremeDir.dx * l.x + p.extremeDir.dz * l.z;
        const int kr = sign * r.y * 100 + p.extremeDir.dx * r.x + p.extremeDir.dz * r.z;
        return kl > kr;
    });
    if (p.extremeDir.dx != 0 || p.extremeDir.dz != 0) {
        std::stable_sort(a.begin(), a.end(), [&](const Block& l, const Block& r) {
            return p.extremeDir.dx * l.x + p.extremeDir.dz * l.z > p.extremeDir.dx * r.x + p.extremeDir.dz * r.z;
        });
    }
    if (p.middleSel) a = {pickOne(a, p, {})};
    a.resize(std::min<std::size_t>(a.size(), static_cast<std::size_t>(std::min(n, kMaxBlocksPerCandidate))));
    c.blocks = a;
    c.reading = std::to_string(a.size()) + " " + (colour ? colourName(colour) : "any") + " block(s), " +
                (sign > 0 ? "top down" : "bottom up");
    out.candidates.push_back(std::move(c));
}

// "replace the red blocks with blue ones", "destroy ... and replace them with blue", "... instead":
// the source blocks (the first colour's, or those the previous clause removed) are recoloured.
bool replaceClause(const std::vector<std::string>& words, const Parsed& p, State& s, Clause& c) {
    const bool replace = std::any_of(words.begin(), words.end(), [](const std::string& w) {
        return w == "replace" || w == "replaced" || w == "instead" || w == "swap" || w == "change";
    });
    if (!replace) return false;
    std::vector<int> colours = p.colours;
    if (p.anchorColour != 0) colours.push_back(p.anchorColour);
    if (colours.empty()) return false;
    const int to = colours.back();
    std::vector<Block> from;
    if (colours.size() >= 2) {
        from = blocksOf(s.grid, colours.front());
        if (p.count > 0 && static_cast<int>(from.size()) > p.count) {
            std::stable_sort(from.begin(), from.end(), [](const Block& l, const Block& r) { return l.y > r.y; });
            from.resize(static_cast<std::size_t>(p.count));
        }
    } else {
        from = s.lastRemoved;
    }
    if (from.empty()) return false;
    c.verb = Verb::Place;
    c.trace.push_back(std::string("replace -> ") + std::to_string(from.size()) + " block(s) become " + colourName(to));
    Candidate k;
    k.confidence = colours.size() >= 2 ? 0.8 : 0.7;
    for (const Block& b : from) {
        k.blocks.push_back(Block{b.x, b.y, b.z, to});
        s.grid.set(b.x, b.y, b.z, to);
    }
    k.reading = "recolour " + std::to_string(from.size()) + " block(s) " + colourName(to);
    s.last = k.blocks, s.lastColour = to;
    c.candidates.push_back(std::move(k));
    return true;
}

}  // namespace

Grounding ground(std::string_view instruction, const Grid& start) {
    Grounding g;
    g.predicted = start;
    if (instruction.size() > kMaxInstructionBytes) {
        instruction = instruction.substr(0, kMaxInstructionBytes);
        g.notes.push_back("instruction cut at 4096 bytes");
    }
    const std::vector<std::string> tokens = tokenize(instruction);
    // Clauses: sentence ends and "then".
    std::vector<std::vector<std::string>> clauses(1);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& w = tokens[i];
        if (w == "." || w == "then" || w == "finally" ||
            (w == "after" && i + 1 < tokens.size() && tokens[i + 1] == "that")) {
            if (!clauses.back().empty()) clauses.emplace_back();
            continue;
        }
        // "... and build ...": a second verb after "and" starts a clause of its own.
        if (w == "and" && !clauses.back().empty())
            for (std::size_t k = i + 1; k < tokens.size() && k <= i + 3; ++k)
                if (isPlaceVerb(tokens[k]) || isRemoveVerb(tokens[k])) {
                    if (tokens[k] != "replace") clauses.emplace_back();
                    break;
                }
        if (!clauses.back().empty() || w != "and") clauses.back().push_back(w);
    }
    if (clauses.back().empty()) clauses.pop_back();
    if (static_cast<int>(clauses.size()) > kMaxClauses) {
        clauses.resize(kMaxClauses);
        g.notes.push_back("only the first 16 clauses are read");
    }
    State s{start, {}, {}, 0};
    Dir facing{0, -1};
    double conf = 1.0;
    bool any = false;
    Verb lastVerb = Verb::Place;
    for (const auto& words : clauses) {
        Clause c;
        for (const auto& w : words) c.text += (c.text.empty() ? "" : " ") + w;
        for (std::size_t i = 0; i + 1 < words.size(); ++i) {
            int dx = 0, dz = 0;
            if ((words[i] == "facing" || words[i] == "face") && compassWord(words[i + 1], dx, dz) &&
                (dx == 0 || dz == 0)) {
                facing = {dx, dz};
                c.trace.push_back("facing '" + words[i + 1] + "'");
            }
        }
        Parsed p = parseClause(words, facing, c.trace);
        if (replaceClause(words, p, s, c)) {
            lastVerb = Verb::Place;
            conf *= c.candidates.front().confidence;
            any = true;
            g.clauses.push_back(std::move(c));
            continue;
        }
        if (!p.hasVerb) {
            p.verb = lastVerb;
            if (p.colours.empty() && p.anchorColour == 0) {
                c.trace.push_back("no verb and no colour: skipped");
                g.clauses.push_back(std::move(c));
                continue;
            }
            c.trace.push_back("no verb: as the previous clause");
        }
        c.verb = p.verb;
        lastVerb = p.verb;
        if (p.verb == Verb::Place)
            groundPlace(p, s, facing, c);
        else
            groundRemove(p, s, c);
        if (!c.candidates.empty()) {
            std::stable_sort(c.candidates.begin(), c.candidates.end(),
                             [](const Candidate& a, const Candidate& b) { return a.confidence > b.confidence; });
            if (static_cast<int>(c.candidates.size()) > kMaxCandidates) c.candidates.resize(kMaxCandidates);
            const Candidate& best = c.candidates.front();
            conf *= best.confidence;
            any = true;
            for (const Block& b : best.blocks) {
                if (c.verb == Verb::Place) {
                    if (s.grid.at(b.x, b.y, b.z) != 0) continue;
                    s.grid.set(b.x, b.y, b.z, b.colour);
                } else {
                    if (s.grid.at(b.x, b.y, b.z) == 0) continue;
                    s.grid.set(b.x, b.y, b.z, 0);
                }
            }
            if (c.verb == Verb::Place && !best.blocks.empty())
                s.last = best.blocks, s.lastColour = best.blocks.back().colour;
            if (c.verb == Verb::Remove) s.lastRemoved = best.blocks;
        }
        g.clauses.push_back(std::move(c));
    }
    g.predicted = s.grid;
    for (const Block& b : s.grid.blocks())
        if (start.at(b.x, b.y, b.z) != b.colour) g.placed.push_back(b);
    for (const Block& b : start.blocks())
        if (s.grid.at(b.x, b.y, b.z) != b.colour) g.removed.push_back(b);
    g.confidence = any ? conf : 0.0;
    return g;
}

}  // namespace iglu::core::text

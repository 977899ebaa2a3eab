#include "core/skills/auto_labeler.hpp"

#include <algorithm>
#include <set>
#include <vector>

namespace iglu::core {

namespace {

std::string pos(const Block& b) {
    return "(" + std::to_string(b.x) + "," + std::to_string(b.y) + "," + std::to_string(b.z) + ")";
}

// "N blocks ...: (x,y,z) (x,y,z) (x,y,z) ..." listing at most three positions.
std::string listed(const std::vector<Block>& blocks, const std::string& one, const std::string& many) {
    std::string s = std::to_string(blocks.size()) + (blocks.size() == 1 ? " block " + one : " blocks " + many) + ":";
    for (std::size_t i = 0; i < blocks.size() && i < 3; ++i) s += " " + pos(blocks[i]);
    if (blocks.size() > 3) s += " ...";
    return s;
}

bool filled(const Grid& g, int x, int y, int z) { return g.at(x, y, z) != 0; }

// True when a straight grid line from the block to outside the zone (up or sideways) is free.
bool visible(const Grid& g, const Block& b) {
    static constexpr int dirs[5][3] = {{0, 1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const auto& d : dirs) {
        int x = b.x + d[0], y = b.y + d[1], z = b.z + d[2];
        bool blocked = false;
        while (Grid::inZone(x, y, z)) {
            if (filled(g, x, y, z)) {
                blocked = true;
                break;
            }
            x += d[0];
            y += d[1];
            z += d[2];
        }
        if (!blocked) return true;
    }
    return false;
}

// Longest chain of edge-only vertical-diagonal steps in one direction, and where it starts.
int diagonalChain(const Grid& g, const std::vector<Block>& blocks, Block* start) {
    static constexpr int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int best = blocks.empty() ? 0 : 1;
    for (const auto& b : blocks) {
        for (const auto& s : steps) {
            int n = 1, x = b.x, y = b.y, z = b.z;
            while (filled(g, x + s[0], y + 1, z + s[1]) && !filled(g, x + s[0], y, z + s[1]) && !filled(g, x, y + 1, z)) {
                x += s[0];
                z += s[1];
                ++y;
                ++n;
            }
            if (n > best) {
                best = n;
                *start = b;
            }
        }
    }
    return best;
}

}  // namespace

SkillSet SkillReport::skills() const {
    SkillSet s;
    for (Skill k : kAllSkills) s.set(k, (*this)[k].value);
    return s;
}

SkillReport autoLabel(const Grid& target, const Grid* starting, const AutoLabelerConfig& config) {
    SkillReport r;
    auto set = [&r](Skill s, bool v, std::string reason) { r.verdicts[static_cast<std::size_t>(s)] = {v, std::move(reason)}; };
    std::vector<Block> place;
    for (const auto& b : target.blocks())
        if (!starting || starting->at(b.x, b.y, b.z) != b.colour) place.push_back(b);
    if (place.empty()) {
        for (Skill s : kAllSkills) set(s, false, "no blocks to place");
        return r;
    }

    // flat: one plane.
    std::set<int> xs, ys, zs;
    for (const auto& b : place) {
        xs.insert(b.x);
        ys.insert(b.y);
        zs.insert(b.z);
    }
    const std::string span = "blocks span " + std::to_string(xs.size()) + " x, " + std::to_string(ys.size()) + " y and " +
                             std::to_string(zs.size()) + " z values";
    if (ys.size() == 1) set(Skill::Flat, true, "all blocks lie in the horizontal plane y = " + std::to_string(*ys.begin()));
    else if (xs.size() == 1) set(Skill::Flat, true, "all blocks lie in the vertical plane x = " + std::to_string(*xs.begin()));
    else if (zs.size() == 1) set(Skill::Flat, true, "all blocks lie in the vertical plane z = " + std::to_string(*zs.begin()));
    else set(Skill::Flat, false, span);

    // flying: nothing beneath.
    std::vector<Block> floating;
    for (const auto& b : place)
        if (b.y > kMinY && !filled(target, b.x, b.y - 1, b.z)) floating.push_back(b);
    set(Skill::Flying, !floating.empty(),
        floating.empty() ? "every block rests on the floor or on a block" : listed(floating, "has nothing beneath it", "have nothing beneath them"));

    // tall: more than one layer above the head of an agent standing on the ground.
    const int tallFrom = kMinY + config.agentHeightCells + 1;
    std::vector<Block> high;
    for (const auto& b : place)
        if (b.y >= tallFrom) high.push_back(b);
    set(Skill::Tall, !high.empty(),
        high.empty() ? "no block above y = " + std::to_string(tallFrom - 1)
                     : listed(high, "is at y >= " + std::to_string(tallFrom) + ", out of reach from the ground", "are at y >= " + std::to_string(tallFrom) + ", out of reach from the ground"));

    // diagonal: a chain of edge-only vertical-diagonal contacts.
    Block start;
    const int chain = diagonalChain(target, place, &start);
    set(Skill::Diagonal, chain >= config.diagonalChain,
        chain >= 2 ? "a chain of " + std::to_string(chain) + " blocks touching only diagonally starts at " + pos(start)
                   : "no blocks touch only diagonally in the vertical direction");

    // tricky: hidden blocks, or depth along every axis.
    std::vector<Block> hidden;
    for (const auto& b : place)
        if (!visible(target, b)) hidden.push_back(b);
    const bool deep = int(xs.size()) >= config.trickyDepth && int(ys.size()) >= config.trickyDepth &&
                      int(zs.size()) >= config.trickyDepth;
    if (!hidden.empty()) set(Skill::Tricky, true, listed(hidden, "is hidden from above and from every side", "are hidden from above and from every side"));
    else if (deep) set(Skill::Tricky, true, span + ": inner and back blocks must be placed before the ones that hide them");
    else set(Skill::Tricky, false, "every block is visible and the structure is at most " + std::to_string(config.trickyDepth - 1) + " deep along some axis");
    return r;
}

SkillMeasures measureSkills(const Grid& target, const Grid* starting, const AutoLabelerConfig& config) {
    SkillMeasures m;
    std::vector<Block> place;
    for (const auto& b : target.blocks())
        if (!starting || starting->at(b.x, b.y, b.z) != b.colour) place.push_back(b);
    m.blocks = static_cast<int>(place.size());
    if (place.empty()) return m;
    std::set<int> xs, ys, zs, colours;
    std::set<std::pair<int, int>> columns;
    const int tallFrom = kMinY + config.agentHeightCells + 1;
    for (const auto& b : place) {
        xs.insert(b.x);
        ys.insert(b.y);
        zs.insert(b.z);
        colours.insert(b.colour);
        columns.insert({b.x, b.z});
        m.maxY = std::max(m.maxY, b.y - kMinY);
        if (b.y > kMinY && !filled(target, b.x, b.y - 1, b.z)) ++m.floating;
        if (b.y >= tallFrom) ++m.high;
        if (!visible(target, b)) ++m.hidden;
    }
    m.spanX = static_cast<int>(xs.size());
    m.spanY = static_cast<int>(ys.size());
    m.spanZ = static_cast<int>(zs.size());
    m.footprint = static_cast<int>(columns.size());
    m.colours = static_cast<int>(colours.size());
    Block start;
    m.diagonalChain = diagonalChain(target, place, &start);
    return m;
}

}  // namespace iglu::core

#pragma once
// The automatic skill labeler: from a target structure (and the starting grid, for tasks that
// modify an existing world) it decides each IGLU skill with a short human-readable reason.
//
// The definitions (shared/data/README.md), made computable; core/README.md shows how they compare
// with the human labels of the IGLU skill study and where those labels contradict them:
//   flat      the blocks to place lie in one plane (a single x, y or z value)
//   flying    a block to place has nothing directly beneath it (above the floor layer), so it needs
//             a temporary support or a side face to be placed against
//   tall      a block to place is more than one layer above the head of an agent standing on the
//             ground (its body is agentHeightCells tall, from the floor layer up)
//   diagonal  a chain of at least diagonalChain blocks, each touching the next only along a
//             vertical edge (one layer up, one step sideways, both cells at the corner empty)
//   tricky    a block to place is hidden (no straight grid line from it to the open sky or to a
//             side of the zone that misses every other block), or the blocks to place extend
//             trickyDepth or more cells along every axis, so back and inner blocks must be placed
//             before the ones that hide them
#include <array>
#include <string>

#include "core/grid/grid.hpp"
#include "core/skills/skill.hpp"

namespace iglu::core {

struct AutoLabelerConfig {
    int agentHeightCells = 2;   ///< the gridworld agent is two blocks tall
    int diagonalChain = 3;
    int trickyDepth = 3;
};

struct SkillVerdict {
    bool value = false;
    std::string reason;
};

struct SkillReport {
    std::array<SkillVerdict, kNumSkills> verdicts;
    const SkillVerdict& operator[](Skill s) const { return verdicts[static_cast<std::size_t>(s)]; }
    SkillSet skills() const;
};

/// The structural quantities the rules above decide on, as numbers: the features of the learned
/// labeler (skill_model.hpp). Computed from the blocks to place, as autoLabel does.
struct SkillMeasures {
    int blocks = 0;              ///< blocks to place
    int spanX = 0, spanY = 0, spanZ = 0;  ///< distinct x / y / z values among them
    int footprint = 0;           ///< distinct (x, z) columns
    int maxY = 0;                ///< highest block, 0 = the floor layer (y = -1)
    int floating = 0;            ///< blocks with nothing directly beneath (above the floor layer)
    int high = 0;                ///< blocks more than one layer above a standing agent's head
    int hidden = 0;              ///< blocks with no free grid line to the sky or a side
    int diagonalChain = 0;       ///< longest edge-only vertical-diagonal chain
    int colours = 0;             ///< distinct colours
};
SkillMeasures measureSkills(const Grid& target, const Grid* starting = nullptr, const AutoLabelerConfig& config = {});

/// Labeler name stored with auto labels (bump the version when a definition changes).
inline constexpr const char* kAutoLabelerName = "auto-labeler v1";

/// Labels a task: the blocks to place are the target's blocks that the starting grid does not
/// already hold (all of them when `starting` is null); support and occlusion come from the whole
/// target. A task with nothing to place has every skill false.
SkillReport autoLabel(const Grid& target, const Grid* starting = nullptr, const AutoLabelerConfig& config = {});

}  // namespace iglu::core

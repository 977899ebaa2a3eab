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

/// Labeler name stored with auto labels (bump the version when a definition changes).
inline constexpr const char* kAutoLabelerName = "auto-labeler v1";

/// Labels a task: the blocks to place are the target's blocks that the starting grid does not
/// already hold (all of them when `starting` is null); support and occlusion come from the whole
/// target. A task with nothing to place has every skill false.
SkillReport autoLabel(const Grid& target, const Grid* starting = nullptr, const AutoLabelerConfig& config = {});

}  // namespace iglu::core

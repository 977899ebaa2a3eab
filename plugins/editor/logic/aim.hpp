#pragma once
// What a mouse ray points at in the edited grid: the first block it meets (and the face it enters
// through, so a new block goes on that face) or, when it meets no block, the floor cell below the
// zone's lowest layer. The exact voxel ray of core (core/grid/voxel_ray.hpp, also the 3D view's
// pick); Qt-free, so tests aim without a window.
#include <array>
#include <optional>

#include "core/grid/grid.hpp"

namespace iglu::plugins::editor {

struct CursorTarget {
    bool onBlock = false;   ///< the ray meets `block`; else it meets the floor under `place`
    core::Block block;      ///< the block met (position and colour) when onBlock
    core::Block place;      ///< the cell a new block goes to: in front of the face met, or on the floor
                            ///< (may lie outside the zone, e.g. above the top layer: place() refuses it)
};

/// The block or floor cell a ray meets (origin and direction in world units); nullopt when it meets
/// neither (it passes beside the zone, leaves it upwards / sideways, or starts below the floor).
std::optional<CursorTarget> aimAt(const core::Grid& grid, const std::array<double, 3>& origin,
                                  const std::array<double, 3>& direction);

}  // namespace iglu::plugins::editor

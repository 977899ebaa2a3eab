#pragma once
// The one exact voxel ray over the build zone (Amanatides & Woo): the cells a ray crosses, in
// order, until the first solid one, and the face it enters that cell through, so a new block goes
// on the neighbour cell in front of that face. Zone cells are unit cubes centred on integer
// positions (x, z in -5..5, y in -1..7); under the zone lies the floor (floor.hpp), which a ray
// going down through the lowest layer meets. Used by the 3D view's pick (viewers/scene) and the
// task editor's cursor (plugins/editor). Not the agent's line of sight: that is the reference's
// sampled hit test (env/line_of_sight.hpp), kept bit-exact. Allocation-free; Qt-free.
#include <array>
#include <limits>
#include <optional>

#include "core/grid/grid.hpp"

namespace iglu::core {

struct VoxelHit {
    bool floor = false;            ///< the ray met the floor under the zone, not a zone cell
    int x = 0, y = 0, z = 0;       ///< the cell met (a floor cell has y = kFloorY)
    int faceAxis = -1;             ///< axis of the face entered through: 0 x, 1 y, 2 z; -1: the ray starts in the cell
    int nx = 0, ny = 0, nz = 0;    ///< the neighbour in front of that face (may lie outside the zone); the cell itself when faceAxis is -1
    double t = 0;                  ///< ray parameter where the ray enters the cell (0 when it starts there)
};

struct VoxelRayOptions {
    /// The floor stops the ray: a ray going down through the lowest layer meets it, and a ray
    /// starting below its top (y < kFloorY + 0.5) meets nothing (the floor hides the zone).
    bool floor = true;
    /// The ray ends at origin + maxT * direction (a segment with 1 and direction = end - origin).
    double maxT = std::numeric_limits<double>::infinity();
};

/// Whether the zone cell (x, y, z) stops the ray; `context` is the caller's.
using SolidCell = bool (*)(const void* context, int x, int y, int z) noexcept;

/// The first cell along origin + t * direction (t >= 0) that `solid` accepts, or the floor; empty
/// when the ray meets neither (it passes beside the zone, leaves it upwards or sideways, has no
/// direction, ends before, or starts below the floor). A ray lying exactly on a face between two
/// cells walks the cells on its positive side; a ray starting on a face, the cell it moves into.
std::optional<VoxelHit> castVoxelRay(const std::array<double, 3>& origin, const std::array<double, 3>& direction,
                                     SolidCell solid, const void* context, const VoxelRayOptions& options = {}) noexcept;

/// The same with the grid's blocks (colour != 0) solid.
std::optional<VoxelHit> castVoxelRay(const Grid& grid, const std::array<double, 3>& origin,
                                     const std::array<double, 3>& direction, const VoxelRayOptions& options = {}) noexcept;

}  // namespace iglu::core

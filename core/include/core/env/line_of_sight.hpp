#pragma once
// The line of sight and the placement rules of the reference gridworld, written once: the
// environment's place / break (core/env/environment.cpp) and the agents' aiming helpers
// (scripting/geometry.cpp, the Lua `geometry` module) both call these, so a helper's "this
// orientation places into that cell" is exactly what the environment then does.
//
// The reference's hit_test: 40 samples 0.2 apart along the sight vector from the head point,
// each rounded half-to-even to a cell; the first solid cell (a zone block, or the floor at
// y = -2 over x, z in -18..18) is hit and the cell sampled before it is where a block would go.
// Allocation-free; bit-exact with the reference (the operation order is the reference's).
#include "core/env/physics.hpp"
#include "core/grid/floor.hpp"
#include "core/grid/grid.hpp"

namespace iglu::core {

/// Colour of a cell as the line of sight sees it: the grid's colour in the zone, kFloorColour
/// on the floor, 0 (air) elsewhere.
inline int solidAt(const Grid& grid, int x, int y, int z) noexcept {
    if (y == kFloorY)
        return (x >= -kFloorHalf && x <= kFloorHalf && z >= -kFloorHalf && z <= kFloorHalf) ? kFloorColour : 0;
    return grid.at(x, y, z);
}

/// The reference's build_zone(x, y, z, pad): inside the zone grown by `pad` cells (y < 8 + pad).
template <typename T>
inline bool inBuildZone(T x, T y, T z, int pad) noexcept {
    return -5 - pad <= x && x <= 5 + pad && -5 - pad <= z && z <= 5 + pad && -1 - pad <= y && y < 8 + pad;
}

/// Result of the line-of-sight test: the first block within reach and the empty cell before it.
struct HitTest {
    bool hit = false;
    int x = 0, y = 0, z = 0;          ///< the block hit (floor blocks have y = kFloorY)
    int colour = 0;                    ///< 1..6, or kFloorColour for the floor
    bool hasPrevious = false;
    int px = 0, py = 0, pz = 0;        ///< the cell before it (where a place would go)
};

/// The hit test from head point (x, y, z) looking along (yaw, pitch) degrees over `grid`.
HitTest castRay(const Grid& grid, double x, double y, double z, double yaw, double pitch) noexcept;

/// "Cannot place into the agent": the block at cell (bx, by, bz) would overlap the agent whose
/// head point is (ax, ay, az): within half a cell in x and z, and ay - 0.75 or ay + 0.25 within
/// [by, by + 1], as in the reference.
bool placementHitsAgent(double ax, double ay, double az, int bx, int by, int bz) noexcept;

/// A place acting on `hit` from head point (ax, ay, az) puts a block (inventory aside): something
/// is hit, there is a cell before it, that cell is in the zone and not occupied by the agent.
inline bool canPlace(const HitTest& hit, double ax, double ay, double az) noexcept {
    return hit.hit && hit.hasPrevious && inBuildZone(hit.px, hit.py, hit.pz, 0) &&
           !placementHitsAgent(ax, ay, az, hit.px, hit.py, hit.pz);
}

/// A break acting on `hit` removes a block: a zone block is hit (the floor cannot be broken).
inline bool canBreak(const HitTest& hit) noexcept { return hit.hit && hit.colour > 0; }

}  // namespace iglu::core

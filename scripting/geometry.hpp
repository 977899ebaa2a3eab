#pragma once
// Aiming and vantage-point searches for agents, on top of the environment's own line of sight
// (core/env/line_of_sight.hpp: core::castRay, core::canPlace, core::placementHitsAgent,
// core::solidAt, the same code the environment's place / break runs): an orientation that places
// into / breaks a given cell from an eye position, and a cheap vantage point to do it from.
// Allocation-free except findShot's candidate list (kept on the stack).
#include "core/env/line_of_sight.hpp"
#include "core/grid/grid.hpp"

namespace iglu::scripting {

enum class Op { Place, Break };

/// An orientation (yaw, pitch) whose hit test does the operation: what aim() answers.
struct Orientation {
    bool ok = false;
    double yaw = 0, pitch = 0;     ///< degrees, yaw in [0, 360)
};

/// An orientation from eye (ex, ey, ez) whose hit test places into cell (cx, cy, cz) (Place: the
/// hit's previous cell is the target, the agent is not in the way) or hits that block (Break).
/// Tries face centres first, then points spread over each face.
Orientation aim(const core::Grid& grid, Op op, double ex, double ey, double ez, int cx, int cy, int cz) noexcept;
/// Same, but among all working orientations the one needing the smallest camera turn from
/// (yaw, pitch) (the larger of the yaw and pitch changes; yaw ignored when looking straight up/down).
Orientation aimNearest(const core::Grid& grid, Op op, double ex, double ey, double ez, int cx, int cy, int cz,
                       double yaw, double pitch) noexcept;

enum class Stance { Flying, Walking };

struct Shot {
    bool ok = false;
    double x = 0, y = 0, z = 0;    ///< eye position to act from
    double yaw = 0, pitch = 0;
    double cost = 0;               ///< estimated steps to get there (0: act from where you are)
};

/// The cheapest vantage point for an operation on one cell. Flying: any eye position whose body
/// cells are free; walking: standing on the floor (eye y = -0.25) in a column reachable on foot
/// from the agent. The agent's current pose is tried first (cost 0).
Shot findShot(const core::Grid& grid, Op op, int cx, int cy, int cz, Stance stance, double ax, double ay, double az) noexcept;

/// Walking, when no floor vantage point works: a pillar to build under the agent (by jumping and
/// placing below, one block per jump) in a free, reachable zone column (px, pz) whose top block
/// is at y = level (eye at level + 1.75) and from which the operation works. The pillar's cells
/// must be empty and not wanted by `target`. cost estimates steps (walk + one jump per block).
struct PillarShot {
    bool ok = false;
    int px = 0, pz = 0, level = -2;
    double yaw = 0, pitch = 0;
    double cost = 0;
};
PillarShot findPillarShot(const core::Grid& grid, const core::Grid& target, Op op, int cx, int cy, int cz, double ax,
                          double az) noexcept;

/// Walking: the next waypoint (cell centre) on a shortest path over free floor columns from the
/// agent's column to (tx, tz); false when unreachable. Columns are free when the y = -1 and
/// y = 0 cells are empty; |x|, |z| <= 7.
bool nextWaypoint(const core::Grid& grid, double ax, double az, double tx, double tz, double& wx, double& wz) noexcept;

/// Flying: true when a body moving in a straight line from a to b never enters an occupied cell.
bool flightClear(const core::Grid& grid, double ax, double ay, double az, double bx, double by, double bz) noexcept;

}  // namespace iglu::scripting

#include "core/grid/voxel_ray.hpp"

#include <algorithm>
#include <cmath>

#include "core/grid/floor.hpp"

namespace iglu::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The cell holding coordinate p along an axis the ray moves along with sign `step`: on a face
// (p = k + 0.5) the cell the ray moves into.
int cellOf(double p, int step) noexcept {
    return step < 0 ? static_cast<int>(std::ceil(p - 0.5)) : static_cast<int>(std::floor(p + 0.5));
}

}  // namespace

std::optional<VoxelHit> castVoxelRay(const std::array<double, 3>& o, const std::array<double, 3>& d, SolidCell solid,
                                     const void* context, const VoxelRayOptions& options) noexcept {
    const int lo[3] = {kMinX, kMinY, kMinZ}, hi[3] = {kMaxX, kMaxY, kMaxZ};
    if (options.floor && !(o[1] >= kFloorY + 0.5)) return std::nullopt;  // below the floor (or NaN)
    // Clip the ray to the zone's box (cell faces at k +- 0.5).
    double t0 = 0, t1 = options.maxT;
    int entryAxis = -1;
    for (int k = 0; k < 3; ++k) {
        const double a = lo[k] - 0.5, b = hi[k] + 0.5;
        if (!std::isfinite(o[k]) || !std::isfinite(d[k])) return std::nullopt;
        if (d[k] == 0) {
            if (o[k] < a || o[k] > b) return std::nullopt;
            continue;
        }
        double ta = (a - o[k]) / d[k], tb = (b - o[k]) / d[k];
        if (ta > tb) std::swap(ta, tb);
        if (ta > t0) {
            t0 = ta;
            entryAxis = k;
        }
        t1 = std::min(t1, tb);
    }
    if (d[0] == 0 && d[1] == 0 && d[2] == 0) return std::nullopt;
    if (!(t0 <= t1)) return std::nullopt;
    // The cell the ray enters first, and the per-axis traversal state.
    int cell[3], step[3];
    double tMax[3], tDelta[3];
    for (int k = 0; k < 3; ++k) {
        step[k] = d[k] > 0 ? 1 : (d[k] < 0 ? -1 : 0);
        cell[k] = k == entryAxis ? (step[k] > 0 ? lo[k] : hi[k])  // exactly on the face: the cell inside
                                 : std::clamp(cellOf(o[k] + t0 * d[k], step[k]), lo[k], hi[k]);
        if (step[k] == 0) {
            tMax[k] = tDelta[k] = kInf;
            continue;
        }
        tMax[k] = (cell[k] + 0.5 * step[k] - o[k]) / d[k];
        tDelta[k] = 1.0 / std::abs(d[k]);
    }
    int lastAxis = entryAxis;
    double tEnter = t0;
    for (int guard = 0; guard < kSizeX + kSizeY + kSizeZ + 3; ++guard) {
        if (solid(context, cell[0], cell[1], cell[2])) {
            VoxelHit hit;
            hit.x = cell[0], hit.y = cell[1], hit.z = cell[2];
            hit.faceAxis = lastAxis;
            hit.t = tEnter;
            int n[3] = {cell[0], cell[1], cell[2]};
            if (lastAxis >= 0) n[lastAxis] -= step[lastAxis];  // back through the face the ray entered by
            hit.nx = n[0], hit.ny = n[1], hit.nz = n[2];
            return hit;
        }
        const int k = tMax[0] < tMax[1] ? (tMax[0] < tMax[2] ? 0 : 2) : (tMax[1] < tMax[2] ? 1 : 2);
        if (!(tMax[k] <= options.maxT)) return std::nullopt;  // ends in this cell (or never leaves it)
        if (options.floor && k == 1 && step[1] < 0 && cell[1] == lo[1]) {  // down through the lowest layer
            VoxelHit hit;
            hit.floor = true;
            hit.x = cell[0], hit.y = kFloorY, hit.z = cell[2];
            hit.faceAxis = 1;
            hit.nx = cell[0], hit.ny = cell[1], hit.nz = cell[2];
            hit.t = tMax[1];
            return hit;
        }
        cell[k] += step[k];
        if (cell[k] < lo[k] || cell[k] > hi[k]) return std::nullopt;  // left the zone
        tEnter = tMax[k];
        tMax[k] += tDelta[k];
        lastAxis = k;
    }
    return std::nullopt;
}

std::optional<VoxelHit> castVoxelRay(const Grid& grid, const std::array<double, 3>& origin,
                                     const std::array<double, 3>& direction, const VoxelRayOptions& options) noexcept {
    return castVoxelRay(
        origin, direction,
        [](const void* g, int x, int y, int z) noexcept { return static_cast<const Grid*>(g)->at(x, y, z) != 0; }, &grid,
        options);
}

}  // namespace iglu::core

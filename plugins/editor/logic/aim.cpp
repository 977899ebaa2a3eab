#include "logic/aim.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iglu::plugins::editor {

std::optional<Aim> aimAt(const core::Grid& grid, const std::array<double, 3>& o, const std::array<double, 3>& d) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const int lo[3] = {core::kMinX, core::kMinY, core::kMinZ}, hi[3] = {core::kMaxX, core::kMaxY, core::kMaxZ};
    // Clip the ray to the zone's box (cell faces at k +- 0.5).
    double t0 = 0, t1 = kInf;
    int entryAxis = -1;
    for (int k = 0; k < 3; ++k) {
        const double a = lo[k] - 0.5, b = hi[k] + 0.5;
        if (std::abs(d[k]) < 1e-12) {
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
    if (!(t0 <= t1) || !std::isfinite(t0)) return std::nullopt;
    if (o[1] < lo[1] - 0.5) return std::nullopt;  // from below the floor, which hides the zone
    // The cell the ray enters first, and the per-axis traversal state.
    int cell[3], step[3];
    double tMax[3], tDelta[3];
    for (int k = 0; k < 3; ++k) {
        const double p = o[k] + t0 * d[k];
        cell[k] = std::clamp(static_cast<int>(std::floor(p + 0.5)), lo[k], hi[k]);
        if (k == entryAxis) cell[k] = d[k] > 0 ? lo[k] : hi[k];  // exactly on the face: the cell inside
        step[k] = d[k] > 0 ? 1 : (d[k] < 0 ? -1 : 0);
        if (step[k] == 0) {
            tMax[k] = tDelta[k] = kInf;
            continue;
        }
        const double boundary = cell[k] + 0.5 * step[k];
        tMax[k] = (boundary - o[k]) / d[k];
        tDelta[k] = 1.0 / std::abs(d[k]);
    }
    int lastAxis = entryAxis;
    for (int guard = 0; guard < 64; ++guard) {  // at most 11 + 9 + 11 cells are crossed
        if (const int c = grid.at(cell[0], cell[1], cell[2]); c != 0) {
            Aim aim;
            aim.onBlock = true;
            aim.block = {cell[0], cell[1], cell[2], c};
            aim.place = aim.block;
            aim.place.colour = 0;
            if (lastAxis >= 0) {  // back through the face the ray entered by
                int* p[3] = {&aim.place.x, &aim.place.y, &aim.place.z};
                *p[lastAxis] -= step[lastAxis];
            }
            return aim;
        }
        const int k = tMax[0] < tMax[1] ? (tMax[0] < tMax[2] ? 0 : 2) : (tMax[1] < tMax[2] ? 1 : 2);
        if (!std::isfinite(tMax[k])) return std::nullopt;
        if (k == 1 && step[1] < 0 && cell[1] == lo[1]) {  // down through the lowest layer: the floor
            Aim aim;
            aim.place = {cell[0], cell[1], cell[2], 0};
            return aim;
        }
        cell[k] += step[k];
        if (cell[k] < lo[k] || cell[k] > hi[k]) return std::nullopt;  // left the zone
        tMax[k] += tDelta[k];
        lastAxis = k;
    }
    return std::nullopt;
}

}  // namespace iglu::plugins::editor

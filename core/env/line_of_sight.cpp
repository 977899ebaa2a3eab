#include "core/env/line_of_sight.hpp"

#include <cmath>

namespace iglu::core {

HitTest castRay(const Grid& grid, double x, double y, double z, double yaw, double pitch) noexcept {
    HitTest h;
    const double m = std::cos(pitch * kDegToRad);
    const double vy = std::sin(pitch * kDegToRad);
    const double vx = std::cos((yaw - 90) * kDegToRad) * m;
    const double vz = std::sin((yaw - 90) * kDegToRad) * m;
    const double sx = vx / 5, sy = vy / 5, sz = vz / 5;
    bool hasPrev = false;
    int px = 0, py = 0, pz = 0;
    for (int i = 0; i < physics::kHitSamples; ++i) {
        const int kx = roundHalfEven(x), ky = roundHalfEven(y), kz = roundHalfEven(z);
        if (!(hasPrev && kx == px && ky == py && kz == pz)) {
            if (const int c = solidAt(grid, kx, ky, kz); c != 0) {
                h.hit = true;
                h.x = kx, h.y = ky, h.z = kz;
                h.colour = c;
                h.hasPrevious = hasPrev;
                h.px = px, h.py = py, h.pz = pz;
                return h;
            }
        }
        hasPrev = true;
        px = kx, py = ky, pz = kz;
        x = x + sx, y = y + sy, z = z + sz;
    }
    return h;
}

bool placementHitsAgent(double ax, double ay, double az, int bxi, int byi, int bzi) noexcept {
    const double ya = ay - 0.75;  // the reference's y - 0.75
    const double bx = bxi, by = byi, bz = bzi;
    return bx - 0.5 <= ax && ax <= bx + 0.5 && bz - 0.5 <= az && az <= bz + 0.5 &&
           ((by <= ya && ya <= by + 1) || (by <= ya + 1 && ya + 1 <= by + 1));
}

}  // namespace iglu::core

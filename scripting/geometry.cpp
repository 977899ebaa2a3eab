#include "geometry.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace iglu::scripting {

using core::Grid;

namespace {

using core::castRay;
using core::HitTest;
using core::kRadToDeg;
using core::roundHalfEven;
using core::solidAt;

constexpr int kColumns = 15;  // walking columns x, z in -7..7
constexpr double kFlyStep = 0.75;  // horizontal distance of one flying step
// Vertical distance of one flying step with |vertical| = 1: the jump speed for one step's time.
constexpr double kFlyLift = core::physics::kJumpSpeed * core::physics::kStepDt;

constexpr std::array<std::array<int, 3>, 6> kFaces{{{0, -1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0, 0, 1}}};
// Points on a face, as offsets along its two tangent axes (centre first).
constexpr std::array<std::array<double, 2>, 9> kFacePoints{
    {{0, 0}, {0.3, 0}, {-0.3, 0}, {0, 0.3}, {0, -0.3}, {0.3, 0.3}, {-0.3, 0.3}, {0.3, -0.3}, {-0.3, -0.3}}};

bool columnFree(const Grid& g, int x, int z) noexcept { return solidAt(g, x, -1, z) == 0 && solidAt(g, x, 0, z) == 0; }

/// Breadth-first distances (in columns) from (sx, sz) over free columns; -1 = unreachable.
void columnDistances(const Grid& g, int sx, int sz, std::array<int, kColumns * kColumns>& dist) noexcept {
    dist.fill(-1);
    std::array<int, kColumns * kColumns> queue{};
    int head = 0, tail = 0;
    auto id = [](int x, int z) { return (x + 7) * kColumns + (z + 7); };
    sx = std::clamp(sx, -7, 7), sz = std::clamp(sz, -7, 7);
    dist[static_cast<std::size_t>(id(sx, sz))] = 0;
    queue[static_cast<std::size_t>(tail++)] = id(sx, sz);
    while (head < tail) {
        const int cur = queue[static_cast<std::size_t>(head++)];
        const int x = cur / kColumns - 7, z = cur % kColumns - 7;
        static constexpr int d4[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (const auto& d : d4) {
            const int nx = x + d[0], nz = z + d[1];
            if (nx < -7 || nx > 7 || nz < -7 || nz > 7 || !columnFree(g, nx, nz)) continue;
            auto& nd = dist[static_cast<std::size_t>(id(nx, nz))];
            if (nd >= 0) continue;
            nd = dist[static_cast<std::size_t>(cur)] + 1;
            queue[static_cast<std::size_t>(tail++)] = id(nx, nz);
        }
    }
}

bool aimAt(const Grid& g, Op op, double ex, double ey, double ez, int cx, int cy, int cz, double px, double py,
           double pz, Orientation& out) noexcept {
    const double dx = px - ex, dy = py - ey, dz = pz - ez;
    const double h = std::hypot(dx, dz);
    if (h < 1e-9 && std::abs(dy) < 1e-9) return false;
    double yaw = std::atan2(dz, dx) * kRadToDeg + 90.0;
    if (yaw < 0) yaw += 360.0;
    if (yaw >= 360.0) yaw -= 360.0;
    const double pitch = std::atan2(dy, h) * kRadToDeg;
    const HitTest r = castRay(g, ex, ey, ez, yaw, pitch);
    if (op == Op::Break) {
        if (!core::canBreak(r) || r.x != cx || r.y != cy || r.z != cz) return false;
    } else {
        if (!core::canPlace(r, ex, ey, ez) || r.px != cx || r.py != cy || r.pz != cz) return false;
    }
    out = {true, yaw, pitch};
    return true;
}

}  // namespace

Orientation aim(const Grid& g, Op op, double ex, double ey, double ez, int cx, int cy, int cz) noexcept {
    Orientation out;
    for (const auto& pt : kFacePoints) {
        for (const auto& f : kFaces) {
            const int nx = cx + f[0], ny = cy + f[1], nz = cz + f[2];
            const bool solid = solidAt(g, nx, ny, nz) != 0;
            if (op == Op::Place ? !solid : solid) continue;  // place: against a solid face; break: an exposed one
            // The face between the cell and its neighbour, spread along the two tangent axes.
            double p[3] = {cx + 0.5 * f[0], cy + 0.5 * f[1], cz + 0.5 * f[2]};
            int t = 0;
            for (int axis = 0; axis < 3; ++axis)
                if (f[static_cast<std::size_t>(axis)] == 0) p[axis] += pt[static_cast<std::size_t>(t++)];
            if (aimAt(g, op, ex, ey, ez, cx, cy, cz, p[0], p[1], p[2], out)) return out;
        }
    }
    return out;
}

Orientation aimNearest(const Grid& g, Op op, double ex, double ey, double ez, int cx, int cy, int cz, double yaw,
                       double pitch) noexcept {
    Orientation best;
    double bestTurn = 1e9;
    for (const auto& pt : kFacePoints) {
        for (const auto& f : kFaces) {
            const int nx = cx + f[0], ny = cy + f[1], nz = cz + f[2];
            const bool solid = solidAt(g, nx, ny, nz) != 0;
            if (op == Op::Place ? !solid : solid) continue;
            double p[3] = {cx + 0.5 * f[0], cy + 0.5 * f[1], cz + 0.5 * f[2]};
            int t = 0;
            for (int axis = 0; axis < 3; ++axis)
                if (f[static_cast<std::size_t>(axis)] == 0) p[axis] += pt[static_cast<std::size_t>(t++)];
            Orientation a;
            if (!aimAt(g, op, ex, ey, ez, cx, cy, cz, p[0], p[1], p[2], a)) continue;
            double dyaw = std::fmod(std::abs(a.yaw - yaw), 360.0);
            if (dyaw > 180) dyaw = 360 - dyaw;
            if (std::abs(a.pitch) >= 90) dyaw = 0;
            const double turn = std::max(dyaw, std::abs(a.pitch - pitch));
            if (turn < bestTurn) bestTurn = turn, best = a;
        }
    }
    return best;
}

bool flightClear(const Grid& g, double ax, double ay, double az, double bx, double by, double bz) noexcept {
    const double len = std::sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay) + (bz - az) * (bz - az));
    const int n = std::max(1, static_cast<int>(std::ceil(len / 0.1)));
    for (int i = 0; i <= n; ++i) {
        const double t = static_cast<double>(i) / n;
        const double x = ax + (bx - ax) * t, y = ay + (by - ay) * t, z = az + (bz - az) * t;
        const int top = roundHalfEven(y + 0.26), bottom = roundHalfEven(y - 0.26) - 1;
        for (double ox : {-0.26, 0.26})
            for (double oz : {-0.26, 0.26})
                for (int cy = bottom; cy <= top; ++cy)
                    if (solidAt(g, roundHalfEven(x + ox), cy, roundHalfEven(z + oz)) != 0) return false;
    }
    return true;
}

bool nextWaypoint(const Grid& g, double ax, double az, double tx, double tz, double& wx, double& wz) noexcept {
    const int sx = std::clamp(roundHalfEven(ax), -7, 7), sz = std::clamp(roundHalfEven(az), -7, 7);
    const int gx = std::clamp(roundHalfEven(tx), -7, 7), gz = std::clamp(roundHalfEven(tz), -7, 7);
    if (sx == gx && sz == gz) {
        wx = tx, wz = tz;
        return true;
    }
    std::array<int, kColumns * kColumns> dist{};
    columnDistances(g, gx, gz, dist);  // from the goal, so the agent walks downhill
    auto at = [&](int x, int z) { return dist[static_cast<std::size_t>((x + 7) * kColumns + (z + 7))]; };
    int best = -1, bx = sx, bz = sz;
    static constexpr int d4[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& d : d4) {
        const int nx = sx + d[0], nz = sz + d[1];
        if (nx < -7 || nx > 7 || nz < -7 || nz > 7) continue;
        const int v = at(nx, nz);
        if (v >= 0 && (best < 0 || v < best)) best = v, bx = nx, bz = nz;
    }
    if (best < 0) return false;
    if (bx == gx && bz == gz) wx = tx, wz = tz;
    else wx = bx, wz = bz;
    return true;
}

Shot findShot(const Grid& g, Op op, int cx, int cy, int cz, Stance stance, double ax, double ay, double az) noexcept {
    Shot shot;
    if (Orientation a = aim(g, op, ax, ay, az, cx, cy, cz); a.ok) return {true, ax, ay, az, a.yaw, a.pitch, 0};

    struct Candidate {
        double cost;
        double x, y, z;
    };
    std::array<Candidate, 9 * 9 * 9> cands{};
    std::size_t n = 0;
    if (stance == Stance::Walking) {
        std::array<int, kColumns * kColumns> dist{};
        columnDistances(g, roundHalfEven(ax), roundHalfEven(az), dist);
        for (int x = -7; x <= 7; ++x)
            for (int z = -7; z <= 7; ++z) {
                const int d = dist[static_cast<std::size_t>((x + 7) * kColumns + (z + 7))];
                if (d < 0 || !columnFree(g, x, z)) continue;
                const double reach = std::hypot(x - cx, z - cz);
                if (reach > 7.5) continue;
                // Steps at 0.25 per step; prefer closer shots slightly (steeper angles fail less).
                const double cost = d * 4.0 + std::hypot(x - ax, z - az) * 0.1 + reach * 0.05;
                cands[n++] = {cost, static_cast<double>(x), -0.25, static_cast<double>(z)};
            }
    } else {
        for (int ox = -4; ox <= 4; ++ox)
            for (int oz = -4; oz <= 4; ++oz)
                for (int oy = -2; oy <= 6; ++oy) {
                    const int x = cx + ox, z = cz + oz, y = cy + oy;
                    if (x < -7 || x > 7 || z < -7 || z > 7 || y < 0 || y > 9) continue;
                    if (solidAt(g, x, y, z) != 0 || solidAt(g, x, y - 1, z) != 0) continue;
                    const double h = std::hypot(x - ax, z - az), v = std::abs(y - ay);
                    // Optimistic (straight flight); the helper library detours over obstacles.
                    double cost = std::max(std::ceil(h / kFlyStep), std::ceil(v / kFlyLift));
                    cost += 0.01 * (std::abs(ox) + std::abs(oy) + std::abs(oz));
                    cands[n++] = {cost, static_cast<double>(x), static_cast<double>(y), static_cast<double>(z)};
                }
    }
    std::sort(cands.begin(), cands.begin() + static_cast<std::ptrdiff_t>(n),
              [](const Candidate& a, const Candidate& b) { return a.cost < b.cost; });
    for (std::size_t i = 0; i < n; ++i) {
        const Candidate& c = cands[i];
        if (Orientation a = aim(g, op, c.x, c.y, c.z, cx, cy, cz); a.ok)
            return {true, c.x, c.y, c.z, a.yaw, a.pitch, c.cost};
    }
    return shot;
}

PillarShot findPillarShot(const Grid& g, const Grid& target, Op op, int cx, int cy, int cz, double ax, double az) noexcept {
    PillarShot best;
    std::array<int, kColumns * kColumns> dist{};
    columnDistances(g, roundHalfEven(ax), roundHalfEven(az), dist);
    constexpr int kJumpSteps = 15;  // one jump-and-place cycle
    for (int x = std::max(-5, cx - 4); x <= std::min(5, cx + 4); ++x)
        for (int z = std::max(-5, cz - 4); z <= std::min(5, cz + 4); ++z) {
            const int d = dist[static_cast<std::size_t>((x + 7) * kColumns + (z + 7))];
            if (d < 0) continue;
            // Existing blocks at the bottom of the column: only the agent standing on them can use them
            // (climbing onto a pillar is not a move this helper plans).
            int base = -1;
            while (base <= core::kMaxY && g.at(x, base, z) != 0) ++base;
            const bool agentHere = x == roundHalfEven(ax) && z == roundHalfEven(az);
            if (base > -1 && !agentHere) continue;
            Grid withPillar = g;
            for (int level = std::max(-1, base - 1); level <= 5; ++level) {
                if (level >= base) {  // a new top block, with room for the agent above it
                    if (g.at(x, level, z) != 0 || target.at(x, level, z) != 0) break;
                    if (x == cx && z == cz && level >= cy) break;
                    withPillar.setCell(Grid::index(x, level, z), 1);
                }
                if (level + 1 <= core::kMaxY && g.at(x, level + 1, z) != 0) break;
                if (level + 2 <= core::kMaxY && g.at(x, level + 2, z) != 0) break;
                const double cost = d * 4.0 + (level - base + 1) * kJumpSteps;
                if (best.ok && cost >= best.cost) break;
                const Orientation a = aim(withPillar, op, x, level + 1.75, z, cx, cy, cz);
                if (a.ok) {
                    best = {true, x, z, level, a.yaw, a.pitch, cost};
                    break;
                }
            }
        }
    return best;
}

}  // namespace iglu::scripting

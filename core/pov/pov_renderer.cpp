#include "core/pov/pov_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/grid/floor.hpp"

namespace iglu::core {

namespace {

// The floor and the zone as the line of sight sees them (core/env/line_of_sight.hpp, grid.hpp),
// in surface coordinates: a cell spans its centre +- 0.5.
constexpr float kFloorTop = float(kFloorY) + 0.5f;            // -1.5
constexpr float kFloorEdge = float(core::kFloorHalf) + 0.5f;  // 18.5
constexpr float kZoneHalf = float(kMaxX) + 0.5f;              // 5.5
static_assert(kMaxX == -kMinX && kMaxZ == -kMinZ && kMaxX == kMaxZ, "the zone is square around the origin");
constexpr float kPi = 3.14159265358979323846f;

struct V3 {
    float x, y, z;
};
inline V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline V3 operator*(V3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
inline float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline V3 cross(V3 a, V3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline V3 normalized(V3 a) {
    float n = std::sqrt(dot(a, a));
    return n > 0 ? a * (1.0f / n) : a;
}

inline void put(std::uint8_t* px, Rgb c) {
    px[0] = c.r;
    px[1] = c.g;
    px[2] = c.b;
}

// Distance of a coordinate to the nearest grid line at integer + 0.5 (cell borders).
inline float lineDistance(float v) {
    float f = v + 0.5f - std::floor(v + 0.5f);
    return std::min(f, 1.0f - f);
}

}  // namespace

Rgb povBlockColour(int colour, PovStyle style) noexcept {
    const PovLook& look = povLook(style);
    return colour >= 1 && colour <= 6 ? look.face[colour][2][0] : look.sky;
}

PovRenderer::PovRenderer(PovConfig config) : config_(config), look_(&povLook(config.style)) {
    if (config_.width < 1 || config_.height < 1 || config_.width > kMaxSide || config_.height > kMaxSide)
        throw std::invalid_argument("POV size must be 1.." + std::to_string(kMaxSide) + " pixels per side");
    if (!(config_.fovYDegrees > 1.0f && config_.fovYDegrees < 179.0f)) throw std::invalid_argument("POV field of view must be in (1, 179) degrees");
    tanY_ = std::tan(config_.fovYDegrees * kPi / 360.0f);
    tanX_ = tanY_ * float(config_.width) / float(config_.height);
    const float tanX = tanX_, tanY = tanY_;
    rayX_.resize(std::size_t(config_.width));
    rayY_.resize(std::size_t(config_.height));
    for (int i = 0; i < config_.width; ++i) rayX_[std::size_t(i)] = ((float(i) + 0.5f) / float(config_.width) * 2.0f - 1.0f) * tanX;
    for (int j = 0; j < config_.height; ++j) rayY_[std::size_t(j)] = (1.0f - (float(j) + 0.5f) / float(config_.height) * 2.0f) * tanY;
    depth_.resize(std::size_t(config_.width) * std::size_t(config_.height));
}

std::vector<std::uint8_t> PovRenderer::render(const Grid& grid, const Pose& eye) {
    std::vector<std::uint8_t> out(frameBytes());
    render(grid, eye, out);
    return out;
}

void PovRenderer::render(const Grid& grid, const Pose& pose, std::span<std::uint8_t> out) {
    if (out.size() < frameBytes()) throw std::invalid_argument("POV buffer too small");
    const int W = config_.width, H = config_.height;
    const float yaw = float(pose.yaw) * kPi / 180.0f, pitch = float(pose.pitch) * kPi / 180.0f;
    // The environment's sight vector: (cos(yaw-90)cos(pitch), sin(pitch), sin(yaw-90)cos(pitch)).
    const V3 fwd{std::cos(yaw - kPi / 2) * std::cos(pitch), std::sin(pitch), std::sin(yaw - kPi / 2) * std::cos(pitch)};
    // Right is horizontal; straight up or down (no horizontal forward) it follows the yaw alone.
    const V3 side = cross(fwd, V3{0, 1, 0});
    const V3 right = normalized(std::fabs(side.x) + std::fabs(side.z) < 1e-6f ? V3{std::cos(yaw), 0, std::sin(yaw)} : side);
    const V3 up = cross(right, fwd);
    const V3 e{float(pose.x), float(pose.y), float(pose.z)};

    const PovLook& look = *look_;
    const float farPlane = look.farPlane, lineWidth = look.floorLine;

    // 1. Background: sky, or the floor where the ray meets it (cell borders, zone). `right` and `up`
    //    are perpendicular to `fwd`, so a ray fwd + x right + y up reaches eye-space depth t at
    //    parameter t: t is the depth the near and far planes clip. `right` is horizontal, so a
    //    row's rays share their height component and their depth on the floor: one division per row.
    for (int j = 0; j < H; ++j) {
        const V3 rowDir = fwd + up * rayY_[std::size_t(j)];
        std::uint8_t* px = out.data() + std::size_t(j) * std::size_t(W) * 3;
        float* depth = depth_.data() + std::size_t(j) * std::size_t(W);
        const float t = rowDir.y < 0 ? (kFloorTop - e.y) / rowDir.y : -1.0f;
        if (!(t >= look.nearPlane) || t > farPlane) {
            for (int i = 0; i < W; ++i, px += 3) {
                depth[i] = INFINITY;
                put(px, look.sky);
            }
            continue;
        }
        const float hz0 = e.z + rowDir.z * t, hx0 = e.x + rowDir.x * t;
        const float dxr = right.x * t, dzr = right.z * t;
        for (int i = 0; i < W; ++i, px += 3) {
            const float rx = rayX_[std::size_t(i)];
            const float hx = hx0 + dxr * rx, hz = hz0 + dzr * rx;
            const float ax = std::fabs(hx), az = std::fabs(hz);
            if (ax > kFloorEdge || az > kFloorEdge) {
                depth[i] = INFINITY;
                put(px, look.sky);
                continue;
            }
            depth[i] = t;
            const bool line = std::min(lineDistance(hx), lineDistance(hz)) < lineWidth;
            if (look.zoneOutline) {
                const bool zoneEdge = (az <= kZoneHalf + 0.05f && std::fabs(ax - kZoneHalf) < 0.06f) ||
                                      (ax <= kZoneHalf + 0.05f && std::fabs(az - kZoneHalf) < 0.06f);
                put(px, zoneEdge ? look.zoneEdge : (line ? look.zoneLine : look.zoneFloor));
            } else if (ax < kZoneHalf && az < kZoneHalf) {
                put(px, line ? look.zoneLine : look.zoneFloor);
            } else {
                put(px, line ? look.outsideLine : look.outsideFloor);
            }
        }
    }

    // 2. Blocks: every exposed face that faces the camera, clipped to the near plane, filled with
    //    an exact per-pixel depth test (distance along the ray to the face's plane).
    const float tanX = tanX_, tanY = tanY_;
    const float kNear = look.nearPlane;
    // A face's border: where |offset from the face centre| along an in-plane axis exceeds this
    // (in units of the half side, see u and v below).
    const float borderFrom = 1.0f - 2.0f * look.faceBorder;
    static constexpr int kNormals[kPovFaces][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (int idx = 0; idx < kCells; ++idx) {
        const int colour = grid.cell(idx);
        if (colour <= 0) continue;
        const Block b = Grid::position(idx);
        const V3 c{float(b.x), float(b.y), float(b.z)};
        for (int f = 0; f < 6; ++f) {
            const int nx = kNormals[f][0], ny = kNormals[f][1], nz = kNormals[f][2];
            if (grid.at(b.x + nx, b.y + ny, b.z + nz) != 0) continue;        // internal face
            const V3 n{float(nx), float(ny), float(nz)};
            const V3 faceCentre = c + n * 0.5f;
            if (dot(n, e - faceCentre) <= 0) continue;                          // facing away
            // The face's corners: centre ± half of the two in-plane axes.
            const V3 a1 = ny != 0 ? V3{0.5f, 0, 0} : V3{0, 0.5f, 0};
            const V3 a2 = nz != 0 ? V3{0.5f, 0, 0} : V3{0, 0, 0.5f};
            V3 corner[4] = {faceCentre - a1 - a2, faceCentre + a1 - a2, faceCentre + a1 + a2, faceCentre - a1 + a2};
            // Camera space (x right, y up, z forward), clip against z = near.
            V3 cam[8];
            int nIn = 0;
            V3 in[4];
            for (int k = 0; k < 4; ++k) {
                const V3 r = corner[k] - e;
                in[k] = {dot(r, right), dot(r, up), dot(r, fwd)};
            }
            for (int k = 0; k < 4; ++k) {
                const V3 p0 = in[k], p1 = in[(k + 1) % 4];
                const bool i0 = p0.z > kNear, i1 = p1.z > kNear;
                if (i0) cam[nIn++] = p0;
                if (i0 != i1) {
                    const float s = (kNear - p0.z) / (p1.z - p0.z);
                    cam[nIn++] = p0 + (p1 - p0) * s;
                }
            }
            if (nIn < 3) continue;
            // Screen coordinates (pixel units, y down).
            float sx[8], sy[8];
            float minX = 1e30f, maxX = -1e30f, minY = 1e30f, maxY = -1e30f;
            for (int k = 0; k < nIn; ++k) {
                sx[k] = (cam[k].x / (cam[k].z * tanX) * 0.5f + 0.5f) * float(W);
                sy[k] = (0.5f - cam[k].y / (cam[k].z * tanY) * 0.5f) * float(H);
                minX = std::min(minX, sx[k]);
                maxX = std::max(maxX, sx[k]);
                minY = std::min(minY, sy[k]);
                maxY = std::max(maxY, sy[k]);
            }
            const int x0 = std::max(0, int(std::floor(minX))), x1 = std::min(W - 1, int(std::ceil(maxX)));
            const int y0 = std::max(0, int(std::floor(minY))), y1 = std::min(H - 1, int(std::ceil(maxY)));
            if (x0 > x1 || y0 > y1) continue;
            // Edge equations E(x, y) = A x + B y + C, all >= 0 inside (after orientation).
            float area = 0;
            for (int k = 0; k < nIn; ++k) {
                const int k1 = k + 1 == nIn ? 0 : k + 1;
                area += sx[k] * sy[k1] - sx[k1] * sy[k];
            }
            const float orient = area >= 0 ? 1.0f : -1.0f;
            float ea[8], eb[8], ec[8];
            for (int k = 0; k < nIn; ++k) {
                const int k1 = k + 1 == nIn ? 0 : k + 1;
                ea[k] = -orient * (sy[k1] - sy[k]);
                eb[k] = orient * (sx[k1] - sx[k]);
                ec[k] = -(ea[k] * sx[k] + eb[k] * sy[k]);
            }
            const float planeDist = dot(n, faceCentre - e);
            const float nRight = dot(n, right);
            const Rgb base = look.face[colour <= 6 ? colour : 0][f][0];
            const Rgb edge = look.face[colour <= 6 ? colour : 0][f][1];
            for (int j = y0; j <= y1; ++j) {
                const float py = float(j) + 0.5f;
                const V3 rowDir = fwd + up * rayY_[std::size_t(j)];
                const float nRow = dot(n, rowDir);
                float* depth = depth_.data() + std::size_t(j) * std::size_t(W);
                std::uint8_t* row = out.data() + std::size_t(j) * std::size_t(W) * 3;
                for (int i = x0; i <= x1; ++i) {
                    const float pxc = float(i) + 0.5f;
                    bool inside = true;
                    for (int k = 0; k < nIn; ++k) inside &= ea[k] * pxc + eb[k] * py + ec[k] >= 0;
                    if (!inside) continue;
                    const float rx = rayX_[std::size_t(i)];
                    const float denom = nRow + nRight * rx;
                    if (denom >= 0) continue;
                    const float t = planeDist / denom;
                    if (!(t > 0) || t >= depth[i] || t > farPlane) continue;
                    depth[i] = t;
                    // The face's border (the texture's darker rim): neighbouring blocks stay distinguishable.
                    const V3 hit = e + (rowDir + right * rx) * t - faceCentre;
                    const float u = std::fabs(dot(hit, a1)) * 4.0f, v = std::fabs(dot(hit, a2)) * 4.0f;  // 0..1 at the border
                    put(row + std::size_t(i) * 3, (u > borderFrom || v > borderFrom) ? edge : base);
                }
            }
        }
    }
}

}  // namespace iglu::core

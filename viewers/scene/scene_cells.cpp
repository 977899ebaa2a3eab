#include "viewers/scene/scene_cells.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/grid/voxel_ray.hpp"
#include "core/intersection/maximal_intersection.hpp"

namespace iglu::viewers {

const char* cellKindName(CellKind k) noexcept {
    switch (k) {
        case CellKind::None: return "empty";
        case CellKind::Built: return "built";
        case CellKind::Target: return "target";
        case CellKind::Matched: return "matched";
        case CellKind::Missing: return "missing";
        case CellKind::Extra: return "extra";
    }
    return "?";
}

int heightAboveFloor(const core::Block& b) noexcept { return b.y - core::kMinY; }

std::string describe(const PickedBlock& p) {
    char buf[128];
    const int h = heightAboveFloor(p.block);
    char height[40];
    if (h == 0) std::snprintf(height, sizeof height, "on the floor");
    else std::snprintf(height, sizeof height, "%d above the floor", h);
    std::snprintf(buf, sizeof buf, "(%d, %d, %d) %s, %s, %s", p.block.x, p.block.y, p.block.z,
                  core::colourName(p.block.colour), cellKindName(p.kind), height);
    return buf;
}

bool SceneFilter::passes(int y, int c) const noexcept { return y <= maxLayer && (colour == 0 || c == colour); }
bool SceneFilter::active() const noexcept { return maxLayer < core::kMaxY || colour != 0; }

std::string SceneFilter::text() const {
    std::string out;
    if (maxLayer < core::kMaxY) out = "layers y <= " + std::to_string(maxLayer);
    if (colour != 0) out += (out.empty() ? "only " : ", only ") + std::string(core::colourName(colour));
    return out;
}

SceneCells classifyCells(const std::optional<core::Grid>& target, const core::Grid& built, bool overlay,
                         bool ghost, const SceneFilter& filter) {
    SceneCells out;
    classifyCells(target, built, overlay, ghost, filter, out);
    return out;
}

void classifyCells(const std::optional<core::Grid>& target, const core::Grid& built, bool overlay, bool ghost,
                   const SceneFilter& filter, SceneCells& out) {
    out.solid.clear();
    out.ghost.clear();
    out.edges.clear();
    out.footprints.clear();
    out.kinds.fill(CellKind::None);
    out.colours.fill(0);
    out.stats = {};
    const auto mark = [&out](const core::Block& b, CellKind k) {
        const auto idx = static_cast<std::size_t>(core::Grid::index(b.x, b.y, b.z));
        out.kinds[idx] = k;
        out.colours[idx] = static_cast<std::int8_t>(b.colour);
    };
    const int builtSize = built.count();
    if (target && overlay) {
        const core::IntersectionOverlay ov = core::overlay(*target, built);
        const Rgb m = overlayColour(OverlayCategory::Matched), e = overlayColour(OverlayCategory::Extra),
                  s = overlayColour(OverlayCategory::Missing);
        for (const auto& b : ov.matched) {
            if (!filter.passes(b.y, b.colour)) continue;
            out.solid.push_back({b.x, b.y, b.z, m});
            mark(b, CellKind::Matched);
        }
        for (const auto& b : ov.extra) {
            if (!filter.passes(b.y, b.colour)) continue;
            out.solid.push_back({b.x, b.y, b.z, e});
            out.edges.push_back({b.x, b.y, b.z, Rgb{255, 255, 255}});
            mark(b, CellKind::Extra);
        }
        for (const auto& b : ov.missing) {
            if (!core::Grid::inZone(b.x, b.y, b.z) || !filter.passes(b.y, b.colour)) continue;
            out.ghost.push_back({b.x, b.y, b.z, s});
            mark(b, CellKind::Missing);
        }
        out.stats.matched = static_cast<int>(ov.matched.size());
        out.stats.missing = static_cast<int>(ov.missing.size());
        out.stats.extra = static_cast<int>(ov.extra.size());
        out.stats.scores = core::scoreFromCounts(out.stats.matched, target->count(), builtSize);
        out.stats.scores.alignment = ov.alignment;
    } else {
        for (int idx = 0; idx < core::kCells; ++idx) {
            const int c = built.cell(idx);
            if (c == 0) continue;
            core::Block b = core::Grid::position(idx);
            b.colour = c;
            if (!filter.passes(b.y, c)) continue;
            out.solid.push_back({b.x, b.y, b.z, blockColour(c)});
            mark(b, CellKind::Built);
        }
        if (target) {
            if (ghost) {
                for (int idx = 0; idx < core::kCells; ++idx) {
                    const int c = target->cell(idx);
                    if (c == 0 || built.cell(idx) != 0) continue;
                    core::Block b = core::Grid::position(idx);
                    b.colour = c;
                    if (!filter.passes(b.y, c)) continue;
                    out.ghost.push_back({b.x, b.y, b.z, blockColour(c)});
                    mark(b, CellKind::Target);
                }
            }
            out.stats.scores = core::score(*target, built);
            out.stats.matched = out.stats.scores.intersection;
            out.stats.missing = target->count() - out.stats.matched;
            out.stats.extra = builtSize - out.stats.matched;
        }
    }
    // One floor square per column with something shown, at its lowest shown cube.
    std::array<int, core::kSizeX * core::kSizeZ> lowest{};
    lowest.fill(core::kMaxY + 1);
    for (const auto* layer : {&out.solid, &out.ghost})
        for (const ShownCube& c : *layer) {
            int& l = lowest[static_cast<std::size_t>((c.x - core::kMinX) * core::kSizeZ + (c.z - core::kMinZ))];
            l = std::min(l, c.y);
        }
    for (int x = 0; x < core::kSizeX; ++x)
        for (int z = 0; z < core::kSizeZ; ++z) {
            const int l = lowest[static_cast<std::size_t>(x * core::kSizeZ + z)];
            if (l <= core::kMaxY) out.footprints.push_back({x + core::kMinX, z + core::kMinZ, l});
        }
}

std::optional<PickedBlock> pickAlongRay(const std::array<double, 3>& nearP, const std::array<double, 3>& farP,
                                        const SceneCells& cells) {
    // The exact voxel ray of core over the segment (t in 0..1), the shown cells solid; the floor is
    // not picked (a ray that meets no shown cell picks nothing).
    core::VoxelRayOptions options;
    options.floor = false;
    options.maxT = 1;
    const auto hit = core::castVoxelRay(
        nearP, {farP[0] - nearP[0], farP[1] - nearP[1], farP[2] - nearP[2]},
        [](const void* c, int x, int y, int z) noexcept {
            const auto idx = static_cast<std::size_t>(core::Grid::index(x, y, z));
            return static_cast<const SceneCells*>(c)->kinds[idx] != CellKind::None;
        },
        &cells, options);
    if (!hit) return std::nullopt;
    const auto idx = static_cast<std::size_t>(core::Grid::index(hit->x, hit->y, hit->z));
    return PickedBlock{core::Block{hit->x, hit->y, hit->z, cells.colours[idx]}, cells.kinds[idx]};
}

}  // namespace iglu::viewers

#include "logic/aim.hpp"

#include "core/grid/voxel_ray.hpp"

namespace iglu::plugins::editor {

std::optional<CursorTarget> aimAt(const core::Grid& grid, const std::array<double, 3>& o,
                                  const std::array<double, 3>& d) {
    const auto hit = core::castVoxelRay(grid, o, d);
    if (!hit) return std::nullopt;
    CursorTarget target;
    target.place = {hit->nx, hit->ny, hit->nz, 0};
    if (!hit->floor) {
        target.onBlock = true;
        target.block = {hit->x, hit->y, hit->z, grid.at(hit->x, hit->y, hit->z)};
    }
    return target;
}

}  // namespace iglu::plugins::editor

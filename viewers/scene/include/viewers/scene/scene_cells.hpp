#pragma once
// What each cell of the 3D view shows, decided without VTK (tests need no display): the cell
// classification (built / target ghost, or matched / missing / extra at the best alignment), the
// view filter (layer slicing: only y <= k; colour isolation: one IGLU colour only), the floor
// footprints under every shown column, and the hover text with the block's height above the floor.
// ZoneScene (zone_scene.hpp) draws what classifyCells returns.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/metrics/metrics.hpp"
#include "viewers/scene/palette.hpp"

namespace iglu::viewers {

/// What a cell of the view shows.
enum class CellKind : std::uint8_t { None = 0, Built, Target, Matched, Missing, Extra };
const char* cellKindName(CellKind k) noexcept;  ///< "built", "target", "matched", "missing", "extra"

struct PickedBlock {
    core::Block block;            ///< position and IGLU colour of the block under the cursor
    CellKind kind = CellKind::None;
};
/// Blocks between the floor and a block's bottom: 0 for a block on the floor (y = -1).
int heightAboveFloor(const core::Block& b) noexcept;
/// "(x, y, z) red, matched, 3 above the floor" (or "on the floor") for status bars and tooltips.
std::string describe(const PickedBlock& p);

struct OverlayStats {
    int matched = 0, missing = 0, extra = 0;
    core::Scores scores;          ///< precision / recall / F1 of built vs target (whole grids, never filtered)
};

/// Which cells are drawn: layer slicing (only y <= maxLayer) and colour isolation (one IGLU
/// colour, 1..6; 0 = all). The scores and counts of the legend stay those of the whole grids.
struct SceneFilter {
    int maxLayer = core::kMaxY;
    int colour = 0;
    bool passes(int y, int colour) const noexcept;
    bool active() const noexcept;  ///< hides anything at all
    /// "layers y <= 3, only red" ("" when nothing is hidden): the legend's filter line.
    std::string text() const;
    friend bool operator==(const SceneFilter&, const SceneFilter&) = default;
};

struct ShownCube {
    int x, y, z;
    Rgb colour;
};
/// A floor square under a column holding at least one shown cube; `lowest` is the y of its
/// lowest shown cube (-1: it stands on the floor).
struct Footprint {
    int x, z, lowest;
    friend bool operator==(const Footprint&, const Footprint&) = default;
};

struct SceneCells {
    std::vector<ShownCube> solid, ghost, edges;  ///< edges: the extra blocks' outlines (white)
    std::vector<Footprint> footprints;           ///< sorted by (x, z)
    std::array<CellKind, core::kCells> kinds{};  ///< indexed like core::Grid
    std::array<std::int8_t, core::kCells> colours{};
    OverlayStats stats;
};

/// The cells the scene draws. Overlay on (with a target): core::overlay's matched / missing /
/// extra in the overlay colours; otherwise the built blocks in the palette and, with ghost on, the
/// target's blocks where nothing is built. The filter hides cells (by position and by the block's
/// IGLU colour); stats always count the whole grids.
SceneCells classifyCells(const std::optional<core::Grid>& target, const core::Grid& built, bool overlay,
                         bool ghost, const SceneFilter& filter);
/// The same into `out`, reusing its vectors' memory (the scene calls it on every step).
void classifyCells(const std::optional<core::Grid>& target, const core::Grid& built, bool overlay, bool ghost,
                   const SceneFilter& filter, SceneCells& out);

/// The first shown cell (kinds != None) along the segment from `nearP` to `farP` (world
/// coordinates, e.g. a view ray between the clipping planes) inside the zone; empty if none.
/// The exact voxel ray of core (core/grid/voxel_ray.hpp), as the task editor's cursor.
std::optional<PickedBlock> pickAlongRay(const std::array<double, 3>& nearP, const std::array<double, 3>& farP,
                                        const SceneCells& cells);

}  // namespace iglu::viewers

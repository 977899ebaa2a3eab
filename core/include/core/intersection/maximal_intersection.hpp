#pragma once
// Maximal intersection of a built grid with a target, over the 4 rotations around the vertical
// axis and the horizontal shifts that keep the whole target inside the zone, exactly as the
// reference gridworld's Task.maximal_intersection defines it (see shared/conformance/README.md):
//
//   value = max over rot r = 0..3 and admissible (dx, dz) of
//           #{ target_r cell (iy, ix, iz) != 0 : built[iy, ix - dx, iz - dz] == target_r[iy, ix, iz] }
//
// with target_{r+1}[:, iz, 10 - ix] = target_r[:, ix, iz] and (dx, dz) admissible for r when
// shifting every non-zero cell of full_r by (-dx, -dz) keeps it inside 0..10. The argmax is the
// first strictly better (dx, dz, rot) in the order rot 0..3, dx ascending, dz ascending, starting
// from max = 0 and (0, 0, 0).
//
// Grids may hold negative values (the environment's synthetic "diff" task: target - start against
// built - start), in -6..6.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/grid/grid.hpp"

namespace iglu::core {

struct Alignment {
    int dx = 0, dz = 0, rot = 0;
    friend bool operator==(const Alignment&, const Alignment&) = default;
};

/// The target rotated `rot` times (0..3) by the reference's rule (x, z) -> (z, -x) per turn.
Grid rotated(const Grid& g, int rot);

/// Keeps per-alignment intersection counts against a built grid, so a single block change is an
/// O(alignments touching that cell) update and the maximum is a scan of at most 484 counters.
/// Setting a target builds its tables (allocates); reset / update / value / argmax do not. The
/// tables never change once built and are shared by copies: copying a MaximalIntersection (e.g.
/// to start another environment on the same task, core::PreparedTask) copies only its counters.
class MaximalIntersection {
public:
    MaximalIntersection();
    /// `full` decides the admissible shifts (the reference's full_grid); it defaults to the target.
    explicit MaximalIntersection(const Grid& target);
    MaximalIntersection(const Grid& target, const Grid& full);

    void setTarget(const Grid& target) { setTarget(target, target); }
    void setTarget(const Grid& target, const Grid& full);

    /// Full computation: recount every alignment against `built`.
    void reset(const Grid& built);
    /// Incremental update after cell `idx` of the built grid changed from `oldValue` to `newValue`.
    void update(int idx, int oldValue, int newValue) noexcept;

    /// Current maximal intersection (0 when nothing matches).
    int value() const noexcept;
    /// First strictly better alignment in the reference's order; (0, 0, 0) while the value is 0.
    Alignment argmax() const noexcept;

    /// Intersection of the current built grid at one alignment (the reference's get_intersection);
    /// an alignment that is not admissible counts only target cells whose shifted cell is inside.
    int intersectionAt(const Grid& built, Alignment a) const noexcept;
    /// Intersection without invariance: only (0, 0, rot 0).
    int intersectionNoInvariance(const Grid& built) const noexcept { return intersectionAt(built, {}); }

    int targetSize() const noexcept { return tables_->targetSize; }
    std::array<int, 4> admissibleCounts() const noexcept;
    int alignmentCount() const noexcept { return static_cast<int>(tables_->alignments.size()); }
    const Grid& target() const noexcept { return tables_->target; }

private:
    // Everything derived from the target (immutable once built, shared by copies).
    struct Tables {
        Grid target;
        std::array<Grid, 4> rotatedTargets;
        int targetSize = 0;
        std::vector<Alignment> alignments;   // admissible alignments in search order
        std::array<int, 4> admissible{};
        // For every built cell and value v in -6..6: the alignments whose target cell at that built
        // cell has value v (CSR layout: offsets[cell * 13 + v + 6] .. offsets[... + 1]).
        std::vector<std::int32_t> offsets;
        std::vector<std::int16_t> entries;
    };
    std::shared_ptr<const Tables> tables_;
    std::vector<std::int16_t> counts_;     // one counter per alignment (padded to whole lanes)
};

/// Blocks of the built grid and target at the best alignment, for overlays.
struct IntersectionOverlay {
    Alignment alignment;
    std::vector<Block> matched;  ///< built blocks that match the aligned target
    std::vector<Block> missing;  ///< aligned target blocks (in built coordinates) not matched
    std::vector<Block> extra;    ///< built blocks that are not matched
};
IntersectionOverlay overlay(const Grid& target, const Grid& built);

}  // namespace iglu::core

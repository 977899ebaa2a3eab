#pragma once
// Two or more rollouts of one task side by side, step by step (the compare view, `iglu compare`):
// what each frame did (its action, the blocks it placed / broke / recoloured, the pose after it,
// reward and F1) and where the rollouts' worlds differ. Qt-free and VTK-free.
//
// Step p is the state after p frames (0 = the start). A rollout shorter than another stays at its
// last state. The worlds of the rollouts "differ" at step p when their grids after p frames are
// not all equal; the first such step is where the rollouts diverge.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"
#include "core/rollout/rollout_series.hpp"

namespace iglu::core {

/// Counts of what a frame's block changes did.
struct ChangeCounts {
    int placed = 0;      ///< air -> block
    int broken = 0;      ///< block -> air
    int recoloured = 0;  ///< block -> block of another colour
};
ChangeCounts countChanges(std::span<const BlockChange> changes) noexcept;

/// "placed red (1, 0, -3); broke blue (2, 1, 0)"; "" when there is no change.
std::string describeChanges(std::span<const BlockChange> changes);

/// One frame of one rollout, for the per-step table.
struct StepRow {
    std::size_t step = 0;   ///< 1-based: the state after this frame
    std::string action;     ///< the frame's action text (may be empty)
    std::string changes;    ///< describeChanges of the frame
    ChangeCounts counts;
    Pose pose;              ///< after the frame
    double reward = 0;      ///< the frame's reward (replayed for human tapes, RolloutSeries)
    double f1 = 0;          ///< F1 after the frame
};

/// The rows of every frame of `rollout`, rewards and F1 from `series` (computeSeries of the same
/// rollout); row i is step i + 1.
std::vector<StepRow> stepRows(const Rollout& rollout, const RolloutSeries& series);

struct RolloutComparison {
    std::size_t steps = 0;            ///< the longest rollout's frame count
    std::vector<bool> differs;        ///< index p = 0..steps: the grids after p frames differ
    std::optional<std::size_t> firstDifference;  ///< the first p where they differ
    std::size_t differingSteps = 0;   ///< how many p differ
};

/// Compares the worlds of rollouts of one task step by step (all of them at once: a step differs
/// when any two differ). Fewer than two rollouts: nothing differs.
RolloutComparison compareRollouts(std::span<const Rollout* const> rollouts);

}  // namespace iglu::core

#pragma once
// Precision / recall / F1 of a built grid against a target at the best alignment.
#include "core/grid/grid.hpp"
#include "core/intersection/maximal_intersection.hpp"

namespace iglu::core {

struct Scores {
    int intersection = 0;
    int targetSize = 0;
    int builtSize = 0;
    Alignment alignment;
    double precision = 0;  ///< I / |built| (0 when built is empty)
    double recall = 0;     ///< I / |target| (0 when target is empty)
    double f1 = 0;         ///< 2I / (|built| + |target|) (0 when both are empty)
};
Scores score(const Grid& target, const Grid& built);
/// Precision / recall / F1 from counts (the one formula every caller shares).
Scores scoreFromCounts(int intersection, int targetSize, int builtSize);
/// An episode's success: the built grid equals the target at the best alignment (every target
/// block matched, nothing else built). Shared by experiments, recorded Python agents and imports.
inline bool exactCompletion(const Scores& s) noexcept {
    return s.intersection == s.targetSize && s.builtSize == s.targetSize;
}

/// The IGLU-2022 starter-kit evaluator formula (IGLUMetricsTracker.get_metrics), kept for
/// comparability with published numbers: argmax of the synthetic task (target - start) on the RAW
/// grid, applied to the diff; precision/recall named the other way round, with 1e-10 guards.
struct Iglu2022Scores {
    Alignment argmaxOnRawGrid;
    int intersection = 0;
    double precision = 0;
    double recall = 0;
    double f1 = 0;  ///< "completion_rate_f1"
};
Iglu2022Scores iglu2022Evaluate(const Grid& target, const Grid& start, const Grid& built);

}  // namespace iglu::core

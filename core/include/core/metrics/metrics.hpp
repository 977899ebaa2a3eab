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

/// The step the IGLU-2022 evaluator scores (local_evaluation.py): it steps the environment with
/// the agent's action and scores that step's observation as soon as the environment says done
/// (the synthetic task (target - start) complete, or the step limit) or the agent asks to stop;
/// the episode ends there. An episode that goes on after `done` (experiments without
/// stop_on_done) is scored at its first done step, one that never sees `done` at its last step.
/// Feed every step (`step`), then read `result` with the final grid.
class Iglu2022EvaluatorStep {
public:
    void restart() noexcept { scored_ = false; }
    /// After a step: scores `built` when this is the first step the environment said done.
    void step(bool done, const Grid& target, const Grid& start, const Grid& built) {
        if (!done || scored_) return;
        scores_ = iglu2022Evaluate(target, start, built);
        scored_ = true;
    }
    /// The episode's score: at its first done step, else of `finalGrid`.
    Iglu2022Scores result(const Grid& target, const Grid& start, const Grid& finalGrid) const {
        return scored_ ? scores_ : iglu2022Evaluate(target, start, finalGrid);
    }

private:
    Iglu2022Scores scores_;
    bool scored_ = false;
};

}  // namespace iglu::core

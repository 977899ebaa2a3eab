#pragma once
// Per-step series of a rollout for the playback chart: the reward each frame earned, the return so
// far and the F1 of the grid against the task target (best alignment, core::MaximalIntersection
// updated incrementally, so a 1,000-frame rollout costs about as much as one full recount per
// hundred frames). Qt-free and VTK-free.
//
// Rewards: an agent episode stores the reward the environment gave each step. A human tape stores
// none (its frames are block changes read from the dataset), so its rewards are computed by
// replaying the tape in the core environment (core::Environment::applyChanges, one step per
// frame), which gives the reward an agent making the same block changes would have earned.
#include <cstdint>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::core {

struct RolloutSeries {
    /// Index p = state after p frames (0 = start), so every vector has rollout.size() + 1 entries.
    std::vector<double> reward;     ///< reward of frame p - 1 (0 at p = 0)
    std::vector<double> returns;    ///< sum of rewards of the first p frames
    std::vector<double> f1;         ///< F1 of the grid after p frames against the target
    /// F1 of the belief in force after p frames (Rollout::beliefAt) against the target
    /// (core::score, the experiments' prediction F1); 0 before the first belief. Empty when the
    /// rollout has no beliefs.
    std::vector<double> predictionF1;
    /// The rewards come from replaying the rollout in the core environment (human tapes), not
    /// from the rollout itself.
    bool replayedRewards = false;
    std::size_t size() const noexcept { return f1.size(); }
};

/// Why reward and F1 can move apart: IGLU's reference reward (core::Environment) counts a block
/// that matches the target anywhere, whatever its position, while F1 scores the whole structure
/// at its best alignment; one block placed in the wrong spot can earn +1 while F1 drops.
inline constexpr const char* kRewardIgnoresPosition =
    "the reference's reward counts matches anywhere, ignoring position";

/// A step where the reward and F1 moved in opposite directions.
struct RewardF1Disagreement {
    enum class Kind : std::uint8_t { RewardUpF1Down, RewardDownF1Up };
    std::size_t step = 0;   ///< index into the series (state after `step` frames)
    Kind kind = Kind::RewardUpF1Down;
    double reward = 0;      ///< reward of that frame
    double f1Before = 0, f1After = 0;
    /// "step 12: reward +1 but F1 0.52 -> 0.47 (the reference's reward counts matches anywhere, ignoring position)"
    std::string text() const;
};

/// The steps p >= 1 where reward[p] > 0 and F1 fell, or reward[p] < 0 and F1 rose (by more than
/// `epsilon`), in step order.
std::vector<RewardF1Disagreement> rewardF1Disagreements(const RolloutSeries& series, double epsilon = 1e-9);

/// Human tapes: rewards replayed in the core environment (task = the rollout's start, `target`);
/// agent episodes: the stored rewards.
RolloutSeries computeSeries(const core::Rollout& rollout, const core::Grid& target);

}  // namespace iglu::core

#pragma once
// The Playback dock's belief line (QtCore only, tested without a window): which belief of the
// rollout is in force at the step shown (core::Rollout::beliefAt: the last one published at a
// step <= it) and how good a prediction of the target it is (core::score, the prediction F1 that
// experiments report). The 3D view draws the same belief (viewers/scene/belief_layer.hpp).
#include <cstddef>

#include <QString>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::plugins::playback {

/// "" when the rollout has no beliefs; "no belief yet (first at step 5)" before the first one;
/// else "belief of step 20 (2 of 3): 14 blocks, prediction P 0.83  R 0.67  F1 0.74".
QString beliefStatus(const core::Rollout& rollout, const core::Grid& target, std::size_t step);

}  // namespace iglu::plugins::playback

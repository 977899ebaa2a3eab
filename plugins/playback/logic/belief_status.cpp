#include "logic/belief_status.hpp"

#include <QCoreApplication>

#include "core/metrics/metrics.hpp"

namespace iglu::plugins::playback {

QString beliefStatus(const core::Rollout& rollout, const core::Grid& target, std::size_t step) {
    if (rollout.beliefs.empty()) return {};
    const core::Belief* belief = rollout.beliefAt(step);
    if (belief == nullptr)
        return QCoreApplication::translate("Playback", "no belief yet (first at step %1)").arg(rollout.beliefs.front().step);
    const auto index = static_cast<int>(belief - rollout.beliefs.data()) + 1;
    const core::Scores s = core::score(target, belief->blocks);
    return QCoreApplication::translate("Playback", "belief of step %1 (%2 of %3): %4 blocks, prediction P %5  R %6  F1 %7")
        .arg(belief->step)
        .arg(index)
        .arg(rollout.beliefs.size())
        .arg(belief->blocks.count())
        .arg(s.precision, 0, 'f', 2)
        .arg(s.recall, 0, 'f', 2)
        .arg(s.f1, 0, 'f', 2);
}

}  // namespace iglu::plugins::playback

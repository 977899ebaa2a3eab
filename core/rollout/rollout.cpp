#include "core/rollout/rollout.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>

namespace iglu::core {

const char* rolloutKindName(RolloutKind k) noexcept { return k == RolloutKind::Human ? "human" : "agent"; }

void Rollout::addFrame(RolloutFrame frame, std::span<const BlockChange> frameChanges) {
    frame.changeBegin = static_cast<std::uint32_t>(changes.size());
    changes.insert(changes.end(), frameChanges.begin(), frameChanges.end());
    frame.changeEnd = static_cast<std::uint32_t>(changes.size());
    frames.push_back(std::move(frame));
}

void Rollout::publishBelief(std::uint32_t step, const Grid& blocks) {
    if (!beliefs.empty() && step < beliefs.back().step)
        throw std::invalid_argument("belief at step " + std::to_string(step) + " published after one at step " +
                                    std::to_string(beliefs.back().step));
    if (!beliefs.empty() && beliefs.back().step == step) {
        beliefs.pop_back();  // replaced: compare with the belief in force before it
        if (!beliefs.empty() && beliefs.back().blocks == blocks) return;
        beliefs.push_back({step, blocks});
        return;
    }
    if (!beliefs.empty() && beliefs.back().blocks == blocks) return;
    beliefs.push_back({step, blocks});
}

const Belief* Rollout::beliefAt(std::size_t frameCount) const noexcept {
    const auto it = std::upper_bound(beliefs.begin(), beliefs.end(), frameCount,
                                     [](std::size_t f, const Belief& b) { return f < b.step; });
    return it == beliefs.begin() ? nullptr : &*std::prev(it);
}

Grid Rollout::finalGrid() const {
    Grid g = starting;
    for (const auto& c : changes) g.set(c.x, c.y, c.z, c.after);
    return g;
}

bool sameRecording(const Rollout& a, const Rollout& b) noexcept {
    return a.taskId == b.taskId && a.kind == b.kind && a.source == b.source && a.starting == b.starting &&
           a.startPose == b.startPose && a.frames == b.frames && a.changes == b.changes;
}

double Rollout::totalReward() const noexcept {
    double sum = 0;
    for (const auto& f : frames) sum += f.reward;
    return sum;
}

RolloutCursor::RolloutCursor(const Rollout& rollout) : rollout_(&rollout), grid_(rollout.starting) {}

void RolloutCursor::seek(std::size_t frames) noexcept {
    const Rollout& r = *rollout_;
    if (frames > r.frames.size()) frames = r.frames.size();
    while (position_ < frames) {
        const auto& f = r.frames[position_];
        for (std::uint32_t i = f.changeBegin; i < f.changeEnd; ++i) {
            const auto& c = r.changes[i];
            grid_.setCell(Grid::index(c.x, c.y, c.z), c.after);
        }
        return_ += f.reward;
        ++position_;
    }
    while (position_ > frames) {
        --position_;
        const auto& f = r.frames[position_];
        for (std::uint32_t i = f.changeEnd; i > f.changeBegin; --i) {
            const auto& c = r.changes[i - 1];
            grid_.setCell(Grid::index(c.x, c.y, c.z), c.before);
        }
        return_ -= f.reward;
    }
    if (frames == 0) return_ = 0;  // no drift from float round trips at the start
}

const Pose& RolloutCursor::pose() const noexcept {
    return position_ == 0 ? rollout_->startPose : rollout_->frames[position_ - 1].pose;
}

}  // namespace iglu::core

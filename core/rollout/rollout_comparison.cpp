#include "core/rollout/rollout_comparison.hpp"

#include <algorithm>

namespace iglu::core {

ChangeCounts countChanges(std::span<const BlockChange> changes) noexcept {
    ChangeCounts c;
    for (const auto& ch : changes) {
        if (ch.before == ch.after) continue;
        if (ch.before == 0)
            ++c.placed;
        else if (ch.after == 0)
            ++c.broken;
        else
            ++c.recoloured;
    }
    return c;
}

std::string describeChanges(std::span<const BlockChange> changes) {
    std::string out;
    for (const auto& ch : changes) {
        if (ch.before == ch.after) continue;
        if (!out.empty()) out += "; ";
        if (ch.before == 0) {
            out += "placed ";
            out += colourName(ch.after);
        } else if (ch.after == 0) {
            out += "broke ";
            out += colourName(ch.before);
        } else {
            out += "recoloured ";
            out += colourName(ch.before);
            out += " to ";
            out += colourName(ch.after);
        }
        out += " (" + std::to_string(ch.x) + ", " + std::to_string(ch.y) + ", " + std::to_string(ch.z) + ")";
    }
    return out;
}

std::vector<StepRow> stepRows(const Rollout& rollout, const RolloutSeries& series) {
    std::vector<StepRow> rows;
    rows.reserve(rollout.size());
    for (std::size_t i = 0; i < rollout.size(); ++i) {
        const auto changes = rollout.changesOf(i);
        StepRow row;
        row.step = i + 1;
        row.action = rollout.frames[i].action;
        row.changes = describeChanges(changes);
        row.counts = countChanges(changes);
        row.pose = rollout.frames[i].pose;
        row.reward = i + 1 < series.reward.size() ? series.reward[i + 1] : rollout.frames[i].reward;
        row.f1 = i + 1 < series.f1.size() ? series.f1[i + 1] : 0.0;
        rows.push_back(std::move(row));
    }
    return rows;
}

RolloutComparison compareRollouts(std::span<const Rollout* const> rollouts) {
    RolloutComparison out;
    for (const Rollout* r : rollouts) out.steps = std::max(out.steps, r->size());
    out.differs.assign(out.steps + 1, false);
    if (rollouts.size() < 2) return out;
    std::vector<RolloutCursor> cursors;
    cursors.reserve(rollouts.size());
    for (const Rollout* r : rollouts) cursors.emplace_back(*r);
    for (std::size_t p = 0; p <= out.steps; ++p) {
        for (auto& c : cursors) c.seek(p);  // clamped: a shorter rollout stays at its end
        bool differs = false;
        for (std::size_t i = 1; i < cursors.size() && !differs; ++i) differs = !(cursors[i].grid() == cursors[0].grid());
        out.differs[p] = differs;
        if (differs) {
            ++out.differingSteps;
            if (!out.firstDifference) out.firstDifference = p;
        }
    }
    return out;
}

}  // namespace iglu::core

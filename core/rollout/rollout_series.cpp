#include "core/rollout/rollout_series.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "core/env/environment.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "core/metrics/metrics.hpp"

namespace iglu::core {

RolloutSeries computeSeries(const core::Rollout& rollout, const core::Grid& target) {
    RolloutSeries s;
    const std::size_t n = rollout.size() + 1;
    s.reward.reserve(n);
    s.returns.reserve(n);
    s.f1.reserve(n);
    core::Grid grid = rollout.starting;
    core::MaximalIntersection mi(target);
    mi.reset(grid);
    const int targetSize = target.count();
    int builtSize = grid.count();
    double ret = 0;
    const auto f1 = [&] { return core::scoreFromCounts(mi.value(), targetSize, builtSize).f1; };

    // A human tape is replayed in the core environment for its rewards (no step limit).
    std::optional<core::Environment> env;
    if (rollout.kind == core::RolloutKind::Human) {
        core::EnvConfig config;
        config.maxSteps = static_cast<int>(rollout.size()) + 1;
        env.emplace(config);
        core::Task task;
        task.id = rollout.taskId;
        task.starting = rollout.starting;
        task.target = target;
        env->setTask(task);
        env->reset();
        s.replayedRewards = true;
    }

    s.reward.push_back(0);
    s.returns.push_back(0);
    s.f1.push_back(f1());
    for (std::size_t i = 0; i < rollout.size(); ++i) {
        for (const core::BlockChange& c : rollout.changesOf(i)) {
            const int idx = core::Grid::index(c.x, c.y, c.z);
            const int old = grid.cell(idx);
            if (old == c.after) continue;
            grid.setCell(idx, c.after);
            mi.update(idx, old, c.after);
            builtSize += (c.after != 0) - (old != 0);
        }
        const double reward = env ? env->applyChanges(rollout.changesOf(i)).reward : rollout.frames[i].reward;
        ret += reward;
        s.reward.push_back(reward);
        s.returns.push_back(ret);
        s.f1.push_back(f1());
    }
    if (!rollout.beliefs.empty()) {
        s.predictionF1.assign(n, 0.0);
        for (std::size_t i = 0; i < rollout.beliefs.size(); ++i) {
            const std::size_t from = rollout.beliefs[i].step;
            const std::size_t to = i + 1 < rollout.beliefs.size() ? rollout.beliefs[i + 1].step : n;
            const double f = core::score(target, rollout.beliefs[i].blocks).f1;
            for (std::size_t p = from; p < std::min(to, n); ++p) s.predictionF1[p] = f;
        }
    }
    return s;
}

std::string RewardF1Disagreement::text() const {
    char buf[200];
    std::snprintf(buf, sizeof buf, "step %zu: reward %+g but F1 %.2f -> %.2f (%s)", step, reward, f1Before, f1After,
                  kRewardIgnoresPosition);
    return buf;
}

std::vector<RewardF1Disagreement> rewardF1Disagreements(const RolloutSeries& s, double epsilon) {
    std::vector<RewardF1Disagreement> out;
    const std::size_t n = std::min(s.reward.size(), s.f1.size());
    for (std::size_t p = 1; p < n; ++p) {
        const double r = s.reward[p], df = s.f1[p] - s.f1[p - 1];
        if (r > epsilon && df < -epsilon)
            out.push_back({p, RewardF1Disagreement::Kind::RewardUpF1Down, r, s.f1[p - 1], s.f1[p]});
        else if (r < -epsilon && df > epsilon)
            out.push_back({p, RewardF1Disagreement::Kind::RewardDownF1Up, r, s.f1[p - 1], s.f1[p]});
    }
    return out;
}

}  // namespace iglu::core

#include "core/catalog/experiment_comparison.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

namespace iglu::catalog {

namespace {

using Key = std::tuple<std::string, std::int64_t, int>;  // (task, seed, repetition)

ExperimentSide sideOf(const std::string& name, const std::vector<EpisodeRecord>& episodes) {
    ExperimentSide s;
    s.name = name;
    s.episodes = static_cast<int>(episodes.size());
    std::vector<double> f1;
    f1.reserve(episodes.size());
    for (const auto& e : episodes) {
        s.successes += e.success ? 1 : 0;
        f1.push_back(e.f1);
    }
    s.successInterval = core::wilsonInterval(s.successes, s.episodes);
    for (double v : f1) s.meanF1 += v;
    if (!f1.empty()) s.meanF1 /= static_cast<double>(f1.size());
    s.f1Interval = core::meanInterval(f1);
    return s;
}

}  // namespace

ExperimentComparison compareExperiments(const Catalog& catalog, const ExperimentRecord& a, const ExperimentRecord& b) {
    const std::vector<EpisodeRecord> ea = catalog.episodes(a.id), eb = catalog.episodes(b.id);
    ExperimentComparison out;
    out.a = sideOf(a.name, ea);
    out.b = sideOf(b.name, eb);

    std::map<Key, const EpisodeRecord*> byKey;
    for (const auto& e : ea) byKey[{e.taskId, e.seed, e.repetition}] = &e;
    // Pairs in key order (not storage order): the same numbers however the runs were written.
    std::map<Key, std::pair<const EpisodeRecord*, const EpisodeRecord*>> pairs;
    for (const auto& e : eb)
        if (const auto it = byKey.find({e.taskId, e.seed, e.repetition}); it != byKey.end()) pairs[it->first] = {it->second, &e};
    out.pairs = static_cast<int>(pairs.size());
    std::vector<double> f1a, f1b;
    std::map<std::string, TaskComparison> tasks;
    for (const auto& [key, p] : pairs) {
        const auto& [x, y] = p;
        if (x->success && !y->success) ++out.onlyASucceeded;
        if (!x->success && y->success) ++out.onlyBSucceeded;
        f1a.push_back(x->f1);
        f1b.push_back(y->f1);
        TaskComparison& t = tasks[std::get<0>(key)];
        t.taskId = std::get<0>(key);
        ++t.pairs;
        t.successA += x->success ? 1 : 0;
        t.successB += y->success ? 1 : 0;
        t.f1A += x->f1;
        t.f1B += y->f1;
    }
    out.successP = core::mcnemarExactP(out.onlyASucceeded, out.onlyBSucceeded);
    out.f1 = core::pairedDifference(f1a, f1b);
    for (auto& [id, t] : tasks) {
        t.successA /= t.pairs;
        t.successB /= t.pairs;
        t.f1A /= t.pairs;
        t.f1B /= t.pairs;
        out.tasks.push_back(t);
    }
    std::stable_sort(out.tasks.begin(), out.tasks.end(), [](const TaskComparison& x, const TaskComparison& y) {
        return x.f1Delta() != y.f1Delta() ? x.f1Delta() > y.f1Delta() : x.taskId < y.taskId;
    });
    return out;
}

std::string significanceText(const ExperimentComparison& c) {
    if (c.pairs == 0) return "no common episodes: the paired tests need the same (task, seed, repetition) in both";
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "paired, %d common episodes: success only A %d, only B %d, McNemar exact p = %.3g; mean F1 B - A %+.3f "
                  "[%+.3f, %+.3f] (bootstrap 95%%), permutation p = %.3g%s",
                  c.pairs, c.onlyASucceeded, c.onlyBSucceeded, c.successP, c.f1.mean, c.f1.interval.low, c.f1.interval.high,
                  c.f1.p, c.f1.p < 0.05 || c.successP < 0.05 ? "  (p < 0.05)" : "  (within noise)");
    return buf;
}

std::string sideText(const ExperimentSide& s) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "success %.1f%% [%.1f, %.1f], mean F1 %.3f [%.3f, %.3f]", 100 * s.successRate(),
                  100 * s.successInterval.low, 100 * s.successInterval.high, s.meanF1, s.f1Interval.low, s.f1Interval.high);
    return buf;
}

}  // namespace iglu::catalog

#pragma once
// Two stored experiments compared episode by episode: each one's success rate (Wilson 95%
// interval) and mean F1 (t interval); on the episodes both ran — same (task, seed, repetition) —
// the paired tests (McNemar's exact test on success, a sign-flip permutation test and a bootstrap
// interval on the F1 difference); and a per-task table (which tasks got better or worse). Used by
// `iglu experiments compare` and the Experiments dock. Deterministic (core/metrics/paired_stats).
#include <cstdint>
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/metrics/paired_stats.hpp"

namespace iglu::catalog {

struct ExperimentSide {
    std::string name;
    int episodes = 0;
    int successes = 0;
    core::Interval successInterval;  ///< of successes / episodes
    double meanF1 = 0;
    core::Interval f1Interval;
    double successRate() const noexcept { return episodes ? static_cast<double>(successes) / episodes : 0; }
};

/// One task, over the episodes of it both experiments ran.
struct TaskComparison {
    std::string taskId;
    int pairs = 0;
    double successA = 0, successB = 0;  ///< success rates over those pairs
    double f1A = 0, f1B = 0;            ///< mean F1 over those pairs
    double f1Delta() const noexcept { return f1B - f1A; }
    double successDelta() const noexcept { return successB - successA; }
};

struct ExperimentComparison {
    ExperimentSide a, b;
    int pairs = 0;                       ///< episodes with the same (task, seed, repetition) in both
    int onlyASucceeded = 0, onlyBSucceeded = 0;
    double successP = 1;                 ///< McNemar's exact test
    core::PairedDifference f1;           ///< B - A on the pairs
    std::vector<TaskComparison> tasks;   ///< tasks with pairs, biggest F1 gain first
};

/// Compares experiment `b` against `a` (their episodes as stored; failed episodes count as
/// episodes with their stored metrics).
ExperimentComparison compareExperiments(const Catalog& catalog, const ExperimentRecord& a, const ExperimentRecord& b);

/// The verdict in words, one line, as the CLI and the dock show it: "paired, 20 common episodes:
/// success only A 0, only B 19, McNemar exact p = 3.81e-06; mean F1 B - A +0.397 [+0.296, +0.498]
/// (bootstrap 95%), permutation p = 0.0001 (p < 0.05)" — or why there is no paired test.
std::string significanceText(const ExperimentComparison& c);
/// "success 5.0% [0.9, 23.6], mean F1 0.553 [0.434, 0.672]" (95% intervals: Wilson, t).
std::string sideText(const ExperimentSide& s);

}  // namespace iglu::catalog

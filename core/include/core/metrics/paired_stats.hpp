#pragma once
// Statistics for comparing two agents on the same episodes (the Experiments dock's and
// `iglu experiments compare`'s "is this difference more than noise"). Deterministic: the
// resampling tests use a fixed-seed generator, so a comparison prints the same numbers every time.
#include <cstdint>
#include <span>

namespace iglu::core {

struct Interval {
    double low = 0, high = 0;
};

/// Wilson score 95% interval of a success rate (k successes of n); [0, 0] for n = 0.
Interval wilsonInterval(int successes, int n) noexcept;
/// 95% interval of a mean from its sample (Student's t; the sample's own standard deviation);
/// the mean itself for fewer than two values.
Interval meanInterval(std::span<const double> values) noexcept;

/// McNemar's exact test on paired successes: `onlyA` pairs where only A succeeded, `onlyB` where
/// only B did. Two-sided p-value (1 when there is no discordant pair).
double mcnemarExactP(int onlyA, int onlyB) noexcept;

struct PairedDifference {
    int n = 0;
    double mean = 0;           ///< mean of (b - a)
    Interval interval;         ///< 95% bootstrap percentile interval of the mean difference
    double p = 1;              ///< two-sided sign-flip permutation test of a zero mean difference
};
/// Paired comparison of b against a (same length; pairs are (a[i], b[i])). `resamples` for both
/// the bootstrap and the permutation test (10,000 by default), with a fixed seed.
PairedDifference pairedDifference(std::span<const double> a, std::span<const double> b, int resamples = 10000,
                                  std::uint64_t seed = 1);

}  // namespace iglu::core

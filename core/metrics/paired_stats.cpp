#include "core/metrics/paired_stats.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/util/rng.hpp"

namespace iglu::core {

namespace {
constexpr double kZ95 = 1.959963984540054;

// Two-sided 97.5% quantile of Student's t for df = 1..30 (beyond: the normal's).
double t975(int df) noexcept {
    static constexpr double kTable[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                          2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                          2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    if (df < 1) return 0;
    if (df <= 30) return kTable[df - 1];
    return kZ95 + (2.042 - kZ95) * 30.0 / df;  // within 0.002 of the exact quantile for df > 30
}
}  // namespace

Interval wilsonInterval(int successes, int n) noexcept {
    if (n <= 0) return {};
    const double p = static_cast<double>(successes) / n, z2 = kZ95 * kZ95;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = kZ95 * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval meanInterval(std::span<const double> values) noexcept {
    const std::size_t n = values.size();
    if (n == 0) return {};
    double mean = 0;
    for (double v : values) mean += v;
    mean /= static_cast<double>(n);
    if (n < 2) return {mean, mean};
    double ss = 0;
    for (double v : values) ss += (v - mean) * (v - mean);
    const double half = t975(static_cast<int>(n) - 1) * std::sqrt(ss / static_cast<double>(n - 1) / static_cast<double>(n));
    return {mean - half, mean + half};
}

double mcnemarExactP(int onlyA, int onlyB) noexcept {
    const int n = onlyA + onlyB;
    if (n <= 0) return 1.0;
    const int k = std::min(onlyA, onlyB);
    // P(X <= k) for X ~ Binomial(n, 1/2), summed in logs (n may be large).
    double cdf = 0;
    for (int i = 0; i <= k; ++i)
        cdf += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) - n * std::log(2.0));
    return std::min(1.0, 2 * cdf);
}

PairedDifference pairedDifference(std::span<const double> a, std::span<const double> b, int resamples, std::uint64_t seed) {
    PairedDifference out;
    const std::size_t n = std::min(a.size(), b.size());
    out.n = static_cast<int>(n);
    if (n == 0) return out;
    std::vector<double> d(n);
    for (std::size_t i = 0; i < n; ++i) d[i] = b[i] - a[i];
    double sum = 0;
    for (double v : d) sum += v;
    out.mean = sum / static_cast<double>(n);
    out.interval = {out.mean, out.mean};
    if (n < 2 || resamples < 1) return out;

    Rng rng(seed);
    std::vector<double> means(static_cast<std::size_t>(resamples));
    for (auto& m : means) {
        double s = 0;
        for (std::size_t i = 0; i < n; ++i) s += d[static_cast<std::size_t>(rng.below(static_cast<int>(n)))];
        m = s / static_cast<double>(n);
    }
    std::sort(means.begin(), means.end());
    const auto at = [&](double q) { return means[std::min(means.size() - 1, static_cast<std::size_t>(q * static_cast<double>(means.size())))]; };
    out.interval = {at(0.025), at(0.975)};

    // Sign-flip permutation test: under "no difference" each d_i is as likely negated.
    const double observed = std::fabs(sum);
    int extreme = 0;
    for (int r = 0; r < resamples; ++r) {
        double s = 0;
        for (double v : d) s += (rng.next() & 1) ? v : -v;
        if (std::fabs(s) >= observed - 1e-12) ++extreme;
    }
    out.p = (extreme + 1.0) / (resamples + 1.0);
    return out;
}

}  // namespace iglu::core

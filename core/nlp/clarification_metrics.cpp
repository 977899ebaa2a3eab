#include "core/nlp/clarification_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace iglu::core {

int rankOf(const std::vector<std::string>& ranking, const std::string& gold) {
    for (std::size_t i = 0; i < ranking.size(); ++i)
        if (ranking[i] == gold) return static_cast<int>(i) + 1;
    return 0;
}

std::vector<std::size_t> orderByScore(const std::vector<double>& scores) {
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    // NaN ranks last (a NaN in the comparison would break the sort's ordering).
    const auto key = [&](std::size_t i) { return std::isnan(scores[i]) ? -std::numeric_limits<double>::infinity() : scores[i]; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) > key(b); });
    return order;
}

double RankingScores::mrr() const noexcept {
    if (ranks.empty()) return 0;
    double sum = 0;
    for (int r : ranks)
        if (r > 0) sum += 1.0 / r;
    return sum / static_cast<double>(ranks.size());
}

double RankingScores::recallAt(int k) const noexcept {
    if (ranks.empty()) return 0;
    int hit = 0;
    for (int r : ranks)
        if (r > 0 && r <= k) ++hit;
    return static_cast<double>(hit) / static_cast<double>(ranks.size());
}

}  // namespace iglu::core

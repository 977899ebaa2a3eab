#include "core/learn/logistic_regression.hpp"

#include <cmath>
#include <stdexcept>

namespace iglu::core {

double sigmoid(double z) noexcept { return 1.0 / (1.0 + std::exp(-z)); }

double LogisticWeights::score(const SparseRow& row) const noexcept {
    double z = bias;
    for (const auto& [f, v] : row)
        if (f < weights.size()) z += weights[f] * v;
    return z;
}

double LogisticWeights::probability(const SparseRow& row) const noexcept { return sigmoid(score(row)); }

LogisticWeights trainLogistic(const std::vector<SparseRow>& rows, const std::vector<bool>& y, std::size_t features,
                              const LogisticOptions& options) {
    if (rows.empty() || rows.size() != y.size()) throw std::invalid_argument("trainLogistic: need as many labels as rows, at least one");
    for (const auto& row : rows)
        for (const auto& [f, v] : row)
            if (f >= features) throw std::invalid_argument("trainLogistic: feature index out of range");
    const double n = static_cast<double>(rows.size());
    double positives = 0;
    for (bool v : y) positives += v ? 1 : 0;
    const double wPos = options.balanced && positives > 0 ? n / (2.0 * positives) : 1.0;
    const double wNeg = options.balanced && positives < n ? n / (2.0 * (n - positives)) : 1.0;
    LogisticWeights m;
    m.weights.assign(features, 0.0);
    std::vector<double> gw(features, 0.0);
    std::vector<double>& w = m.weights;
    for (int it = 0; it < options.iterations; ++it) {
        std::fill(gw.begin(), gw.end(), 0.0);
        double gb = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            double z = m.bias;
            for (const auto& [f, v] : rows[i]) z += w[f] * v;
            const double err = (sigmoid(z) - (y[i] ? 1.0 : 0.0)) * (y[i] ? wPos : wNeg);
            for (const auto& [f, v] : rows[i]) gw[f] += err * v;
            gb += err;
        }
        for (std::size_t f = 0; f < features; ++f) w[f] -= options.learningRate * (gw[f] / n + options.l2 * w[f]);
        m.bias -= options.learningRate * gb / n;
    }
    return m;
}

}  // namespace iglu::core

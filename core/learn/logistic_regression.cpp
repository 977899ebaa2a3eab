#include "core/learn/logistic_regression.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
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
    // The rows flattened once (compressed sparse rows): the 3,000 passes below then walk plain
    // arrays, in the same order and with the same arithmetic as over the rows themselves.
    std::vector<std::uint32_t> start(rows.size() + 1, 0), index;
    std::vector<double> value, label(rows.size()), classWeight(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (const auto& [f, v] : rows[i]) {
            index.push_back(f);
            value.push_back(v);
        }
        start[i + 1] = static_cast<std::uint32_t>(index.size());
        label[i] = y[i] ? 1.0 : 0.0;
        classWeight[i] = y[i] ? wPos : wNeg;
    }
    LogisticWeights m;
    m.weights.assign(features, 0.0);
    std::vector<double> gradient(features, 0.0);
    double* const w = m.weights.data();
    double* const gw = gradient.data();
    const std::uint32_t* const idx = index.data();
    const double* const val = value.data();
    for (int it = 0; it < options.iterations; ++it) {
        std::fill(gradient.begin(), gradient.end(), 0.0);
        double gb = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const std::uint32_t b = start[i], e = start[i + 1];
            double z = m.bias;
            for (std::uint32_t k = b; k < e; ++k) z += w[idx[k]] * val[k];
            const double err = (sigmoid(z) - label[i]) * classWeight[i];
            for (std::uint32_t k = b; k < e; ++k) gw[idx[k]] += err * val[k];
            gb += err;
        }
        for (std::size_t f = 0; f < features; ++f) w[f] -= options.learningRate * (gw[f] / n + options.l2 * w[f]);
        m.bias -= options.learningRate * gb / n;
    }
    return m;
}

}  // namespace iglu::core

#pragma once
// The one logistic-regression trainer (the skill model, the clarification classifier and ranker):
// full-batch gradient descent with L2 regularisation, a fixed number of iterations and no
// randomness, so the same rows give the same weights bit for bit. Rows are sparse (feature index,
// value) lists in ascending index order; dense rows are rows listing every feature. Scaling the
// features is the caller's. Qt-free.
#include <cstdint>
#include <utility>
#include <vector>

namespace iglu::core {

using SparseRow = std::vector<std::pair<std::uint32_t, double>>;

struct LogisticOptions {
    int iterations = 3000;
    double learningRate = 0.3;
    double l2 = 0.03;
    /// Weight the two classes to count equally (a rare class is not learnt as "never").
    bool balanced = true;
};

struct LogisticWeights {
    std::vector<double> weights;  ///< one per feature
    double bias = 0;
    double score(const SparseRow& row) const noexcept;  ///< bias + w·x (the log-odds)
    double probability(const SparseRow& row) const noexcept;
};

double sigmoid(double z) noexcept;

/// Trains on `rows` (features < `features`) with labels `y` (same size, at least 1 row).
LogisticWeights trainLogistic(const std::vector<SparseRow>& rows, const std::vector<bool>& y, std::size_t features,
                              const LogisticOptions& options = {});

}  // namespace iglu::core

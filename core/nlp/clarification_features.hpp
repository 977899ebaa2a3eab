#pragma once
// Internal: the features of the clarification baselines (clarification_model.cpp).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/learn/logistic_regression.hpp"
#include "core/nlp/clarification_model.hpp"

namespace iglu::core::nlp {

inline constexpr std::size_t kHashBuckets = std::size_t(1) << 15;
inline constexpr std::size_t kWorldFeatures = 9;
inline constexpr std::size_t kClassifierFeatures = kHashBuckets + kWorldFeatures;
inline constexpr std::size_t kRankerFeatures = 10;

/// The one hash of the baselines (n-gram buckets, cross-validation folds, the balanced subset):
/// stable across runs and machines, so folds and models are reproducible.
std::uint64_t stableHash(const std::string& s);

/// What a text says, as the features count it.
struct TextFacts {
    std::vector<std::string> tokens;
    std::array<bool, 7> colours{};  ///< colour ids 1..6 mentioned
    int colourCount = 0, numbers = 0, directions = 0;
    bool facing = false, asksColour = false;
    std::vector<std::string> numberWords, directionWords;
};
TextFacts textFacts(const std::string& text);

SparseRow classifierRow(const ClarificationExample& e);

/// BM25 index over the question bank (IDF from every question of the bank).
class Bm25 {
public:
    explicit Bm25(const QuestionBank& bank);
    double score(const std::vector<std::string>& query, const std::vector<std::string>& doc) const;

private:
    std::map<std::string, double> idf_;
    double avgLength_ = 1;
};

/// One dense row per candidate (those without a text in the bank get an empty text).
std::vector<SparseRow> rankerRows(const ClarificationExample& e, const QuestionBank& bank, const Bm25& bm25);

}  // namespace iglu::core::nlp

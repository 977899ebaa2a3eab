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
/// The ambiguity cues of an instruction in its world (see cueValues), standardised by the model.
inline constexpr std::size_t kCues = ClarificationModel::kCues;
inline constexpr std::size_t kClassifierFeatures = kHashBuckets + kCues;
/// The value of a present n-gram. Small: on the shared sample (38 tasks needing a clarification)
/// n-grams learnt noise (cross-validated AUC 0.53 alone); the cues carry the model, the n-grams
/// only nudge it once a catalog has enough data to move them.
inline constexpr double kGramValue = 0.1;
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

/// The cues, raw: what the grounding rules (core/text) make of the instruction (overall and
/// weakest clause confidence, the narrowest margin between a clause's two best readings, clauses,
/// traces of a missing referent), the world (colours present, blocks), and the text (verbs, digits,
/// "another / more / same", vague words, a narrative opening "I placed...", place / remove clauses
/// naming no colour, length).
std::array<double, kCues> cueValues(const ClarificationExample& e);

/// Hashed uni- and bigrams (kGramValue each) then the cues standardised with `mean` / `scale`.
SparseRow classifierRow(const ClarificationExample& e, const std::array<double, kCues>& cues, const std::array<double, kCues>& mean,
                        const std::array<double, kCues>& scale);

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

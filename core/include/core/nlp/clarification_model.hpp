#pragma once
// The shipped baselines of the clarifying-question track, trained on a catalog's own tasks:
// - "when to ask": a regularised logistic regression (learn/logistic_regression.hpp, the trainer
//   the skill model uses) on standardised ambiguity cues — what the grounding rules (core/text)
//   make of the instruction in its world (confidence, the margin between readings, missing
//   referents), the world (colours, blocks) and the text (verbs, digits, vague words, a narrative
//   opening, clauses naming no colour) — plus hashed word uni- and bigrams. Its decision threshold
//   is the one that maximises the needs-clarification F1 on the training tasks weighted to a
//   class-balanced set; the probability it reports is shifted so that this threshold is 0.5 (the
//   one rule "ask when p >= 0.5" of every clarification model);
// - "what to ask": BM25 of each `qbank` candidate against the instruction (IDF over the question
//   bank), plus features linking candidate, instruction and world (colours mentioned in both,
//   colours the world lacks, shared numbers), weighted by a logistic regression trained on the
//   gold questions (`qrel`).
// Deterministic (no randomness, fixed iterations). Model file: JSON with "kind":
// "iglu-clarification-model" and "version": 2, read with a size bound; another kind or version is
// refused naming the field. Qt-free.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/learn/logistic_regression.hpp"
#include "core/nlp/clarification_metrics.hpp"

namespace iglu::core {

/// One task as the clarification track sees it.
struct ClarificationExample {
    std::string id;
    std::string instruction;
    Grid starting;                       ///< the world the instruction is given in
    std::optional<bool> needsClarification;  ///< IsInstructionClear = No; nullopt: unknown
    std::string goldQuestion;            ///< qrel id; empty when none
    std::vector<std::string> candidates; ///< qbank ids (their texts in the QuestionBank)
};

/// Question id -> text (question_bank.csv).
using QuestionBank = std::map<std::string, std::string>;

/// Lower-case words of letters and digits ("Place 3 RED blocks." -> place 3 red blocks).
std::vector<std::string> clarificationTokens(const std::string& text);

/// A task with a known gold question and candidates whose texts the bank holds: rankable.
bool rankable(const ClarificationExample& e, const QuestionBank& bank);

class ClarificationModel {
public:
    static constexpr const char* kKind = "iglu-clarification-model";
    static constexpr int kVersion = 2;
    static constexpr std::size_t kMaxFileBytes = std::size_t(64) << 20;
    static constexpr std::size_t kCues = 15;  ///< the classifier's ambiguity cues (clarification_features.hpp)

    /// Trains on the examples with a known clarity (classifier) and the rankable ones (ranker).
    /// Throws std::invalid_argument when there is no example of a class, or none to rank.
    static ClarificationModel train(const std::vector<const ClarificationExample*>& examples, const QuestionBank& bank);
    /// Reads a model file (at most kMaxFileBytes); throws std::runtime_error "PATH: FIELD: what".
    static ClarificationModel load(const std::string& path);
    void save(const std::string& path) const;

    double needsClarificationProbability(const ClarificationExample& e) const;
    /// Candidate scores, in the candidates' order (higher = better); `bank` gives their texts.
    std::vector<double> rankScores(const ClarificationExample& e, const QuestionBank& bank) const;

    int trainedOnClassifier() const noexcept { return trainedClassifier_; }
    int trainedOnRanker() const noexcept { return trainedRanker_; }
    /// The ids of the tasks it was trained on (sorted; stored in the file): evaluation holds them out.
    const std::vector<std::string>& trainedTaskIds() const noexcept { return trainedIds_; }
    bool trainedOn(const std::string& id) const;

private:
    LogisticWeights classifier_, ranker_;
    std::array<double, kCues> cueMean_{}, cueScale_{};  ///< standardisation of the cues (training mean, deviation)
    double offset_ = 0;                              ///< log-odds of the decision threshold
    int trainedClassifier_ = 0, trainedRanker_ = 0;
    std::vector<std::string> trainedIds_;
};

/// The scores of the two halves on a set of tasks.
struct ClarificationScores {
    Agreement when;           ///< positive = needs a clarification
    RankingScores what;
    int withoutBank = 0;      ///< tasks with a gold question that could not be ranked (no question bank)
};

/// Scores `model` on `examples`.
ClarificationScores evaluateClarification(const ClarificationModel& model, const std::vector<const ClarificationExample*>& examples,
                                          const QuestionBank& bank);

/// k-fold cross-validation on one catalog: fold of a task = FNV-1a hash of its id mod k (stable
/// whatever the order or the other tasks); each fold scored by the model trained on the others.
int foldOf(const std::string& id, int folds);
/// `scoreOnly`: score only the held-out tasks with these ids (e.g. a class-balanced subset).
ClarificationScores crossValidateClarification(const std::vector<ClarificationExample>& examples, const QuestionBank& bank, int folds,
                                               const std::set<std::string>* scoreOnly = nullptr);

/// A class-balanced subset: every needs-clarification task and as many clear ones, chosen by the
/// id hash (deterministic). Tasks of unknown clarity are left out.
std::vector<const ClarificationExample*> classBalanced(const std::vector<const ClarificationExample*>& examples);

}  // namespace iglu::core

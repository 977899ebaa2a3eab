#pragma once
// A clarifying-question model run over tasks, as experiments of kind "clarification" store it:
// any model (the shipped baselines, a Lua model, a Python callable) answers per task "does this
// instruction need a clarification" (a probability, or a yes / no) and "which of the task's
// candidate questions would you ask" (one score per candidate); predictOne checks the answer and
// turns it into a stored prediction (the gold rank and the top questions). The scores of a run —
// per skill, with 95% intervals — and the paired comparison of two runs on their common tasks use
// the track's metrics (clarification_metrics.hpp) and the statistics of build experiments
// (core/metrics/paired_stats.hpp). Qt-free.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/metrics/paired_stats.hpp"
#include "core/nlp/clarification_model.hpp"
#include "core/skills/skill.hpp"

namespace iglu::core {

/// What a model says about one task. Either half may be absent (a model of one half only).
struct ClarificationAnswer {
    std::optional<double> needsProbability;     ///< 0..1 (a yes / no reads 1 / 0)
    std::optional<std::vector<double>> scores;  ///< one per candidate, in the candidates' order; higher = ask first
};

/// A model of the clarification track. `answer` may throw (std::exception): the task's prediction
/// then records the message and the run goes on.
class ClarificationPredictor {
public:
    virtual ~ClarificationPredictor() = default;
    virtual ClarificationAnswer answer(const ClarificationExample& task, const QuestionBank& bank) = 0;
};

/// The shipped baselines (a trained ClarificationModel) as a predictor.
class BaselinePredictor final : public ClarificationPredictor {
public:
    explicit BaselinePredictor(const ClarificationModel& model) : model_(model) {}
    ClarificationAnswer answer(const ClarificationExample& task, const QuestionBank& bank) override;

private:
    const ClarificationModel& model_;
};

/// A model's "what" answered as an ordering (candidate ids, first = ask first) as one score per
/// candidate: the i-th of n listed scores n - i + 1, a candidate listed again keeps its first
/// score, unlisted ones 0 (after, in their order). Throws std::invalid_argument "what: 'ID' is not
/// one of the task's candidates". The one rule for Lua and Python models.
std::vector<double> scoresFromOrdering(const std::vector<std::string>& ids, const ClarificationExample& task);

/// One task's stored prediction.
struct ClarificationPrediction {
    std::string taskId;
    std::optional<double> needsProbability;  ///< none: the model did not answer "when" (or failed)
    std::optional<bool> goldNeeds;           ///< the task's IsInstructionClear = No; none: unknown
    std::string goldQuestion;                ///< qrel id, "" when none
    std::optional<int> goldRank;             ///< 1-based rank of the gold question; 0: not among the ranked; none: not ranked
    std::vector<std::string> top;            ///< the model's first questions (ids, at most kTopKept)
    std::string error;                       ///< why the model's answer was refused, "" when it was used

    static constexpr std::size_t kTopKept = 5;
    bool predictedNeeds() const noexcept { return needsProbability && *needsProbability >= 0.5; }
    /// Scored by "when": both the prediction and the gold clarity are known.
    bool scoredWhen() const noexcept { return needsProbability && goldNeeds; }
};

/// Asks `model` about `task` and checks the answer: a probability must be finite and within 0..1,
/// the scores one finite number per candidate ("what: 3 scores for 5 candidates"). A refused or
/// failed answer keeps the message in `error` and scores nothing. The gold question is ranked
/// only when the task is rankable (core::rankable).
ClarificationPrediction predictOne(ClarificationPredictor& model, const ClarificationExample& task, const QuestionBank& bank);

/// The scores of a set of predictions, with 95% intervals (Wilson for the rates, t for the MRR).
struct ClarificationStats {
    Agreement when;
    RankingScores what;
    int tasks = 0, errors = 0;

    void add(const ClarificationPrediction& p);
    Interval precisionInterval() const noexcept { return wilsonInterval(when.tp, when.tp + when.fp); }
    Interval recallInterval() const noexcept { return wilsonInterval(when.tp, when.tp + when.fn); }
    Interval accuracyInterval() const noexcept { return wilsonInterval(when.tp + when.tn, when.total()); }
    Interval mrrInterval() const;
    Interval recallAtInterval(int k) const noexcept;
    /// {tasks, errors, when: {precision, recall, f1, accuracy, n, tp, fp, fn, tn, *_interval},
    ///  what: {mrr, mrr_interval, recall_at_1, recall_at_5, recall_at_20, n}}
    nlohmann::json toJson() const;
};

/// The stats overall ("all") and per skill (the task's effective skills; "unlabeled" without).
class ClarificationSummary {
public:
    void add(const ClarificationPrediction& p, SkillSet skills);
    const ClarificationStats& overall() const noexcept { return all_; }
    const std::map<std::string, ClarificationStats>& perSkill() const noexcept { return skills_; }
    /// The overall keys of ClarificationStats::toJson plus per_skill: {name: {...}}.
    nlohmann::json toJson() const;
    /// A fixed-width table, a row per skill plus "all": when P / R / F1 / accuracy, what MRR / R@1 / R@5.
    std::string table() const;

private:
    ClarificationStats all_;
    std::map<std::string, ClarificationStats> skills_;
};

/// Two runs on the tasks both scored: "when" correctness by McNemar's exact test, the reciprocal
/// rank of the gold question by the paired bootstrap / permutation test (B - A).
struct ClarificationComparison {
    int whenPairs = 0, onlyACorrect = 0, onlyBCorrect = 0;
    double whenP = 1;
    double accuracyA = 0, accuracyB = 0;
    PairedDifference reciprocalRank;  ///< B - A on the tasks both ranked
    double mrrA = 0, mrrB = 0;
};
ClarificationComparison compareClarification(const std::vector<ClarificationPrediction>& a, const std::vector<ClarificationPrediction>& b);
/// The verdict in one or two lines, as the CLI and the dock print it.
std::string clarificationComparisonText(const ClarificationComparison& c);

}  // namespace iglu::core

#pragma once
// The scores of the IGLU clarifying-question track (IGLU 2022 NLP task), Qt-free:
// "when to ask": precision, recall and F1 of the needs-clarification class and accuracy
// (core::Agreement, positive = needs a clarification); "what to ask": mean reciprocal rank and
// recall@k of the gold question (`qrel`) in a model's ranking of the task's `qbank` candidates.
#include <string>
#include <vector>

#include "core/skills/agreement.hpp"

namespace iglu::core {

/// Rank (1-based) of `gold` in `ranking` (best first); 0 when it is not there.
int rankOf(const std::vector<std::string>& ranking, const std::string& gold);

/// Candidate indices ordered by score, highest first; equal scores keep the candidates' order.
std::vector<std::size_t> orderByScore(const std::vector<double>& scores);

struct RankingScores {
    std::vector<int> ranks;  ///< one per ranked task (0: the gold question was not ranked)

    void add(int rank) { ranks.push_back(rank); }
    int n() const noexcept { return static_cast<int>(ranks.size()); }
    double mrr() const noexcept;                ///< mean of 1 / rank (0 for an unranked gold)
    double recallAt(int k) const noexcept;      ///< share of tasks with 1 <= rank <= k
};

}  // namespace iglu::core

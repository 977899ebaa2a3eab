#include "core/nlp/clarification_run.hpp"

#include <algorithm>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace iglu::core {

ClarificationAnswer BaselinePredictor::answer(const ClarificationExample& task, const QuestionBank& bank) {
    ClarificationAnswer a;
    a.needsProbability = model_.needsClarificationProbability(task);
    if (rankable(task, bank)) a.scores = model_.rankScores(task, bank);
    return a;
}

std::vector<double> scoresFromOrdering(const std::vector<std::string>& ids, const ClarificationExample& task) {
    std::vector<double> scores(task.candidates.size(), 0.0);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        bool found = false;
        for (std::size_t c = 0; c < task.candidates.size(); ++c)
            if (task.candidates[c] == ids[i]) {
                if (scores[c] == 0) scores[c] = static_cast<double>(ids.size() - i + 1);
                found = true;
            }
        if (!found) throw std::invalid_argument("what: '" + ids[i] + "' is not one of the task's candidates");
    }
    return scores;
}

namespace clarification_run {

// The refusal of an answer, or "" when it can be used.
std::string checkAnswer(const ClarificationAnswer& a, const ClarificationExample& task) {
    if (a.needsProbability) {
        const double p = *a.needsProbability;
        if (!std::isfinite(p) || p < 0 || p > 1) return "when: the probability must be a number within 0..1, got " + std::to_string(p);
    }
    if (a.scores) {
        if (a.scores->size() != task.candidates.size())
            return "what: " + std::to_string(a.scores->size()) + " scores for " + std::to_string(task.candidates.size()) + " candidates";
        for (std::size_t i = 0; i < a.scores->size(); ++i)
            if (!std::isfinite((*a.scores)[i])) return "what: score " + std::to_string(i + 1) + " is not a finite number";
    }
    return {};
}

}  // namespace clarification_run

ClarificationPrediction predictOne(ClarificationPredictor& model, const ClarificationExample& task, const QuestionBank& bank) {
    using namespace clarification_run;
    ClarificationPrediction p;
    p.taskId = task.id;
    p.goldNeeds = task.needsClarification;
    p.goldQuestion = task.goldQuestion;
    ClarificationAnswer a;
    try {
        a = model.answer(task, bank);
    } catch (const std::exception& e) {
        p.error = e.what();
        return p;
    }
    p.error = checkAnswer(a, task);
    if (!p.error.empty()) return p;
    p.needsProbability = a.needsProbability;
    if (a.scores && !task.candidates.empty()) {
        std::vector<std::string> ranking;
        for (std::size_t i : orderByScore(*a.scores)) ranking.push_back(task.candidates[i]);
        for (std::size_t i = 0; i < ranking.size() && i < ClarificationPrediction::kTopKept; ++i) p.top.push_back(ranking[i]);
        if (rankable(task, bank)) p.goldRank = rankOf(ranking, task.goldQuestion);
    }
    return p;
}

void ClarificationStats::add(const ClarificationPrediction& p) {
    ++tasks;
    if (!p.error.empty()) ++errors;
    if (p.scoredWhen()) when.add(p.predictedNeeds(), *p.goldNeeds);
    if (p.goldRank) what.add(*p.goldRank);
}

Interval ClarificationStats::mrrInterval() const {
    std::vector<double> rr;
    rr.reserve(what.ranks.size());
    for (int r : what.ranks) rr.push_back(r > 0 ? 1.0 / r : 0.0);
    Interval i = meanInterval(rr);  // a reciprocal rank lies within 0..1, and so does its mean
    i.low = std::max(0.0, i.low);
    i.high = std::min(1.0, i.high);
    return i;
}

Interval ClarificationStats::recallAtInterval(int k) const noexcept {
    int hit = 0;
    for (int r : what.ranks) hit += (r > 0 && r <= k) ? 1 : 0;
    return wilsonInterval(hit, what.n());
}

namespace clarification_run {

nlohmann::json intervalJson(const Interval& i) { return nlohmann::json::array({i.low, i.high}); }

}  // namespace clarification_run

nlohmann::json ClarificationStats::toJson() const {
    using namespace clarification_run;
    return {{"tasks", tasks},
            {"errors", errors},
            {"when",
             {{"precision", when.precision()}, {"recall", when.recall()}, {"f1", when.f1()}, {"accuracy", when.accuracy()},
              {"n", when.total()}, {"tp", when.tp}, {"fp", when.fp}, {"fn", when.fn}, {"tn", when.tn},
              {"precision_interval", intervalJson(precisionInterval())}, {"recall_interval", intervalJson(recallInterval())},
              {"accuracy_interval", intervalJson(accuracyInterval())}}},
            {"what",
             {{"mrr", what.mrr()}, {"mrr_interval", intervalJson(mrrInterval())}, {"recall_at_1", what.recallAt(1)},
              {"recall_at_5", what.recallAt(5)}, {"recall_at_20", what.recallAt(20)},
              {"recall_at_5_interval", intervalJson(recallAtInterval(5))}, {"n", what.n()}}}};
}

void ClarificationSummary::add(const ClarificationPrediction& p, SkillSet skills) {
    all_.add(p);
    if (skills.empty()) {
        skills_["unlabeled"].add(p);
        return;
    }
    for (const Skill s : kAllSkills)
        if (skills.has(s)) skills_[skillName(s)].add(p);
}

nlohmann::json ClarificationSummary::toJson() const {
    nlohmann::json j = all_.toJson();
    nlohmann::json per = nlohmann::json::object();
    for (const auto& [name, s] : skills_) per[name] = s.toJson();
    j["per_skill"] = per;
    return j;
}

std::string ClarificationSummary::table() const {
    std::string out;
    char line[256];
    std::snprintf(line, sizeof line, "%-10s %6s %6s | %5s %6s %6s %6s %5s | %6s %6s %6s %5s\n", "skill", "tasks", "errors", "n",
                  "prec", "recall", "F1", "acc", "MRR", "R@1", "R@5", "n");
    out += line;
    const auto row = [&](const std::string& name, const ClarificationStats& s) {
        std::snprintf(line, sizeof line, "%-10s %6d %6d | %5d %6.3f %6.3f %6.3f %5.3f | %6.3f %6.3f %6.3f %5d\n", name.c_str(), s.tasks,
                      s.errors, s.when.total(), s.when.precision(), s.when.recall(), s.when.f1(), s.when.accuracy(), s.what.mrr(),
                      s.what.recallAt(1), s.what.recallAt(5), s.what.n());
        out += line;
    };
    for (const auto& [name, s] : skills_) row(name, s);
    row("all", all_);
    return out;
}

ClarificationComparison compareClarification(const std::vector<ClarificationPrediction>& a, const std::vector<ClarificationPrediction>& b) {
    std::map<std::string, const ClarificationPrediction*> byId;
    for (const auto& p : a) byId[p.taskId] = &p;
    ClarificationComparison c;
    std::vector<double> ra, rb;
    int correctA = 0, correctB = 0;
    for (const auto& pb : b) {
        const auto it = byId.find(pb.taskId);
        if (it == byId.end()) continue;
        const ClarificationPrediction& pa = *it->second;
        if (pa.scoredWhen() && pb.scoredWhen()) {
            const bool okA = pa.predictedNeeds() == *pa.goldNeeds, okB = pb.predictedNeeds() == *pb.goldNeeds;
            ++c.whenPairs;
            correctA += okA;
            correctB += okB;
            if (okA && !okB) ++c.onlyACorrect;
            if (okB && !okA) ++c.onlyBCorrect;
        }
        if (pa.goldRank && pb.goldRank) {
            ra.push_back(*pa.goldRank > 0 ? 1.0 / *pa.goldRank : 0.0);
            rb.push_back(*pb.goldRank > 0 ? 1.0 / *pb.goldRank : 0.0);
        }
    }
    c.whenP = mcnemarExactP(c.onlyACorrect, c.onlyBCorrect);
    if (c.whenPairs) {
        c.accuracyA = double(correctA) / c.whenPairs;
        c.accuracyB = double(correctB) / c.whenPairs;
    }
    if (!ra.empty()) {
        c.reciprocalRank = pairedDifference(ra, rb);
        double sa = 0, sb = 0;
        for (std::size_t i = 0; i < ra.size(); ++i) sa += ra[i], sb += rb[i];
        c.mrrA = sa / static_cast<double>(ra.size());
        c.mrrB = sb / static_cast<double>(rb.size());
    }
    return c;
}

std::string clarificationComparisonText(const ClarificationComparison& c) {
    char line[512];
    std::string out;
    if (c.whenPairs == 0) {
        out += "when to ask: no task scored by both\n";
    } else {
        std::snprintf(line, sizeof line,
                      "when to ask, %d common tasks: accuracy A %.3f, B %.3f; only A right %d, only B right %d, McNemar exact p = %.3g%s\n",
                      c.whenPairs, c.accuracyA, c.accuracyB, c.onlyACorrect, c.onlyBCorrect, c.whenP, c.whenP < 0.05 ? " (p < 0.05)" : "");
        out += line;
    }
    if (c.reciprocalRank.n == 0) {
        out += "what to ask: no task ranked by both\n";
    } else {
        const auto& d = c.reciprocalRank;
        std::snprintf(line, sizeof line,
                      "what to ask, %d common tasks: MRR A %.3f, B %.3f; B - A %+.3f [%+.3f, %+.3f] (bootstrap 95%%), permutation p = %.3g%s\n",
                      d.n, c.mrrA, c.mrrB, d.mean, d.interval.low, d.interval.high, d.p, d.p < 0.05 ? " (p < 0.05)" : "");
        out += line;
    }
    return out;
}

}  // namespace iglu::core

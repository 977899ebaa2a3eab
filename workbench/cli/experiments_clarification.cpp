// iglu experiments show / compare of clarification experiments (`iglu nlp run`): the per-skill
// scores of "when to ask" and "what to ask" with 95% intervals, and two runs paired on the tasks
// both scored.
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli_util.hpp"
#include "core/catalog/clarification_experiment.hpp"
#include "core/util/json_parse.hpp"
#include "experiments_actions.hpp"

namespace iglu::cli {

namespace experiments_clarification {

nlohmann::json configJson(const catalog::ExperimentRecord& e) {
    nlohmann::json cfg = core::parseJsonOrDiscarded(e.config);
    return cfg.is_object() ? cfg : nlohmann::json::object();
}

}  // namespace experiments_clarification

void showClarificationExperiment(const catalog::Catalog& cat, const catalog::ExperimentRecord& e, bool json) {
    using namespace experiments_clarification;
    const core::ClarificationSummary summary = catalog::clarificationSummary(cat, e.id);
    if (json) {
        nlohmann::json j = summary.toJson();
        j["experiment"] = e.name;
        j["kind"] = e.kind;
        j["model"] = e.script;
        j["created"] = e.created;
        j["config"] = configJson(e);
        j["tags"] = e.tags;
        j["note"] = e.note;
        std::cout << jsonText(j, 2) << "\n";
        return;
    }
    const auto& all = summary.overall();
    std::cout << "clarification experiment " << e.name << " (model " << e.script << "): " << all.tasks << " tasks, " << all.errors
              << " refused answers, created " << e.created << "\n";
    if (!e.tags.empty()) std::cout << "tags: " << e.tags << "\n";
    if (!e.note.empty()) std::cout << "note: " << e.note << "\n";
    std::cout << summary.table();
    const auto p = all.precisionInterval(), r = all.recallInterval(), a = all.accuracyInterval(), m = all.mrrInterval();
    std::printf("95%% intervals (all): precision [%.3f, %.3f], recall [%.3f, %.3f], accuracy [%.3f, %.3f] (Wilson); "
                "MRR [%.3f, %.3f] (t)\n",
                p.low, p.high, r.low, r.high, a.low, a.high, m.low, m.high);
}

void compareClarificationExperiments(const catalog::Catalog& cat, const catalog::ExperimentRecord& a, const catalog::ExperimentRecord& b,
                                     bool json) {
    const auto pa = cat.clarificationPredictions(a.id), pb = cat.clarificationPredictions(b.id);
    const core::ClarificationComparison c = core::compareClarification(pa, pb);
    if (json) {
        const auto& d = c.reciprocalRank;
        std::cout << jsonText({{"a", a.name},
                               {"b", b.name},
                               {"kind", catalog::kClarificationExperiment},
                               {"summary_a", catalog::clarificationSummary(cat, a.id).toJson()},
                               {"summary_b", catalog::clarificationSummary(cat, b.id).toJson()},
                               {"when", {{"pairs", c.whenPairs}, {"accuracy_a", c.accuracyA}, {"accuracy_b", c.accuracyB},
                                         {"only_a_correct", c.onlyACorrect}, {"only_b_correct", c.onlyBCorrect}, {"mcnemar_p", c.whenP}}},
                               {"what", {{"pairs", d.n}, {"mrr_a", c.mrrA}, {"mrr_b", c.mrrB}, {"reciprocal_rank_delta", d.mean},
                                         {"reciprocal_rank_delta_ci95", {d.interval.low, d.interval.high}}, {"permutation_p", d.p}}}},
                              2)
                  << "\n";
        return;
    }
    std::cout << "A = " << a.name << " (" << pa.size() << " tasks), B = " << b.name << " (" << pb.size() << " tasks)\n";
    std::cout << "A:\n" << catalog::clarificationSummary(cat, a.id).table() << "B:\n" << catalog::clarificationSummary(cat, b.id).table();
    std::cout << core::clarificationComparisonText(c);
}

}  // namespace iglu::cli

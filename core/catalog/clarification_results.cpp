// Catalog storage of clarification experiments' predictions (schema version 6).
#include <nlohmann/json.hpp>

#include "catalog_impl.hpp"
#include "core/util/json_parse.hpp"

namespace iglu::catalog {

using namespace detail;

namespace clarification_results {

std::optional<int> optionalInt(const sql::Statement& s, int col) {
    if (s.isNull(col)) return std::nullopt;
    return s.int32(col);
}

// The stored `top` column: a JSON array of strings (a damaged one names the row).
std::vector<std::string> topIds(const std::string& text, const std::string& where) {
    const nlohmann::json j = core::parseJsonOrDiscarded(text);
    if (!j.is_array()) throw CatalogError(where + ": top: not a JSON array");
    std::vector<std::string> out;
    for (const auto& v : j) {
        if (!v.is_string()) throw CatalogError(where + ": top: not an array of question ids");
        out.push_back(v.get<std::string>());
    }
    return out;
}

}  // namespace clarification_results

void Catalog::putClarificationPredictions(std::int64_t experimentId, std::span<const core::ClarificationPrediction> predictions) {
    if (impl_->version < 6) throw CatalogError(path() + ": catalog schema version " + std::to_string(impl_->version) + " has no clarification experiments");
    transaction([&] {
        auto& kind = impl_->db.prepare("SELECT kind FROM experiments WHERE id = ?1");
        kind.bind(1, experimentId);
        if (!kind.step()) throw CatalogError(path() + ": no experiment with id " + std::to_string(experimentId));
        const std::string k = kind.text(0);
        kind.reset();
        if (k != kClarificationExperiment)
            throw CatalogError(path() + ": experiment " + std::to_string(experimentId) + " is a " + k + " experiment: it holds no clarification predictions");
        auto& s = impl_->db.prepare(R"SQL(
INSERT INTO clarification_predictions(experiment_id, task_id, needs_probability, gold_needs, gold_question, gold_rank, top, error)
VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
ON CONFLICT(experiment_id, task_id) DO UPDATE SET needs_probability = excluded.needs_probability,
  gold_needs = excluded.gold_needs, gold_question = excluded.gold_question, gold_rank = excluded.gold_rank,
  top = excluded.top, error = excluded.error
)SQL");
        for (const auto& p : predictions) {
            s.reset();
            s.bind(1, experimentId).bind(2, p.taskId);
            if (p.needsProbability) s.bind(3, *p.needsProbability);
            else s.bindNull(3);
            if (p.goldNeeds) s.bind(4, *p.goldNeeds ? 1 : 0);
            else s.bindNull(4);
            s.bind(5, p.goldQuestion);
            if (p.goldRank) s.bind(6, *p.goldRank);
            else s.bindNull(6);
            s.bind(7, nlohmann::json(p.top).dump()).bind(8, p.error).run();
        }
    });
}

std::vector<core::ClarificationPrediction> Catalog::clarificationPredictions(std::int64_t experimentId) const {
    using namespace clarification_results;
    std::vector<core::ClarificationPrediction> out;
    if (impl_->version < 6) return out;  // an older catalog read as it is holds none
    auto& s = impl_->db.prepare(
        "SELECT task_id, needs_probability, gold_needs, gold_question, gold_rank, top, error FROM clarification_predictions "
        "WHERE experiment_id = ?1 ORDER BY task_id");
    s.bind(1, experimentId);
    while (s.step()) {
        core::ClarificationPrediction p;
        p.taskId = s.text(0);
        if (!s.isNull(1)) p.needsProbability = s.real(1);
        if (!s.isNull(2)) p.goldNeeds = s.int64(2) != 0;
        p.goldQuestion = s.text(3);
        p.goldRank = optionalInt(s, 4);
        p.top = topIds(s.text(5), path() + ": clarification_predictions of experiment " + std::to_string(experimentId) + ", task " + p.taskId);
        p.error = s.text(6);
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace iglu::catalog

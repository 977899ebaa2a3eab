// The experiments, episodes and experiment_writers tables (Catalog::ensureExperiment, putEpisodes,
// episodes, claimExperimentWriter, removeOrphanRollouts, ...). Managing an experiment (delete,
// rename, tags, note) is experiment_admin.cpp; clarification predictions clarification_results.cpp.
#include <string>

#include "catalog_impl.hpp"
#include "core/catalog/experiment_name.hpp"

namespace iglu::catalog {

using namespace detail;

namespace {
ExperimentRecord readExperiment(sql::Statement& s) {
    return {s.int64(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6), s.text(7), s.text(8), s.text(9)};
}
// A catalog older than version 3 (read as it is) has no agent columns.
std::string experimentColumns(std::int64_t version) {
    return std::string("SELECT id, name, script, config, created, ") +
           (version >= 3 ? "agent_sha256, agent_files" : "'', ''") +
           (version >= 6 ? ", kind, tags, note" : ", 'build', '', ''") + " FROM experiments";
}
}  // namespace

ExperimentRecord Catalog::ensureExperiment(const std::string& name, const std::string& script, const std::string& config,
                                           const std::string& kind) {
    checkExperimentName(name);  // the one rule, for every source (experiment_name.hpp)
    if (kind != kBuildExperiment && kind != kClarificationExperiment)
        throw CatalogError(path() + ": experiment kind must be build or clarification, got '" + kind + "'");
    transaction([&] {
        if (const auto old = experiment(name); old && old->kind != kind)
            throw CatalogError(path() + ": experiment '" + name + "' is a " + old->kind + " experiment, not a " + kind +
                               " one: choose another name");
        auto& s = impl_->db.prepare(
            "INSERT INTO experiments(name, script, config, created, kind) VALUES(?1, ?2, ?3, ?4, ?5) "
            "ON CONFLICT(name) DO UPDATE SET script = excluded.script, config = excluded.config");
        s.bind(1, name).bind(2, script).bind(3, config).bind(4, utcNow()).bind(5, kind).run();
    });
    return *experiment(name);
}

void Catalog::setExperimentAgent(std::int64_t experimentId, const std::string& sha256, const std::string& filesJson) {
    auto& s = impl_->db.prepare("UPDATE experiments SET agent_sha256 = ?1, agent_files = ?2 WHERE id = ?3");
    s.bind(1, sha256).bind(2, filesJson).bind(3, experimentId).run();
}

std::optional<ExperimentRecord> Catalog::experiment(const std::string& name) const {
    auto& s = impl_->db.prepare(experimentColumns(impl_->version) + " WHERE name = ?1");
    s.bind(1, name);
    if (!s.step()) return std::nullopt;
    auto e = readExperiment(s);
    s.reset();
    return e;
}

std::vector<ExperimentRecord> Catalog::experiments() const {
    auto& s = impl_->db.prepare(experimentColumns(impl_->version) + " ORDER BY id");
    std::vector<ExperimentRecord> out;
    while (s.step()) out.push_back(readExperiment(s));
    return out;
}

void Catalog::putEpisodes(std::span<const EpisodeRecord> episodes) {
    transaction([&] {
        // A replaced episode's rollout would be left unreferenced: delete it with the episode.
        auto& old = impl_->db.prepare(
            "SELECT rollout_id FROM episodes WHERE experiment_id = ?1 AND task_id = ?2 AND seed = ?3 AND repetition = ?4 "
            "AND rollout_id IS NOT NULL");
        auto& drop = impl_->db.prepare(
            "DELETE FROM rollouts WHERE id = ?1 AND kind = 1 AND NOT EXISTS (SELECT 1 FROM episodes WHERE rollout_id = ?1)");
        auto& s = impl_->db.prepare(R"SQL(
INSERT INTO episodes(experiment_id, task_id, seed, repetition, ok, error, steps, total_return, precision, recall, f1,
  success, rollout_id, finished, iglu2022_f1, prediction_f1, prediction)
VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
ON CONFLICT(experiment_id, task_id, seed, repetition) DO UPDATE SET ok = excluded.ok, error = excluded.error,
  steps = excluded.steps, total_return = excluded.total_return, precision = excluded.precision,
  recall = excluded.recall, f1 = excluded.f1, success = excluded.success, rollout_id = excluded.rollout_id,
  finished = excluded.finished, iglu2022_f1 = excluded.iglu2022_f1, prediction_f1 = excluded.prediction_f1,
  prediction = excluded.prediction
)SQL");
        const std::string now = utcNow();
        for (const auto& e : episodes) {
            old.reset();
            old.bind(1, e.experimentId).bind(2, e.taskId).bind(3, e.seed).bind(4, e.repetition);
            const bool replacing = old.step();
            const std::int64_t previous = replacing ? old.int64(0) : 0;
            old.reset();
            s.reset();
            s.bind(1, e.experimentId).bind(2, e.taskId).bind(3, e.seed).bind(4, e.repetition);
            s.bind(5, e.ok ? 1 : 0).bind(6, e.error).bind(7, e.steps).bind(8, e.totalReturn);
            s.bind(9, e.precision).bind(10, e.recall).bind(11, e.f1).bind(12, e.success ? 1 : 0);
            if (e.rolloutId) s.bind(13, *e.rolloutId); else s.bindNull(13);
            s.bind(14, e.finished.empty() ? now : e.finished);
            if (e.iglu2022F1) s.bind(15, *e.iglu2022F1); else s.bindNull(15);
            if (e.predictionF1) s.bind(16, *e.predictionF1); else s.bindNull(16);
            if (e.prediction) s.bindBlob(17, encodeGrid(*e.prediction)); else s.bindNull(17);
            s.run();
            if (replacing && (!e.rolloutId || *e.rolloutId != previous)) {
                drop.reset();
                drop.bind(1, previous).run();
            }
        }
    });
}

// --- experiment writers --------------------------------------------------------------------------

namespace {

ExperimentWriter readWriter(sql::Statement& s) {
    return {s.int64(0), s.int64(1), s.text(2), s.text(3)};
}

}  // namespace

std::optional<ExperimentWriter> Catalog::experimentWriter(std::int64_t experimentId) const {
    auto& s = impl_->db.prepare("SELECT experiment_id, pid, host, started FROM experiment_writers WHERE experiment_id = ?1");
    s.bind(1, experimentId);
    std::optional<ExperimentWriter> w;
    if (s.step()) w = readWriter(s);
    s.reset();
    return w;
}

std::optional<ExperimentWriter> Catalog::claimExperimentWriter(const ExperimentWriter& writer,
                                                               const std::function<bool(const ExperimentWriter&)>& stale) {
    std::optional<ExperimentWriter> other;
    transaction([&] {
        other = experimentWriter(writer.experimentId);
        if (other && !stale(*other)) return;
        other.reset();
        auto& s = impl_->db.prepare(
            "INSERT OR REPLACE INTO experiment_writers(experiment_id, pid, host, started) VALUES(?1, ?2, ?3, ?4)");
        s.bind(1, writer.experimentId).bind(2, writer.pid).bind(3, writer.host);
        s.bind(4, writer.started.empty() ? utcNow() : writer.started).run();
    });
    return other;
}

void Catalog::releaseExperimentWriter(std::int64_t experimentId, std::int64_t pid, const std::string& host) {
    auto& s = impl_->db.prepare("DELETE FROM experiment_writers WHERE experiment_id = ?1 AND pid = ?2 AND host = ?3");
    s.bind(1, experimentId).bind(2, pid).bind(3, host).run();
}

int Catalog::removeOrphanRollouts(const std::string& source) {
    int n = 0;
    transaction([&] {
        auto& s = impl_->db.prepare(
            "DELETE FROM rollouts WHERE kind = 1 AND source = ?1 AND id NOT IN "
            "(SELECT rollout_id FROM episodes WHERE rollout_id IS NOT NULL)");
        s.bind(1, source).run();
        n = static_cast<int>(impl_->db.changes());
    });
    return n;
}

int Catalog::orphanRolloutCount(const std::string& source) const {
    auto& s = impl_->db.prepare(
        "SELECT count(*) FROM rollouts WHERE kind = 1 AND source = ?1 AND id NOT IN "
        "(SELECT rollout_id FROM episodes WHERE rollout_id IS NOT NULL)");
    s.bind(1, source);
    const int n = s.step() ? s.int32(0) : 0;
    s.reset();
    return n;
}

std::vector<EpisodeRecord> Catalog::episodes(std::int64_t experimentId) const {
    auto& s = impl_->db.prepare(
        std::string("SELECT id, experiment_id, task_id, seed, repetition, ok, error, steps, total_return, precision, recall, f1, "
                    "success, rollout_id, finished, ") +
        // A catalog older than version 4 (read as it is) has no RL-track or belief columns.
        (impl_->version >= 4 ? "iglu2022_f1, prediction_f1, prediction" : "NULL, NULL, NULL") +
        " FROM episodes WHERE experiment_id = ?1 ORDER BY id");
    s.bind(1, experimentId);
    std::vector<EpisodeRecord> out;
    while (s.step()) {
        EpisodeRecord e;
        e.id = s.int64(0);
        e.experimentId = s.int64(1);
        e.taskId = s.text(2);
        e.seed = s.int64(3);
        e.repetition = s.int32(4);
        e.ok = s.int64(5) != 0;
        e.error = s.text(6);
        e.steps = s.int32(7);
        e.totalReturn = s.real(8);
        e.precision = s.real(9);
        e.recall = s.real(10);
        e.f1 = s.real(11);
        e.success = s.int64(12) != 0;
        if (!s.isNull(13)) e.rolloutId = s.int64(13);
        e.finished = s.text(14);
        if (!s.isNull(15)) e.iglu2022F1 = s.real(15);
        if (!s.isNull(16)) e.predictionF1 = s.real(16);
        if (!s.isNull(17))
            e.prediction = decodeGrid(s.blob(17), impl_->db.path(), "the prediction of episode " + std::to_string(e.id));
        out.push_back(std::move(e));
    }
    return out;
}

bool Catalog::hasEpisode(std::int64_t experimentId, const std::string& taskId, std::int64_t seed, int repetition) const {
    auto& s = impl_->db.prepare(
        "SELECT 1 FROM episodes WHERE experiment_id = ?1 AND task_id = ?2 AND seed = ?3 AND repetition = ?4");
    s.bind(1, experimentId).bind(2, taskId).bind(3, seed).bind(4, repetition);
    bool found = s.step();
    s.reset();
    return found;
}

}  // namespace iglu::catalog

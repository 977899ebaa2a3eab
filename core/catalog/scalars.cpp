// Catalog storage of training curves (schema version 7): scalar_runs and scalars (scalars.hpp).
#include "core/catalog/scalars.hpp"

#include <chrono>
#include <cmath>

#include "catalog_impl.hpp"
#include "core/catalog/experiment_name.hpp"

namespace iglu::catalog {

namespace scalars {

/// Throws ScalarValueError naming the catalog, the field and the value when `name` breaks the name rule.
void checkName(const std::string& path, const std::string& field, const std::string& name) {
    if (const auto problem = experimentNameProblem(name); !problem.empty())
        throw ScalarValueError(path + ": " + field + " \"" + printableName(std::string_view(name).substr(0, kMaxScalarNameBytes)) + "\" " + problem);
}

/// A catalog read as it is at schema < 7 has no scalars, unless a writer upgraded it since it was opened.
bool hasTables(sql::Connection& db, std::int64_t version) {
    return version >= 7 || db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'scalars'") > 0;
}

double secondsNow() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace scalars

void Catalog::logScalars(const std::string& run, std::span<const ScalarValue> values) {
    scalars::checkName(path(), "run", run);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const ScalarValue& v = values[i];
        const std::string at = values.size() > 1 ? " (value " + std::to_string(i + 1) + " of " + std::to_string(values.size()) + ")" : "";
        scalars::checkName(path(), "tag" + at, v.tag);
        if (v.step < 0) throw ScalarValueError(path() + ": step of tag \"" + printableName(v.tag) + "\"" + at + ": must be >= 0, got " + std::to_string(v.step));
        if (!std::isfinite(v.value))
            throw ScalarValueError(path() + ": value of tag \"" + printableName(v.tag) + "\" at step " + std::to_string(v.step) + at +
                               ": must be a finite number, got " + (std::isnan(v.value) ? "NaN" : v.value > 0 ? "inf" : "-inf"));
    }
    const double now = scalars::secondsNow();
    transaction([&] {
        auto& db = impl_->db;
        db.prepare("INSERT INTO scalar_runs(name, created) VALUES (?1, ?2) ON CONFLICT(name) DO NOTHING").bind(1, run).bind(2, utcNow()).run();
        // Linked to the experiment of its name, also when the experiment was made after the run's first values.
        db.prepare("UPDATE scalar_runs SET experiment_id = (SELECT id FROM experiments WHERE name = ?1) WHERE name = ?1 AND experiment_id IS NULL")
            .bind(1, run)
            .run();
        auto& id = db.prepare("SELECT id FROM scalar_runs WHERE name = ?1");
        id.bind(1, run);
        if (!id.step()) throw CatalogError(path() + ": run \"" + printableName(run) + "\" could not be stored");
        const std::int64_t runId = id.int64(0);
        id.reset();
        auto& put = db.prepare("INSERT OR REPLACE INTO scalars(run_id, tag, step, value, wall_time) VALUES (?1, ?2, ?3, ?4, ?5)");
        for (const ScalarValue& v : values) put.reset().bind(1, runId).bind(2, v.tag).bind(3, v.step).bind(4, v.value).bind(5, now).run();
    });
}

std::vector<ScalarRun> Catalog::scalarRuns() const {
    std::vector<ScalarRun> out;
    if (!scalars::hasTables(impl_->db, impl_->version)) return out;
    // The experiment: the linked one, else one of the run's name made after its last values (both deleted together).
    auto& s = impl_->db.prepare(
        "SELECT r.name, e.name, (SELECT count(DISTINCT tag) FROM scalars WHERE run_id = r.id), "
        "(SELECT count(*) FROM scalars WHERE run_id = r.id), (SELECT max(wall_time) FROM scalars WHERE run_id = r.id) "
        "FROM scalar_runs r LEFT JOIN experiments e ON e.id = coalesce(r.experiment_id, (SELECT id FROM experiments WHERE name = r.name)) "
        "ORDER BY r.name");
    while (s.step()) {
        ScalarRun r;
        r.name = s.text(0);
        if (!s.isNull(1)) r.experiment = s.text(1);
        r.tags = s.int32(2);
        r.points = s.int64(3);
        r.lastWallTime = s.isNull(4) ? 0 : s.real(4);
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<ScalarTag> Catalog::scalarTags(const std::string& run) const {
    std::vector<ScalarTag> out;
    if (!scalars::hasTables(impl_->db, impl_->version)) return out;
    // The last point of each tag: SQLite returns the bare columns of the row holding max(step).
    auto& s = impl_->db.prepare(
        "SELECT s.tag, count(*), max(s.step), s.value FROM scalars s JOIN scalar_runs r ON r.id = s.run_id "
        "WHERE r.name = ?1 GROUP BY s.tag ORDER BY s.tag");
    s.bind(1, run);
    while (s.step()) out.push_back({s.text(0), s.int64(1), s.int64(2), s.real(3)});
    return out;
}

std::vector<ScalarPoint> Catalog::scalarSeries(const std::string& run, const std::string& tag) const {
    std::vector<ScalarPoint> out;
    if (!scalars::hasTables(impl_->db, impl_->version)) return out;
    auto& s = impl_->db.prepare(
        "SELECT s.step, s.value, s.wall_time FROM scalars s JOIN scalar_runs r ON r.id = s.run_id "
        "WHERE r.name = ?1 AND s.tag = ?2 ORDER BY s.step");
    s.bind(1, run).bind(2, tag);
    while (s.step()) out.push_back({s.int64(0), s.real(1), s.real(2)});
    return out;
}

}  // namespace iglu::catalog

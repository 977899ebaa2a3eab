// Catalog: managing experiments — delete (with everything that belongs to it, training curves too), rename, tags, note.
#include <algorithm>
#include <cctype>

#include "catalog_impl.hpp"
#include "core/catalog/experiment_name.hpp"

namespace iglu::catalog {

namespace experiment_admin {

ExperimentRecord existing(const Catalog& c, const std::string& name) {
    auto e = c.experiment(name);
    if (!e) throw CatalogError(c.path() + ": no experiment named '" + printableName(name) + "'");
    return *e;
}

void requireVersion(const Catalog& c, std::int64_t version) {
    if (version < 6)
        throw CatalogError(c.path() + ": catalog schema version " + std::to_string(version) +
                           " has no experiment tags or notes: open it for writing once to upgrade it");
}

}  // namespace experiment_admin

void Catalog::deleteExperiment(const std::string& name, const std::function<bool(const ExperimentWriter&)>& writerAlive) {
    using namespace experiment_admin;
    transaction([&] {
        const ExperimentRecord e = existing(*this, name);
        if (const auto w = experimentWriter(e.id); w && writerAlive && writerAlive(*w))
            throw CatalogError(path() + ": experiment '" + printableName(name) + "' is being written by process " + std::to_string(w->pid) +
                               " on " + w->host + " (since " + w->started + "): stop that run first");
        auto& db = impl_->db;
        // The episodes' agent rollouts first (their beliefs go with them), then the experiment:
        // its episodes, predictions and writer record follow by ON DELETE CASCADE.
        db.prepare("DELETE FROM rollouts WHERE kind = 1 AND id IN (SELECT rollout_id FROM episodes WHERE experiment_id = ?1)")
            .bind(1, e.id)
            .run();
        db.prepare("DELETE FROM rollouts WHERE kind = 1 AND source = ?1 AND NOT EXISTS (SELECT 1 FROM episodes WHERE rollout_id = rollouts.id)")
            .bind(1, "experiment:" + name)
            .run();
        // Its training curves: the runs linked to it, and one of its name logged before it existed.
        const char* runs = "SELECT id FROM scalar_runs WHERE experiment_id = ?1 OR name = ?2";
        db.prepare(std::string("DELETE FROM scalars WHERE run_id IN (") + runs + ")").bind(1, e.id).bind(2, name).run();
        db.prepare(std::string("DELETE FROM scalar_runs WHERE id IN (") + runs + ")").bind(1, e.id).bind(2, name).run();
        db.prepare("DELETE FROM experiments WHERE id = ?1").bind(1, e.id).run();
    });
}

void Catalog::renameExperiment(const std::string& name, const std::string& newName) {
    using namespace experiment_admin;
    checkExperimentName(newName, "new name");
    transaction([&] {
        const ExperimentRecord e = existing(*this, name);
        if (name == newName) return;
        if (experiment(newName)) throw CatalogError(path() + ": an experiment named '" + printableName(newName) + "' exists already");
        auto& db = impl_->db;
        db.prepare("UPDATE experiments SET name = ?1 WHERE id = ?2").bind(1, newName).bind(2, e.id).run();
        db.prepare("UPDATE rollouts SET source = ?1 WHERE kind = 1 AND source = ?2")
            .bind(1, "experiment:" + newName)
            .bind(2, "experiment:" + name)
            .run();
    });
}

void Catalog::setExperimentTags(const std::string& name, const std::vector<std::string>& tags) {
    using namespace experiment_admin;
    requireVersion(*this, impl_->version);
    std::vector<std::string> sorted;
    for (const auto& t : tags) {
        if (t.empty() || t.size() > 40 || !std::all_of(t.begin(), t.end(), [](unsigned char ch) {
                return std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.' || ch == ':';
            }))
            throw CatalogError(path() + ": tag '" + printableName(t) + "': use 1..40 letters, digits, '-', '_', '.' or ':'");
        sorted.push_back(t);
    }
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::string joined;
    for (const auto& t : sorted) joined += (joined.empty() ? "" : ",") + t;
    transaction([&] {
        const ExperimentRecord e = existing(*this, name);
        impl_->db.prepare("UPDATE experiments SET tags = ?1 WHERE id = ?2").bind(1, joined).bind(2, e.id).run();
    });
}

void Catalog::setExperimentNote(const std::string& name, const std::string& note) {
    using namespace experiment_admin;
    requireVersion(*this, impl_->version);
    if (note.size() > 64 * 1024) throw CatalogError(path() + ": note: at most 64 KiB, got " + std::to_string(note.size()) + " bytes");
    transaction([&] {
        const ExperimentRecord e = existing(*this, name);
        impl_->db.prepare("UPDATE experiments SET note = ?1 WHERE id = ?2").bind(1, note).bind(2, e.id).run();
    });
}

}  // namespace iglu::catalog

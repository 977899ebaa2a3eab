#pragma once
// Helpers for experiment tests (header only; the test links iglu::catalog): an experiment file's
// text and the number of episodes a catalog holds for an experiment.
#include <QString>
#include <QTemporaryDir>

#include "core/catalog/catalog.hpp"
#include "support/files.hpp"
#include "support/shared_dir.hpp"

namespace iglu::test {

/// `return { name = NAME, agent = AGENT, tasks = { file = TASKS }, env = ENV, MORE }`; MORE holds
/// further fields (by default one seed).
inline QString experimentSource(const QString& name, const QString& agent, const QString& tasks, const QString& env,
                                const QString& more = QStringLiteral("seeds = {1}")) {
    return QStringLiteral("return { name = '%1', agent = '%2', tasks = { file = '%3' }, env = %4, %5 }")
        .arg(name, agent, tasks, env, more);
}

/// Episodes stored in the catalog DB for the experiment NAME (0 when there is no such experiment).
inline int storedEpisodes(const QString& db, const QString& name) {
    catalog::Catalog cat(db.toStdString());
    const auto e = cat.experiment(name.toStdString());
    return e ? static_cast<int>(cat.episodes(e->id).size()) : 0;
}

/// A temporary folder for an experiment test: `tasks` holds the first `taskCount` conformance
/// tasks (tasks.jsonl), `db` is the path of a catalog in it (c.db, not created); experiment()
/// writes an experiment file running an agent on those tasks.
struct ExperimentFolder {
    explicit ExperimentFolder(int taskCount)
        : tasks(conformanceTaskSubset(dir.path(), taskCount)), db(dir.filePath(QStringLiteral("c.db"))) {}

    /// Writes FILE (experimentSource(name, agent, tasks, env, more)) and returns its path.
    QString experiment(const QString& file, const QString& name, const QString& agent, const QString& env,
                       const QString& more = QStringLiteral("seeds = {1}")) const {
        return writeFile(dir.path(), file, experimentSource(name, agent, tasks, env, more));
    }

    QTemporaryDir dir;
    QString tasks, db;
};

}  // namespace iglu::test

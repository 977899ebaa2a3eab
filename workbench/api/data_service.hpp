#pragma once
// The data every plugin reads: the open catalog (SQLite, core/catalog) or, as a fallback, a task
// list (.jsonl, core::readTaskList), plus rollouts recorded during this session (in memory,
// negative ids) until they are stored. Plugins that need more of the catalog (labels, notes,
// experiments) use catalog() directly; it is nullptr when a task list is open.
#include <memory>
#include <optional>

#include <QList>
#include <QObject>
#include <QString>

#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"

namespace iglu::catalog {
class Catalog;
}

namespace iglu::workbench {

struct TaskInfo {
    QString id;
    QString instruction;
    int startingBlocks = 0;
    int targetBlocks = 0;
};

struct RolloutInfo {
    qint64 id = 0;
    QString taskId;
    QString kind;     ///< "human" / "agent"
    QString source;
    int frames = 0;
    double totalReward = 0;
};

class DataService : public QObject {
    Q_OBJECT
public:
    explicit DataService(QObject* parent = nullptr);
    ~DataService() override;

    /// Whether this build can open SQLite catalogs (the catalog library was linked).
    static bool catalogSupport() noexcept;

    /// Opens a catalog file or a task list (*.jsonl). On failure returns false, keeps the
    /// previous data and puts a message naming the file (and line/field) in *error.
    bool open(const QString& path, QString* error);
    bool isOpen() const noexcept;
    QString path() const;
    /// "catalog", "task list" or "" when nothing is open.
    QString kind() const;

    QList<TaskInfo> tasks() const;
    bool hasTask(const QString& id) const;
    std::optional<core::Task> task(const QString& id) const;
    /// Rollouts of a task: catalog rollouts, then those recorded in this session.
    QList<RolloutInfo> rollouts(const QString& taskId) const;
    /// A rollout by id (cached); nullptr when unknown.
    std::shared_ptr<const core::Rollout> rollout(qint64 id) const;
    /// Keeps a rollout recorded in this session; returns its (negative) id.
    qint64 addRollout(core::Rollout rollout);
    /// Stores a rollout for good: in the open catalog (id > 0), or in this session (id < 0) when a
    /// task list is open. Emits rolloutsChanged. Returns 0 and a message naming the catalog in
    /// *error when the write fails (e.g. the catalog is locked by another writer).
    qint64 storeRollout(core::Rollout rollout, QString* error);
    /// The open catalog, or nullptr (task list open, or no catalog support).
    catalog::Catalog* catalog() const noexcept;

signals:
    void opened(const QString& path);
    void rolloutsChanged(const QString& taskId);
    /// Skill labels or the note of a task changed in the catalog (emitted by whoever wrote them,
    /// e.g. the labeling plugin; an empty id: many tasks, e.g. after an import).
    void labelsChanged(const QString& taskId);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::workbench

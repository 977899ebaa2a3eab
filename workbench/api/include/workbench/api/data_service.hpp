#pragma once
// The data every plugin reads, always a catalog (SQLite, core/catalog): a catalog file, or a task
// list (.jsonl, core::readTaskList) imported into an in-memory catalog (named after the file; its
// writes last for this session only and are NOT saved), plus rollouts recorded during this session
// (in memory, negative ids) until they are stored. Plugins that need more of the catalog use the
// typed services (catalog_services.hpp: queries(), labels(), experiments(), architect()), which live as long as
// this object and serve whatever is open: never null, never fetched again after `opened`.
//
// Nothing here throws into the caller's slot: a read that fails (a damaged catalog, a disk error)
// returns an empty result, the message naming the file goes to the message log (setMessageLog)
// and lastError(); an exception thrown by a handler of one of these signals is caught and logged
// the same way. The app keeps running and another catalog can be opened.
//
// Another program writing the same catalog (a second workbench, `iglu label auto`, `iglu run`):
// checkForChanges() notices its commits (PRAGMA data_version) and emits changedElsewhere() and
// labelsChanged(""), and the log says when another process has the catalog open for writing.
// While the application is active a timer calls it every 2 s.
#include "workbench/api/export.hpp"

#include <memory>
#include <optional>

#include <QList>
#include <QObject>
#include <QString>

#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"
#include "workbench/api/catalog_services.hpp"

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

class MessageLog;
class Selection;

class IGLU_WORKBENCH_API_EXPORT DataService : public QObject {
    Q_OBJECT
public:
    explicit DataService(QObject* parent = nullptr);
    ~DataService() override;

    /// Where failures and notes go (source "data"); may be nullptr.
    void setMessageLog(MessageLog* log) noexcept;
    /// The selection that points into this data (the application's; may be nullptr). It is scoped
    /// to the data: open() re-resolves it in the new data BEFORE `opened` is emitted, so every view
    /// that resets on `opened` reads a selection of the new data. The task is kept when the new data
    /// has a task of that id; the rollout (and step) only when, in addition, the task has the same
    /// start and target grids and the new data's rollout of that id is the same recording
    /// (core::sameRecording); the episode is always cleared (experiment episodes are per catalog).
    /// Everything else is cleared. Ids are never carried by number. The selection's own signals for
    /// what changed follow `opened` (Selection::rescope), so no view hears of the new selection while
    /// it still holds the old data.
    void setSelection(Selection* selection) noexcept;
    /// The last failure of a read or of a signal handler since the last open ("" if none).
    QString lastError() const;
    /// True when the open catalog is read-only (write-protected file or folder): writes fail.
    bool isReadOnly() const noexcept;

    /// Whether another connection committed to the open catalog since the last check; if so emits
    /// changedElsewhere() and labelsChanged(""). Also notes in the log when another process has
    /// the catalog open for writing. Cheap; never throws. False without a catalog.
    bool checkForChanges();

    /// Opens a catalog file, or a task list (*.jsonl) imported into an in-memory catalog. On
    /// failure returns false, keeps the previous data and puts a message naming the file (and
    /// line/field) in *error.
    bool open(const QString& path, QString* error);
    bool isOpen() const noexcept;
    QString path() const;
    /// "catalog", "task list" or "" when nothing is open.
    QString kind() const;
    /// True when the open data lives in memory only (a task list): nothing written is saved.
    bool inMemory() const noexcept;

    /// The typed services over the open catalog (see catalog_services.hpp).
    TaskQueries& queries() noexcept;
    LabelStore& labels() noexcept;
    ExperimentStore& experiments() noexcept;
    ArchitectStore& architect() noexcept;

    QList<TaskInfo> tasks() const;
    bool hasTask(const QString& id) const;
    std::optional<core::Task> task(const QString& id) const;
    /// Rollouts of a task: catalog rollouts, then those recorded in this session on a task with the
    /// same id, start and target grids (a session rollout never shows under another data's task).
    QList<RolloutInfo> rollouts(const QString& taskId) const;
    /// A rollout by id (cached); nullptr when unknown.
    std::shared_ptr<const core::Rollout> rollout(qint64 id) const;
    /// Keeps a rollout recorded in this session; returns its (negative) id.
    qint64 addRollout(core::Rollout rollout);
    /// Stores a rollout for good: in the open catalog file (id > 0), or in this session (id < 0)
    /// when the data is in memory (a task list), where it survives opening other data. Emits
    /// rolloutsChanged. Returns 0 and a message naming the catalog in *error when the write fails
    /// (e.g. the catalog is locked by another writer).
    qint64 storeRollout(core::Rollout rollout, QString* error);

    /// Stores a task made by hand as a new task of source custom with its author's skills
    /// (catalog::addCustomTask: never replaces a task), in the open catalog file or, for a task list
    /// held in memory, for this session only. Emits tasksChanged(id) and labelsChanged(id). Returns
    /// false and a message naming the catalog and the field in *error when it is refused (the id
    /// exists) or the write fails.
    bool addCustomTask(const catalog::TaskRecord& record, core::SkillSet skills, QString* error);

signals:
    /// Other data is open. The one signal on which every view drops what it derived from the data
    /// before (lists, charts, scores, progress, consoles, numeric ids) and shows the new data as a
    /// fresh start with the (already re-resolved, see setSelection) selection would.
    void opened(const QString& path);
    /// Tasks were added to the open catalog by this program (e.g. a custom task saved by the task
    /// editor): task lists re-read it.
    void tasksChanged(const QString& taskId);
    void rolloutsChanged(const QString& taskId);
    /// Skill labels or the note of a task changed in the catalog (emitted by whoever wrote them,
    /// e.g. the labeling plugin; an empty id: many tasks, e.g. after an import).
    void labelsChanged(const QString& taskId);
    /// Another program changed the open catalog (see checkForChanges): views re-read it.
    void changedElsewhere();
    /// An architect session was stored through architect() (ArchitectStore::put).
    void architectSessionsChanged(qint64 sessionId);

private:
    friend class CatalogService;
    friend class ArchitectStore;
    catalog::Catalog& currentCatalog() const noexcept;
    void report(const QString& message) const;
    /// Runs a read of the open data; a failure is reported and yields `fallback`.
    template <class R, class F>
    R guardedRead(R fallback, F&& read) const;
    /// Emits a signal; an exception from one of its handlers is reported, not passed on.
    template <class F>
    void guardedEmit(const char* signal, F&& emitSignal);
    /// Re-resolves the selection in the data just opened (see setSelection) around emitting `opened`.
    void rescopeSelectionAndEmitOpened(const std::optional<core::Task>& task,
                                       const std::shared_ptr<const core::Rollout>& rollout);
    MessageLog* log_ = nullptr;
    Selection* selection_ = nullptr;
    struct Impl;
    std::unique_ptr<Impl> impl_;
    TaskQueries queries_{*this};
    LabelStore labels_{*this};
    ExperimentStore experiments_{*this};
    ArchitectStore architect_{*this};
};

}  // namespace iglu::workbench

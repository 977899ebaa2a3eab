#include "workbench/api/data_service.hpp"

#include <map>
#include <stdexcept>
#include <vector>

#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QStringList>
#include <QTimer>

#include "core/catalog/catalog.hpp"
#include "core/catalog/custom_task.hpp"
#include "core/task/task_list.hpp"
#include "workbench/api/guarded_emit.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"

namespace iglu::workbench {

namespace {
constexpr int kChangePollMs = 2000;
QString logSource() { return QStringLiteral("data"); }

/// A task's content a rollout is replayed and scored on.
bool sameContent(const core::Task& a, const core::Task& b) { return a.starting == b.starting && a.target == b.target; }

/// A rollout recorded in this session, with the task it was recorded on (id, start and target):
/// listed only under a task of the same content, whatever data is open.
struct SessionRollout {
    std::shared_ptr<const core::Rollout> rollout;
    std::optional<core::Task> task;
};
}  // namespace

struct DataService::Impl {
    QString path;
    QString kind;
    // Never null: the open catalog file, a task list imported into memory, or (before anything
    // is opened) an empty in-memory catalog.
    std::unique_ptr<catalog::Catalog> catalog = std::make_unique<catalog::Catalog>(catalog::Catalog::inMemory());
    bool inMemory = true;
    std::map<qint64, SessionRollout> session;  // recorded here, ids < 0
    mutable std::map<qint64, std::shared_ptr<const core::Rollout>> cache;
    qint64 nextSessionId = -1;
    bool readOnly = false;
    bool otherWriterNoted = false;
    bool changeNoted = false;
    mutable QString lastError;
    mutable QStringList reported;  // each distinct failure is logged once per open
};

DataService::DataService(QObject* parent) : QObject(parent), impl_(std::make_unique<Impl>()) {
    auto* poll = new QTimer(this);
    poll->setObjectName(QStringLiteral("catalogChangePoll"));
    poll->setInterval(kChangePollMs);
    connect(poll, &QTimer::timeout, this, [this] {
        // Only while the user works in the application: an inactive window need not refresh.
        if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()) ||
            QGuiApplication::applicationState() == Qt::ApplicationActive)
            checkForChanges();
    });
    poll->start();
}
DataService::~DataService() = default;

void DataService::setMessageLog(MessageLog* log) noexcept { log_ = log; }
void DataService::setSelection(Selection* selection) noexcept { selection_ = selection; }
QString DataService::lastError() const { return impl_->lastError; }
bool DataService::isReadOnly() const noexcept { return impl_->readOnly; }

void DataService::report(const QString& message) const {
    impl_->lastError = message;
    if (impl_->reported.contains(message)) return;
    impl_->reported.append(message);
    if (log_) log_->error(logSource(), message);
}

template <class R, class F>
R DataService::guardedRead(R fallback, F&& read) const {
    try {
        return read();
    } catch (const std::exception& e) {
        report(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        report(tr("%1: unknown error while reading").arg(impl_->path));
    }
    return fallback;
}

template <class F>
void DataService::guardedEmit(const char* signal, F&& emitSignal) {
    emitGuarded(signal, std::forward<F>(emitSignal), [this](const QString& message) { report(message); });
}

bool DataService::checkForChanges() {
    if (impl_->inMemory) return false;  // only this process can change memory
    bool changed = false, otherWriter = false;
    try {
        changed = impl_->catalog->changedSinceLastCheck();
        otherWriter = impl_->catalog->openForWritingElsewhere();
    } catch (const std::exception& e) {
        report(QString::fromLocal8Bit(e.what()));
        return false;
    }
    if (otherWriter && !impl_->otherWriterNoted && log_)
        log_->warning(logSource(), tr("%1 is also open for writing in another program (another IGLU Workbench or an "
                                      "iglu command): its changes show up here as they are stored")
                                       .arg(impl_->path));
    impl_->otherWriterNoted = otherWriter;
    if (!changed) return false;
    impl_->cache.clear();
    if (!impl_->changeNoted && log_)  // once per open: an experiment run writes every few seconds
        log_->info(logSource(), tr("%1 was changed by another program (or a background run): views follow its changes")
                                    .arg(impl_->path));
    impl_->changeNoted = true;
    guardedEmit("changedElsewhere", [this] { emit changedElsewhere(); });
    guardedEmit("labelsChanged", [this] { emit labelsChanged(QString()); });
    return true;
}

namespace {

/// A task list in an in-memory catalog named after the file. Throws naming the file (and line).
std::unique_ptr<catalog::Catalog> importTaskList(const QString& path, const QString& name) {
    const std::vector<core::Task> tasks = core::readTaskList(path.toStdString());  // refuses repeated ids
    std::vector<catalog::TaskRecord> records;
    records.reserve(tasks.size());
    for (const auto& t : tasks) {
        catalog::TaskRecord r;
        r.task = t;
        r.source = catalog::TaskSource::Custom;
        records.push_back(std::move(r));
    }
    auto cat = std::make_unique<catalog::Catalog>(catalog::Catalog::inMemory(name.toStdString()));
    cat->putTasks(records);
    return cat;
}

}  // namespace

bool DataService::open(const QString& path, QString* error) {
    const auto fail = [error](const QString& message) {
        if (error) *error = message;
        return false;
    };
    const QFileInfo info(path);
    if (path.isEmpty()) return fail(tr("no data file given"));
    if (!info.exists()) return fail(tr("%1: no such file").arg(path));
    if (!info.isFile() || !info.isReadable()) return fail(tr("%1: not a readable file").arg(path));
    auto next = std::make_unique<Impl>();
    next->path = info.absoluteFilePath();
    // What the selection points at, read from the data it points into (before that data goes).
    std::optional<core::Task> selectedTask;
    std::shared_ptr<const core::Rollout> selectedRollout;
    if (selection_ != nullptr && !selection_->taskId().isEmpty()) {
        selectedTask = task(selection_->taskId());
        if (selection_->rolloutId() != 0) selectedRollout = rollout(selection_->rolloutId());
    }
    // One data model: a task list is imported into an in-memory catalog. A write-protected catalog
    // file or folder opens read-only (browsing works, writes report errors).
    const bool taskList = info.suffix().compare(QStringLiteral("jsonl"), Qt::CaseInsensitive) == 0;
    next->readOnly = !taskList && (!info.isWritable() || !QFileInfo(info.absolutePath()).isWritable());
    const auto mode = next->readOnly ? catalog::OpenMode::ReadOnly : catalog::OpenMode::ReadWrite;
    try {
        next->catalog = taskList ? importTaskList(path, next->path)
                                 : std::make_unique<catalog::Catalog>(path.toStdString(), mode);
    } catch (const std::exception& e) {
        return fail(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        return fail(taskList ? tr("%1: cannot read the task list").arg(path) : tr("%1: cannot open the catalog").arg(path));
    }
    next->inMemory = taskList;
    next->kind = taskList ? QStringLiteral("task list") : QStringLiteral("catalog");
    next->session = std::move(impl_->session);  // rollouts recorded this session stay available
    next->nextSessionId = impl_->nextSessionId;
    impl_ = std::move(next);
    if (impl_->readOnly && log_)
        log_->warning(logSource(), tr("%1 is read-only (no permission to write the file or its folder): "
                                      "opened for reading, changes cannot be stored").arg(impl_->path));
    checkForChanges();  // notes another writer at once
    rescopeSelectionAndEmitOpened(selectedTask, selectedRollout);
    return true;
}

void DataService::rescopeSelectionAndEmitOpened(const std::optional<core::Task>& before,
                                                const std::shared_ptr<const core::Rollout>& beforeRollout) {
    const auto emitOpened = [this] { guardedEmit("opened", [this] { emit opened(impl_->path); }); };
    if (selection_ == nullptr) return emitOpened();
    Selection& sel = *selection_;
    const auto now = before ? task(sel.taskId()) : std::nullopt;
    bool keepRollout = false;
    if (now && sel.rolloutId() != 0 && beforeRollout != nullptr && sameContent(*before, *now)) {
        const auto after = rollout(sel.rolloutId());
        keepRollout = after != nullptr && after->taskId == now->id && core::sameRecording(*after, *beforeRollout);
    }
    // No task of that id here: nothing selected; else the task, and the rollout only when it is the same.
    sel.rescope(now ? sel.taskId() : QString(), keepRollout ? sel.rolloutId() : 0, keepRollout ? sel.step() : 0, emitOpened);
}

bool DataService::isOpen() const noexcept { return !impl_->kind.isEmpty(); }
QString DataService::path() const { return impl_->path; }
QString DataService::kind() const { return impl_->kind; }
bool DataService::inMemory() const noexcept { return impl_->inMemory; }
catalog::Catalog& DataService::currentCatalog() const noexcept { return *impl_->catalog; }
TaskQueries& DataService::queries() noexcept { return queries_; }
LabelStore& DataService::labels() noexcept { return labels_; }
ExperimentStore& DataService::experiments() noexcept { return experiments_; }
ArchitectStore& DataService::architect() noexcept { return architect_; }

QList<TaskInfo> DataService::tasks() const {
    return guardedRead(QList<TaskInfo>{}, [&] {
        QList<TaskInfo> out;
        for (const auto& s : impl_->catalog->findTasks())
            out.append({QString::fromStdString(s.id), QString::fromStdString(s.instruction), s.startingBlocks, s.targetBlocks});
        return out;
    });
}

bool DataService::hasTask(const QString& id) const {
    return guardedRead(false, [&] { return impl_->catalog->hasTask(id.toStdString()); });
}

std::optional<core::Task> DataService::task(const QString& id) const {
    return guardedRead(std::optional<core::Task>{}, [&]() -> std::optional<core::Task> {
        auto rec = impl_->catalog->task(id.toStdString());
        if (!rec) return std::nullopt;
        return std::move(rec->task);
    });
}

namespace {
RolloutInfo infoOf(qint64 id, const core::Rollout& r) {
    return {id, QString::fromStdString(r.taskId), QString::fromLatin1(core::rolloutKindName(r.kind)),
            QString::fromStdString(r.source), static_cast<int>(r.size()), r.totalReward()};
}
}  // namespace

QList<RolloutInfo> DataService::rollouts(const QString& taskId) const {
    QList<RolloutInfo> out;
    const std::string key = taskId.toStdString();
    out = guardedRead(QList<RolloutInfo>{}, [&] {
        QList<RolloutInfo> stored;
        for (const auto& s : impl_->catalog->rollouts(key))
            stored.append({s.id, QString::fromStdString(s.taskId), QString::fromLatin1(core::rolloutKindName(s.kind)),
                           QString::fromStdString(s.source), s.frames, s.totalReward});
        return stored;
    });
    // Session rollouts (most recent first) recorded on this task as the open data has it.
    std::optional<core::Task> current;
    for (auto it = impl_->session.begin(); it != impl_->session.end(); ++it) {
        const SessionRollout& s = it->second;
        if (s.rollout->taskId != key || !s.task) continue;
        if (!current) current = task(taskId);
        if (current && sameContent(*current, *s.task)) out.append(infoOf(it->first, *s.rollout));
    }
    return out;
}

std::shared_ptr<const core::Rollout> DataService::rollout(qint64 id) const {
    if (id < 0) {
        auto it = impl_->session.find(id);
        return it == impl_->session.end() ? nullptr : it->second.rollout;
    }
    if (id == 0) return nullptr;
    if (auto it = impl_->cache.find(id); it != impl_->cache.end()) return it->second;
    return guardedRead(std::shared_ptr<const core::Rollout>{}, [&]() -> std::shared_ptr<const core::Rollout> {
        auto r = impl_->catalog->rollout(id);
        if (!r) return nullptr;
        auto shared = std::make_shared<const core::Rollout>(std::move(*r));
        if (impl_->cache.size() > 16) impl_->cache.clear();
        impl_->cache.emplace(id, shared);
        return shared;
    });
}

qint64 DataService::addRollout(core::Rollout rollout) {
    const qint64 id = impl_->nextSessionId--;
    rollout.id = id;
    const QString taskId = QString::fromStdString(rollout.taskId);
    auto recordedOn = task(taskId);  // the task as the open data has it
    impl_->session.emplace(id, SessionRollout{std::make_shared<const core::Rollout>(std::move(rollout)), std::move(recordedOn)});
    guardedEmit("rolloutsChanged", [&] { emit rolloutsChanged(taskId); });
    return id;
}

qint64 DataService::storeRollout(core::Rollout rollout, QString* error) {
    // In memory (a task list) the session keeps it: unlike the in-memory catalog, the session
    // survives opening other data, and the negative id tells every view it is not saved.
    if (impl_->inMemory) return addRollout(std::move(rollout));
    qint64 id = 0;
    try {
        id = impl_->catalog->putRollout(rollout);
    } catch (const std::exception& e) {
        if (error) *error = tr("%1: cannot store the rollout: %2").arg(impl_->path, QString::fromStdString(e.what()));
        return 0;
    }
    impl_->cache.erase(id);  // SQLite may reuse the id of a replaced rollout
    const QString taskId = QString::fromStdString(rollout.taskId);
    guardedEmit("rolloutsChanged", [&] { emit rolloutsChanged(taskId); });
    return id;
}

bool DataService::addCustomTask(const catalog::TaskRecord& record, core::SkillSet skills, QString* error) {
    try {
        catalog::addCustomTask(*impl_->catalog, record, skills);
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
    const QString id = QString::fromStdString(record.task.id);
    guardedEmit("tasksChanged", [&] { emit tasksChanged(id); });
    guardedEmit("labelsChanged", [&] { emit labelsChanged(id); });
    return true;
}

// --- the typed services (catalog_services.hpp) ---------------------------------------------------

bool CatalogService::isOpen() const noexcept { return data_.isOpen(); }
QString CatalogService::path() const { return data_.path(); }
bool CatalogService::inMemory() const noexcept { return data_.inMemory(); }
bool CatalogService::isReadOnly() const noexcept { return data_.isReadOnly(); }
catalog::Catalog& CatalogService::current() const noexcept { return data_.currentCatalog(); }

std::vector<catalog::TaskSummary> TaskQueries::findTasks(const catalog::TaskFilter& filter) const {
    return current().findTasks(filter);
}
int TaskQueries::taskCount() const { return current().taskCount(); }
std::optional<catalog::TaskRecord> TaskQueries::task(const std::string& id) const { return current().task(id); }
std::vector<catalog::SkillLabel> TaskQueries::labels(const std::string& taskId) const { return current().labels(taskId); }
std::string TaskQueries::note(const std::string& taskId) const { return current().note(taskId); }

std::vector<catalog::ArchitectSessionSummary> ArchitectStore::sessions() const { return current().architectSessions(); }
std::optional<catalog::ArchitectSessionRecord> ArchitectStore::session(std::int64_t id) const { return current().architectSession(id); }
void ArchitectStore::checkWritable() const {
    if (!isOpen()) throw std::runtime_error("no catalog is open");
    if (inMemory())
        throw std::runtime_error(path().toStdString() + " is a task list held in memory: open a catalog file to store sessions");
    // SQLite would go on writing into a removed file's inode: what is written there is lost.
    if (!QFileInfo::exists(path())) throw std::runtime_error(path().toStdString() + " is gone (removed or renamed since it was opened)");
}

void ArchitectStore::notifyStored(std::int64_t id, const QString& taskId) {
    auto& data = const_cast<DataService&>(this->data());  // the service belongs to it (DataService::architect())
    data.guardedEmit("architectSessionsChanged", [&] { emit data.architectSessionsChanged(id); });
    data.guardedEmit("rolloutsChanged", [&] { emit data.rolloutsChanged(taskId); });
}

std::int64_t ArchitectStore::put(const catalog::ArchitectSessionRecord& session) {
    checkWritable();
    const std::int64_t id = current().putArchitectSession(session);
    notifyStored(id, QString::fromStdString(session.taskId));
    return id;
}

void ArchitectStore::transaction(const QString& taskId, const std::function<void(catalog::Catalog&)>& work) {
    checkWritable();
    auto& cat = current();
    cat.transaction([&] { work(cat); });
    notifyStored(0, taskId);
}

QString ExperimentStore::runFile() const { return isOpen() && !inMemory() ? path() : QString(); }

}  // namespace iglu::workbench

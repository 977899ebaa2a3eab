#include "workbench/api/data_service.hpp"

#include <map>
#include <stdexcept>
#include <vector>

#include <QFileInfo>

#include "core/task/task_list.hpp"
#ifdef IGLU_HAVE_CATALOG
#include "core/catalog/catalog.hpp"
#endif

namespace iglu::workbench {

struct DataService::Impl {
    QString path;
    QString kind;
    std::vector<core::Task> taskList;                  // task-list mode
#ifdef IGLU_HAVE_CATALOG
    std::unique_ptr<catalog::Catalog> catalog;         // catalog mode
#endif
    std::map<qint64, std::shared_ptr<const core::Rollout>> session;  // recorded here, ids < 0
    mutable std::map<qint64, std::shared_ptr<const core::Rollout>> cache;
    qint64 nextSessionId = -1;
};

DataService::DataService(QObject* parent) : QObject(parent), impl_(std::make_unique<Impl>()) {}
DataService::~DataService() = default;

bool DataService::catalogSupport() noexcept {
#ifdef IGLU_HAVE_CATALOG
    return true;
#else
    return false;
#endif
}

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
    if (info.suffix().compare(QStringLiteral("jsonl"), Qt::CaseInsensitive) == 0) {
        try {
            next->taskList = core::readTaskList(path.toStdString());
        } catch (const std::exception& e) {
            return fail(QString::fromStdString(e.what()));
        }
        next->kind = QStringLiteral("task list");
    } else {
#ifdef IGLU_HAVE_CATALOG
        try {
            next->catalog = std::make_unique<catalog::Catalog>(path.toStdString());
        } catch (const std::exception& e) {
            return fail(QString::fromStdString(e.what()));
        }
        next->kind = QStringLiteral("catalog");
#else
        return fail(tr("%1: this build cannot open SQLite catalogs (the catalog library is not linked); "
                       "open a task list (.jsonl) instead").arg(path));
#endif
    }
    next->session = std::move(impl_->session);  // rollouts recorded this session stay available
    next->nextSessionId = impl_->nextSessionId;
    impl_ = std::move(next);
    emit opened(impl_->path);
    return true;
}

bool DataService::isOpen() const noexcept { return !impl_->kind.isEmpty(); }
QString DataService::path() const { return impl_->path; }
QString DataService::kind() const { return impl_->kind; }
catalog::Catalog* DataService::catalog() const noexcept {
#ifdef IGLU_HAVE_CATALOG
    return impl_->catalog.get();
#else
    return nullptr;
#endif
}

QList<TaskInfo> DataService::tasks() const {
    QList<TaskInfo> out;
#ifdef IGLU_HAVE_CATALOG
    if (impl_->catalog) {
        for (const auto& s : impl_->catalog->findTasks())
            out.append({QString::fromStdString(s.id), QString::fromStdString(s.instruction), s.startingBlocks,
                        s.targetBlocks});
        return out;
    }
#endif
    for (const auto& t : impl_->taskList)
        out.append({QString::fromStdString(t.id), QString::fromStdString(t.instruction), t.starting.count(),
                    t.target.count()});
    return out;
}

bool DataService::hasTask(const QString& id) const {
#ifdef IGLU_HAVE_CATALOG
    if (impl_->catalog) return impl_->catalog->hasTask(id.toStdString());
#endif
    const std::string key = id.toStdString();
    for (const auto& t : impl_->taskList)
        if (t.id == key) return true;
    return false;
}

std::optional<core::Task> DataService::task(const QString& id) const {
    const std::string key = id.toStdString();
#ifdef IGLU_HAVE_CATALOG
    if (impl_->catalog) {
        auto rec = impl_->catalog->task(key);
        if (!rec) return std::nullopt;
        return rec->task;
    }
#endif
    for (const auto& t : impl_->taskList)
        if (t.id == key) return t;
    return std::nullopt;
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
#ifdef IGLU_HAVE_CATALOG
    if (impl_->catalog) {
        for (const auto& s : impl_->catalog->rollouts(key))
            out.append({s.id, QString::fromStdString(s.taskId), QString::fromLatin1(core::rolloutKindName(s.kind)),
                        QString::fromStdString(s.source), s.frames, s.totalReward});
    }
#endif
    // Session rollouts, most recent first.
    for (auto it = impl_->session.begin(); it != impl_->session.end(); ++it)
        if (it->second->taskId == key) out.append(infoOf(it->first, *it->second));
    return out;
}

std::shared_ptr<const core::Rollout> DataService::rollout(qint64 id) const {
    if (id < 0) {
        auto it = impl_->session.find(id);
        return it == impl_->session.end() ? nullptr : it->second;
    }
    if (auto it = impl_->cache.find(id); it != impl_->cache.end()) return it->second;
#ifdef IGLU_HAVE_CATALOG
    if (impl_->catalog && id > 0) {
        auto r = impl_->catalog->rollout(id);
        if (!r) return nullptr;
        auto shared = std::make_shared<const core::Rollout>(std::move(*r));
        if (impl_->cache.size() > 16) impl_->cache.clear();
        impl_->cache.emplace(id, shared);
        return shared;
    }
#endif
    return nullptr;
}

qint64 DataService::addRollout(core::Rollout rollout) {
    const qint64 id = impl_->nextSessionId--;
    rollout.id = id;
    const QString taskId = QString::fromStdString(rollout.taskId);
    impl_->session.emplace(id, std::make_shared<const core::Rollout>(std::move(rollout)));
    emit rolloutsChanged(taskId);
    return id;
}

qint64 DataService::storeRollout(core::Rollout rollout, QString* error) {
#ifdef IGLU_HAVE_CATALOG
    if (impl_->catalog) {
        qint64 id = 0;
        try {
            id = impl_->catalog->putRollout(rollout);
        } catch (const std::exception& e) {
            if (error) *error = tr("%1: cannot store the rollout: %2").arg(impl_->path, QString::fromStdString(e.what()));
            return 0;
        }
        impl_->cache.erase(id);  // SQLite may reuse the id of a replaced rollout
        emit rolloutsChanged(QString::fromStdString(rollout.taskId));
        return id;
    }
#endif
    (void)error;
    return addRollout(std::move(rollout));
}

}  // namespace iglu::workbench

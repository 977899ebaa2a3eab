#pragma once
// The typed data services plugins use, in the spirit of Qt Creator's object pool: each serves one
// plugin's part of the open data (the Dataset browser's task queries, the labels, the experiments,
// the architect sessions).
// The data is always a catalog (DataService imports a .jsonl task list into an in-memory one), and
// every service is owned by the DataService and lives as long as it: a plugin or view takes the
// reference once (`context.data().labels()`), never checks it for null and never fetches it again;
// after DataService::opened the same object serves the new data, before anything is opened an
// empty catalog. A read or write that fails throws catalog::CatalogError naming the file; views
// run them guarded (workbench::runGuarded) and report the message (the Messages log, their status
// line), as the DataService does for its own reads.
#include "workbench/api/export.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "core/catalog/catalog.hpp"

namespace iglu::workbench {

class DataService;

/// What every data service tells about the open data.
class IGLU_WORKBENCH_API_EXPORT CatalogService {
public:
    CatalogService(const CatalogService&) = delete;
    CatalogService& operator=(const CatalogService&) = delete;

    /// True once a catalog or task list is open.
    bool isOpen() const noexcept;
    /// The open file ("" before anything is opened).
    QString path() const;
    /// True when the data lives in memory only (a task list): writes last for this session and are
    /// NOT saved to any file; say so where the user writes.
    bool inMemory() const noexcept;
    /// True when the open catalog file is write-protected: writes fail.
    bool isReadOnly() const noexcept;

protected:
    explicit CatalogService(const DataService& data) noexcept : data_(data) {}
    ~CatalogService() = default;
    /// The open catalog (an empty in-memory one before anything is opened).
    catalog::Catalog& current() const noexcept;
    const DataService& data() const noexcept { return data_; }

private:
    const DataService& data_;
};

/// Task listings and details (the Dataset browser).
class IGLU_WORKBENCH_API_EXPORT TaskQueries : public CatalogService {
public:
    explicit TaskQueries(const DataService& data) noexcept : CatalogService(data) {}
    std::vector<catalog::TaskSummary> findTasks(const catalog::TaskFilter& filter = {}) const;
    int taskCount() const;
    std::optional<catalog::TaskRecord> task(const std::string& id) const;
    /// Every label of a task (human and auto, any labeler).
    std::vector<catalog::SkillLabel> labels(const std::string& taskId) const;
    std::string note(const std::string& taskId) const;
};

/// Skill labels and notes (the Labeling plugin): the catalog the core labeling routines work on
/// (catalog::LabelingSession with its undoable LabelChange, datasets/label_io files, the
/// auto-labeler, the agreement table). A session made over catalog() belongs to the data open at
/// the time: make a new one on DataService::opened.
class IGLU_WORKBENCH_API_EXPORT LabelStore : public CatalogService {
public:
    explicit LabelStore(const DataService& data) noexcept : CatalogService(data) {}
    catalog::Catalog& catalog() const noexcept { return current(); }
};

/// Experiments and their episodes (the Experiments plugin).
class IGLU_WORKBENCH_API_EXPORT ExperimentStore : public CatalogService {
public:
    explicit ExperimentStore(const DataService& data) noexcept : CatalogService(data) {}
    /// For reads: experiments, episodes, stored summaries (scripting::storedSummary).
    const catalog::Catalog& catalog() const noexcept { return current(); }
    /// The catalog file a run opens on its worker threads; "" when there is none to run against
    /// (nothing open, or a task list in memory: runs need a catalog file to store episodes in).
    QString runFile() const;
};

/// Architect sessions (the Architect dock stores them, the Dataset browser lists and replays them)
/// over the workbench's one connection to the open catalog: no plugin opens a second one.
class IGLU_WORKBENCH_API_EXPORT ArchitectStore : public CatalogService {
public:
    explicit ArchitectStore(const DataService& data) noexcept : CatalogService(data) {}
    std::vector<catalog::ArchitectSessionSummary> sessions() const;
    std::optional<catalog::ArchitectSessionRecord> session(std::int64_t id) const;
    /// Stores a finished session (one transaction); returns its id. Throws catalog::CatalogError
    /// naming the file (locked by another writer, read-only, disk full) and std::runtime_error
    /// when nothing can store it: nothing open, a task list held in memory. Emits the data
    /// service's architectSessionsChanged(id) and rolloutsChanged(task) (the turns' rollouts).
    std::int64_t put(const catalog::ArchitectSessionRecord& session);
    /// Several writes as one transaction on the same connection (e.g. both sessions of an A/B
    /// comparison and the pick): all or nothing. Refused as put() is; emits
    /// architectSessionsChanged(0) and rolloutsChanged(taskId) after a commit.
    void transaction(const QString& taskId, const std::function<void(catalog::Catalog&)>& work);

private:
    void checkWritable() const;
    void notifyStored(std::int64_t id, const QString& taskId);
};

}  // namespace iglu::workbench

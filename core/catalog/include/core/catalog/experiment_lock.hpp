#pragma once
// One writer per experiment and catalog. Two runs of the same experiment on one catalog would
// both run every episode (each computed its to-do list at start) and the second would replace the
// first's episodes. An ExperimentLock is held for a run's whole life (scripting's ExperimentSession,
// runClarification) and briefly by a delete, which it refuses while a run holds it:
//
// - the OS lock: an open-file-description lock (fcntl F_OFD_SETLK) on one byte per experiment id
//   of the file CATALOG-experiments.lock beside the catalog (created once, left in place: never
//   the catalog file itself, whose descriptors SQLite's POSIX locks must not see closed). The
//   kernel drops it when the holder's file is closed, which includes the process dying in any
//   way (SIGKILL, crash), so a killed run never leaves a lock behind. It also excludes a second
//   session in the same process (the workbench's Experiments panel);
// - the holder's record in the catalog (process id, host, start time), so a refused run can say
//   who holds the lock. A record whose OS lock is free is stale (its process died) and is taken
//   over. Where OFD locks are unavailable (or the lock file cannot be created), a record is stale
//   when its host is this one and its process no longer exists.
#include <cstdint>
#include <optional>
#include <string>

#include "core/catalog/catalog.hpp"

namespace iglu::catalog {

class ExperimentLock {
public:
    /// Takes the lock of `experimentId` (named `name` in messages) in `cat`. Throws
    /// std::runtime_error naming the experiment, the catalog and the other writer (pid, host,
    /// start time) when another process or session holds it.
    ExperimentLock(Catalog& cat, std::int64_t experimentId, const std::string& name);
    ~ExperimentLock();  ///< removes the record, then drops the OS lock
    ExperimentLock(const ExperimentLock&) = delete;
    ExperimentLock& operator=(const ExperimentLock&) = delete;

    /// The record of a dead writer that this lock replaced, if any.
    const std::optional<ExperimentWriter>& tookOver() const noexcept { return tookOver_; }

private:
    Catalog& cat_;
    ExperimentWriter self_;
    int fd_ = -1;
    std::optional<ExperimentWriter> tookOver_;
};

/// This machine's host name (as recorded in writer records).
std::string hostName();

}  // namespace iglu::catalog

#include "core/catalog/experiment_lock.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace iglu::catalog {

namespace {

// The lock file beside the catalog. Not the catalog itself: closing any descriptor of a file
// drops every POSIX lock the process holds on it, SQLite's included (its WAL connections keep a
// shared lock on the database file while open), which could let another process checkpoint and
// delete the WAL under this one.
std::string lockFilePath(const std::string& catalogPath) { return catalogPath + "-experiments.lock"; }

enum class OsLock { Held, Busy, Unsupported };

OsLock lockByte(int fd, std::int64_t experimentId) {
#ifdef F_OFD_SETLK
    struct flock fl {};
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    fl.l_start = static_cast<off_t>(experimentId);
    fl.l_len = 1;
    if (::fcntl(fd, F_OFD_SETLK, &fl) == 0) return OsLock::Held;
    if (errno == EAGAIN || errno == EACCES) return OsLock::Busy;
#else
    (void)fd;
    (void)experimentId;
#endif
    return OsLock::Unsupported;
}

bool processGone(const ExperimentWriter& w, const std::string& host) {
    if (w.host != host || w.pid <= 0) return false;  // cannot tell from here: assume alive
    return ::kill(static_cast<pid_t>(w.pid), 0) != 0 && errno == ESRCH;
}

std::string describe(const ExperimentWriter& w) {
    return "process " + std::to_string(w.pid) + " on host " + w.host + " (started " + w.started + ")";
}

}  // namespace

std::string hostName() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "unknown";
    return buf;
}

ExperimentLock::ExperimentLock(Catalog& cat, std::int64_t experimentId, const std::string& name) : cat_(cat) {
    self_.experimentId = experimentId;
    self_.pid = static_cast<std::int64_t>(::getpid());
    self_.host = hostName();
    self_.started = utcNow();
    const std::string where = "experiment '" + name + "' is already being run on " + cat.path() + " by ";
    const std::string advice = ": a second run would run its episodes twice. Wait for it to finish or stop it "
                               "(the lock of a stopped or killed run is released or taken over automatically), "
                               "or run under another name with --name NAME";

    fd_ = ::open(lockFilePath(cat.path()).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    const OsLock os = fd_ >= 0 ? lockByte(fd_, experimentId) : OsLock::Unsupported;
    if (os == OsLock::Busy) {
        const auto other = cat.experimentWriter(experimentId);
        ::close(fd_);
        fd_ = -1;
        throw std::runtime_error(where + (other ? describe(*other) : std::string("another process")) + advice);
    }
    // Held: any recorded writer is dead (its OS lock is gone). Otherwise judge by its process id.
    const std::string host = self_.host;
    std::optional<ExperimentWriter> previous = cat.experimentWriter(experimentId);
    std::optional<ExperimentWriter> other;
    try {
        other = cat.claimExperimentWriter(self_, [&](const ExperimentWriter& w) {
            return os == OsLock::Held || processGone(w, host);
        });
    } catch (...) {
        if (fd_ >= 0) ::close(fd_);
        throw;
    }
    if (other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
        throw std::runtime_error(where + describe(*other) + advice);
    }
    tookOver_ = previous;
}

ExperimentLock::~ExperimentLock() {
    try {
        cat_.releaseExperimentWriter(self_.experimentId, self_.pid, self_.host);
    } catch (...) {
        // The record stays; the OS lock, released below, marks it stale for the next run.
    }
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace iglu::catalog

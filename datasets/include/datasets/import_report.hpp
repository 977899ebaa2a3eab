#pragma once
// What an import did: counts of imported and skipped items, per-reason counts, and the first few
// offending paths with their reasons, so a researcher can see at a glance what the data holds.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace iglu::core {
class FileError;
}

namespace iglu::datasets {

/// Why an item was skipped (or, for tapes, only warned about).
enum class Reason {
    MissingFile,
    MalformedJson,
    WrongType,
    UnknownBlockId,
    OutOfZone,
    DuplicateBlock,
    BadCsvRow,
    BadFileName,
    BadTape,
    TapeMismatch,
    NoPreviousWorld,
    UnreadableFile,   ///< a folder, FIFO, socket, device, dangling link or unreadable file where a file should be
    InvalidUtf8,      ///< a text field that is not UTF-8
    DuplicateKey,     ///< a JSON object with the same key twice
    ChangedTask,      ///< a task id already in the catalog with other content (never overwritten)
};
const char* reasonName(Reason r) noexcept;  ///< "missing file", "malformed JSON", ...

/// A dataset file or row that cannot be used. what() is "<path>[:line[:column]]: <message>".
class DatasetError : public std::runtime_error {
public:
    DatasetError(Reason reason, std::string path, const std::string& message)
        : std::runtime_error(path + ": " + message), reason_(reason), path_(std::move(path)) {}
    Reason reason() const noexcept { return reason_; }
    const std::string& path() const noexcept { return path_; }

private:
    Reason reason_;
    std::string path_;
};

/// A core::FileError (from reading an input file) as a DatasetError: MissingFile for a missing
/// file, UnreadableFile for anything else (folder, FIFO, dangling link, permission denied, ...).
DatasetError datasetError(const core::FileError& e);

/// Reads a whole dataset input file (a regular file, never blocking on a FIFO); throws DatasetError.
std::string readDatasetFile(const std::string& path);

struct ImportIssue {
    Reason reason;
    std::string message;  ///< names the path (and line/column where known); always valid UTF-8
};

struct ImportReport {
    std::string kind;              ///< "singleturn", "sessions", "structures"
    int imported = 0;              ///< items stored (tasks, or sessions' turns)
    int skipped = 0;
    int rollouts = 0;              ///< human tapes stored
    int sessions = 0;
    int labels = 0;
    bool cancelled = false;
    std::uint64_t bytes = 0;       ///< world-state / source bytes read
    double seconds = 0;
    std::map<Reason, int> skippedBy;
    std::map<Reason, int> warningsBy;   ///< e.g. a tape that does not replay (task still imported)
    std::vector<ImportIssue> issues;    ///< the first kMaxIssuesPerReason per reason, skips and warnings

    static constexpr int kMaxIssuesPerReason = 5;
    void skip(const DatasetError& e);
    void skip(Reason reason, const std::string& message);
    void warn(Reason reason, const std::string& message);
    int warnings() const;
    /// Multi-line human summary: counts, per-reason counts, first offending paths.
    std::string summary() const;
};

}  // namespace iglu::datasets

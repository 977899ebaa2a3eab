#pragma once
// What a process ended by a signal (a second Ctrl-C, SIGTERM, SIGHUP) must still undo: the partial
// files it was writing (a video's temporary file and ffmpeg's log, a clip's PNG frames) and the
// child processes it started (ffmpeg). Writers register an entry while they work (RAII: the entry
// goes when the object does, after the writer cleaned up or committed normally); the program's
// signal handler calls runExitCleanup(), which only kills, unlinks and removes empty folders
// (async-signal-safe), then lets the signal end the process.
#include <atomic>
#include <cstddef>
#include <string>

namespace iglu::core {

class ExitCleanup {
public:
    /// A file to remove.
    static ExitCleanup file(const std::string& path);
    /// A child process to kill (SIGKILL).
    static ExitCleanup child(long pid);
    /// A sequence `dir/frame-00000.png ...`: the first `count()` frames (and the in-flight frame's
    /// `.partial`) are removed, then `dir` itself when `removeDir` (only if then empty).
    static ExitCleanup frames(const std::string& dir, bool removeDir);

    ExitCleanup() = default;
    ~ExitCleanup();
    ExitCleanup(ExitCleanup&& other) noexcept;
    ExitCleanup& operator=(ExitCleanup&& other) noexcept;
    ExitCleanup(const ExitCleanup&) = delete;
    ExitCleanup& operator=(const ExitCleanup&) = delete;

    /// Frames: how many are written so far.
    void setCount(std::size_t n) noexcept;
    /// Forgets the entry now (the work is committed or already cleaned up).
    void release() noexcept;

private:
    explicit ExitCleanup(int slot) : slot_(slot) {}
    int slot_ = -1;
};

/// Undoes every registered entry. Async-signal-safe; for signal handlers.
void runExitCleanup() noexcept;

/// The name of frame `index` of a sequence ("frame-00042.png"): the one naming rule.
std::string frameFileName(std::size_t index);

}  // namespace iglu::core

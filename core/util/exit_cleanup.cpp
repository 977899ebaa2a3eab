#include "core/util/exit_cleanup.hpp"

#include <csignal>
#include <cstdio>
#include <cstring>

#include <unistd.h>

namespace iglu::core {

namespace {

enum class Kind : int { File, Child, Frames };

constexpr int kSlots = 64;
constexpr std::size_t kPathBytes = 4096;

struct Slot {
    std::atomic<int> state{0};  // 0 free, 1 being filled, 2 live
    Kind kind = Kind::File;
    long pid = -1;
    bool removeDir = false;
    std::atomic<std::size_t> count{0};
    char path[kPathBytes] = {};
};

Slot g_slots[kSlots];

int claim(Kind kind, const std::string& path, long pid, bool removeDir) {
    if (path.size() + 32 >= kPathBytes) return -1;  // too long to clean up from a signal handler: left alone
    for (int i = 0; i < kSlots; ++i) {
        int expected = 0;
        if (!g_slots[i].state.compare_exchange_strong(expected, 1)) continue;
        Slot& s = g_slots[i];
        s.kind = kind;
        s.pid = pid;
        s.removeDir = removeDir;
        s.count.store(0);
        std::memcpy(s.path, path.c_str(), path.size() + 1);
        s.state.store(2);
        return i;
    }
    return -1;
}

/// "dir/frame-NNNNN.png" (+ ".partial") into `out`, without snprintf (not async-signal-safe).
void frameName(const char* dir, std::size_t index, bool partial, char* out, std::size_t outBytes) {
    std::size_t n = std::strlen(dir);
    if (n + 40 >= outBytes) {
        out[0] = '\0';
        return;
    }
    std::memcpy(out, dir, n);
    if (n > 0 && out[n - 1] != '/') out[n++] = '/';
    const char* prefix = "frame-";
    std::memcpy(out + n, prefix, 6);
    n += 6;
    char digits[24];
    int d = 0;
    do {
        digits[d++] = static_cast<char>('0' + index % 10);
        index /= 10;
    } while (index > 0 && d < 23);
    for (int pad = d; pad < 5; ++pad) out[n++] = '0';
    while (d > 0) out[n++] = digits[--d];
    const char* ext = partial ? ".png.partial" : ".png";
    const std::size_t e = std::strlen(ext);
    std::memcpy(out + n, ext, e + 1);
}

}  // namespace

ExitCleanup ExitCleanup::file(const std::string& path) { return ExitCleanup(claim(Kind::File, path, -1, false)); }
ExitCleanup ExitCleanup::child(long pid) { return ExitCleanup(claim(Kind::Child, std::string(), pid, false)); }
ExitCleanup ExitCleanup::frames(const std::string& dir, bool removeDir) { return ExitCleanup(claim(Kind::Frames, dir, -1, removeDir)); }

ExitCleanup::~ExitCleanup() { release(); }

ExitCleanup::ExitCleanup(ExitCleanup&& other) noexcept : slot_(other.slot_) { other.slot_ = -1; }

ExitCleanup& ExitCleanup::operator=(ExitCleanup&& other) noexcept {
    if (this != &other) {
        release();
        slot_ = other.slot_;
        other.slot_ = -1;
    }
    return *this;
}

void ExitCleanup::setCount(std::size_t n) noexcept {
    if (slot_ >= 0) g_slots[slot_].count.store(n);
}

void ExitCleanup::release() noexcept {
    if (slot_ >= 0) g_slots[slot_].state.store(0);
    slot_ = -1;
}

void runExitCleanup() noexcept {
    // Children first: a killed ffmpeg no longer writes the files removed next.
    for (auto& s : g_slots)
        if (s.state.load() == 2 && s.kind == Kind::Child && s.pid > 0) ::kill(static_cast<pid_t>(s.pid), SIGKILL);
    char name[kPathBytes];
    for (auto& s : g_slots) {
        if (s.state.load() != 2) continue;
        if (s.kind == Kind::File) {
            ::unlink(s.path);
        } else if (s.kind == Kind::Frames) {
            const std::size_t n = s.count.load();
            for (std::size_t i = 0; i <= n; ++i) {
                frameName(s.path, i, false, name, sizeof name);  // frame n too: it may be renamed into place already
                ::unlink(name);
                frameName(s.path, i, true, name, sizeof name);
                ::unlink(name);
            }
            if (s.removeDir) ::rmdir(s.path);
        }
    }
}

std::string frameFileName(std::size_t index) {
    char name[kPathBytes];
    frameName("", index, false, name, sizeof name);
    return name;
}

}  // namespace iglu::core

#include "viewers/scene/video_writer.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/util/exit_cleanup.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace iglu::viewers {

namespace fs = std::filesystem;

namespace {

bool executable(const std::string& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return s;
}

/// The last `maxBytes` of ffmpeg's log (read from there: the log may be large).
std::string tail(const std::string& file, std::size_t maxBytes = 1500) {
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    if (!in) return {};
    const std::streamoff size = in.tellg();
    const std::streamoff from = size > std::streamoff(maxBytes) ? size - std::streamoff(maxBytes) : 0;
    in.seekg(from);
    std::string s(static_cast<std::size_t>(size - from), '\0');
    in.read(s.data(), static_cast<std::streamsize>(s.size()));
    s.resize(static_cast<std::size_t>(in.gcount()));
    if (from > 0) s = "..." + s;
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    return s;
}

}  // namespace

std::string VideoWriter::findFfmpeg() {
    if (const char* env = std::getenv("IGLU_FFMPEG"); env && *env) return executable(env) ? env : std::string();
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');)
        if (!dir.empty() && executable(dir + "/ffmpeg")) return dir + "/ffmpeg";
    return {};
}

VideoWriter::VideoWriter(const std::string& path, int width, int height, double fps, const std::atomic<bool>* cancel)
    : path_(path), width_(width), height_(height), cancel_(cancel) {
    const std::string ext = lower(fs::path(path).extension().string());
    std::vector<std::string> codec;
    if (ext == ".mp4" || ext == ".mov" || ext == ".mkv") {
        if (width % 2 || height % 2)
            throw std::runtime_error(path + ": H.264 needs even sides, got " + std::to_string(width) + "x" + std::to_string(height) +
                                     " (use --size with even numbers)");
        codec = {"-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", "18", "-movflags", "+faststart"};
    } else if (ext == ".gif") {
        codec = {"-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=none", "-loop", "0"};
    } else if (ext == ".webm") {
        codec = {"-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "30"};
    } else {
        throw std::runtime_error(path + ": unknown video type '" + ext + "' (use .mp4, .gif or .webm; --frames DIR writes PNGs)");
    }
    if (!(fps > 0 && fps <= 240)) throw std::runtime_error("--fps: must be in (0, 240], got " + std::to_string(fps));
    const std::string ffmpeg = findFfmpeg();
    if (ffmpeg.empty())
        throw std::runtime_error(std::getenv("IGLU_FFMPEG") && *std::getenv("IGLU_FFMPEG")
                                     ? std::string("IGLU_FFMPEG=") + std::getenv("IGLU_FFMPEG") + " is not an executable program"
                                     : "ffmpeg not found on PATH: install it (Debian: apt install ffmpeg) or set IGLU_FFMPEG; "
                                       "--frames DIR writes the frames as PNGs without it");
    const fs::path target(path);
    {
        std::error_code ec;
        const fs::path folder = target.parent_path();
        if (!folder.empty() && !fs::is_directory(folder, ec))
            throw std::runtime_error(path + ": the folder " + folder.string() + (fs::exists(folder, ec) ? " is not a folder" : " does not exist"));
    }
    temp_ = (target.parent_path() / (".part-" + std::to_string(::getpid()) + "-" + target.filename().string())).string();
    log_ = temp_ + ".log";

    char rate[32];
    std::snprintf(rate, sizeof rate, "%g", fps);
    std::vector<std::string> args = {ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo",
                                     "-pix_fmt", "rgb24", "-s", std::to_string(width) + "x" + std::to_string(height),
                                     "-r", rate, "-i", "pipe:0"};
    args.insert(args.end(), codec.begin(), codec.end());
    args.push_back("-f");
    args.push_back(ext == ".gif" ? "gif" : ext == ".webm" ? "webm" : ext == ".mkv" ? "matroska" : ext == ".mov" ? "mov" : "mp4");
    args.push_back(temp_);

    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    // Registered before they exist: a signal ending the program from here on removes them.
    cleanTemp_ = std::make_unique<core::ExitCleanup>(core::ExitCleanup::file(temp_));
    cleanLog_ = std::make_unique<core::ExitCleanup>(core::ExitCleanup::file(log_));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, ffmpeg.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    if (rc != 0) {
        ::close(fds[1]);
        abandon();  // the log the child may have opened
        throw std::runtime_error(ffmpeg + ": cannot start: " + std::strerror(rc));
    }
    cleanChild_ = std::make_unique<core::ExitCleanup>(core::ExitCleanup::child(pid));
    pipe_ = fds[1];
    pid_ = pid;
    // Non-blocking: a write to an ffmpeg that stopped reading waits in poll(), which checks the
    // cancel flag and the stall limit (kStallSeconds).
    ::fcntl(pipe_, F_SETFL, ::fcntl(pipe_, F_GETFL) | O_NONBLOCK);
}

VideoWriter::~VideoWriter() { abandon(); }

void VideoWriter::abandon() noexcept {
    if (pipe_ >= 0) ::close(pipe_);
    pipe_ = -1;
    if (pid_ > 0) {
        // SIGKILL: an ffmpeg that ignores SIGTERM (or is stopped) must not keep us waiting.
        ::kill(static_cast<pid_t>(pid_), SIGKILL);
        int status = 0;
        while (::waitpid(static_cast<pid_t>(pid_), &status, 0) < 0 && errno == EINTR) {
        }
        pid_ = -1;
    }
    cleanChild_.reset();
    std::error_code ec;
    if (!temp_.empty()) fs::remove(temp_, ec);
    if (!log_.empty()) fs::remove(log_, ec);
    temp_.clear();
    log_.clear();
    cleanTemp_.reset();
    cleanLog_.reset();
}

bool VideoWriter::cancelled() const noexcept { return cancel_ && cancel_->load(); }

bool VideoWriter::add(std::span<const std::uint8_t> rgb) {
    if (rgb.size() != static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 3)
        throw std::logic_error("VideoWriter: a frame of the wrong size");
    if (pipe_ < 0) throw std::logic_error("VideoWriter: a frame after the video was finished or abandoned");
    // A broken pipe (ffmpeg gone) must be an error here, not a signal that ends the program.
    struct sigaction ignore {}, old {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &old);
    struct RestorePipe {
        struct sigaction* old;
        ~RestorePipe() { ::sigaction(SIGPIPE, old, nullptr); }
    } restore{&old};
    std::size_t done = 0;
    int stalledMs = 0;
    while (done < rgb.size()) {
        if (cancelled()) {
            abandon();
            return false;
        }
        const ssize_t n = ::write(pipe_, rgb.data() + done, rgb.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            stalledMs = 0;
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            pollfd p{pipe_, POLLOUT, 0};
            const int ready = ::poll(&p, 1, kPollMs);  // EINTR (Ctrl-C) returns early: the flag is checked next
            if (ready == 0 && (stalledMs += kPollMs) >= kStallSeconds * 1000) {
                abandon();
                throw std::runtime_error(path_ + ": ffmpeg stopped reading frames for " + std::to_string(kStallSeconds) + " s after " +
                                         std::to_string(frames_) + " frames");
            }
            if (ready > 0 && (p.revents & (POLLERR | POLLHUP)) == 0) continue;
            if (ready <= 0) continue;
        }
        const std::string why = tail(log_);
        abandon();
        throw std::runtime_error(path_ + ": ffmpeg stopped after " + std::to_string(frames_) + " frames" +
                                 (why.empty() ? std::string() : ": " + why));
    }
    ++frames_;
    return true;
}

bool VideoWriter::finish() {
    if (pid_ <= 0) throw std::logic_error("VideoWriter: finished twice");
    ::close(pipe_);
    pipe_ = -1;
    int status = 0;
    for (;;) {  // ffmpeg encodes what it buffered; Ctrl-C still cancels
        const pid_t r = ::waitpid(static_cast<pid_t>(pid_), &status, WNOHANG);
        if (r == static_cast<pid_t>(pid_)) break;
        if (r < 0 && errno != EINTR) break;
        if (cancelled()) {
            abandon();
            return false;
        }
        ::poll(nullptr, 0, kPollMs);
    }
    pid_ = -1;
    cleanChild_.reset();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        const std::string why = tail(log_);
        abandon();
        throw std::runtime_error(path_ + ": ffmpeg failed" + (why.empty() ? std::string() : ": " + why));
    }
    std::error_code ec;
    fs::rename(temp_, path_, ec);
    if (ec) {
        const std::string why = tail(log_);
        abandon();
        throw std::runtime_error(path_ + ": ffmpeg wrote no video (" + ec.message() + ")" + (why.empty() ? std::string() : ": " + why));
    }
    temp_.clear();
    cleanTemp_.reset();
    fs::remove(log_, ec);
    log_.clear();
    cleanLog_.reset();
    return true;
}

}  // namespace iglu::viewers

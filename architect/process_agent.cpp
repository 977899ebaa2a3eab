// ProcessTurnAgent: an agent program over pipes. One poll() loop reads its stdout (the protocol)
// and its stderr (kept for messages) against a deadline; writes go through a non-blocking pipe
// with SIGPIPE blocked for the calling thread; the child runs in its own process group so that
// killing it also kills what it started (`sh -c ...`).
#include "architect/process_agent.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace iglu::architect {

namespace {

using Clock = std::chrono::steady_clock;

// interrupt() woke a wait: not the agent's fault, it stays usable (no sticky failure).
class Interrupted : public AgentFailure {
public:
    using AgentFailure::AgentFailure;
};
using std::chrono::milliseconds;

std::string seconds(milliseconds d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g s", static_cast<double>(d.count()) / 1000.0);
    return buf;
}

std::string labelOf(const std::vector<std::string>& argv) {
    std::string out;
    for (const std::string& a : argv) {
        if (!out.empty()) out += ' ';
        const auto slash = a.find_last_of('/');
        out += slash == std::string::npos || slash + 1 == a.size() ? a : a.substr(slash + 1);
    }
    return out;
}

int remainingMs(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 1'000'000));
}

void setNonBlocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Blocks SIGPIPE for this thread while alive; a SIGPIPE raised meanwhile by our own write is
// consumed before the mask is restored (so it is never delivered).
class SigpipeGuard {
public:
    SigpipeGuard() {
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        sigset_t pending;
        sigpending(&pending);
        wasPending_ = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipe, &old_);
    }
    ~SigpipeGuard() {
        if (!wasPending_) {
            sigset_t pending;
            sigpending(&pending);
            if (sigismember(&pending, SIGPIPE) == 1) {
                sigset_t pipe;
                sigemptyset(&pipe);
                sigaddset(&pipe, SIGPIPE);
                const timespec zero{0, 0};
                while (sigtimedwait(&pipe, nullptr, &zero) < 0 && errno == EINTR) {}
            }
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    SigpipeGuard(const SigpipeGuard&) = delete;
    SigpipeGuard& operator=(const SigpipeGuard&) = delete;

private:
    sigset_t old_;
    bool wasPending_ = false;
};

int pidfdOpen(pid_t pid) {
#ifdef SYS_pidfd_open
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
    (void)pid;
    return -1;
#endif
}

}  // namespace

ProcessTurnAgent::ProcessTurnAgent(ProcessAgentOptions options) : options_(std::move(options)) {
    label_ = options_.label.empty() ? labelOf(options_.argv) : options_.label;
    if (options_.maxLineBytes == 0) options_.maxLineBytes = 1;
    if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) wake_[0] = wake_[1] = -1;  // then interrupt() waits for the act timeout
}

ProcessTurnAgent::~ProcessTurnAgent() {
    endSession();
    for (int& fd : wake_) closeFd(fd);
}

void ProcessTurnAgent::interrupt() noexcept {
    interrupted_.store(true);
    if (wake_[1] >= 0) {
        const char byte = 1;
        [[maybe_unused]] const ssize_t n = ::write(wake_[1], &byte, 1);  // full pipe: a wake-up is already pending
    }
}

void ProcessTurnAgent::drainWake() noexcept {
    char buf[64];
    while (wake_[0] >= 0 && ::read(wake_[0], buf, sizeof buf) > 0) {}
}

std::string ProcessTurnAgent::stderrTail() const {
    std::size_t b = 0, e = stderr_.size();
    while (b < e && (static_cast<unsigned char>(stderr_[b]) & 0xC0) == 0x80) ++b;  // a cut UTF-8 sequence
    while (e > b && std::isspace(static_cast<unsigned char>(stderr_[e - 1]))) --e;
    return (stderrCut_ ? "..." : "") + stderr_.substr(b, e - b);
}

void ProcessTurnAgent::fail(const std::string& message) {
    failure_ = message;
    terminate();
    throw AgentFailure(message);
}

void ProcessTurnAgent::ensureUsable() const {
    if (failure_) throw AgentFailure(*failure_);
    if (!started_) throw AgentFailure("agent `" + label_ + "` is not running (no session started)");
}

void ProcessTurnAgent::spawn() {
    if (options_.argv.empty()) fail("agent: no command given");
    int inPipe[2] = {-1, -1}, outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1};
    if (::pipe2(inPipe, O_CLOEXEC) != 0 || ::pipe2(outPipe, O_CLOEXEC) != 0 || ::pipe2(errPipe, O_CLOEXEC) != 0) {
        const std::string why = std::strerror(errno);
        for (int fd : {inPipe[0], inPipe[1], outPipe[0], outPipe[1], errPipe[0], errPipe[1]})
            if (fd >= 0) ::close(fd);
        fail("agent `" + label_ + "` could not start: pipe: " + why);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
    if (!options_.workingDirectory.empty()) posix_spawn_file_actions_addchdir_np(&actions, options_.workingDirectory.c_str());
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD}) sigaddset(&defaults, s);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<std::string> env;
    for (char** e = environ; e && *e; ++e) {
        const std::string var(*e);
        const auto name = var.substr(0, var.find('=') + 1);
        const bool replaced = std::any_of(options_.environment.begin(), options_.environment.end(),
                                          [&](const std::string& o) { return o.compare(0, name.size(), name) == 0; });
        if (!replaced) env.push_back(var);
    }
    env.insert(env.end(), options_.environment.begin(), options_.environment.end());
    std::vector<char*> envp, argv;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::vector<std::string> args = options_.argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(inPipe[0]);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    in_ = inPipe[1];
    out_ = outPipe[0];
    err_ = errPipe[0];
    if (rc != 0) fail("agent `" + label_ + "` could not start: " + options_.argv[0] + ": " + std::strerror(rc));
    pid_ = pid;
    status_.reset();
    for (int fd : {in_, out_, err_}) setNonBlocking(fd);
}

bool ProcessTurnAgent::pumpStderr() noexcept {
    if (err_ < 0) return false;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(err_, buf, sizeof buf);
        if (n > 0) {
            stderr_.append(buf, static_cast<std::size_t>(n));
            if (stderr_.size() > options_.stderrTailBytes) {
                stderr_.erase(0, stderr_.size() - options_.stderrTailBytes);
                stderrCut_ = true;
            }
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return true;
        closeFd(err_);  // end of file or an error: nothing more to read
        return false;
    }
}

void ProcessTurnAgent::closeFd(int& fd) noexcept {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

bool ProcessTurnAgent::waitExit(milliseconds bound) noexcept {
    if (pid_ <= 0) return true;
    const auto deadline = Clock::now() + bound;
    const int pidfd = pidfdOpen(pid_);
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_ || (r < 0 && errno == ECHILD)) {
            if (r == pid_) status_ = status;
            pid_ = -1;
            break;
        }
        const int left = remainingMs(deadline);
        if (left <= 0) break;
        // Keep reading while waiting: a child blocked writing a full pipe would never exit.
        pollfd fds[3] = {{pidfd, POLLIN, 0}, {err_, POLLIN, 0}, {out_, POLLIN, 0}};
        const int slice = pidfd >= 0 ? left : std::min(left, 10);
        if (::poll(fds, 3, slice) > 0) {
            if (fds[1].revents) pumpStderr();
            if (fds[2].revents) {
                char buf[4096];
                const ssize_t n = ::read(out_, buf, sizeof buf);  // late protocol output: discarded
                if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) closeFd(out_);
            }
        }
    }
    if (pidfd >= 0) ::close(pidfd);
    return pid_ <= 0;
}

void ProcessTurnAgent::terminate() noexcept {
    closeFd(in_);
    if (pid_ > 0) {
        const pid_t group = pid_;
        if (!waitExit(milliseconds(0))) {
            ::kill(-group, SIGTERM);
            if (!waitExit(milliseconds(1000))) {
                ::kill(-group, SIGKILL);
                int status = 0;
                while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {}
                status_ = status;
                pid_ = -1;
            }
        }
        ::kill(-group, SIGKILL);  // whatever it started and left behind in its group
    }
    // What it wrote to stderr before dying, without waiting on a descendant that keeps the pipe.
    if (err_ >= 0) {
        pollfd p{err_, POLLIN, 0};
        for (int i = 0; i < 16 && err_ >= 0 && ::poll(&p, 1, 20) > 0; ++i) pumpStderr();
    }
    closeFd(out_);
    closeFd(err_);
}

std::string ProcessTurnAgent::exitDescription() const {
    if (!status_) return "closed its stdout";
    const int s = *status_;
    if (WIFEXITED(s)) return "exited with code " + std::to_string(WEXITSTATUS(s));
    if (WIFSIGNALED(s)) {
        const char* name = ::strsignal(WTERMSIG(s));
        return "was killed by signal " + std::to_string(WTERMSIG(s)) + (name ? std::string(" (") + name + ")" : "");
    }
    return "stopped";
}

void ProcessTurnAgent::failEnded(const char* waitingFor) {
    closeFd(out_);
    waitExit(milliseconds(2000));  // it usually exits right after its stdout closes
    pumpStderr();
    std::string message = "agent `" + label_ + "` " + exitDescription() + " while the workbench waited for its " + waitingFor;
    const std::string tail = stderrTail();
    message += tail.empty() ? " (nothing on stderr)" : ": " + tail;
    fail(message);
}

void ProcessTurnAgent::send(const std::string& line, Clock::time_point deadline, const char* waitingFor) {
    SigpipeGuard guard;
    std::size_t done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(in_, line.data() + done, line.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            const int left = remainingMs(deadline);
            if (left <= 0) fail("agent `" + label_ + "` did not read its stdin within " + seconds(options_.actTimeout));
            pollfd fds[2] = {{in_, POLLOUT, 0}, {err_, POLLIN, 0}};
            if (::poll(fds, 2, left) > 0 && fds[1].revents) pumpStderr();
            continue;
        }
        failEnded(waitingFor);  // EPIPE: nobody reads its stdin any more
    }
}

std::string ProcessTurnAgent::readLine(Clock::time_point deadline, milliseconds timeout, const char* waitingFor, bool interruptible) {
    std::size_t scanned = 0;
    for (;;) {
        if (interruptible && interrupted_.exchange(false))
            throw Interrupted("agent `" + label_ + "`: stopped while the workbench waited for its " + waitingFor);
        const auto nl = outBuffer_.find('\n', scanned);
        if (nl != std::string::npos || outBuffer_.size() > options_.maxLineBytes) {
            ++linesRead_;
            if (nl == std::string::npos || nl > options_.maxLineBytes)
                fail("agent `" + label_ + "` sent a line longer than " + std::to_string(options_.maxLineBytes) + " bytes (line " +
                     std::to_string(linesRead_) + ")");
            std::string line = outBuffer_.substr(0, nl);
            outBuffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        scanned = outBuffer_.size();
        const int left = remainingMs(deadline);
        if (left <= 0)
            fail("agent `" + label_ + "` did not answer within " + seconds(timeout) + " (the workbench waited for its " + waitingFor + ")");
        pollfd fds[3] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}, {interruptible ? wake_[0] : -1, POLLIN, 0}};
        const int ready = ::poll(fds, 3, left);
        if (ready < 0 && errno != EINTR) fail("agent `" + label_ + "`: poll: " + std::strerror(errno));
        if (ready <= 0) continue;
        if (fds[2].revents) drainWake();  // interrupted_ is checked at the top of the loop
        if (fds[1].revents) pumpStderr();
        if (fds[0].revents) {
            char buf[65536];
            const ssize_t n = ::read(out_, buf, sizeof buf);
            if (n > 0) outBuffer_.append(buf, static_cast<std::size_t>(n));
            else if (n == 0 || (errno != EAGAIN && errno != EINTR)) failEnded(waitingFor);
        }
    }
}

void ProcessTurnAgent::startSession(const core::Environment& env) {
    if (failure_) throw AgentFailure(*failure_);
    if (started_ || pid_ > 0) throw AgentFailure("agent `" + label_ + "`: its session has already started");
    const auto deadline = Clock::now() + options_.helloTimeout;
    spawn();
    const std::string line = readLine(deadline, options_.helloTimeout, "hello");
    try {
        hello_ = protocol::decodeHello(line);
    } catch (const protocol::ProtocolError& e) {
        fail("agent `" + label_ + "` sent a malformed line " + std::to_string(linesRead_) + ": " + e.what());
    }
    try {
        protocol::checkVersion(hello_);
    } catch (const protocol::ProtocolError& e) {
        fail("agent `" + label_ + "` " + e.what());
    }
    if (hello_.actionSpace != env.config().actionSpace)
        fail("agent `" + label_ + "` acts in the " + core::toString(hello_.actionSpace) + " action space, this session's world is " +
             core::toString(env.config().actionSpace));
    send(protocol::encodeReset(env), Clock::now() + options_.actTimeout, "reset to be read");
    started_ = true;
    turn_ = 0;
}

void ProcessTurnAgent::beginTurn(const core::Environment&, const std::string& dialog) {
    ensureUsable();
    interrupted_.store(false);  // a stop of the last turn that came after its last act
    drainWake();
    dialog_ = dialog;
    ++turn_;
    step_ = 0;
}

AgentMove ProcessTurnAgent::act(const core::Environment& env) {
    ensureUsable();
    // The acts of steps stopped while the agent thought come first: read and dropped.
    while (owed_ > 0) {
        const auto deadline = Clock::now() + options_.actTimeout;
        readLine(deadline, options_.actTimeout, "act of a stopped step", true);
        --owed_;
    }
    // One act per step: anything it wrote beyond its last answer is a protocol error.
    pollfd p{out_, POLLIN, 0};
    if (::poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        char buf[65536];
        const ssize_t n = ::read(out_, buf, sizeof buf);
        if (n > 0) outBuffer_.append(buf, static_cast<std::size_t>(n));
    }
    if (!outBuffer_.empty())
        fail("agent `" + label_ + "` sent line " + std::to_string(linesRead_ + 1) + " before it was asked (one act per step)");
    ++step_;
    const auto deadline = Clock::now() + options_.actTimeout;
    send(protocol::encodeStep(env, dialog_, turn_, step_), deadline, "act");
    std::string line;
    try {
        line = readLine(deadline, options_.actTimeout, "act", true);
    } catch (const Interrupted&) {
        ++owed_;  // its answer to this step is still on the way
        throw;
    }
    try {
        return protocol::decodeAct(line, hello_.actionSpace);
    } catch (const protocol::ProtocolError& e) {
        fail("agent `" + label_ + "` sent a malformed line " + std::to_string(linesRead_) + ": " + e.what());
    }
}

void ProcessTurnAgent::endSession() noexcept {
    if (pid_ > 0 && in_ >= 0 && !failure_) {
        SigpipeGuard guard;
        const std::string bye = protocol::encodeBye();
        [[maybe_unused]] const ssize_t n = ::write(in_, bye.data(), bye.size());  // best effort: non-blocking
        closeFd(in_);
        waitExit(milliseconds(1000));  // a well-behaved agent exits on bye / end of input
    }
    terminate();
    started_ = false;
    if (!failure_) failure_ = "agent `" + label_ + "`: its session has ended";
}

ProcessAgentOptions commandLineAgent(const std::string& commandLine) {
    if (commandLine.find_first_not_of(" \t\r\n") == std::string::npos) throw AgentFailure("the agent command is empty");
    ProcessAgentOptions o;
    o.argv = {"sh", "-c", commandLine};
    // Labelled as the command with each path shown by its file name ("python3 architect_agent.py").
    std::string word;
    const auto flush = [&] {
        if (word.empty()) return;
        if (!o.label.empty()) o.label += ' ';
        o.label += word.substr(word.find_last_of('/') == std::string::npos ? 0 : word.find_last_of('/') + 1);
        word.clear();
    };
    for (char c : commandLine) {
        if (c == ' ' || c == '\t') flush();
        else word += c;
    }
    flush();
    return o;
}

}  // namespace iglu::architect

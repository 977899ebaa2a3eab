#pragma once
// A TurnAgent that is any program speaking the agent protocol (docs/agent_protocol.md) as JSON
// lines over its stdin / stdout; `iglu.serve_agent` turns a Python policy into one.
//
// The program is untrusted: it may never answer, answer late, crash, flood, send garbage or a
// wrong protocol version. Every such case ends in AgentFailure with a dialogue-ready message
// ("agent `python3 agent.py` did not answer within 5 s") within the configured timeout, the child
// is killed (SIGTERM to its process group, SIGKILL after a grace period) and reaped at once, and
// every later call throws the same failure. The workbench never receives SIGPIPE from a dead agent.
// Not thread-safe, except interrupt(): one session drives it from one thread; interrupt() may
// come from any thread and wakes a waiting act() at once (a self-pipe in its poll loop). The act
// the agent still owes for the stopped step is read and dropped at the next step (within the act
// timeout), so the protocol stays in step.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "architect/protocol.hpp"
#include "architect/turn_agent.hpp"

namespace iglu::architect {

struct ProcessAgentOptions {
    /// The command, run without a shell (argv[0] searched in PATH); pass {"sh", "-c", "..."} for one.
    std::vector<std::string> argv;
    /// Added to (or replacing in) the inherited environment: "NAME=value".
    std::vector<std::string> environment;
    /// Working directory of the child; empty: the workbench's.
    std::string workingDirectory;
    /// Shown in messages and the dialogue; empty: the command, an argument holding a '/' shown by
    /// its file name ("python3 agent.py").
    std::string label;
    std::chrono::milliseconds helloTimeout{10'000};  ///< spawn to hello
    std::chrono::milliseconds actTimeout{5'000};     ///< step sent to act received
    std::size_t maxLineBytes = std::size_t(1) << 20; ///< a longer agent line is refused
    std::size_t stderrTailBytes = 4096;              ///< how much of the agent's stderr messages quote
};

/// Options running a command line as people type it (`iglu talk --agent-cmd`, the Architect
/// dock's "Python agent command"): by `sh -c`, so quoting, variables and PATH work as in a shell;
/// labelled by the command. Throws AgentFailure for an empty or blank command.
ProcessAgentOptions commandLineAgent(const std::string& commandLine);

class ProcessTurnAgent : public TurnAgent {
public:
    explicit ProcessTurnAgent(ProcessAgentOptions options);
    ~ProcessTurnAgent() override;
    ProcessTurnAgent(const ProcessTurnAgent&) = delete;
    ProcessTurnAgent& operator=(const ProcessTurnAgent&) = delete;

    std::string name() const override { return label_; }
    /// Spawns the program, waits for its hello (helloTimeout), checks the protocol version and that
    /// its action space is the world's, sends reset.
    void startSession(const core::Environment& env) override;
    void beginTurn(const core::Environment& env, const std::string& dialog) override;
    /// Sends step, waits for act (actTimeout).
    AgentMove act(const core::Environment& env) override;
    /// Says bye, closes its stdin, waits briefly for it to exit, then kills and reaps it.
    void endSession() noexcept override;
    /// Thread-safe: a waiting act() throws AgentFailure ("... stopped while the workbench waited
    /// for its act") at once; the agent stays usable.
    void interrupt() noexcept override;

    /// What the agent said in hello (once startSession returned).
    const protocol::Hello& hello() const noexcept { return hello_; }
    /// The child's pid while it runs, else -1 (tests check it was reaped).
    pid_t pid() const noexcept { return pid_; }
    /// The last bytes the agent wrote to stderr.
    std::string stderrTail() const;

private:
    void spawn();
    [[noreturn]] void fail(const std::string& message);
    void ensureUsable() const;
    void send(const std::string& line, std::chrono::steady_clock::time_point deadline, const char* what);
    std::string readLine(std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds timeout, const char* waitingFor,
                         bool interruptible = false);
    void drainWake() noexcept;
    [[noreturn]] void failEnded(const char* waitingFor);
    bool pumpStderr() noexcept;
    void closeFd(int& fd) noexcept;
    bool waitExit(std::chrono::milliseconds bound) noexcept;  // true: reaped
    void terminate() noexcept;
    std::string exitDescription() const;

    ProcessAgentOptions options_;
    std::string label_;
    protocol::Hello hello_;
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1, err_ = -1;
    std::string outBuffer_;
    std::string stderr_;
    bool stderrCut_ = false;
    int linesRead_ = 0;
    std::optional<int> status_;  // waitpid status once reaped
    std::optional<std::string> failure_;
    bool started_ = false;
    std::string dialog_;
    int turn_ = 0, step_ = 0;
    int wake_[2] = {-1, -1};               // self-pipe: interrupt() writes, readLine polls
    std::atomic<bool> interrupted_{false};
    int owed_ = 0;                         // acts still due for interrupted steps
};

}  // namespace iglu::architect

#pragma once
// An architect session: a person (or a script) in the architect's chair instructs an agent turn
// by turn on one task's world. The session owns the world (core::Environment, targetInObs =
// false: the agent never sees the target) and the dialogue; the agent is any TurnAgent.
//
// Driving it: say(text) (or answer(text) after a question) starts a turn; step() runs one agent
// step and returns at once, so a GUI calls it from a timer and shows state() / world() between
// steps; runTurn() steps to the turn's end. A turn ends when the agent is done (no action), asks a
// question, fails (AgentFailure: its message goes into the dialogue, the world stays as the last
// applied action left it), the turn's step budget runs out, or stop() is called. undo() returns
// the world to the last turn's start exactly (a replay of the kept turns' actions from the
// session's start in a fresh environment: grid, pose, inventory, physics state) and drops that
// turn. Every turn keeps its start and end worlds, its rollout (with beliefs), question, failure,
// scores and judgement; record() gives the session as the catalog stores it.
//
// Threads: a GUI may run step() on a worker thread so an agent's wait never blocks its UI thread,
// one thread at a time: every call that changes the session (say, answer, step, runTurn, stop,
// undo, rate*, end) claims it for the calling thread and throws SessionInUse when another thread
// is inside one ("architect session: used from two threads at once"). The const readers are for
// the thread that drives it, between calls. requestStop() is the one call meant for another
// thread: it ends the running turn at the next step boundary and wakes an agent waiting in act().
#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>
#include <optional>
#include <string>
#include <vector>

#include "architect/turn_agent.hpp"
#include "core/catalog/architect_sessions.hpp"
#include "core/env/environment.hpp"
#include "core/rollout/step_recorder.hpp"
#include "core/task/task.hpp"

namespace iglu::architect {

/// Why a turn ended.
enum class TurnEnd { Running, Done, Question, Failed, StepBudget, Stopped };
const char* turnEndName(TurnEnd end) noexcept;  ///< "running", "done", "question", "failed", "step budget", "stopped"

/// A call from a second thread while another thread is inside the session.
class SessionInUse : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

struct SessionOptions {
    core::EnvConfig env;          ///< action space ...; targetInObs is forced off, maxSteps unlimited
    int turnStepBudget = 500;     ///< steps one turn may take
    std::string source = "architect";  ///< Rollout::source of the turns' rollouts
};

struct Turn {
    std::string utterance;                   ///< the architect's instruction, or answer
    bool answer = false;                     ///< the utterance answers the previous turn's question
    std::string agent;                       ///< the agent's name
    core::Grid startWorld, endWorld;
    core::Rollout rollout;                   ///< this turn's steps (frames, block changes, beliefs)
    std::vector<core::Action> actions;       ///< the actions applied (what undo replays)
    std::optional<std::string> question;     ///< the agent's clarifying question
    std::string failure;                     ///< AgentFailure's message when end == Failed
    TurnEnd end = TurnEnd::Running;
    std::optional<core::Grid> belief;        ///< the agent's belief as the turn ends (last published, any turn)
    double f1 = 0;                           ///< end world vs target (best alignment)
    double iglu2022F1 = 0;                   ///< IGLU-2022 F1 of the end world vs the session's start world
    std::optional<double> predictionF1;      ///< the belief vs target
    std::optional<int> rating;               ///< 1..5
    std::string comment;
    std::optional<double> firstActionSeconds;  ///< from say()/answer() to the first applied action
};

class ArchitectSession {
public:
    /// Starts the world on `task` (env.reset()) and calls agent->startSession. Throws AgentFailure
    /// when the agent cannot start.
    ArchitectSession(const core::Task& task, std::unique_ptr<TurnAgent> agent, SessionOptions options = {});
    ~ArchitectSession();
    ArchitectSession(const ArchitectSession&) = delete;
    ArchitectSession& operator=(const ArchitectSession&) = delete;

    /// A new turn with the architect's instruction; the running turn, if any, is stopped first.
    /// Throws std::logic_error after end() and for an empty utterance.
    void say(const std::string& utterance);
    /// Answers the last turn's question (a new turn whose utterance is the answer). Throws
    /// std::logic_error when the last turn did not end with a question.
    void answer(const std::string& text);
    /// One agent step of the running turn; false when no turn is running (nothing done).
    bool step();
    /// Steps until the running turn ends; returns how it ended.
    TurnEnd runTurn();
    /// Ends the running turn (TurnEnd::Stopped); nothing when none runs.
    void stop();
    /// From any thread, also while step() runs on another one: the running turn ends as Stopped
    /// at once if step() is not running, else as soon as the agent's act returns or gives up
    /// (TurnAgent::interrupt wakes a process agent's wait); the move it was computing is dropped.
    /// Cleared by the next say() / answer(). Never throws.
    void requestStop() noexcept;
    /// Drops the last turn and returns the world to its start exactly (the running turn is stopped
    /// first). False when there is no turn.
    bool undo();
    /// Judgements: a rating 1..5 and a comment for a turn / the session (std::out_of_range for a
    /// bad turn index or rating).
    void rateTurn(std::size_t turn, int rating, const std::string& comment);
    void rateSession(int rating, const std::string& comment);
    /// Ends the session (the agent's endSession); further say() / answer() throw.
    void end();

    bool running() const noexcept { return !turns_.empty() && turns_.back().end == TurnEnd::Running; }
    bool ended() const noexcept { return ended_; }
    /// The last turn asked a question not yet answered.
    bool awaitingAnswer() const noexcept { return !turns_.empty() && turns_.back().end == TurnEnd::Question; }
    const std::vector<Turn>& turns() const noexcept { return turns_; }
    const core::Environment& environment() const noexcept { return env_; }
    const core::Grid& world() const noexcept { return env_.grid(); }
    const core::Task& task() const noexcept { return task_; }
    const std::string& agentName() const noexcept { return agentName_; }
    /// The dialogue in the IGLU layout ("<Architect> ...\n<Builder> ..."): utterances and questions.
    std::string dialog() const;
    /// The session's scores now: the world vs the target, IGLU-2022 F1 vs the start world.
    double f1() const;
    double iglu2022F1() const;
    std::optional<int> rating() const noexcept { return rating_; }
    /// The agent's belief in force for live views: the last one published (any turn), with the
    /// step of the running turn it was published at (0 when it came from an earlier turn).
    std::optional<core::Belief> currentBelief() const;
    const std::string& comment() const noexcept { return comment_; }

    /// The session as the catalog stores it (catalog::ArchitectSessionRecord).
    catalog::ArchitectSessionRecord record() const;

private:
    class Claim;  // the calling thread's hold on the session for one public call (architect_session.cpp)
    void beginTurn(std::string utterance, bool answer);
    void finishTurn(TurnEnd end);
    void resetWorld();

    core::Task task_;
    std::unique_ptr<TurnAgent> agent_;
    SessionOptions options_;
    std::string agentName_;
    core::Environment env_;
    core::StepRecorder recorder_;
    std::vector<Turn> turns_;
    std::optional<core::Grid> belief_;  // the agent's last published belief
    std::chrono::steady_clock::time_point turnStarted_;
    std::optional<int> rating_;
    std::string comment_;
    std::string started_;
    bool ended_ = false;
    std::atomic<std::thread::id> owner_{};   // the thread inside a changing call, none between calls
    int depth_ = 0;                          // nested calls of the owner (say -> stop)
    std::atomic<bool> stopRequested_{false};
};

}  // namespace iglu::architect

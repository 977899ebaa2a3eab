#pragma once
// The live architect session behind the Architect dock, headless (QtCore only): it owns the
// ArchitectSession, builds its agent from an AgentSpec, and runs the agent from a QTimer: each
// tick hands a batch of a few session.step() calls (never more than the tick's time budget) to
// the driver's worker thread, so an agent's wait (a process agent may think up to its act timeout,
// AgentSpec::actTimeout) never blocks the thread the driver lives on (the UI thread); the 3D view
// follows every finished batch (changed()). While a batch runs the worker alone touches the
// session: state() says Running, changed() waits for the batch's end, stop() asks the session to
// stop (ArchitectSession::requestStop: a waiting process agent is woken at once) without
// blocking, and everything else that needs the session (say, undo, end, session(), dialogue())
// first lets the batch finish (say / undo / end stop it first). An agent's failure ends the turn
// with its message in the dialogue and the session stays usable. The state: NoSession, Ready (say
// something), Running (a turn is being built), AwaitingAnswer (the builder asked: say() answers),
// Ended. After end(), the session stays here until it is stored (markStored) or replaced: a
// failed store loses nothing (storeEnded retries).
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include "architect/architect_session.hpp"
#include "logic/agent_spec.hpp"
#include "logic/dialogue.hpp"

namespace iglu::plugins::architect {

class ArchitectDriver : public QObject {
    Q_OBJECT
public:
    enum class State { NoSession, Ready, Running, AwaitingAnswer, Ended };

    explicit ArchitectDriver(QObject* parent = nullptr);
    ~ArchitectDriver() override;

    /// A new session on `task` with the agent of `spec` (the previous one, if any, is dropped
    /// unsaved). False when the agent cannot start: its message is the dialogue's failure line.
    /// The agent starts on the worker; meanwhile this thread runs its event loop without user
    /// input (repaints, timers), so a process agent's hello wait does not freeze the window.
    bool start(const core::Task& task, const AgentSpec& spec, ::iglu::architect::SessionOptions options = {});
    /// An instruction (a new turn), or the answer when the builder asked a question; the timer
    /// then runs the turn. False (nothing done, a note says why) for empty text or no session.
    bool say(const QString& text);
    void stop();
    /// Takes back the last turn (the world returns exactly to its start). False when there is none.
    bool undo();
    /// 1..5 and a comment for the last turn / the session; false (a note says why) otherwise.
    bool rateLastTurn(int rating, const QString& comment);
    bool rateSession(int rating, const QString& comment);
    /// Ends the session (the agent is told; a process agent is reaped) and returns its record as
    /// the catalog stores it; nullopt without a session.
    std::optional<catalog::ArchitectSessionRecord> end();
    /// Stores the ended session with `put` (e.g. the workbench's ArchitectStore::put); on success
    /// notes "stored as session #N" and returns the id, on failure (put throws) notes the message
    /// and that the session is kept here (retry, or export it), returns nullopt; nothing is lost.
    /// Nullopt (nothing done) when there is no ended, unstored session.
    std::optional<std::int64_t> storeEnded(const std::function<std::int64_t(const catalog::ArchitectSessionRecord&)>& put);
    /// The ended session's catalog id once stored.
    std::optional<std::int64_t> storedId() const noexcept { return storedId_; }
    /// An ended session with turns that is not stored yet (a failed store, or not tried).
    bool endedUnstored() const;
    /// True while a batch of steps runs on the worker thread.
    bool busy() const noexcept { return busy_; }

    /// Steps per tick, the timer's interval and the time one tick may take.
    void setPace(int stepsPerTick, int intervalMs, int tickBudgetMs);

    State state() const noexcept;
    /// The session, once a batch running on the worker (if any) has finished (that wait is at most
    /// one agent step: the dock reads it on changed(), which never comes mid-batch).
    const ::iglu::architect::ArchitectSession* session() const;
    /// The dialogue: the session's turns with the driver's notes where they happened (waits for a
    /// running batch as session() does).
    std::vector<DialogueLine> dialogue() const;
    /// Adds a line to the dialogue (e.g. the plugin's "stored as session 3" or a refused store).
    void addNote(DialogueLine::Kind kind, const QString& text);

signals:
    /// The world, the dialogue or the state changed (after each tick that stepped, say, undo...).
    void changed();
    /// A turn ended (done, question, failed, step budget, stopped).
    void turnEnded();
    /// say() started a turn; its first batch may already run on the worker (busy(): read nothing
    /// of the session until changed()).
    void turnStarted();

private:
    void tick();
    void finishTick(bool wasRunning);
    /// Lets a running batch finish (after asking the session to stop when `stopTurn`) and takes its result.
    void settle(bool stopTurn) const;
    void batchDone(std::uint64_t generation);
    void notifyChanged();

    std::unique_ptr<::iglu::architect::ArchitectSession> session_;
    struct Note {
        std::size_t afterTurns;  // shown after this many turns' lines
        DialogueLine line;
    };
    std::vector<Note> notes_;
    QTimer timer_;
    int stepsPerTick_ = 3;
    int tickBudgetMs_ = 15;
    QThreadPool worker_;              // one thread: the batches of steps
    bool busy_ = false;
    std::uint64_t generation_ = 0;    // of the batch in flight (a late queued batchDone is ignored)
    QString batchError_;              // written by the worker, read after it finished
    std::size_t busyTurns_ = 0;       // the turn count while a batch runs (notes need it)
    bool changedPending_ = false;
    std::optional<std::int64_t> storedId_;
};

const char* stateName(ArchitectDriver::State state) noexcept;  ///< "no session", "ready", "running", ...

/// Writes a session into the catalog file `path` (created when absent; an existing one keeps what
/// it holds): the way out for a session the open catalog cannot take (`iglu sessions show ID --db
/// FILE` reads it). Returns its id there; throws std::exception naming the file on failure.
std::int64_t exportSession(const QString& path, const catalog::ArchitectSessionRecord& record);

}  // namespace iglu::plugins::architect

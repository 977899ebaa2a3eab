#pragma once
// The live architect session behind the Architect dock, headless (QtCore only): it owns the
// ArchitectSession, builds its agent from an AgentSpec, and runs the agent from a QTimer, a few
// session.step() calls per tick and never more than the tick's time budget, so the UI stays
// responsive and the 3D view can follow every tick (changed()). A process agent's act has its own
// timeout (AgentSpec::actTimeout); an agent's failure ends the turn with its message in the
// dialogue and the session stays usable. The state: NoSession, Ready (say something), Running
// (a turn is being built), AwaitingAnswer (the builder asked: say() answers), Ended.
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>
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

    /// Steps per tick, the timer's interval and the time one tick may take.
    void setPace(int stepsPerTick, int intervalMs, int tickBudgetMs);

    State state() const noexcept;
    const ::iglu::architect::ArchitectSession* session() const noexcept { return session_.get(); }
    /// The dialogue: the session's turns with the driver's notes where they happened.
    std::vector<DialogueLine> dialogue() const;
    /// Adds a line to the dialogue (e.g. the plugin's "stored as session 3" or a refused store).
    void addNote(DialogueLine::Kind kind, const QString& text);

signals:
    /// The world, the dialogue or the state changed (after each tick that stepped, say, undo...).
    void changed();
    /// A turn ended (done, question, failed, step budget, stopped).
    void turnEnded();

private:
    void tick();
    void finishTick(bool wasRunning);

    std::unique_ptr<::iglu::architect::ArchitectSession> session_;
    struct Note {
        std::size_t afterTurns;  // shown after this many turns' lines
        DialogueLine line;
    };
    std::vector<Note> notes_;
    QTimer timer_;
    int stepsPerTick_ = 3;
    int tickBudgetMs_ = 15;
};

const char* stateName(ArchitectDriver::State state) noexcept;  ///< "no session", "ready", "running", ...

/// Stores a session in the catalog file `catalogPath` (opened read-write: a second connection
/// beside the workbench's); returns its id. Throws std::exception naming the file on failure.
std::int64_t storeSession(const QString& catalogPath, const catalog::ArchitectSessionRecord& record);

}  // namespace iglu::plugins::architect

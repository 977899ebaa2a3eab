#pragma once
// An agent episode run live on the GUI thread: a scripting::AgentSession stepped by a QTimer at a
// chosen speed (steps per second, or as fast as possible), each tick running the steps that are
// due within a time budget so the UI stays responsive; pause, resume, single steps and stop are
// exact (no step runs after pause() returns). Lines the script prints are collected during a tick
// and emitted once per tick.
#include <memory>
#include <optional>

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include "core/task/task.hpp"
#include "scripting/agent_session.hpp"

namespace iglu::plugins::script {

struct LiveEpisodeOptions {
    core::ActionSpace actionSpace = core::ActionSpace::Flying;
    int maxSteps = 500;
    bool targetInObs = true;      ///< the oracle needs the target
    bool stopOnDone = false;
    std::int64_t seed = 1;
};

class LiveEpisode : public QObject {
    Q_OBJECT
public:
    /// Milliseconds of stepping per tick at most (the rest of the frame is the UI's).
    static constexpr int kTickBudgetMs = 12;
    /// Printed lines kept per tick (a script printing in a tight loop must not flood the console).
    static constexpr int kMaxLinesPerTick = 2000;

    explicit LiveEpisode(QObject* parent = nullptr);
    ~LiveEpisode() override;

    /// Compiles `script`, starts an episode on `task` (reset runs at once) and, unless
    /// `startPaused`, starts stepping. Returns false with the compile error (file:line) in *error;
    /// a failing reset is reported through finished().
    bool start(const scripting::AgentScript& script, const core::Task& task, const LiveEpisodeOptions& options,
               bool startPaused, QString* error);
    /// Steps per second; 0 = as fast as possible.
    void setSpeed(int stepsPerSecond);
    int speed() const noexcept { return speed_; }

    void pause();
    void resume();
    /// Pauses (if running) and runs exactly one step.
    void stepOnce();
    /// Ends the episode (EpisodeEnd::Cancelled).
    void stop();
    /// Ends the episode and forgets it and its rollout, as before the first start() (other data
    /// was opened: the episode ran on the old data's task).
    void discard();

    /// An episode exists and has not ended.
    bool isActive() const noexcept;
    bool isPaused() const noexcept { return isActive() && !timer_.isActive(); }
    /// The current (or last) episode, nullptr before the first start().
    const scripting::AgentSession* session() const noexcept { return session_.get(); }
    /// Reward of the last step applied.
    double lastReward() const noexcept { return lastReward_; }
    /// The last finished episode's rollout (moved out; empty when already taken or none).
    std::optional<core::Rollout> takeRollout();
    /// The last finished episode's rollout without taking it (nullptr when taken or none): store
    /// a copy, and take it only once it is stored, so a failed store loses nothing.
    const core::Rollout* finishedRollout() const noexcept { return rollout_ ? &*rollout_ : nullptr; }

signals:
    /// Lines the script printed (newline-separated).
    void printed(const QString& text);
    /// One or more steps were applied (after every tick that stepped, and after stepOnce()).
    void advanced();
    /// The episode ended (agent finished, max steps, done, error with its traceback, stopped).
    void finished(scripting::EpisodeEnd end, const QString& error);
    /// Running / paused / ended changed.
    void stateChanged();

private:
    void tick();
    void runOne();
    void flushOutput();
    void afterSteps(bool stepped);
    void scheduleTimer();

    std::unique_ptr<scripting::AgentSession> session_;
    QTimer timer_;
    QElapsedTimer clock_;
    double due_ = 0;          // fractional steps owed at the chosen speed
    int speed_ = 0;
    double lastReward_ = 0;
    QStringList output_;
    long long droppedLines_ = 0;
    std::optional<core::Rollout> rollout_;
};

}  // namespace iglu::plugins::script

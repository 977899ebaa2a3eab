#pragma once
// The current selection every view follows: a task, optionally one of its rollouts (human tape or
// agent episode) at a step, optionally the experiment episode it came from. Setting a different
// task clears the rollout and episode; setting a rollout resets the step unless given.
// An exception thrown by a handler of its signals is caught and logged (setMessageLog), never
// passed to the caller (often a Qt slot, where it would abort the application).
// It also holds the task filter text the task lists share (Tasks dock, Dataset browser): typing in
// one sets it, the other follows; setting the same text again emits nothing, so no echo loops.
#include "workbench/api/export.hpp"

#include <functional>

#include <QObject>
#include <QString>

namespace iglu::workbench {

class MessageLog;

class IGLU_WORKBENCH_API_EXPORT Selection : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    QString taskId() const { return taskId_; }
    /// 0 = no rollout. Catalog ids are > 0; rollouts recorded in this session are < 0.
    qint64 rolloutId() const noexcept { return rolloutId_; }
    qint64 episodeId() const noexcept { return episodeId_; }
    /// Frames applied of the selected rollout (0 = its start).
    int step() const noexcept { return step_; }
    /// The text the task lists filter by (as typed; each list applies it its own way).
    QString taskFilter() const { return taskFilter_; }
    /// Where a failing signal handler is reported (source "selection"); may be nullptr.
    void setMessageLog(MessageLog* log) noexcept { log_ = log; }

    /// For the data the selection points into being replaced (DataService::open): sets task,
    /// rollout and step (the episode cleared) WITHOUT signals, runs `replaced` (the DataService
    /// emits `opened` there: every view drops what it derived from the old data and reads this
    /// selection), then emits the signals of what changed, for views that follow the selection
    /// only. No view hears of a selection change while it still holds the old data.
    void rescope(const QString& taskId, qint64 rolloutId, int step, const std::function<void()>& replaced);

public slots:
    void setTask(const QString& taskId);
    void setRollout(qint64 rolloutId, int step = 0);
    void setEpisode(qint64 episodeId);
    void setStep(int step);
    void clear();
    /// Sets the shared task filter; taskFilterChanged only when the text differs.
    void setTaskFilter(const QString& text);

signals:
    void taskChanged(const QString& taskId);
    void rolloutChanged(qint64 rolloutId);
    void episodeChanged(qint64 episodeId);
    void stepChanged(int step);
    void taskFilterChanged(const QString& text);

private:
    QString taskId_;
    qint64 rolloutId_ = 0;
    qint64 episodeId_ = 0;
    int step_ = 0;
    QString taskFilter_;
    MessageLog* log_ = nullptr;

    template <class F>
    void guardedEmit(const char* signal, F&& emitSignal);
};

}  // namespace iglu::workbench

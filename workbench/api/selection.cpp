#include "workbench/api/selection.hpp"

#include <algorithm>
#include <utility>

#include "workbench/api/guarded_emit.hpp"
#include "workbench/api/message_log.hpp"

namespace iglu::workbench {

template <class F>
void Selection::guardedEmit(const char* signal, F&& emitSignal) {
    emitGuarded(signal, std::forward<F>(emitSignal), [this](const QString& message) {
        if (log_) log_->error(QStringLiteral("selection"), message);
    });
}

void Selection::setTask(const QString& taskId) {
    if (taskId == taskId_) return;
    taskId_ = taskId;
    const bool hadRollout = rolloutId_ != 0, hadEpisode = episodeId_ != 0;
    rolloutId_ = 0;
    episodeId_ = 0;
    step_ = 0;
    guardedEmit("taskChanged", [&] { emit taskChanged(taskId_); });
    if (hadRollout) guardedEmit("rolloutChanged", [&] { emit rolloutChanged(0); });
    if (hadEpisode) guardedEmit("episodeChanged", [&] { emit episodeChanged(0); });
}

void Selection::setRollout(qint64 rolloutId, int step) {
    step = rolloutId == 0 ? 0 : std::max(0, step);
    const bool changed = rolloutId != rolloutId_;
    rolloutId_ = rolloutId;
    if (changed) {
        step_ = step;
        guardedEmit("rolloutChanged", [&] { emit rolloutChanged(rolloutId_); });
    } else if (step != step_) {
        step_ = step;
        guardedEmit("stepChanged", [&] { emit stepChanged(step_); });
    }
}

void Selection::setEpisode(qint64 episodeId) {
    if (episodeId == episodeId_) return;
    episodeId_ = episodeId;
    guardedEmit("episodeChanged", [&] { emit episodeChanged(episodeId_); });
}

void Selection::setStep(int step) {
    step = std::max(0, step);
    if (step == step_ || rolloutId_ == 0) return;
    step_ = step;
    guardedEmit("stepChanged", [&] { emit stepChanged(step_); });
}

void Selection::clear() { setTask(QString()); }

void Selection::setTaskFilter(const QString& text) {
    if (text == taskFilter_) return;
    taskFilter_ = text;
    guardedEmit("taskFilterChanged", [&] { emit taskFilterChanged(taskFilter_); });
}

void Selection::rescope(const QString& taskId, qint64 rolloutId, int step, const std::function<void()>& replaced) {
    if (taskId.isEmpty()) rolloutId = 0;
    if (rolloutId == 0) step = 0;
    const bool task = taskId != taskId_, rollout = rolloutId != rolloutId_, episode = episodeId_ != 0,
               stepMoved = !rollout && step != step_;
    taskId_ = taskId;
    rolloutId_ = rolloutId;
    episodeId_ = 0;
    step_ = std::max(0, step);
    if (replaced) replaced();
    if (task) guardedEmit("taskChanged", [&] { emit taskChanged(taskId_); });
    if (rollout) guardedEmit("rolloutChanged", [&] { emit rolloutChanged(rolloutId_); });
    if (episode) guardedEmit("episodeChanged", [&] { emit episodeChanged(0); });
    if (stepMoved) guardedEmit("stepChanged", [&] { emit stepChanged(step_); });
}

}  // namespace iglu::workbench

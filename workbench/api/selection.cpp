#include "workbench/api/selection.hpp"

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

}  // namespace iglu::workbench

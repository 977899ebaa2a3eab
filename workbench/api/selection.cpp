#include "workbench/api/selection.hpp"

namespace iglu::workbench {

void Selection::setTask(const QString& taskId) {
    if (taskId == taskId_) return;
    taskId_ = taskId;
    const bool hadRollout = rolloutId_ != 0, hadEpisode = episodeId_ != 0;
    rolloutId_ = 0;
    episodeId_ = 0;
    step_ = 0;
    emit taskChanged(taskId_);
    if (hadRollout) emit rolloutChanged(0);
    if (hadEpisode) emit episodeChanged(0);
}

void Selection::setRollout(qint64 rolloutId, int step) {
    step = rolloutId == 0 ? 0 : std::max(0, step);
    const bool changed = rolloutId != rolloutId_;
    rolloutId_ = rolloutId;
    if (changed) {
        step_ = step;
        emit rolloutChanged(rolloutId_);
    } else if (step != step_) {
        step_ = step;
        emit stepChanged(step_);
    }
}

void Selection::setEpisode(qint64 episodeId) {
    if (episodeId == episodeId_) return;
    episodeId_ = episodeId;
    emit episodeChanged(episodeId_);
}

void Selection::setStep(int step) {
    step = std::max(0, step);
    if (step == step_ || rolloutId_ == 0) return;
    step_ = step;
    emit stepChanged(step_);
}

void Selection::clear() { setTask(QString()); }

}  // namespace iglu::workbench

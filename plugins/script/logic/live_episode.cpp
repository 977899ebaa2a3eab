#include "live_episode.hpp"

#include <filesystem>

#include "scripting/agent.hpp"

namespace iglu::plugins::script {

LiveEpisode::LiveEpisode(QObject* parent) : QObject(parent) {
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &LiveEpisode::tick);
}

LiveEpisode::~LiveEpisode() = default;

bool LiveEpisode::start(const scripting::AgentScript& script, const core::Task& task, const LiveEpisodeOptions& options,
                        bool startPaused, QString* error) {
    stop();
    timer_.stop();
    scripting::SessionConfig config;
    config.env.actionSpace = options.actionSpace;
    config.env.maxSteps = options.maxSteps;
    config.env.targetInObs = options.targetInObs;
    config.stopOnDone = options.stopOnDone;
    config.recordRollout = true;
    config.rolloutSource = "script:" + std::filesystem::path(script.name).filename().string();
    try {
        session_ = std::make_unique<scripting::AgentSession>(script, std::move(config), scripting::agentSandbox(script.name));
    } catch (const std::exception& e) {
        session_.reset();
        if (error) *error = QString::fromStdString(e.what());
        emit stateChanged();
        return false;
    }
    session_->lua().setPrint([this](std::string_view line) {
        if (output_.size() < kMaxLinesPerTick) output_.append(QString::fromUtf8(line.data(), static_cast<qsizetype>(line.size())));
        else ++droppedLines_;
    });
    rollout_.reset();
    lastReward_ = 0;
    due_ = 0;
    session_->reset(task, options.seed, 0);
    flushOutput();
    emit advanced();
    if (!session_->running()) {
        afterSteps(false);
        return true;
    }
    if (!startPaused) scheduleTimer();
    emit stateChanged();
    return true;
}

void LiveEpisode::setSpeed(int stepsPerSecond) {
    speed_ = std::max(0, stepsPerSecond);
    if (timer_.isActive()) scheduleTimer();
}

void LiveEpisode::scheduleTimer() {
    // Up to ~60 ticks per second; slower speeds tick once per step.
    const int interval = speed_ <= 0 ? 0 : std::clamp(1000 / speed_, 16, 1000);
    due_ = 0;
    clock_.start();
    timer_.start(interval);
}

bool LiveEpisode::isActive() const noexcept { return session_ && session_->running(); }

void LiveEpisode::pause() {
    if (!timer_.isActive()) return;
    timer_.stop();
    emit stateChanged();
}

void LiveEpisode::resume() {
    if (!isActive() || timer_.isActive()) return;
    scheduleTimer();
    emit stateChanged();
}

void LiveEpisode::stepOnce() {
    if (!isActive()) return;
    const bool wasRunning = timer_.isActive();
    timer_.stop();
    runOne();
    afterSteps(true);
    if (wasRunning && isActive()) emit stateChanged();
}

void LiveEpisode::stop() {
    if (!isActive()) return;
    timer_.stop();
    session_->cancel();
    afterSteps(false);
}

void LiveEpisode::discard() {
    stop();
    timer_.stop();
    session_.reset();
    rollout_.reset();
    output_.clear();
    droppedLines_ = 0;
    lastReward_ = 0;
    due_ = 0;
    emit stateChanged();
}

void LiveEpisode::runOne() {
    const scripting::StepReport r = session_->step();
    if (r.stepped) lastReward_ = r.result.reward;
}

void LiveEpisode::tick() {
    if (!isActive()) {
        timer_.stop();
        return;
    }
    QElapsedTimer budget;
    budget.start();
    int steps = 0;
    if (speed_ <= 0) {
        do {
            runOne();
            ++steps;
        } while (isActive() && budget.elapsed() < kTickBudgetMs);
    } else {
        due_ += static_cast<double>(clock_.restart()) * speed_ / 1000.0;
        const int owed = static_cast<int>(due_);
        due_ -= owed;
        while (steps < owed && isActive() && budget.elapsed() < kTickBudgetMs) {
            runOne();
            ++steps;
        }
        due_ = std::min(due_, 1.0);  // never catch up on time lost to a slow frame
    }
    if (steps > 0 || !isActive()) afterSteps(steps > 0);
}

void LiveEpisode::flushOutput() {
    if (output_.isEmpty()) return;
    if (droppedLines_ > 0) output_.append(tr("... %1 more lines not shown").arg(droppedLines_));
    droppedLines_ = 0;
    const QString text = output_.join(QLatin1Char('\n'));
    output_.clear();
    emit printed(text);
}

void LiveEpisode::afterSteps(bool stepped) {
    flushOutput();
    if (stepped) emit advanced();
    if (session_ && !session_->running()) {
        timer_.stop();
        rollout_ = session_->outcome(true).rollout;
        emit finished(session_->ended(), QString::fromStdString(session_->error()));
        emit stateChanged();
    }
}

std::optional<core::Rollout> LiveEpisode::takeRollout() {
    std::optional<core::Rollout> r = std::move(rollout_);
    rollout_.reset();
    return r;
}

}  // namespace iglu::plugins::script

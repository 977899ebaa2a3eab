#include "viewers/qt/rollout_timeline.hpp"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace iglu::viewers {

RolloutTimeline::RolloutTimeline(QWidget* parent) : QWidget(parent), timer_(new QTimer(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    const auto button = [this, layout](QStyle::StandardPixmap icon, const QString& tip, const QString& name) {
        auto* b = new QToolButton(this);
        b->setIcon(style()->standardIcon(icon));
        b->setToolTip(tip);
        b->setObjectName(name);
        layout->addWidget(b);
        return b;
    };
    back_ = button(QStyle::SP_MediaSeekBackward, tr("Step back (one frame)"), "stepBack");
    playButton_ = button(QStyle::SP_MediaPlay, tr("Play / pause"), "play");
    forward_ = button(QStyle::SP_MediaSeekForward, tr("Step forward (one frame)"), "stepForward");
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setObjectName("scrubber");
    slider_->setMinimum(0);
    layout->addWidget(slider_, 1);
    label_ = new QLabel(this);
    label_->setMinimumWidth(110);
    layout->addWidget(label_);
    speedBox_ = new QComboBox(this);
    speedBox_->setObjectName("speed");
    for (double s : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0})
        speedBox_->addItem(tr("%1× (%2 steps/s)").arg(s).arg(s * kBaseFps), s);
    speedBox_->setCurrentIndex(2);
    speedBox_->setToolTip(tr("Playback speed: steps of the rollout per second of wall time (frames are skipped when "
                             "drawing each one would be slower)"));
    layout->addWidget(speedBox_);

    connect(back_, &QToolButton::clicked, this, &RolloutTimeline::stepBack);
    connect(forward_, &QToolButton::clicked, this, &RolloutTimeline::stepForward);
    connect(playButton_, &QToolButton::clicked, this, &RolloutTimeline::togglePlay);
    connect(slider_, &QSlider::valueChanged, this, &RolloutTimeline::setPosition);
    connect(speedBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setSpeed(speedBox_->itemData(i).toDouble()); });
    connect(timer_, &QTimer::timeout, this, &RolloutTimeline::tick);
    setSpeed(1.0);
    refresh();
}

void RolloutTimeline::setFrameCount(int frames) {
    pause();
    frames_ = std::max(0, frames);
    slider_->setMaximum(frames_);
    if (position_ > frames_) setPosition(frames_);
    refresh();
}

bool RolloutTimeline::isPlaying() const noexcept { return timer_->isActive(); }

void RolloutTimeline::setPosition(int p) {
    p = std::clamp(p, 0, frames_);
    if (p == position_) {
        refresh();
        return;
    }
    position_ = p;
    refresh();
    emit positionChanged(position_);
}

void RolloutTimeline::play() {
    if (frames_ == 0 || isPlaying()) return;
    if (position_ >= frames_) setPosition(0);
    due_ = 0;
    clock_.invalidate();
    timer_->start();
    refresh();
    emit playingChanged(true);
}

void RolloutTimeline::pause() {
    if (!isPlaying()) return;
    timer_->stop();
    refresh();
    emit playingChanged(false);
}

void RolloutTimeline::togglePlay() { isPlaying() ? pause() : play(); }
void RolloutTimeline::stepForward() { setPosition(position_ + 1); }
void RolloutTimeline::stepBack() { setPosition(position_ - 1); }

void RolloutTimeline::setSpeed(double multiplier) {
    speed_ = std::clamp(multiplier, 0.05, 100.0);
    // At most ~60 ticks a second; faster speeds advance several steps a tick (advance()).
    timer_->setInterval(std::max(kMinTickMs, static_cast<int>(1000.0 / (kBaseFps * speed_))));
    due_ = 0;
    const int idx = speedBox_->findData(speed_);
    if (idx >= 0 && idx != speedBox_->currentIndex()) speedBox_->setCurrentIndex(idx);
}

void RolloutTimeline::tick() {
    // Wall time since the last tick, so a slow frame (a big scene on a software renderer) makes
    // the next tick skip ahead instead of slowing the rollout down.
    const double seconds = clock_.isValid() ? static_cast<double>(clock_.restart()) / 1000.0 : timer_->interval() / 1000.0;
    if (!clock_.isValid()) clock_.start();
    advance(seconds);
}

int RolloutTimeline::advance(double seconds) {
    if (position_ >= frames_) {
        pause();
        return 0;
    }
    due_ += std::max(0.0, seconds) * kBaseFps * speed_;
    const int steps = static_cast<int>(std::clamp(due_, 1.0, static_cast<double>(frames_)));  // every tick shows progress
    due_ = std::max(0.0, due_ - steps);
    const int before = position_;
    setPosition(static_cast<int>(std::min<long long>(frames_, static_cast<long long>(position_) + steps)));
    if (position_ >= frames_) pause();
    return position_ - before;
}

void RolloutTimeline::refresh() {
    const QSignalBlocker block(slider_);
    slider_->setValue(position_);
    label_->setText(tr("step %1 / %2").arg(position_).arg(frames_));
    playButton_->setIcon(style()->standardIcon(isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    const bool any = frames_ > 0;
    back_->setEnabled(any && position_ > 0);
    forward_->setEnabled(any && position_ < frames_);
    playButton_->setEnabled(any);
    slider_->setEnabled(any);
}

}  // namespace iglu::viewers

#pragma once
// Playback controls for a rollout: play / pause, step back / forward, speed and a scrubber.
// Position p means "the state after p frames" (0 = start, length = end).
#include "viewers/qt/export.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace iglu::viewers {

class IGLU_VIEWERS_EXPORT RolloutTimeline : public QWidget {
    Q_OBJECT
public:
    explicit RolloutTimeline(QWidget* parent = nullptr);

    /// Number of frames; the position is clamped to 0..frames. Stops playback.
    void setFrameCount(int frames);
    int frameCount() const noexcept { return frames_; }
    int position() const noexcept { return position_; }
    bool isPlaying() const noexcept;
    /// Frames per second at speed 1x.
    static constexpr double kBaseFps = 10.0;
    double speed() const noexcept { return speed_; }

public slots:
    void setPosition(int p);
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBack();
    void setSpeed(double multiplier);

signals:
    void positionChanged(int position);
    void playingChanged(bool playing);

private:
    void tick();
    void refresh();

    int frames_ = 0;
    int position_ = 0;
    double speed_ = 1.0;
    QTimer* timer_;
    QToolButton* back_;
    QToolButton* playButton_;
    QToolButton* forward_;
    QSlider* slider_;
    QComboBox* speedBox_;
    QLabel* label_;
};

}  // namespace iglu::viewers

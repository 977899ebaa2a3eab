#pragma once
// Playback controls for a rollout: play / pause, step back / forward, speed and a scrubber.
// Position p means "the state after p frames" (0 = start, length = end).
#include "viewers/qt/export.hpp"

#include <QElapsedTimer>
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
    /// Playing: moves on by the steps `seconds` of wall time are worth at the speed (kBaseFps x
    /// speed per second; at least one, never past the end); returns the steps taken. The timer
    /// calls it with the time since its last tick.
    int advance(double seconds);

signals:
    void positionChanged(int position);
    void playingChanged(bool playing);

private:
    void tick();
    void refresh();

    int frames_ = 0;
    int position_ = 0;
    double speed_ = 1.0;
    double due_ = 0;            // steps owed to the wall clock, not yet shown
    QElapsedTimer clock_;       // since the last tick
    static constexpr int kMinTickMs = 16;
    QTimer* timer_;
    QToolButton* back_;
    QToolButton* playButton_;
    QToolButton* forward_;
    QSlider* slider_;
    QComboBox* speedBox_;
    QLabel* label_;
};

}  // namespace iglu::viewers

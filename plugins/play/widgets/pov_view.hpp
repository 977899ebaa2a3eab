#pragma once
// The agent's first-person view (core::PovRenderer pixels, 64 x 64 by default) scaled up by the
// largest whole factor that fits, nearest-neighbour (crisp pixels), with a crosshair at the centre
// (where place and break act). Mouse: drag to look (one 5-degree step per kDragStep pixels), a
// left click places, a right click breaks.
#include <cstdint>
#include <span>

#include <QImage>
#include <QPoint>
#include <QWidget>

#include "logic/play_session.hpp"

namespace iglu::plugins::play {

class PovView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDragStep = 12;  ///< pixels of drag per look step

    explicit PovView(QWidget* parent = nullptr);

    /// Copies a frame (height x width x RGB, rows top to bottom) and repaints. Reuses its buffer
    /// while the size stays the same.
    void setFrame(std::span<const std::uint8_t> rgb, int width, int height);
    const QImage& frame() const noexcept { return frame_; }
    /// Where the frame is drawn in the widget (for tests and the crosshair).
    QRect frameRect() const;

    /// The next click only captures the keys (the panel got the focus by it): it neither places
    /// nor breaks. Cleared once that click's press has been handled.
    void swallowNextClick();

    QSize sizeHint() const override { return {320, 320}; }
    QSize minimumSizeHint() const override { return {192, 192}; }  // 3x the reference POV

signals:
    void command(iglu::plugins::play::Command c);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    QImage frame_;
    QPoint last_;
    QPoint drag_;      // accumulated drag not yet turned into look steps
    bool dragged_ = false;
    bool swallowPress_ = false;   // set by swallowNextClick() until the press arrives
    bool swallowClick_ = false;   // the current press/release is that click
};

}  // namespace iglu::plugins::play

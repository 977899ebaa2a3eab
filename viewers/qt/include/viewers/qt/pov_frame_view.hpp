#pragma once
// The agent's first-person view of a recorded step, read-only: core::PovRenderer's frame of a grid
// and pose (the reference look, kSide x kSide), scaled up by the largest whole factor that fits,
// nearest-neighbour (crisp pixels), centred on a dark background. Playback and Compare show it
// beside the 3D view; the Play plugin has its own interactive view (plugins/play/widgets/pov_view).
#include "viewers/qt/export.hpp"

#include <QImage>
#include <QWidget>

#include "core/grid/grid.hpp"
#include "core/pov/pov_renderer.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::viewers {

class IGLU_VIEWERS_EXPORT PovFrameView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kSide = 64;  ///< the reference environment's observation size

    explicit PovFrameView(QWidget* parent = nullptr);

    /// Renders the agent's view of `grid` from `pose` and repaints.
    void showPose(const core::Grid& grid, const core::Pose& pose);
    /// Nothing to show (no rollout): an empty view.
    void clear();
    /// The frame shown (kSide x kSide RGB888; null when cleared).
    const QImage& frame() const noexcept { return frame_; }
    /// Where the frame is drawn in the widget.
    QRect frameRect() const;

    QSize sizeHint() const override { return {256, 256}; }
    QSize minimumSizeHint() const override { return {2 * kSide, 2 * kSide}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    core::PovRenderer renderer_{core::PovConfig{kSide, kSide}};
    QImage frame_;
};

}  // namespace iglu::viewers

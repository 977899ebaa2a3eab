#include "viewers/qt/pov_frame_view.hpp"

#include <algorithm>
#include <cstring>

#include <QPainter>

namespace iglu::viewers {

PovFrameView::PovFrameView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("The agent's first-person view at this step (what it observes)"));
}

void PovFrameView::showPose(const core::Grid& grid, const core::Pose& pose) {
    if (frame_.isNull()) frame_ = QImage(kSide, kSide, QImage::Format_RGB888);
    const std::vector<std::uint8_t> rgb = renderer_.render(grid, pose);
    for (int y = 0; y < kSide; ++y) std::memcpy(frame_.scanLine(y), rgb.data() + std::size_t(y) * kSide * 3, std::size_t(kSide) * 3);
    update();
}

void PovFrameView::clear() {
    frame_ = QImage();
    update();
}

QRect PovFrameView::frameRect() const {
    const int scale = std::max(1, std::min(width(), height()) / kSide);
    const int side = kSide * scale;
    return {(width() - side) / 2, (height() - side) / 2, side, side};
}

void PovFrameView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(32, 34, 38));
    if (frame_.isNull()) {
        p.setPen(QColor(160, 164, 170));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("No rollout step to show"));
        return;
    }
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(frameRect(), frame_);
}

}  // namespace iglu::viewers

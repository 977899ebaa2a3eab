#include "pov_view.hpp"

#include <algorithm>
#include <cstring>

#include <QMouseEvent>
#include <QPainter>

namespace iglu::plugins::play {

PovView::PovView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("povView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::CrossCursor);
}

void PovView::setFrame(std::span<const std::uint8_t> rgb, int width, int height) {
    if (width <= 0 || height <= 0 || rgb.size() < std::size_t(width) * std::size_t(height) * 3) return;
    if (frame_.width() != width || frame_.height() != height) frame_ = QImage(width, height, QImage::Format_RGB888);
    for (int y = 0; y < height; ++y)
        std::memcpy(frame_.scanLine(y), rgb.data() + std::size_t(y) * std::size_t(width) * 3, std::size_t(width) * 3);
    update();
}

QRect PovView::frameRect() const {
    if (frame_.isNull()) return {};
    const int scale = std::max(1, std::min(width() / frame_.width(), height() / frame_.height()));
    const QSize s(frame_.width() * scale, frame_.height() * scale);
    return {QPoint((width() - s.width()) / 2, (height() - s.height()) / 2), s};
}

void PovView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (frame_.isNull()) return;
    const QRect r = frameRect();
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);  // nearest neighbour: crisp pixels
    p.drawImage(r, frame_);
    // Crosshair: a white cross with a dark outline and a gap in the middle, so the pixel it aims
    // at stays visible.
    const QPoint c = r.center();
    const int arm = std::max(6, r.width() / 24), gap = std::max(3, r.width() / 64);
    for (const auto& [colour, width] : {std::pair{QColor(0, 0, 0, 160), 4}, std::pair{QColor(255, 255, 255), 2}}) {
        p.setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap));
        p.drawLine(c.x() - gap - arm, c.y(), c.x() - gap, c.y());
        p.drawLine(c.x() + gap, c.y(), c.x() + gap + arm, c.y());
        p.drawLine(c.x(), c.y() - gap - arm, c.x(), c.y() - gap);
        p.drawLine(c.x(), c.y() + gap, c.x(), c.y() + gap + arm);
    }
}

void PovView::swallowNextClick() {
    swallowPress_ = true;
    // The press that moved the focus is delivered right after the focus change, before queued
    // calls run: clear the flag then, so a later click is not swallowed when the focus came from
    // a click elsewhere in the panel.
    QMetaObject::invokeMethod(this, [this] { swallowPress_ = false; }, Qt::QueuedConnection);
}

void PovView::mousePressEvent(QMouseEvent* event) {
    swallowClick_ = swallowPress_;
    swallowPress_ = false;
    last_ = event->position().toPoint();
    drag_ = {};
    dragged_ = false;
    event->accept();
}

void PovView::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() == Qt::NoButton) return;
    const QPoint p = event->position().toPoint();
    drag_ += p - last_;
    last_ = p;
    while (drag_.x() >= kDragStep) { drag_.rx() -= kDragStep; dragged_ = true; emit command(Command::TurnRight); }
    while (drag_.x() <= -kDragStep) { drag_.rx() += kDragStep; dragged_ = true; emit command(Command::TurnLeft); }
    // Dragging up looks up (as a mouse-look camera does).
    while (drag_.y() >= kDragStep) { drag_.ry() -= kDragStep; dragged_ = true; emit command(Command::LookDown); }
    while (drag_.y() <= -kDragStep) { drag_.ry() += kDragStep; dragged_ = true; emit command(Command::LookUp); }
}

void PovView::mouseReleaseEvent(QMouseEvent* event) {
    if (dragged_ || swallowClick_) return;
    if (event->button() == Qt::LeftButton) emit command(Command::Place);
    else if (event->button() == Qt::RightButton) emit command(Command::Break);
}

}  // namespace iglu::plugins::play

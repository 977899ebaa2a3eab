#include "viewers/qt/zone_view.hpp"

#include <QEvent>
#include <QFileInfo>
#include <QImageWriter>
#include <QMouseEvent>
#include <QVBoxLayout>

#include "viewers/qt/vtk_gl_widget.hpp"

namespace iglu::viewers {

struct ZoneView::Impl {
    ZoneScene scene;
    VtkGlWidget* gl = nullptr;
    QString lastHover;
};

ZoneView::ZoneView(QWidget* parent) : QWidget(parent), impl_(std::make_unique<Impl>()) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    impl_->gl = new VtkGlWidget(this);
    impl_->gl->addRenderer(impl_->scene.renderer());
    impl_->gl->installEventFilter(this);
    layout->addWidget(impl_->gl);
    connect(impl_->gl, &VtkGlWidget::frameRendered, this, &ZoneView::rendered);
}

ZoneView::~ZoneView() {
    // The GL widget releases GL resources of the scene's renderer: delete it while the scene lives.
    delete impl_->gl;
    impl_->gl = nullptr;
}

ZoneScene& ZoneView::scene() noexcept { return impl_->scene; }
VtkGlWidget* ZoneView::glWidget() const noexcept { return impl_->gl; }

void ZoneView::setTarget(const std::optional<core::Grid>& target) {
    impl_->scene.setTarget(target);
    requestRender();
}
void ZoneView::setBuilt(const core::Grid& built) {
    impl_->scene.setBuilt(built);
    requestRender();
}
void ZoneView::setAgent(const std::optional<core::Pose>& pose) {
    impl_->scene.setAgent(pose);
    requestRender();
}
void ZoneView::setCaption(const QString& caption) {
    impl_->scene.setCaption(caption.toStdString());
    requestRender();
}
void ZoneView::setOverlay(bool on) {
    if (impl_->scene.overlay() == on) return;
    impl_->scene.setOverlay(on);
    requestRender();
    emit overlayChanged(on);
}
bool ZoneView::overlay() const noexcept { return impl_->scene.overlay(); }
void ZoneView::setGhost(bool on) {
    impl_->scene.setGhost(on);
    requestRender();
}
void ZoneView::setFilter(const SceneFilter& filter) {
    if (impl_->scene.filter() == filter) return;
    impl_->scene.setFilter(filter);
    requestRender();
    emit filterChanged();
}
const SceneFilter& ZoneView::filter() const noexcept { return impl_->scene.filter(); }
void ZoneView::setBelief(const std::optional<core::Belief>& belief) {
    impl_->scene.setBelief(belief);
    requestRender();
}
void ZoneView::setBeliefShown(bool on) {
    impl_->scene.setBeliefShown(on);
    requestRender();
}
void ZoneView::applyView(ViewPreset v) {
    impl_->scene.applyView(v);
    requestRender();
}
void ZoneView::requestRender() {
    if (impl_->gl != nullptr) impl_->gl->update();
}

QImage ZoneView::grabImage() { return impl_->gl->grabFramebuffer(); }

bool ZoneView::saveImage(const QString& path, QString* error) {
    const QImage img = grabImage();
    if (img.isNull()) {
        if (error) *error = tr("cannot save %1: the view has not been rendered").arg(path);
        return false;
    }
    QImageWriter writer(path);
    if (!writer.write(img)) {
        if (error) *error = tr("cannot save %1: %2").arg(path, writer.errorString());
        return false;
    }
    return true;
}

QString ZoneView::hoverTextAt(const QPoint& pos) const {
    const double dpr = impl_->gl->devicePixelRatioF();
    const double x = pos.x() * dpr;
    const double y = (impl_->gl->height() - 1 - pos.y()) * dpr;
    const auto picked = impl_->scene.pick(x, y);
    return picked ? QString::fromStdString(describe(*picked)) : QString();
}

bool ZoneView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == impl_->gl && event->type() == QEvent::MouseMove) {
        const auto* me = static_cast<QMouseEvent*>(event);
        if (me->buttons() == Qt::NoButton) {
            const QString text = hoverTextAt(me->position().toPoint());
            if (text != impl_->lastHover) {
                impl_->lastHover = text;
                impl_->gl->setToolTip(text);
                emit hovered(text);
            }
        }
    } else if (watched == impl_->gl && event->type() == QEvent::Leave && !impl_->lastHover.isEmpty()) {
        impl_->lastHover.clear();
        emit hovered(QString());
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace iglu::viewers

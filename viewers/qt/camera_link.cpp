#include "viewers/qt/camera_link.hpp"

#include "viewers/qt/zone_view.hpp"

namespace iglu::viewers {

CameraLink::CameraLink(QObject* parent) : QObject(parent) {}

void CameraLink::setViews(const QList<ZoneView*>& views) {
    for (const auto& c : connections_) disconnect(c);
    connections_.clear();
    views_.clear();
    for (ZoneView* v : views) {
        views_.append(v);
        connections_.append(connect(v, &ZoneView::rendered, this, [this, v] { follow(v); }));
    }
    if (!views.isEmpty()) follow(views.front());
}

void CameraLink::follow(ZoneView* leader) {
    if (copying_ || leader == nullptr) return;
    copying_ = true;
    const CameraPose pose = leader->scene().cameraPose();
    for (const auto& v : views_)
        if (v != nullptr && v != leader && !v->scene().cameraPose().near(pose)) {
            v->scene().setCameraPose(pose);
            v->requestRender();
        }
    copying_ = false;
}

bool CameraLink::synchronized() const {
    const ZoneView* first = nullptr;
    CameraPose pose;
    for (const auto& v : views_) {
        if (v == nullptr) continue;
        if (first == nullptr) {
            first = v;
            pose = v->scene().cameraPose();
        } else if (!v->scene().cameraPose().near(pose)) {
            return false;
        }
    }
    return true;
}

}  // namespace iglu::viewers

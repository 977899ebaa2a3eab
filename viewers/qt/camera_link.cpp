#include "viewers/qt/camera_link.hpp"

#include <array>
#include <cmath>

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include "viewers/qt/zone_view.hpp"

namespace iglu::viewers {

namespace {

struct CameraPose {
    std::array<double, 3> position{}, focal{}, up{};
    double angle = 0, scale = 0;
};

CameraPose poseOf(ZoneView& view) {
    vtkCamera* c = view.scene().renderer()->GetActiveCamera();
    CameraPose p;
    c->GetPosition(p.position.data());
    c->GetFocalPoint(p.focal.data());
    c->GetViewUp(p.up.data());
    p.angle = c->GetViewAngle();
    p.scale = c->GetParallelScale();
    return p;
}

bool same(const CameraPose& a, const CameraPose& b) {
    constexpr double eps = 1e-9;
    auto near = [](double x, double y) { return std::abs(x - y) <= eps * (1 + std::abs(x) + std::abs(y)); };
    for (int i = 0; i < 3; ++i)
        if (!near(a.position[i], b.position[i]) || !near(a.focal[i], b.focal[i]) || !near(a.up[i], b.up[i])) return false;
    return near(a.angle, b.angle) && near(a.scale, b.scale);
}

void apply(ZoneView& view, const CameraPose& p) {
    vtkCamera* c = view.scene().renderer()->GetActiveCamera();
    c->SetPosition(p.position.data());
    c->SetFocalPoint(p.focal.data());
    c->SetViewUp(p.up.data());
    c->SetViewAngle(p.angle);
    c->SetParallelScale(p.scale);
    view.scene().renderer()->ResetCameraClippingRange();
}

}  // namespace

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
    const CameraPose pose = poseOf(*leader);
    for (const auto& v : views_)
        if (v != nullptr && v != leader && !same(poseOf(*v), pose)) {
            apply(*v, pose);
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
            pose = poseOf(*v);
        } else if (!same(poseOf(*v), pose)) {
            return false;
        }
    }
    return true;
}

}  // namespace iglu::viewers

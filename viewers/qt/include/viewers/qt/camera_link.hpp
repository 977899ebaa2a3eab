#pragma once
// One camera for several 3D views (the compare view): turning, zooming or choosing a preset in
// any of them moves the others the same way. After a view draws a frame, its camera's position,
// focal point, view-up, view angle and parallel scale are copied to every other view whose camera
// differs, which then draws again. Views keep their own clipping ranges (each fits its own
// blocks), so copying never ping-pongs: a view that already matches is left alone.
#include "viewers/qt/export.hpp"

#include <QList>
#include <QObject>
#include <QPointer>

namespace iglu::viewers {

class ZoneView;

class IGLU_VIEWERS_EXPORT CameraLink : public QObject {
    Q_OBJECT
public:
    explicit CameraLink(QObject* parent = nullptr);
    /// Links the views (unlinks the previous ones); the first view's camera is the starting one.
    void setViews(const QList<ZoneView*>& views);
    /// Whether the cameras of every linked view are in the same place (tests).
    bool synchronized() const;

private:
    void follow(ZoneView* leader);
    QList<QPointer<ZoneView>> views_;
    QList<QMetaObject::Connection> connections_;
    bool copying_ = false;
};

}  // namespace iglu::viewers

#pragma once
// Service published by the 3D viewer plugin: lets the shell (screenshots) and other plugins drive
// the view without including the viewer plugin's headers.
#include "workbench/api/export.hpp"

#include <QImage>
#include <QObject>
#include <QString>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::workbench {

class IGLU_WORKBENCH_API_EXPORT ViewerService : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~ViewerService() override;

    virtual void setOverlay(bool on) = 0;
    virtual bool overlay() const = 0;
    /// "iso", "top", "front" or "side"; false for an unknown name.
    virtual bool applyView(const QString& preset) = 0;
    /// Renders the current view into an image.
    virtual QImage grabImage() = 0;
    virtual bool saveImage(const QString& path, QString* error) = 0;
    /// Text of the legend shown in the view (caption, counts, scores).
    virtual QString legendText() const = 0;
    /// Frames drawn so far (grows by at least one after every change once shown).
    virtual int framesRendered() const = 0;
    /// Shows a live state in place of the selection, e.g. an agent episode the Script plugin runs
    /// step by step or a task the Play dock plays: the target (ghost, overlay), the built grid, the agent pose and a caption.
    /// Call again for every new state (cheap when the target is unchanged); a selection change or
    /// endLive() returns to the selection. `belief`: the agent's belief in force (the belief
    /// layer, Viewer > Agent Belief), nullptr when it published none.
    virtual void showLive(const core::Grid& target, const core::Grid& built, const core::Pose& agent, const QString& caption,
                          const core::Belief* belief = nullptr) = 0;
    virtual void endLive() = 0;
    /// Whether a live state is shown.
    virtual bool isLive() const = 0;

signals:
    /// A frame was drawn.
    void rendered();
    /// The content changed (task, rollout step, overlay); a frame follows.
    void contentChanged();
};

}  // namespace iglu::workbench

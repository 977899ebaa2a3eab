#pragma once
// The 3D view of the build zone as a Qt widget: a ZoneScene shown in a VtkGlWidget, with hover
// picking (block coordinates, colour and overlay category), preset views and image saving.
#include "viewers/qt/export.hpp"

#include <memory>
#include <optional>

#include <QImage>
#include <QWidget>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"
#include "viewers/scene/zone_scene.hpp"

namespace iglu::viewers {

class VtkGlWidget;

class IGLU_VIEWERS_EXPORT ZoneView : public QWidget {
    Q_OBJECT
public:
    explicit ZoneView(QWidget* parent = nullptr);
    ~ZoneView() override;

    ZoneScene& scene() noexcept;
    VtkGlWidget* glWidget() const noexcept;

    void setTarget(const std::optional<core::Grid>& target);
    void setBuilt(const core::Grid& built);
    void setAgent(const std::optional<core::Pose>& pose);
    void setCaption(const QString& caption);
    void setOverlay(bool on);
    bool overlay() const noexcept;
    void setGhost(bool on);
    /// Layer slicing and colour isolation (viewers/scene/scene_cells.hpp); emits filterChanged.
    void setFilter(const SceneFilter& filter);
    const SceneFilter& filter() const noexcept;
    /// The agent's belief in force (core::Rollout::beliefAt; std::nullopt: none) and whether the
    /// belief layer is shown (viewers/scene/belief_layer.hpp).
    void setBelief(const std::optional<core::Belief>& belief);
    void setBeliefShown(bool on);
    void applyView(ViewPreset v);
    /// Schedules a repaint (coalesced by Qt).
    void requestRender();

    /// Renders the current view into an image (size of the widget, device pixels).
    QImage grabImage();
    /// Saves the current view; false with a message naming the file on failure.
    bool saveImage(const QString& path, QString* error = nullptr);
    /// Text describing the block under a widget position ("" when none).
    QString hoverTextAt(const QPoint& widgetPos) const;

signals:
    /// The block under the mouse changed: its description, or "" when there is none.
    void hovered(const QString& text);
    /// A frame was drawn.
    void rendered();
    void overlayChanged(bool on);
    void filterChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::viewers

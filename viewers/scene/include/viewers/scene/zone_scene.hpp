#pragma once
// The VTK scene of the IGLU build zone, Qt-free: floor grid, zone outline and axes; blocks as
// shaded cubes in the IGLU palette (one polydata per layer, a quad per visible face: one actor
// and one draw call per layer, not per block); the target as a translucent ghost; the
// intersection overlay at the best alignment (core::overlay) with a legend of counts and
// precision / recall / F1; the agent with its view direction; the agent's belief (the blocks it
// predicts, belief_layer.hpp) as line cubes with its own legend. Depth cues: a dark footprint
// on the floor under every shown column, layer slicing and colour isolation (SceneFilter), and
// legends placed outside the zone's projection (legend_placement.hpp). What each cell shows is
// decided by scene_cells.hpp, without VTK.
//
// The same scene renders in the Qt widget (viewers/qt) and offscreen (offscreen_render.hpp).
// VTK types stay out of this header (pimpl): only vtkRenderer is forward-declared.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout.hpp"
#include "viewers/scene/belief_layer.hpp"
#include "viewers/scene/legend_placement.hpp"
#include "viewers/scene/scene_cells.hpp"

class vtkRenderer;

namespace iglu::viewers {

enum class ViewPreset : std::uint8_t { Iso, Top, Front, Side };
const char* viewPresetName(ViewPreset v) noexcept;  ///< "iso", "top", "front", "side"

/// Where the camera is: enough to draw the same picture from another scene or window (the
/// compare view's linked cameras, image and video export at another size).
struct CameraPose {
    std::array<double, 3> position{}, focalPoint{}, viewUp{};
    double viewAngle = 30, parallelScale = 1;
    /// Equal within a relative 1e-9 (a copied pose compares equal).
    bool near(const CameraPose& other) const noexcept;
};

/// The legends' text scale of an exported picture `height` pixels high: proportional to the
/// height above 720 (height / 720: 2 at 1440, 3 at 2160), the view's size (1) up to 720, where
/// smaller text could not be read. The one rule for Export View Image, Export Rollout Video and
/// `iglu render`'s 3D clips (rollout_clip.hpp).
double exportTextScale(int height) noexcept;

class ZoneScene {
public:
    ZoneScene();
    ~ZoneScene();
    ZoneScene(const ZoneScene&) = delete;
    ZoneScene& operator=(const ZoneScene&) = delete;

    /// The renderer holding the scene; add it to exactly one render window.
    vtkRenderer* renderer() const noexcept;

    /// Target of the task; std::nullopt hides ghost, overlay and scores.
    void setTarget(const std::optional<core::Grid>& target);
    /// The world as built (task start, or a rollout step). Cheap: no allocation after the first
    /// call, so scrubbing through a rollout can call it every step.
    void setBuilt(const core::Grid& built);
    void setAgent(const std::optional<core::Pose>& pose);
    /// Overlay on: matched / missing / extra at the best alignment. Off: built blocks in the IGLU
    /// palette and the target as a translucent ghost (when ghost is on).
    void setOverlay(bool on);
    void setGhost(bool on);
    /// Layer slicing and colour isolation (scene_cells.hpp): hidden cells are neither drawn nor
    /// picked; the legend's counts and scores stay those of the whole grids and a legend line
    /// says what is hidden.
    void setFilter(const SceneFilter& filter);
    const SceneFilter& filter() const noexcept;
    /// First line of the legend (e.g. task id and step).
    void setCaption(const std::string& caption);
    /// The legends' text (caption, counts, scores, facing, the belief's) at `scale` times the
    /// view's size (16 px lines; 1 by default): exports scale it with their height (exportTextScale).
    void setTextScale(double scale);
    double textScale() const noexcept;
    /// The agent's belief in force (core::Rollout::beliefAt), drawn by the belief layer
    /// (belief_layer.hpp) against the target; std::nullopt: none.
    void setBelief(const std::optional<core::Belief>& belief);
    /// Shows or hides the belief layer (on by default), like the ghost.
    void setBeliefShown(bool on);
    bool beliefShown() const noexcept;
    const std::optional<core::Belief>& belief() const noexcept;
    /// Counts and prediction scores of the belief shown (drawn = false when none is).
    const BeliefStats& beliefStats() const noexcept;

    bool overlay() const noexcept;
    bool ghost() const noexcept;
    bool hasTarget() const noexcept;
    const core::Grid& built() const noexcept;
    /// Counts and scores of the last update (zeros without a target).
    const OverlayStats& stats() const noexcept;
    /// What each cell shows, indexed like core::Grid (for picking and tests).
    CellKind cellKind(int x, int y, int z) const noexcept;
    /// Number of cubes drawn (solid + ghost).
    int cubesShown() const noexcept;
    /// The floor squares drawn under the shown columns.
    const std::vector<Footprint>& footprints() const noexcept;
    /// Where the last render put the scene's legend and the belief legend (display pixels);
    /// `zone` is the projection of the zone (floor and what stands on it) the legends avoid.
    struct LegendLayout {
        LegendPlacement scene, belief;
        std::vector<Point2> zone;
        Point2 shift{0, 0};  ///< the picture moved to free the legend (camera window centre)
    };
    const LegendLayout& legendLayout() const noexcept;
    /// The legend text currently shown (one line per row; the belief layer's lines last).
    std::string legendText() const;
    /// The compass markers on the floor, one line each: "N 0.0 -0.5 -6.7" (name and position;
    /// yaw 0 faces N = -z, core/env/compass.hpp). With an agent shown, the legend's last line says
    /// where it faces ("agent facing NE (yaw 45, pitch -10)").
    std::string compassText() const;
    /// What the renderer draws, read back from the VTK pipeline's own data (not from the state the
    /// scene was given): every face and edge of the block layers (centre, normal, colour; sorted),
    /// the ghost opacity, the agent's transforms and the legend lines, as text. Two scenes with
    /// the same drawnState() draw the same picture from the same camera (tests, debugging).
    std::string drawnState() const;

    /// Points the camera at the zone from a preset direction and fits the zone.
    void applyView(ViewPreset v);
    CameraPose cameraPose() const;
    /// Moves the camera (clipping range fitted to this scene).
    void setCameraPose(const CameraPose& pose);
    /// The target, built grid, agent, overlay, ghost, caption, belief and camera of `other` (not
    /// its text scale: a copy drawn at another size chooses its own).
    void copyStateFrom(const ZoneScene& other);
    /// The block under a display position (pixels, origin bottom-left, of the render window the
    /// renderer is in); empty when the ray hits nothing shown.
    std::optional<PickedBlock> pick(double displayX, double displayY) const;
    /// Display position (pixels, origin bottom-left) of a world point, e.g. a block centre;
    /// empty when the renderer is not in a window.
    std::optional<std::array<double, 2>> displayPosition(double x, double y, double z) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::viewers

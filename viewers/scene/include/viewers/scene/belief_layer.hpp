#pragma once
// The agent's belief in the 3D view (issue 22): the blocks the agent predicts the target to be
// (core::Belief, published by the agent and stored with the rollout), drawn as line cubes over the
// built blocks and the target ghost, in the colour of each block, one shape per category at the
// best alignment of the belief with the target (core::overlay, never recomputed here):
//   right        predicted and in the target   full cube outline (predicted colour)
//   wrong        predicted, not in the target  outline crossed on every face (predicted colour)
//   unpredicted  in the target, not predicted  corner brackets only (target colour)
// Its own legend (bottom left) gives the step the belief was published at, the counts and the
// prediction precision / recall / F1 (core::scoreFromCounts, the formula of core::score that
// experiments report as prediction F1). Without a target every predicted block is outlined and
// nothing is scored. Owned by ZoneScene (zone_scene.hpp), which forwards target and belief.
// VTK types stay out of this header: only vtkRenderer is forward-declared.
#include <cstdint>
#include <memory>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "viewers/scene/legend_placement.hpp"
#include "core/grid/grid.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout.hpp"

class vtkRenderer;

namespace iglu::viewers {

enum class BeliefCategory : std::uint8_t { Right = 0, Wrong = 1, Unpredicted = 2 };
const char* beliefCategoryName(BeliefCategory c) noexcept;  ///< "right", "wrong", "not predicted"
const char* beliefCategoryStyle(BeliefCategory c) noexcept; ///< "outlined", "crossed", "corners"

struct BeliefStats {
    bool drawn = false;            ///< a belief is set and the layer is shown
    std::uint32_t step = 0;        ///< the step the belief was published at
    int predicted = 0;             ///< blocks in the belief
    int right = 0, wrong = 0, unpredicted = 0;
    bool scored = false;           ///< a target is known: categories and scores below
    core::Scores scores;           ///< prediction precision / recall / F1 against the target
};

class BeliefLayer {
public:
    /// Adds the layer's actors (lines and legend) to `renderer`, which must outlive the layer.
    explicit BeliefLayer(vtkRenderer* renderer);
    ~BeliefLayer();
    BeliefLayer(const BeliefLayer&) = delete;
    BeliefLayer& operator=(const BeliefLayer&) = delete;

    void setTarget(const std::optional<core::Grid>& target);
    /// The belief in force (e.g. core::Rollout::beliefAt(step)); std::nullopt: none.
    void setBelief(const std::optional<core::Belief>& belief);
    /// On by default; off hides lines and legend (the belief is kept).
    void setShown(bool on);

    bool shown() const noexcept;
    const std::optional<core::Belief>& belief() const noexcept;
    const BeliefStats& stats() const noexcept;
    /// The legend lines shown, one per line ("" when nothing is drawn).
    std::string legendText() const;
    /// Full-size width and height of the legend as shown (0 x 0 when hidden), its text
    /// `textScale` times the view's size (ZoneScene::setTextScale); the renderer must be in a
    /// window. The scene places it (legend_placement.hpp) with placeLegend (scale: of the view's size).
    std::array<double, 2> legendSize(double textScale = 1) const;
    void placeLegend(const LegendBox& box, double scale);
    /// Every drawn line segment as "belief x y z r g b" (its centre and colour), unsorted, and
    /// the legend lines as "belief legend ..." (ZoneScene::drawnState).
    void dumpDrawn(std::vector<std::string>& out) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::viewers

#pragma once
// Rollout playback dock: choose a rollout of the selected task (or record a random-agent episode,
// stored in the catalog like Play's Record: source "random-agent:seed=N <UTC time>"; a failed
// write is shown in red in the dock and logged), then play / pause / step / scrub it; the chart
// shows return and F1 per step (a click on it seeks). Rollouts that live only in this session (negative ids: a task
// list is held in memory, replays of experiment episodes, --rollout random) are listed as "unsaved".
// Drives Selection::setRollout / setStep, which the 3D viewer follows (with the agent's belief in
// force at each step); a rollout with beliefs gets a belief line under the timeline
// (logic/belief_status.hpp) and its prediction F1 in the chart. The First-Person View toggle (dock
// and Playback menu) shows, beside the 3D view, what the agent saw at the step shown
// (viewers::PovFrameView: core::PovRenderer of the step's grid and pose), following every seek.
#include <memory>
#include <optional>

#include <QObject>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"
#include "workbench/api/plugin.hpp"

class QComboBox;
class QLabel;
class QToolButton;

namespace iglu::viewers {
class PovFrameView;
class RolloutChart;
class RolloutTimeline;
}  // namespace iglu::viewers

namespace iglu::plugins {

class PlaybackPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;
    void shutdown() override;

private:
    void refreshRollouts();
    void showRollout(qint64 id);
    void recordRandomEpisode();
    void showBeliefStatus(int step);
    void showPov();  // the first-person view at the selected step (when its dock is shown)

    workbench::PluginContext* context_ = nullptr;
    QComboBox* rollouts_ = nullptr;
    QToolButton* record_ = nullptr;
    QLabel* recordStatus_ = nullptr;
    QLabel* beliefStatus_ = nullptr;
    std::shared_ptr<const core::Rollout> rollout_;  ///< the one shown (for the belief line)
    std::optional<core::Grid> target_;
    viewers::RolloutTimeline* timeline_ = nullptr;
    viewers::RolloutChart* chart_ = nullptr;
    viewers::PovFrameView* pov_ = nullptr;
    std::unique_ptr<core::RolloutCursor> povCursor_;  ///< over rollout_
    std::uint64_t nextSeed_ = 1;
};

}  // namespace iglu::plugins

#pragma once
// The 3D viewer plugin: a ZoneView in the centre of the main window that shows the selected task
// (start + target) or the selected rollout at the selected step; publishes ViewerService.
#include <memory>
#include <optional>

#include <QObject>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"
#include "workbench/api/plugin.hpp"

class QAction;
class QMenu;
class QToolBar;

namespace iglu::viewers {
class ZoneView;
}

namespace iglu::plugins {

class ViewerServiceImpl;

class Viewer3dPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    Viewer3dPlugin();
    ~Viewer3dPlugin() override;
    bool initialize(workbench::PluginContext& context, QString* error) override;
    void shutdown() override;

private:
    friend class ViewerServiceImpl;
    void createActions();
    void createSliceActions(QMenu* menu, QToolBar* bar);  // layer slicing, colour isolation
    QString exportFolder() const;                // the default folder of Export View Image / Rollout Video
    void rememberExport(const QString& path);
    void showLive(const core::Grid& target, const core::Grid& built, const core::Pose& agent, const QString& caption,
                  const core::Belief* belief = nullptr);
    void endLive();
    void leaveLive();  // a selection change while live: back to the selected task's target
    void showSelection();  // the selected task, rollout and step, from the open data
    void showTask(const QString& taskId);
    void showRollout(qint64 rolloutId);
    void showStep(int step);
    void updateCaption();
    void exportImage();  // View > Export View Image: offscreen at any size
    void exportClip();   // View > Export Rollout Video: viewers::renderRolloutClip with progress and cancel

    workbench::PluginContext* context_ = nullptr;
    viewers::ZoneView* view_ = nullptr;
    ViewerServiceImpl* service_ = nullptr;
    QString taskId_;
    std::optional<core::Grid> start_;
    std::shared_ptr<const core::Rollout> rollout_;
    std::unique_ptr<core::RolloutCursor> cursor_;
    QAction* exportClip_ = nullptr;
    bool live_ = false;
    std::optional<core::Grid> liveTarget_;  // the target shown while live (set again only when it changes)
};

}  // namespace iglu::plugins

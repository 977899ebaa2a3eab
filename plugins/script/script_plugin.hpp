#pragma once
// The Script plugin: puts the ScriptPanel in a "Script" dock (title: the file name, `*` when
// modified), its Script and Run menus in the main window, feeds it the selected task and shows
// its live episode in the 3D view (ViewerService::showLive); a kept episode is stored in the
// catalog (DataService::storeRollout, source "script:<file> <UTC time>"; a failed write is shown
// in red and logged, the episode stays to retry; with a task list open it is kept for the session
// only and said so) and selected for playback. Quitting with unsaved edits asks Save / Discard /
// Cancel (Shell::addCloseGuard).
#include <QObject>

#include "workbench/api/plugin.hpp"

class QDockWidget;

namespace iglu::plugins::script {
class ScriptPanel;
}

namespace iglu::plugins {

class ScriptPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;
    void shutdown() override;

private:
    void followTask(const QString& taskId);
    void keepRollout();

    workbench::PluginContext* context_ = nullptr;
    script::ScriptPanel* panel_ = nullptr;
    QDockWidget* dock_ = nullptr;
};

}  // namespace iglu::plugins

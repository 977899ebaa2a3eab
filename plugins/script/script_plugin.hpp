#pragma once
// The Script plugin: puts the ScriptPanel in a "Script" dock (title: the file name, `*` when
// modified), its Script and Run menus in the main window, feeds it the selected task and shows
// its live episode in the 3D view (ViewerService::showLive); a kept episode becomes a session
// rollout of the task (DataService::addRollout) selected for playback.
#include <QObject>

#include "workbench/api/plugin.hpp"

class QDockWidget;

namespace iglu::plugins {

class ScriptPanel;

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
    ScriptPanel* panel_ = nullptr;
    QDockWidget* dock_ = nullptr;
};

}  // namespace iglu::plugins

#pragma once
// The play plugin: the "Play" dock (play::PlayPanel) over the selected task. Each step is
// shown in the 3D view through ViewerService::showLive; Record stores the episode as a human
// rollout (source "play:<name> <UTC time>") through DataService::storeRollout, so the Playback
// dock lists it.
#include <QObject>

#include "workbench/api/plugin.hpp"

class QDockWidget;

namespace iglu::plugins::play {
class PlayPanel;
}

namespace iglu::plugins {

class PlayPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;

private:
    void followTask();
    void showInViewer();
    void record(const QString& playerName);

    workbench::PluginContext* context_ = nullptr;
    play::PlayPanel* panel_ = nullptr;
    QDockWidget* dock_ = nullptr;
};

}  // namespace iglu::plugins

#pragma once
// The dataset plugin: the "Dataset" dock, two tabs. Tasks: the DatasetBrowser over the open
// catalog; selecting a row sets Selection::setTask (the 3D viewer shows start, target and diff);
// the table follows the selection and DataService::labelsChanged. Architect sessions: the
// SessionView over DataService::architect(); showing a turn selects the session's task and the
// turn's rollout (Selection::setTask / setRollout), so the 3D view shows the turn's start world
// and, step by step (its slider or the Playback dock), the agent's rollout and belief.
#include <QObject>

#include "workbench/api/plugin.hpp"

namespace iglu::plugins::dataset {
class DatasetBrowser;
class SessionView;
}

namespace iglu::plugins {

class DatasetPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;

private:
    workbench::PluginContext* context_ = nullptr;
    void showTurn(const QString& taskId, qint64 rolloutId, int step);

    dataset::DatasetBrowser* browser_ = nullptr;
    dataset::SessionView* sessions_ = nullptr;
};

}  // namespace iglu::plugins

#pragma once
// Compare plugin: the "Compare" dock (widgets/compare_panel.hpp) showing two or more rollouts of
// the selected task in sync, and Playback > Compare Rollouts, which brings the dock forward with
// the selected rollout checked beside the task's first other rollout (a human tape first); the
// dock shown with nothing checked starts the same way.
#include <QObject>

#include "workbench/api/plugin.hpp"

class QDockWidget;

namespace iglu::plugins::compare {
class ComparePanel;
}

namespace iglu::plugins {

class ComparePlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;
    void shutdown() override {}

private:
    void compareSelected();
    /// Checks the selected rollout and the task's first other rollout (a human tape first).
    void preselect();

    workbench::PluginContext* context_ = nullptr;
    compare::ComparePanel* panel_ = nullptr;
    QDockWidget* dock_ = nullptr;
};

}  // namespace iglu::plugins

#pragma once
// Task editor plugin: the "Task Editor" dock (widgets/editor_panel.hpp) and the Edit Tasks menu
// (New Task, Edit Copy of Selected Task, Save as Custom Task), which bring the dock forward.
#include <QObject>

#include "workbench/api/plugin.hpp"

class QDockWidget;

namespace iglu::plugins::editor {
class EditorPanel;
}

namespace iglu::plugins {

class EditorPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;
    void shutdown() override {}

private:
    editor::EditorPanel* panel_ = nullptr;
    QDockWidget* dock_ = nullptr;
};

}  // namespace iglu::plugins

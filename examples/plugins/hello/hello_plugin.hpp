#pragma once
// The hello plugin (the template of a new plugin, examples/plugins/hello/README.md): wires the
// Hello panel to the workbench: a dock, a menu action, the selected task.
#include <QObject>

#include "workbench/api/plugin.hpp"

namespace iglu::plugins {

class HelloPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;
};

}  // namespace iglu::plugins

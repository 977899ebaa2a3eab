#pragma once
// The dataset plugin: the "Dataset" dock (DatasetBrowser over the open catalog). Selecting a
// row sets Selection::setTask (the 3D viewer shows start, target and diff); the table follows
// the selection and DataService::labelsChanged.
#include <QObject>

#include "workbench/api/plugin.hpp"

namespace iglu::plugins::dataset {
class DatasetBrowser;
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
    dataset::DatasetBrowser* browser_ = nullptr;
};

}  // namespace iglu::plugins

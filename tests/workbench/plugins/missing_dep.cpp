// Test fixture plugin (missing_dep): see missing_dep.json.
#include <stdexcept>

#include <QObject>

#include "workbench/api/plugin.hpp"



namespace iglu::tests {

class Plugin_missing_dep : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "missing_dep.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext&, QString* error) override {
        (void)error;
        return true;
    }
};

}  // namespace iglu::tests

#include "missing_dep.moc"

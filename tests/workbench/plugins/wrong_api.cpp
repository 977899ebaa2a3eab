// Test fixture plugin (wrong_api): see wrong_api.json.
#include <stdexcept>

#include <QObject>

#include "workbench/api/plugin.hpp"



namespace iglu::tests {

class Plugin_wrong_api : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "wrong_api.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext&, QString* error) override {
        (void)error;
        return true;
    }
};

}  // namespace iglu::tests

#include "wrong_api.moc"

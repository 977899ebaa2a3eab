// Test fixture plugin (broken_init): see broken_init.json.
#include <stdexcept>

#include <QObject>

#include "workbench/api/plugin.hpp"



namespace iglu::tests {

class Plugin_broken_init : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "broken_init.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext&, QString* error) override {
        (void)error;
        throw std::runtime_error("deliberately broken test plugin");
    }
};

}  // namespace iglu::tests

#include "broken_init.moc"

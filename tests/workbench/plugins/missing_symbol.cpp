// Test fixture plugin (missing_symbol): see missing_symbol.json.
#include <stdexcept>

#include <QObject>

#include "workbench/api/plugin.hpp"

extern "C" int iglu_test_symbol_that_does_not_exist;

namespace iglu::tests {

class Plugin_missing_symbol : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "missing_symbol.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext&, QString* error) override {
        // Data symbols are bound when the library loads: loading fails before this runs.
        if (iglu_test_symbol_that_does_not_exist == 42) *error = QStringLiteral("unreachable");
        return true;
    }
};

}  // namespace iglu::tests

#include "missing_symbol.moc"

// Test fixture plugins, each broken in one way (tests/workbench/test_workbench, test_app_bad_data):
// tests/workbench/CMakeLists.txt builds this file once per way, defining IGLU_BROKEN_JSON (the
// metadata file, named after the way) and IGLU_BROKEN_<WAY>:
//   broken_init.json     initialize() throws
//   wrong_api.json       ApiVersion 99: refused from its metadata, never loaded
//   missing_symbol.json  needs a data symbol no library provides: loading the library fails
//   missing_dep.json     depends on a plugin that does not exist: never loaded
#include <stdexcept>

#include <QObject>

#include "workbench/api/plugin.hpp"

#ifdef IGLU_BROKEN_MISSING_SYMBOL
extern "C" int iglu_test_symbol_that_does_not_exist;
#endif

namespace iglu::test {

class BrokenPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE IGLU_BROKEN_JSON)
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext&, QString* error) override {
        (void)error;
#if defined(IGLU_BROKEN_INIT)
        throw std::runtime_error("deliberately broken test plugin");
#elif defined(IGLU_BROKEN_MISSING_SYMBOL)
        // Data symbols are bound when the library loads: loading fails before this runs.
        if (iglu_test_symbol_that_does_not_exist == 42) *error = QStringLiteral("unreachable");
#endif
        return true;
    }
};

}  // namespace iglu::test

#include "broken_plugin.moc"

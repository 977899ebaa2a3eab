#include "support/workbench_fixture.hpp"

#include <QTest>

#include "workbench/api/message_log.hpp"
#include "example_catalog.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench_context.hpp"

namespace iglu::test {

QString bundledPluginDir() { return QStringLiteral(IGLU_PLUGIN_DIR); }

std::unique_ptr<workbench::Workbench> loadWorkbench(const QStringList& disabled, const QStringList& extraPluginPaths) {
    workbench::WorkbenchOptions o;
    o.pluginPaths = QStringList{bundledPluginDir()} + extraPluginPaths;
    o.defaultPluginPaths = false;
    o.useSettings = false;
    o.disabledPlugins = disabled;
    auto wb = std::make_unique<workbench::Workbench>(o);
    wb->context().log().setEcho(false);
    wb->loadPlugins();
    return wb;
}

bool openExampleCatalog(workbench::Workbench& wb, const QString& path, QString* error) {
    return workbench::createExampleCatalog(path, &wb.window(), error) && wb.openData(path, error);
}

bool showWorkbench(workbench::Workbench& wb, QSize size, bool activate) {
    QMainWindow& w = wb.window();
    if (size.isValid()) w.resize(size);
    w.show();
    if (!activate) return QTest::qWaitForWindowExposed(&w);
    w.activateWindow();
    return QTest::qWaitForWindowActive(&w);
}

}  // namespace iglu::test

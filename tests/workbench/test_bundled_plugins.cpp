// Every bundled plugin, generically (as 3D Slicer generates a test per module): the list comes from
// the plugin registry (support/bundled_plugins.hpp, generated from the plugins/ folders), so a new
// plugin is covered without touching this file. Each one loads in the full workbench from the
// module named after its folder, carries the Version and ApiVersion CMake wrote into its
// plugin.json, logs no error while loading or shutting down; disabled, it is not loaded and the
// plugins that need it are not loaded either (with a reason naming it); the bundled folder holds
// no module outside the registry.
#include <QFileInfo>
#include <QtTest>

#include "plugin_manager.hpp"
#include "support/bundled_plugins.hpp"
#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/plugin.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {

QStringList registry() {
    QStringList names;
    for (const char* n : test::kBundledPlugins) names << QString::fromLatin1(n);
    return names;
}

QStringList errors(const MessageLog& log) {
    QStringList found;
    for (const LogEntry& e : log.entries())
        if (e.level == LogEntry::Level::Error) found << e.source + QStringLiteral(": ") + e.text;
    return found;
}

}  // namespace

class TestBundledPlugins : public QObject {
    Q_OBJECT

private slots:
    void eachLoadsFromItsFolderNameWithTheGeneratedVersions() {
        auto wb = test::loadWorkbench();
        const QStringList names = registry();
        QVERIFY(names.size() >= 11);
        for (const QString& name : names) {
            const PluginSpec* s = wb->plugins().plugin(name);
            QVERIFY2(s != nullptr, qPrintable(name));
            QVERIFY2(s->state == PluginState::Loaded, qPrintable(name + QStringLiteral(": ") + s->error));
            QCOMPARE(QFileInfo(s->filePath).fileName(), QStringLiteral("libiglu_plugin_%1.so").arg(name));
            QCOMPARE(s->version, QStringLiteral(IGLU_WORKBENCH_VERSION));
            QCOMPARE(s->apiVersion, kPluginApiVersion);
            QVERIFY2(!s->displayName.isEmpty(), qPrintable(name));
        }
        // Nothing in the bundled folder that the registry does not know (a stale module).
        for (const PluginSpec& s : wb->plugins().plugins())
            QVERIFY2(names.contains(s.name), qPrintable(s.name + QStringLiteral(" is no plugins/ folder")));
        QCOMPARE(errors(wb->context().log()), QStringList());
        wb->plugins().shutdown();
        QCOMPARE(errors(wb->context().log()), QStringList());
    }

    void eachCanBeDisabledAlone() {
        // Metadata only: every plugin but the ones that depend on `name` is disabled too, so no
        // library is loaded (Qt keeps one instance per library across plugin managers).
        const QStringList names = registry();
        WorkbenchContext ctx;
        ctx.log().setEcho(false);
        PluginManager probe(ctx);
        probe.setSearchPaths({QStringLiteral(IGLU_PLUGIN_DIR)});
        probe.setDisabled(names);
        probe.loadPlugins();
        for (const QString& name : names) {
            QVERIFY2(probe.plugin(name) != nullptr, qPrintable(name));
            QCOMPARE(probe.plugin(name)->state, PluginState::Disabled);
        }
        for (const QString& name : names) {
            QStringList dependents;
            for (const PluginSpec& s : probe.plugins())
                if (s.dependencies == QStringList{name}) dependents << s.name;
            if (dependents.isEmpty()) continue;
            QStringList disabled = names;
            for (const QString& d : dependents) disabled.removeAll(d);
            WorkbenchContext c;
            c.log().setEcho(false);
            PluginManager pm(c);
            pm.setSearchPaths({QStringLiteral(IGLU_PLUGIN_DIR)});
            pm.setDisabled(disabled);
            pm.loadPlugins();
            QCOMPARE(pm.plugin(name)->state, PluginState::Disabled);
            for (const QString& d : dependents) {
                QCOMPARE(pm.plugin(d)->state, PluginState::Failed);
                QVERIFY2(pm.plugin(d)->error.contains(name), qPrintable(d + QStringLiteral(": ") + pm.plugin(d)->error));
            }
        }
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestBundledPlugins)
#include "test_bundled_plugins.moc"

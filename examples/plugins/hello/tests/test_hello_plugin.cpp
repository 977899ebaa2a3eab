// The hello fixture plugin inside the workbench (Xvfb), the proof that a plugin built by
// iglu_add_plugin() the way plugins/README.md says is found, loaded and wired: it is listed as
// loaded with its metadata, its dock and menu appear, its panel follows the selection and its menu
// action; the panel is reached with the shared fixture's findPluginWidget (a qobject_cast across
// the module boundary finds nothing, which is why the fixture goes by class name).
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QtTest>

#include "support/gui_main.hpp"
#include "widgets/hello_panel.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"
#include "support/workbench_fixture.hpp"

using namespace iglu;
using namespace iglu::workbench;
using plugins::hello::HelloPanel;

class TestHelloPlugin : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;

    QMenu* menu(const QString& title) {
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->text() == title) return a->menu();
        return nullptr;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({}, {QStringLiteral(IGLU_THIS_PLUGIN_DIR)});
        QString error;
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1024, 768}));
    }
    void cleanupTestCase() { wb_.reset(); }

    void loadsWithItsMetadata() {
        const PluginSpec* s = wb_->plugins().plugin(QStringLiteral("hello"));
        QVERIFY(s != nullptr);
        QVERIFY2(s->state == PluginState::Loaded, qPrintable(s->error));
        QCOMPARE(s->displayName, QStringLiteral("Hello"));
        // The bundled plugins load beside it.
        for (const char* name : {"tasklist", "viewer3d", "playback"})
            QCOMPARE(wb_->plugins().plugin(QString::fromLatin1(name))->state, PluginState::Loaded);
    }

    void dockAndMenuAppear() {
        auto* dock = wb_->window().findChild<QDockWidget*>(QStringLiteral("hello"));
        QVERIFY(dock != nullptr);
        QCOMPARE(dock->windowTitle(), QStringLiteral("Hello"));
        QMenu* hello = menu(QStringLiteral("&Hello"));
        QVERIFY(hello != nullptr);
        QCOMPARE(hello->actions().size(), 1);
        QCOMPARE(hello->actions().front()->text(), QStringLiteral("Greet Again"));
    }

    void panelFollowsTheSelectionAndTheMenu() {
        HelloPanel* panel = test::findPluginWidget<HelloPanel>(wb_->window(), QStringLiteral("helloPanel"));
        QVERIFY(panel != nullptr);
        // The module's HelloPanel is another copy of the class than this test's.
        QVERIFY(qobject_cast<HelloPanel*>(wb_->window().findChild<QWidget*>(QStringLiteral("helloPanel"))) == nullptr);
        // A widget of another class under the same name is not taken for it.
        QVERIFY(test::findPluginWidget<HelloPanel>(wb_->window(), QStringLiteral("hello")) == nullptr);
        QCOMPARE(panel->text(), QStringLiteral("Hello, no task"));

        const QString task = wb_->context().data().tasks().front().id;
        wb_->context().selection().setTask(task);
        QCOMPARE(panel->text(), QStringLiteral("Hello, %1").arg(task));
        wb_->window().findChild<QAction*>(QStringLiteral("hello.greetAgain"))->trigger();
        QCOMPARE(panel->times(), 2);
        QCOMPARE(panel->text(), QStringLiteral("Hello, %1 (x2)").arg(task));
    }

    void canBeDisabled() {
        // A plugin manager of its own over the fixture's folder only (a second Workbench would get
        // the same plugin instances: Qt keeps one root object per library).
        WorkbenchContext ctx;
        ctx.log().setEcho(false);
        PluginManager pm(ctx);
        pm.setSearchPaths({QStringLiteral(IGLU_THIS_PLUGIN_DIR)});
        pm.setDisabled({QStringLiteral("hello")});
        pm.loadPlugins();
        QVERIFY(pm.plugin(QStringLiteral("hello")) != nullptr);
        QCOMPARE(pm.plugin(QStringLiteral("hello"))->state, PluginState::Disabled);
    }
};

IGLU_GUI_TEST_MAIN(TestHelloPlugin)
#include "test_hello_plugin.moc"

// The Script plugin inside the workbench (Xvfb): the bundled oracle, opened from the Examples
// menu, runs live (flying, max speed) on a bundled task until the target is built (status F1 1,
// the 3D view follows in live mode) and is kept as a playback rollout; pause stops stepping and
// Step advances exactly one action; a failing script prints a red file:line link in the console
// that moves the editor to that line; print output reaches the console.
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTextBlock>
#include <QToolButton>
#include <QtTest>

#include "core/metrics/metrics.hpp"
#include "gui_main.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {
const QString kTask = QStringLiteral("CQ-game-1029");  // 6 starting blocks, 13 target blocks
const QColor kRed(0xc6, 0x28, 0x28);                     // ScriptConsole::errorColour()

int stepOf(const QString& status) {
    static const QRegularExpression re(QStringLiteral(R"(^step (\d+) /)"));
    const auto m = re.match(status);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}
}  // namespace

class TestScriptWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;

    template <class T>
    T* child(const char* name) {
        return wb_->window().findChild<T*>(QString::fromLatin1(name));
    }
    QPlainTextEdit* editor() { return child<QPlainTextEdit>("scriptEditor"); }
    QPlainTextEdit* console() { return child<QPlainTextEdit>("scriptConsole"); }
    QString status() { return child<QLabel>("scriptStatus")->text(); }
    QToolButton* button(const char* name) { return child<QToolButton>(name); }
    ViewerService* viewer() { return wb_->context().service<ViewerService>(); }

    /// Replaces the editor's text as if typed (select all, then insert).
    void setScript(const QString& text) {
        editor()->selectAll();
        editor()->insertPlainText(text);
    }

private slots:
    void initTestCase() {
        WorkbenchOptions o;
        o.pluginPaths = {QStringLiteral(IGLU_PLUGIN_DIR)};
        o.defaultPluginPaths = false;
        o.useSettings = false;
        wb_ = std::make_unique<Workbench>(o);
        wb_->context().log().setEcho(false);
        wb_->loadPlugins();
        QString error;
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        QVERIFY2(wb_->selectTask(kTask, &error), qPrintable(error));
        wb_->window().resize(1280, 900);
        wb_->window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb_->window()));
        child<QDockWidget>("script")->raise();  // docks share the right area as tabs
    }
    void cleanupTestCase() { wb_.reset(); }

    void pluginLoadsWithDockAndMenu() {
        const PluginSpec* s = wb_->plugins().plugin(QStringLiteral("script"));
        QVERIFY(s != nullptr);
        QVERIFY2(s->state == PluginState::Loaded, qPrintable(s->error));
        auto* dock = child<QDockWidget>("script");
        QVERIFY(dock != nullptr);
        QVERIFY(dock->windowTitle().startsWith(QStringLiteral("Script: untitled.lua")));
        QStringList texts;
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->text() == QStringLiteral("&Script"))
                for (QAction* b : a->menu()->actions()) texts << b->text();
        for (const char* want : {"&Open Script...", "&Save Script", "Save Script &As...", "&Examples", "Run Agent", "Step"})
            QVERIFY2(texts.contains(QString::fromLatin1(want)), want);
        QVERIFY(button("scriptRun")->isEnabled());  // a task is selected
        QVERIFY(status().contains(kTask));
    }

    void oracleExampleBuildsTheTargetLive() {
        auto* examples = child<QMenu>("scriptExamples");
        QVERIFY(examples != nullptr);
        QAction* oracle = nullptr;
        QStringList names;
        for (QAction* a : examples->actions()) {
            names << a->text();
            if (a->text() == QStringLiteral("oracle.lua")) oracle = a;
        }
        QCOMPARE(names, (QStringList{"noop.lua", "oracle.lua", "random.lua"}));
        oracle->trigger();
        QVERIFY(editor()->toPlainText().contains(QStringLiteral("build.new")));
        QCOMPARE(child<QDockWidget>("script")->windowTitle(), QStringLiteral("Script: oracle.lua"));

        auto* space = child<QComboBox>("scriptActionSpace");
        space->setCurrentIndex(space->findText(QStringLiteral("flying")));
        child<QCheckBox>("scriptMaxSpeed")->setChecked(true);
        const int framesBefore = viewer()->framesRendered();
        QSignalSpy content(viewer(), &ViewerService::contentChanged);
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status().contains(QStringLiteral("agent finished")), 60000);
        QVERIFY2(status().contains(QStringLiteral("F1 1.000")), qPrintable(status()));
        QVERIFY2(status().contains(QStringLiteral("done yes")), qPrintable(status()));
        QVERIFY(stepOf(status()) > 13);
        QVERIFY(console()->toPlainText().contains(QStringLiteral("(target built exactly)")));
        // The 3D view followed the episode live and drew it.
        QVERIFY(viewer()->isLive());
        QVERIFY(content.count() >= 2);
        QTRY_VERIFY(viewer()->framesRendered() > framesBefore);
        QVERIFY2(viewer()->legendText().contains(QStringLiteral("F1 1.00")), qPrintable(viewer()->legendText()));

        // Kept as a rollout: selected for playback, its final grid is the target.
        QVERIFY(button("scriptKeep")->isEnabled());
        QTest::mouseClick(button("scriptKeep"), Qt::LeftButton);
        const qint64 id = wb_->context().selection().rolloutId();
        QVERIFY(id < 0);
        const auto rollout = wb_->context().data().rollout(id);
        QVERIFY(rollout != nullptr);
        QCOMPARE(static_cast<int>(rollout->size()), stepOf(status()));
        const auto task = wb_->context().data().task(kTask);
        QCOMPARE(core::score(task->target, rollout->finalGrid()).f1, 1.0);
        QVERIFY(!viewer()->isLive());  // the selection (the rollout) is shown again
    }

    void pauseAndStepAreExact() {
        setScript(QStringLiteral("local n = 0\nreturn { act = function(obs)\n  n = n + 1\n  print('act', n)\n  return 0\nend }\n"));
        QVERIFY(child<QDockWidget>("script")->windowTitle().endsWith(QLatin1Char('*')));
        child<QComboBox>("scriptActionSpace")->setCurrentIndex(child<QComboBox>("scriptActionSpace")->findText("walking"));
        child<QCheckBox>("scriptMaxSpeed")->setChecked(false);  // the slider's default: 10 steps/s
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QTRY_VERIFY(stepOf(status()) >= 2);
        QTest::mouseClick(button("scriptPause"), Qt::LeftButton);
        QVERIFY(status().endsWith(QStringLiteral("paused")));
        QCOMPARE(button("scriptPause")->text(), QStringLiteral("Resume"));
        const int n = stepOf(status());
        QTest::qWait(300);  // paused: nothing advances
        QCOMPARE(stepOf(status()), n);
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), n + 1);
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), n + 2);
        QVERIFY(console()->toPlainText().contains(QStringLiteral("act\t%1").arg(n + 2)));
        QVERIFY(!console()->toPlainText().contains(QStringLiteral("act\t%1").arg(n + 3)));
        QTest::mouseClick(button("scriptPause"), Qt::LeftButton);  // resume
        QTRY_VERIFY(stepOf(status()) > n + 2);
        QTest::mouseClick(button("scriptStop"), Qt::LeftButton);
        QVERIFY(status().endsWith(QStringLiteral("stopped")));
        QVERIFY(!button("scriptStop")->isEnabled());
    }

    void errorLinkMovesTheEditorToTheLine() {
        setScript(QStringLiteral("local n = 0\nreturn { act = function(obs)\n  n = n + 1\n  if n == 3 then error('broke on purpose') end\n"
                                 "  return 0\nend }\n"));
        editor()->moveCursor(QTextCursor::Start);
        child<QCheckBox>("scriptMaxSpeed")->setChecked(true);
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QTRY_VERIFY(status().endsWith(QStringLiteral("error")));
        QCOMPARE(stepOf(status()), 2);
        // The red link "…/oracle.lua:4" (the open file's name is the chunk name).
        QTextCursor linkAt;
        for (QTextBlock b = console()->document()->begin(); b.isValid() && linkAt.isNull(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it) {
                const QTextFragment f = it.fragment();
                if (f.charFormat().isAnchor() && f.text().endsWith(QStringLiteral("oracle.lua:4")) && b.text().contains("broke on purpose")) {
                    QCOMPARE(f.charFormat().foreground().color(), kRed);
                    linkAt = QTextCursor(console()->document());
                    linkAt.setPosition(f.position() + 2);
                    break;
                }
            }
        QVERIFY2(!linkAt.isNull(), qPrintable(console()->toPlainText()));
        console()->ensureCursorVisible();
        const QPoint p = console()->cursorRect(linkAt).center();
        QVERIFY(!console()->anchorAt(p).isEmpty());
        QCOMPARE(editor()->textCursor().blockNumber() + 1, 1);
        QTest::mouseClick(console()->viewport(), Qt::LeftButton, {}, p);
        QCOMPARE(editor()->textCursor().blockNumber() + 1, 4);
    }

    void syntaxErrorEndsTheLiveView() {
        QVERIFY(viewer()->isLive());  // the failed episode above is still shown
        setScript(QStringLiteral("return {\n  act = function(obs)\n"));
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QVERIFY2(console()->toPlainText().contains(QStringLiteral("oracle.lua:3:")), qPrintable(console()->toPlainText()));
        QVERIFY(!viewer()->isLive());
        QVERIFY(viewer()->legendText().startsWith(kTask));  // the selected task again
    }

    void stepWithoutAnEpisodeStartsPaused() {
        setScript(QStringLiteral("return { act = function(obs) return 0 end }\n"));
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), 0);
        QVERIFY(status().endsWith(QStringLiteral("paused")));
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), 1);
        // Selecting another task stops the episode.
        QString error;
        QVERIFY(wb_->selectTask(QStringLiteral("CQ-game-6"), &error));
        QVERIFY(status().contains(QStringLiteral("stopped")));
        QVERIFY(console()->toPlainText().contains(QStringLiteral("stopped: the selected task changed")));
    }
};

IGLU_GUI_TEST_MAIN(TestScriptWorkbench)
#include "test_script_workbench.moc"

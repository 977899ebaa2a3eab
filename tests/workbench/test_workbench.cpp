// The workbench end to end under Xvfb: every real plugin loads, deliberately broken plugins are
// reported with their reason while the rest work; the bundled data opens, a task selected in the
// task list is drawn (pixels checked for block and overlay colours), rollout playback drives the
// view; the command line lists plugins, takes screenshots and rejects bad input clearly.
#include <set>

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "core/intersection/maximal_intersection.hpp"
#include "support/gui_main.hpp"
#include "support/process.hpp"
#include "support/scene_pixels.hpp"
#include "viewers/qt/rollout_timeline.hpp"
#include "viewers/qt/surface_format.hpp"
#include "viewers/scene/palette.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "core/metrics/metrics.hpp"
#include "example_catalog.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "plugins_dialog.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;
using viewers::Rgb;

namespace {
using test::countPixels;
using test::ProcessResult;
using test::shadedMatch;

ProcessResult runApp(const QStringList& args, std::optional<QProcessEnvironment> env = {}) {
    return test::runWorkbench(args, {120000, std::move(env)});
}
}  // namespace

class TestWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir catalogDir_;

    ViewerService* viewer() { return wb_->context().service<ViewerService>(); }
    /// A freshly rendered image of the 3D view after the content changed.
    QImage freshView() {
        return viewer()->grabImage();  // grabFramebuffer renders the current content
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({}, {QStringLiteral(IGLU_BROKEN_PLUGIN_DIR)});
    }
    void cleanupTestCase() { wb_.reset(); }

    void realPluginsLoadAndBrokenOnesAreReported() {
        const auto& pm = wb_->plugins();
        for (const char* name : {"tasklist", "viewer3d", "playback"}) {
            const PluginSpec* s = pm.plugin(QString::fromLatin1(name));
            QVERIFY2(s != nullptr, name);
            QVERIFY2(s->state == PluginState::Loaded, qPrintable(QStringLiteral("%1: %2").arg(name, s->error)));
        }
        const struct { const char* name; const char* reason; } broken[] = {
            {"broken_init", "deliberately broken"},
            {"wrong_api", "API version 99"},
            {"missing_symbol", "iglu_test_symbol_that_does_not_exist"},
            {"missing_dep", "no-such-plugin"},
        };
        for (const auto& b : broken) {
            const PluginSpec* s = pm.plugin(QString::fromLatin1(b.name));
            QVERIFY2(s != nullptr, b.name);
            QCOMPARE(s->state, PluginState::Failed);
            QVERIFY2(s->error.contains(QString::fromLatin1(b.reason)), qPrintable(s->error));
            QVERIFY2(wb_->context().log().count(QString::fromLatin1(b.name)) > 0, b.name);
        }
        // Playback depends on the viewer: the load order respects it.
        const auto& specs = pm.plugins();
        QVERIFY(wb_->context().service<ViewerService>() != nullptr);
        // The Plugins dialog lists every plugin with its state and reason.
        PluginsDialog dialog(pm, &wb_->window());
        QTableWidget* table = dialog.table();
        QCOMPARE(table->rowCount(), int(specs.size()));
        bool sawReason = false;
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->item(row, 2)->text() == QStringLiteral("failed") && table->item(row, 3)->text().contains(QStringLiteral("deliberately broken")))
                sawReason = true;
        QVERIFY(sawReason);
        QVERIFY(dialog.disabledNames().isEmpty());
        table->item(0, 0)->setCheckState(Qt::Unchecked);
        QCOMPARE(dialog.disabledNames(), QStringList{table->item(0, 0)->data(Qt::UserRole).toString()});
    }

    void disabledPluginAndDependentsAreSkipped() {
        WorkbenchContext ctx;
        ctx.log().setEcho(false);
        PluginManager pm(ctx);
        pm.setSearchPaths({test::bundledPluginDir()});
        // Every other plugin with widgets is disabled too: then nothing is initialized and no shell
        // is needed.
        pm.setDisabled({QStringLiteral("viewer3d"), QStringLiteral("tasklist"), QStringLiteral("dataset"),
                        QStringLiteral("labeling"), QStringLiteral("editor")});
        pm.loadPlugins();
        QCOMPARE(pm.plugin(QStringLiteral("viewer3d"))->state, PluginState::Disabled);
        QCOMPARE(pm.plugin(QStringLiteral("playback"))->state, PluginState::Failed);
        QVERIFY(pm.plugin(QStringLiteral("playback"))->error.contains(QStringLiteral("disabled")));
    }

    void badInputIsAClearError() {
        QString error;
        QVERIFY(!wb_->openData(QStringLiteral("/nonexistent/catalog.db"), &error));
        QVERIFY2(error.contains(QStringLiteral("/nonexistent/catalog.db")), qPrintable(error));
        QTemporaryDir dir;
        const QString badJsonl = dir.filePath(QStringLiteral("bad.jsonl"));
        QFile f(badJsonl);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"id\": \"x\", \"instruction\": \"i\", \"starting_blocks\": [], \"target_blocks\": [[9, 0, 0, 1]]}\n");
        f.close();
        QVERIFY(!wb_->openData(badJsonl, &error));
        QVERIFY2(error.contains(QStringLiteral("bad.jsonl")), qPrintable(error));
        const QString notACatalog = dir.filePath(QStringLiteral("text.db"));
        QFile t(notACatalog);
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write("this is not a catalog\n");
        t.close();
        QVERIFY(!wb_->openData(notACatalog, &error));
        QVERIFY2(error.contains(QStringLiteral("text.db")), qPrintable(error));
        // A task list (.jsonl) opens as an in-memory catalog: every plugin sees it (the Dataset
        // browser lists its tasks too).
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        QCOMPARE(wb_->context().data().tasks().size(), 4);
        QCOMPARE(wb_->context().data().kind(), QStringLiteral("task list"));
        QVERIFY(wb_->context().data().inMemory());
        auto* browser = wb_->window().findChild<QTableView*>(QStringLiteral("browserTable"));
        QVERIFY(browser != nullptr);
        QCOMPARE(browser->model()->rowCount(), 4);
    }

    void bundledDataTaskIsDrawnWithOverlay() {
        QString error;
        // The bundled example catalog, imported from examples/data as on a first start.
        QVERIFY2(createExampleCatalog(catalogDir_.filePath(QStringLiteral("examples.db")), &wb_->window(), &error), qPrintable(error));
        QVERIFY2(wb_->openData(catalogDir_.filePath(QStringLiteral("examples.db")), &error), qPrintable(error));
        QCOMPARE(wb_->context().data().kind(), QStringLiteral("catalog"));
        QVERIFY(wb_->context().data().tasks().size() >= 20);
        QVERIFY(!wb_->selectTask(QStringLiteral("no-such-task"), &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-task")), qPrintable(error));

        auto& w = wb_->window();
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // Select the task by clicking its row in the task list dock.
        auto* table = w.findChild<QTableView*>(QStringLiteral("taskTable"));
        QVERIFY(table != nullptr);
        const QString taskId = QStringLiteral("CQ-game-2681");
        int row = -1;
        for (int r = 0; r < table->model()->rowCount(); ++r)
            if (table->model()->index(r, 0).data().toString() == taskId) row = r;
        QVERIFY(row >= 0);
        QSignalSpy taskChanged(&wb_->context().selection(), &Selection::taskChanged);
        const QRect cell = table->visualRect(table->model()->index(row, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTRY_COMPARE(wb_->context().selection().taskId(), taskId);
        QCOMPARE(taskChanged.count(), 1);
        QTRY_VERIFY(viewer()->framesRendered() > 0);

        const auto task = wb_->context().data().task(taskId);
        QVERIFY(task.has_value());
        QVERIFY2(viewer()->legendText().contains(taskId), qPrintable(viewer()->legendText()));
        // Overlay off: the start blocks in their palette colours and the target ghost.
        const QImage plain = freshView();
        std::set<int> startColours;
        for (const auto& b : task->starting.blocks()) startColours.insert(b.colour);
        QVERIFY(!startColours.empty());
        for (int c : startColours)
            QVERIFY2(countPixels(plain, [c](Rgb p) { return shadedMatch(p, viewers::blockColour(c)); }) > 30,
                     qPrintable(QStringLiteral("start colour %1").arg(c)));

        // Overlay on: the categories the core finds at the best alignment are drawn.
        QVERIFY(wb_->setOverlay(true, &error));
        const auto ov = core::overlay(task->target, task->starting);
        QVERIFY(!ov.missing.empty());
        const QImage img = freshView();
        if (!ov.matched.empty())
            QVERIFY(countPixels(img, [](Rgb p) { return shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Matched)); }) > 30);
        if (!ov.extra.empty())
            QVERIFY(countPixels(img, [](Rgb p) { return shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Extra)); }) > 30);
        QVERIFY(countPixels(img, [](Rgb p) {
                    return shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Missing), viewers::kMissingOpacity);
                }) > 200);
        QVERIFY2(viewer()->legendText().contains(QStringLiteral("missing  %1").arg(ov.missing.size(), 3)),
                 qPrintable(viewer()->legendText()));
        QVERIFY(wb_->setOverlay(false, &error));
    }

    // Edit holds Undo / Redo (not File); File > Open Recent lists what was opened, newest first,
    // a missing file disabled; View > Reset Layout undoes a squashed dock; the 3D view keeps a
    // usable size when the window is made as small as it goes.
    void menusRecentDataAndLayout() {
        auto& w = wb_->window();
        const auto menuNamed = [&](const QString& title) -> QMenu* {
            for (QAction* a : w.menuBar()->actions())
                if (a->menu() && a->text() == title) return a->menu();
            return nullptr;
        };
        const auto texts = [](QMenu* m) {
            QStringList t;
            for (QAction* a : m->actions()) t << a->text();
            return t;
        };
        QMenu* edit = menuNamed(QStringLiteral("&Edit"));
        QVERIFY(edit != nullptr);
        QVERIFY(texts(edit).filter(QStringLiteral("Undo")).size() == 1 && texts(edit).filter(QStringLiteral("Redo")).size() == 1);
        QVERIFY(texts(menuNamed(QStringLiteral("&File"))).filter(QStringLiteral("Undo")).isEmpty());
        const QStringList titles = [&] {
            QStringList t;
            for (QAction* a : w.menuBar()->actions()) t << a->text();
            return t;
        }();
        QVERIFY(titles.indexOf(QStringLiteral("&Edit")) == titles.indexOf(QStringLiteral("&File")) + 1);

        // Recent: the catalog opened by the previous test, then a task list, newest first.
        const QString list = catalogDir_.filePath(QStringLiteral("recent.jsonl"));
        QVERIFY(QFile::copy(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), list));
        QString error;
        QVERIFY2(wb_->openData(list, &error), qPrintable(error));
        const QStringList recent = w.recentData();
        QVERIFY(recent.size() >= 2);
        QCOMPARE(recent[0], QFileInfo(list).absoluteFilePath());
        QCOMPARE(recent[1], QFileInfo(catalogDir_.filePath(QStringLiteral("examples.db"))).absoluteFilePath());
        QVERIFY(QFile::remove(list));
        auto* recentMenu = w.findChild<QMenu*>(QStringLiteral("recentMenu"));
        QVERIFY(recentMenu != nullptr);
        emit recentMenu->aboutToShow();
        QAction* first = recentMenu->actions().front();
        QVERIFY(first->text().contains(QStringLiteral("recent.jsonl")) && first->text().contains(QStringLiteral("missing")));
        QVERIFY(!first->isEnabled());
        QAction* second = recentMenu->actions().at(1);
        QVERIFY(second->isEnabled());
        second->trigger();  // reopens the catalog
        QTRY_COMPARE(QFileInfo(wb_->context().data().path()).fileName(), QStringLiteral("examples.db"));

        // Reset Layout: a dock squashed to nothing comes back to the size the plugins gave it.
        w.resize(1200, 800);
        QTest::qWait(50);
        QDockWidget* dock = nullptr;
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            if (!d->isHidden() && !d->isFloating() && w.dockWidgetArea(d) == Qt::LeftDockWidgetArea) dock = d;
        QVERIFY(dock != nullptr);
        auto* reset = w.findChild<QAction*>(QStringLiteral("resetLayoutAction"));
        QVERIFY(reset != nullptr);
        reset->trigger();
        QTest::qWait(50);
        const int base = dock->width();
        w.resizeDocks({dock}, {10}, Qt::Horizontal);
        QTRY_VERIFY(dock->width() < base);
        reset->trigger();
        QCOMPARE(w.size(), QSize(1200, 800));  // the window keeps its size (test_first_start: proportions)
        QTRY_VERIFY2(std::abs(dock->width() - base) <= 8, qPrintable(QStringLiteral("%1 vs %2").arg(dock->width()).arg(base)));

        // The smallest window: the central 3D view keeps at least 320 x 240 (it was ~160 wide).
        w.resize(100, 100);
        QTest::qWait(50);
        QVERIFY(w.centralWidget() != nullptr);
        QVERIFY2(w.centralWidget()->width() >= 320 && w.centralWidget()->height() >= 240,
                 qPrintable(QStringLiteral("%1 x %2").arg(w.centralWidget()->width()).arg(w.centralWidget()->height())));
        w.resize(1200, 800);
    }

    void playbackDrivesTheView() {
        QString error;
        QVERIFY(wb_->selectTask(QStringLiteral("CQ-game-2681"), &error));
        // The task's human tape, from the catalog.
        QVERIFY2(wb_->selectRollout(QStringLiteral("first"), QStringLiteral("50%"), &error), qPrintable(error));
        const qint64 human = wb_->context().selection().rolloutId();
        QVERIFY(human > 0);
        const auto tape = wb_->context().data().rollout(human);
        QVERIFY(tape != nullptr && tape->kind == core::RolloutKind::Human && tape->size() > 0);
        const int half = static_cast<int>(static_cast<double>(tape->size()) / 2 + 0.5);
        QCOMPARE(wb_->context().selection().step(), half);
        QVERIFY2(viewer()->legendText().contains(QStringLiteral("step %1 / %2").arg(half).arg(tape->size())),
                 qPrintable(viewer()->legendText()));
        // At the end of the tape the human built the target: F1 1.
        wb_->context().selection().setStep(static_cast<int>(tape->size()));
        core::RolloutCursor end(*tape);
        end.seek(tape->size());
        const auto task = wb_->context().data().task(QStringLiteral("CQ-game-2681"));
        QVERIFY(task.has_value());
        QVERIFY2(viewer()->legendText().contains(QStringLiteral("F1 %1").arg(core::score(task->target, end.grid()).f1, 0, 'f', 2)),
                 qPrintable(viewer()->legendText()));

        // A random-agent episode recorded in this session.
        QVERIFY2(wb_->selectRollout(QStringLiteral("random:4"), QStringLiteral("0"), &error), qPrintable(error));
        const qint64 id = wb_->context().selection().rolloutId();
        QVERIFY(id < 0);
        const auto rollout = wb_->context().data().rollout(id);
        QVERIFY(rollout != nullptr);
        auto* timeline = wb_->window().findChild<viewers::RolloutTimeline*>(QStringLiteral("timeline"));
        QVERIFY(timeline != nullptr);
        QCOMPARE(timeline->frameCount(), int(rollout->size()));
        QSignalSpy steps(&wb_->context().selection(), &Selection::stepChanged);
        timeline->setPosition(100);
        QCOMPARE(wb_->context().selection().step(), 100);
        QCOMPARE(steps.count(), 1);
        core::RolloutCursor cursor(*rollout);
        cursor.seek(100);
        const QString legend = viewer()->legendText();
        QVERIFY2(legend.contains(QStringLiteral("step 100 / %1").arg(rollout->size())), qPrintable(legend));
        QVERIFY2(legend.contains(QStringLiteral("built %1 ").arg(cursor.grid().count())), qPrintable(legend));
        // Selecting a step elsewhere (e.g. from a script) moves the timeline.
        wb_->context().selection().setStep(7);
        QCOMPARE(timeline->position(), 7);
        QVERIFY(!wb_->selectRollout(QStringLiteral("123456"), QStringLiteral("0"), &error));
        QVERIFY2(error.contains(QStringLiteral("123456")), qPrintable(error));
    }

    void listPluginsCommand() {
        const ProcessResult r = runApp({QStringLiteral("--list-plugins"), QStringLiteral("--plugin-path"), QStringLiteral(IGLU_BROKEN_PLUGIN_DIR)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("viewer3d 0.1.0: loaded")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("broken_init 0.0.1: failed: initialize() threw: deliberately broken")), qPrintable(r.out));
    }

    // Qt's xcb platform aborts without a display: the application says what is missing instead,
    // and still answers --version and --help.
    void withoutDisplayItSaysSo() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        ProcessResult r = runApp({QStringLiteral("--version")}, env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("iglu-workbench " IGLU_VERSION)), qPrintable(r.out));
        r = runApp({QStringLiteral("--help")}, env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("--list-plugins")), qPrintable(r.out));
        r = runApp({QStringLiteral("--list-plugins")}, env);
        QCOMPARE(r.exitCode, 3);  // not an abort (-1)
        QVERIFY2(r.err.contains(QStringLiteral("DISPLAY")), qPrintable(r.err));
    }

    void screenshotCommand() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("shot.png"));
        ProcessResult r = runApp({QStringLiteral("--task"), QStringLiteral("CQ-game-2681"), QStringLiteral("--overlay"),
                        QStringLiteral("--screenshot"), out, QStringLiteral("--size"), QStringLiteral("1000x700")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QImage img(out);
        QCOMPARE(img.size(), QSize(1000, 700));
        QVERIFY(countPixels(img, [](Rgb p) { return shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Matched)); }) > 100);

        r = runApp({QStringLiteral("--db"), QStringLiteral("/nonexistent/x.db"), QStringLiteral("--screenshot"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("/nonexistent/x.db")), qPrintable(r.err));
        r = runApp({QStringLiteral("--task"), QStringLiteral("nope-42"), QStringLiteral("--screenshot"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("nope-42")), qPrintable(r.err));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestWorkbench)

#include "test_workbench.moc"

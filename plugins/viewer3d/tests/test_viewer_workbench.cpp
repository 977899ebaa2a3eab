// The viewer side of the workbench under Xvfb, on the bundled catalog:
// - the live 3D view after ANY sequence of task / rollout / step / overlay / ghost / catalog
//   selections and live (Script / Play) states draws what a fresh view given only the final state
//   draws: the geometry read back from VTK compared exactly, the pixels with a tolerance (on a
//   mismatch the live, fresh and diff images are saved in image-diffs/ beside this executable);
//   a seeded pseudo-random sequence plus the reported case (CQ-game-947, then CQ-game-8717);
// - the Tasks dock: a click on any row (also a highlighted or current one) selects exactly that
//   task, and exactly one row is highlighted on screen, whoever changed the selection;
// - the playback chart: a human tape's return line is the return of the tape replayed in the core
//   environment, and the return axis holds the whole line.
#include <optional>
#include <random>

#include <QAction>
#include <QGuiApplication>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QScreen>
#include <QTableView>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QComboBox>
#include <QDir>
#include <QSpinBox>
#include <QLabel>
#include <QFileInfo>
#include <functional>
#include <QtTest>

#include "core/env/environment.hpp"
#include "support/gui_main.hpp"
#include "support/image_compare.hpp"
#include "core/rollout/rollout_series.hpp"
#include "viewers/qt/rollout_chart.hpp"
#include "viewers/qt/surface_format.hpp"
#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/scene/video_writer.hpp"
#include "viewers/scene/rollout_clip.hpp"
#include "support/modal_answers.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "example_catalog.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {
constexpr core::Pose kStartPose{0, 0, 0, 0, 0};
}

class TestViewerWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString catalog_, taskList_;
    // The test's own account of what the view must show, besides the selection and the data.
    bool overlay_ = false, ghost_ = true;
    struct Live {
        core::Grid target, built;
        core::Pose pose;
        QString caption;
    };
    std::optional<Live> live_;

    ViewerService* viewer() { return wb_->context().service<ViewerService>(); }
    Selection& selection() { return wb_->context().selection(); }
    DataService& data() { return wb_->context().data(); }
    viewers::ZoneView* zoneView() { return wb_->window().findChild<viewers::ZoneView*>(QStringLiteral("zoneView")); }
    QTableView* taskTable() { return wb_->window().findChild<QTableView*>(QStringLiteral("taskTable")); }

    /// Gives a scene the state the view must show, computed from the selection and the data only.
    void applyExpected(viewers::ZoneScene& s) {
        s.setOverlay(overlay_);
        s.setGhost(ghost_);
        if (live_) {
            s.setTarget(live_->target);
            s.setBuilt(live_->built);
            s.setAgent(live_->pose);
            s.setCaption(live_->caption.toStdString());
            return;
        }
        const QString taskId = selection().taskId();
        const auto task = taskId.isEmpty() ? std::nullopt : data().task(taskId);
        s.setTarget(task ? std::optional<core::Grid>(task->target) : std::nullopt);
        s.setBuilt(task ? task->starting : core::Grid{});
        s.setAgent(kStartPose);
        QString caption = taskId;
        if (selection().rolloutId() != 0) {
            if (const auto r = data().rollout(selection().rolloutId())) {
                core::RolloutCursor cursor(*r);
                cursor.seek(static_cast<std::size_t>(selection().step()));
                s.setBuilt(cursor.grid());
                s.setAgent(cursor.pose());
                const core::Belief* belief = r->beliefAt(cursor.position());  // none in the example catalog
                s.setBelief(belief ? std::optional<core::Belief>(*belief) : std::nullopt);
                caption += QStringLiteral("  |  %1 rollout %2  |  step %3 / %4")
                               .arg(QString::fromLatin1(core::rolloutKindName(r->kind)))
                               .arg(r->id)
                               .arg(cursor.position())
                               .arg(r->size());
            }
        }
        s.setCaption(caption.toStdString());
    }

    /// The live view against a fresh view given only the expected state: geometry, then pixels.
    bool liveMatchesFresh(const QString& name, QString* report) {
        viewers::ZoneScene expected;
        applyExpected(expected);
        const std::string liveDrawn = zoneView()->scene().drawnState(), freshDrawn = expected.drawnState();
        if (liveDrawn != freshDrawn) {
            std::size_t i = 0;
            while (i < liveDrawn.size() && i < freshDrawn.size() && liveDrawn[i] == freshDrawn[i]) ++i;
            *report = QStringLiteral("%1: the live scene draws other geometry than a fresh one (%2 vs %3 bytes); "
                                     "first difference:\n  live:  %4\n  fresh: %5\n")
                          .arg(name).arg(liveDrawn.size()).arg(freshDrawn.size())
                          .arg(QString::fromStdString(liveDrawn.substr(i, 90)), QString::fromStdString(freshDrawn.substr(i, 90)));
        }
        // Pixels: a new view of the same size, given only the expected state.
        const QImage liveImage = viewer()->grabImage();
        viewers::ZoneView fresh;
        fresh.resize(zoneView()->glWidget()->size());
        applyExpected(fresh.scene());
        fresh.show();
        if (!QTest::qWaitForWindowExposed(&fresh)) {
            *report += name + QStringLiteral(": the fresh view was not shown");
            return false;
        }
        const QImage freshImage = fresh.grabImage();
        QString pixels;
        const bool same = test::imagesMatch(liveImage, freshImage, name, &pixels);
        if (!same) *report += pixels;
        return same && liveDrawn == freshDrawn;
    }

    /// Clicks the row of a task in the Tasks dock.
    bool clickTask(const QString& taskId) {
        QTableView* table = taskTable();
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const QModelIndex index = table->model()->index(r, 0);
            if (index.data().toString() != taskId) continue;
            table->scrollTo(index);
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
            return true;
        }
        return false;
    }

    /// Rows of the Tasks dock drawn highlighted on screen (the pixels the user sees, grabbed from
    /// the X server, not a fresh re-render of the widget).
    QList<int> highlightedRows() {
        QTableView* table = taskTable();
        QWidget* vp = table->viewport();
        const QPoint origin = vp->mapToGlobal(QPoint(0, 0));
        const QImage shot = QGuiApplication::primaryScreen()->grabWindow(0, origin.x(), origin.y(), vp->width(), vp->height()).toImage();
        const QColor a = table->palette().color(QPalette::Active, QPalette::Highlight);
        const QColor i = table->palette().color(QPalette::Inactive, QPalette::Highlight);
        const auto near = [](QColor p, QColor q) {
            return std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) + std::abs(p.blue() - q.blue()) < 30;
        };
        QList<int> rows;
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const int y = table->rowViewportPosition(r) + table->rowHeight(r) / 2;
            if (y < 0 || y >= shot.height()) continue;
            const QColor p = shot.pixelColor(2, y);
            if (near(p, a) || near(p, i)) rows.append(r);
        }
        return rows;
    }
    int rowOf(const QString& taskId) {
        for (int r = 0; r < taskTable()->model()->rowCount(); ++r)
            if (taskTable()->model()->index(r, 0).data().toString() == taskId) return r;
        return -1;
    }
    QList<int> selectedRows() {
        QList<int> rows;
        for (const QModelIndex& i : taskTable()->selectionModel()->selectedRows()) rows.append(i.row());
        return rows;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        QVERIFY(viewer() != nullptr);
        QVERIFY(zoneView() != nullptr);
        QVERIFY(taskTable() != nullptr);
        QString error;
        catalog_ = dir_.filePath(QStringLiteral("examples.db"));
        QVERIFY2(createExampleCatalog(catalog_, &wb_->window(), &error), qPrintable(error));
        taskList_ = QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");
        QVERIFY2(wb_->openData(catalog_, &error), qPrintable(error));
        // Any selection change or another catalog ends a live state (ViewerService contract).
        for (auto signal : {&Selection::rolloutChanged, &Selection::episodeChanged})
            connect(&selection(), signal, this, [this] { live_.reset(); });
        connect(&selection(), &Selection::taskChanged, this, [this] { live_.reset(); });
        connect(&selection(), &Selection::stepChanged, this, [this] { live_.reset(); });
        connect(&data(), &DataService::opened, this, [this] { live_.reset(); });
        QVERIFY(test::showWorkbench(*wb_, {1200, 800}));
    }
    void cleanupTestCase() { wb_.reset(); }

    // The report: click CQ-game-947, then CQ-game-8717: 947's ghosts stayed in 8717's view.
    void reportedCaseDrawsOnlyTheSecondTask() {
        QString error, report;
        QVERIFY2(wb_->openData(catalog_, &error), qPrintable(error));
        for (const bool overlay : {false, true}) {
            overlay_ = overlay;
            viewer()->setOverlay(overlay);
            QVERIFY(clickTask(QStringLiteral("CQ-game-947")));
            QTRY_COMPARE(selection().taskId(), QStringLiteral("CQ-game-947"));
            QVERIFY2(liveMatchesFresh(QStringLiteral("947-overlay%1").arg(overlay), &report), qPrintable(report));
            QVERIFY(clickTask(QStringLiteral("CQ-game-8717")));
            QTRY_COMPARE(selection().taskId(), QStringLiteral("CQ-game-8717"));
            QVERIFY2(liveMatchesFresh(QStringLiteral("947-then-8717-overlay%1").arg(overlay), &report), qPrintable(report));
        }
        // 947's human tape at its end (its built blocks), then 8717.
        QVERIFY(clickTask(QStringLiteral("CQ-game-947")));
        QTRY_COMPARE(selection().taskId(), QStringLiteral("CQ-game-947"));
        QVERIFY2(wb_->selectRollout(QStringLiteral("first"), QStringLiteral("100%"), &error), qPrintable(error));
        QVERIFY2(liveMatchesFresh(QStringLiteral("947-tape-end"), &report), qPrintable(report));
        QVERIFY(clickTask(QStringLiteral("CQ-game-8717")));
        QTRY_COMPARE(selection().taskId(), QStringLiteral("CQ-game-8717"));
        QVERIFY2(liveMatchesFresh(QStringLiteral("947-tape-then-8717"), &report), qPrintable(report));
        overlay_ = false;
        viewer()->setOverlay(false);
    }

    // Property: after any sequence of actions the live view equals a fresh render of the final state.
    void anySequenceDrawsLikeAFreshView() {
        QString error, report;
        QVERIFY2(wb_->openData(catalog_, &error), qPrintable(error));
        QAction* ghostAction = nullptr;  // the Viewer menu's Target Ghost
        for (auto* menu : wb_->window().findChildren<QMenu*>())
            for (QAction* a : menu->actions())
                if (a->objectName() == QLatin1String("viewer3d.ghost")) ghostAction = a;
        QVERIFY(ghostAction != nullptr);
        std::mt19937 rng(947);
        const auto pick = [&rng](int n) { return n <= 0 ? 0 : static_cast<int>(rng() % static_cast<unsigned>(n)); };
        bool onCatalog = true;
        QStringList log;
        for (int action = 0; action < 48; ++action) {
            const auto tasks = data().tasks();
            QVERIFY(!tasks.isEmpty());
            const QString randomTask = tasks.at(pick(int(tasks.size()))).id;
            switch (pick(10)) {
                case 0:
                    selection().setTask(randomTask);
                    log << QStringLiteral("task %1").arg(randomTask);
                    break;
                case 1:
                    QVERIFY(clickTask(randomTask));
                    QTRY_COMPARE(selection().taskId(), randomTask);
                    log << QStringLiteral("click %1").arg(randomTask);
                    break;
                case 2: {
                    if (selection().taskId().isEmpty()) selection().setTask(randomTask);
                    const auto rollouts = data().rollouts(selection().taskId());
                    const int choice = pick(int(rollouts.size()) + 2);
                    QString which = choice < rollouts.size() ? QString::number(rollouts.at(choice).id)
                                                             : QStringLiteral("random:%1").arg(pick(1000));
                    if (choice == rollouts.size() + 1) {
                        selection().setRollout(0);
                        which = QStringLiteral("none");
                    } else {
                        QVERIFY2(wb_->selectRollout(which, QStringLiteral("%1%").arg(pick(101)), &error), qPrintable(error));
                    }
                    log << QStringLiteral("rollout %1 of %2").arg(which, selection().taskId());
                    break;
                }
                case 3:
                case 4: {
                    const auto r = data().rollout(selection().rolloutId());
                    const int step = pick(r ? int(r->size()) + 1 : 5);
                    selection().setStep(step);
                    log << QStringLiteral("step %1").arg(step);
                    break;
                }
                case 5:
                    overlay_ = !overlay_;
                    viewer()->setOverlay(overlay_);
                    log << QStringLiteral("overlay %1").arg(overlay_);
                    break;
                case 6:
                    ghost_ = !ghost_;
                    ghostAction->setChecked(ghost_);
                    log << QStringLiteral("ghost %1").arg(ghost_);
                    break;
                case 7:
                    onCatalog = !onCatalog;
                    QVERIFY2(wb_->openData(onCatalog ? catalog_ : taskList_, &error), qPrintable(error));
                    log << QStringLiteral("open %1").arg(onCatalog ? catalog_ : taskList_);
                    break;
                case 8: {
                    // A Script or Play run's step: some task's target, a changed grid, a pose.
                    const auto task = data().task(randomTask);
                    QVERIFY(task.has_value());
                    Live live{task->target, task->starting, core::Pose{double(pick(11) - 5), double(pick(4)), double(pick(11) - 5),
                                                                       double(pick(360)), double(pick(90) - 45)},
                              QStringLiteral("live %1").arg(action)};
                    for (int k = pick(40); k > 0; --k) live.built.setCell(pick(core::kCells), static_cast<std::int8_t>(pick(7)));
                    viewer()->showLive(live.target, live.built, live.pose, live.caption);
                    live_ = live;
                    log << QStringLiteral("live on %1 target").arg(randomTask);
                    break;
                }
                case 9:
                    viewer()->endLive();
                    live_.reset();
                    log << QStringLiteral("end live");
                    break;
            }
            const QString name = QStringLiteral("sequence-%1").arg(action);
            QVERIFY2(liveMatchesFresh(name, &report),
                     qPrintable(report + QStringLiteral("\nactions so far:\n  ") + log.join(QStringLiteral("\n  "))));
        }
    }

    // The Tasks dock: single selection, synced with Selection both ways, any row click selects.
    void taskListClicksSelectExactlyThatTask() {
        QString error;
        QVERIFY2(wb_->openData(catalog_, &error), qPrintable(error));
        QTableView* table = taskTable();
        QCOMPARE(table->selectionMode(), QAbstractItemView::SingleSelection);
        const QString a = QStringLiteral("CQ-game-947"), b = QStringLiteral("CQ-game-8717"), c = QStringLiteral("CQ-game-2681");
        const auto expectOnlyImpl = [&](const QString& id) {
            QCOMPARE(selection().taskId(), id);
            QCOMPARE(selectedRows(), QList<int>{rowOf(id)});
            QTRY_COMPARE_WITH_TIMEOUT(highlightedRows(), QList<int>{rowOf(id)}, 30000);  // X server repaint under load: a hang detector, not a speed limit
        };
#define expectOnly(id)                               \
    do {                                             \
        expectOnlyImpl(id);                          \
        if (QTest::currentTestFailed()) return;      \
    } while (false)
        QVERIFY(clickTask(a));
        expectOnly(a);
        QVERIFY(clickTask(b));
        expectOnly(b);
        // Another dock (the dataset browser, a script) selects a task: the table follows.
        selection().setTask(c);
        expectOnly(c);
        // A click on the row highlighted before, and on the current one.
        QVERIFY(clickTask(b));
        expectOnly(b);
        QVERIFY(clickTask(b));
        expectOnly(b);
        // Nothing selected elsewhere: no row highlighted; a click on the last current row selects it.
        selection().clear();
        QCOMPARE(selectedRows(), QList<int>{});
        QTRY_COMPARE_WITH_TIMEOUT(highlightedRows(), QList<int>{}, 30000);
        QVERIFY(clickTask(b));
        expectOnly(b);
        // Filtering the selected row away neither changes the task nor highlights another row.
        auto* filter = wb_->window().findChild<QLineEdit*>(QStringLiteral("taskFilter"));
        QVERIFY(filter != nullptr);
        filter->setText(c);
        QCOMPARE(selection().taskId(), b);
        QCOMPARE(selectedRows(), QList<int>{});
        QVERIFY(clickTask(c));
        expectOnly(c);
        filter->clear();
        expectOnly(c);
        // Keyboard: Down moves the selection to the next row's task.
        table->setFocus();
        const int row = rowOf(c);
        if (row + 1 < table->model()->rowCount()) {
            QTest::keyClick(table, Qt::Key_Down);
            expectOnly(table->model()->index(row + 1, 0).data().toString());
        }
#undef expectOnly
    }

    // Chart: a human tape's return is the tape replayed in the core environment; axes hold the line.
    void chartShowsTheReplayedReturn() {
        QString error;
        QVERIFY2(wb_->openData(catalog_, &error), qPrintable(error));
        QVERIFY(wb_->selectTask(QStringLiteral("CQ-game-947"), &error));
        QVERIFY2(wb_->selectRollout(QStringLiteral("first"), QStringLiteral("0"), &error), qPrintable(error));
        const auto tape = data().rollout(selection().rolloutId());
        QVERIFY(tape != nullptr && tape->kind == core::RolloutKind::Human);
        QCOMPARE(tape->totalReward(), 0.0);  // the dataset stores no rewards
        const auto task = data().task(QStringLiteral("CQ-game-947"));
        // The tape replayed frame by frame in a bare environment.
        core::Environment env;
        core::Task t = *task;
        t.starting = tape->starting;
        env.setTask(t);
        env.reset();
        std::vector<double> returns{0.0};
        for (std::size_t i = 0; i < tape->size(); ++i) returns.push_back(returns.back() + env.applyChanges(tape->changesOf(i)).reward);
        QVERIFY2(returns.back() > 0, "the human built the target: a positive return");
        auto* chart = wb_->window().findChild<viewers::RolloutChart*>(QStringLiteral("rolloutChart"));
        QVERIFY(chart != nullptr);
        QLineSeries* line = chart->returnSeries();
        QCOMPARE(line->count(), int(returns.size()));
        for (int i = 0; i < line->count(); ++i) QCOMPARE(line->at(i).y(), returns[static_cast<std::size_t>(i)]);
        QVERIFY2(line->name().contains(QStringLiteral("replayed")), qPrintable(line->name()));
        QVERIFY(chart->returnAxis()->max() > returns.back());

        // A random agent's episode: its stored rewards; the axis holds the whole line, negatives too.
        QVERIFY2(wb_->selectRollout(QStringLiteral("random:3"), QStringLiteral("0"), &error), qPrintable(error));
        const auto episode = data().rollout(selection().rolloutId());
        QVERIFY(episode != nullptr);
        QCOMPARE(line->count(), int(episode->size()) + 1);
        QCOMPARE(line->at(line->count() - 1).y(), episode->totalReward());
        QVERIFY2(!line->name().contains(QStringLiteral("replayed")), qPrintable(line->name()));
        double lo = 0, hi = 0;
        for (int i = 0; i < line->count(); ++i) {
            lo = std::min(lo, line->at(i).y());
            hi = std::max(hi, line->at(i).y());
        }
        const double span = std::max(hi - lo, 1e-9);
        QVERIFY2(chart->returnAxis()->min() <= lo && chart->returnAxis()->max() >= hi + 0.02 * span * (hi > 0),
                 qPrintable(QStringLiteral("axis %1..%2, return %3..%4").arg(chart->returnAxis()->min()).arg(chart->returnAxis()->max()).arg(lo).arg(hi)));

        // A click on the plot seeks the playback (the step under the mouse), and the 3D view follows.
        QVERIFY(chart->isVisible());
        {
            const QPoint mid = chart->mapFromScene(chart->chart()->mapToScene(chart->chart()->plotArea().center()));
            const int step = chart->stepAt(mid);
            QVERIFY(step > 0);
            QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, mid);
            QCOMPARE(selection().step(), step);
            QCOMPARE(chart->position(), step);
        }
    }

    // View > Export View Image: at the view's own size it is the view's picture (same camera,
    // blocks, overlay); at twice the size a bigger picture of the same. View > Export Rollout
    // Video: a PNG sequence (every K-th step, the last included) and, with ffmpeg, an MP4.
    void exportsImagesAndClips() {
        QString error, report;
        QVERIFY(wb_->selectTask(QStringLiteral("CQ-game-947"), &error));
        QVERIFY2(wb_->selectRollout(QStringLiteral("random:5"), QStringLiteral("40"), &error), qPrintable(error));
        viewer()->setOverlay(true);
        viewer()->applyView(QStringLiteral("top"));
        QTRY_VERIFY(zoneView()->glWidget()->framesRendered() > 0);
        const QImage shown = viewer()->grabImage();
        auto menuAction = [this](const QString& name) -> QAction* {
            for (QMenu* m : wb_->window().findChildren<QMenu*>())
                for (QAction* a : m->actions())
                    if (a->objectName() == name) return a;
            return nullptr;
        };
        QAction* exportImage = menuAction(QStringLiteral("viewer3d.exportImage"));
        QAction* exportClip = menuAction(QStringLiteral("viewer3d.exportClip"));
        QVERIFY(exportImage != nullptr && exportClip != nullptr);
        QVERIFY(exportClip->isEnabled());
        auto fill = [](QSize size, const QString& path, std::function<void(QDialog*)> more = {}) {
            return [=](QWidget* w) {
                auto* d = qobject_cast<QDialog*>(w);
                if (more) more(d);  // first: a format change renames the path to its extension
                d->findChild<QLineEdit*>(QStringLiteral("exportPath"))->setText(path);
                d->findChild<QSpinBox*>(QStringLiteral("exportWidth"))->setValue(size.width());
                d->findChild<QSpinBox*>(QStringLiteral("exportHeight"))->setValue(size.height());
                d->accept();
            };
        };
        const QString same = dir_.filePath(QStringLiteral("same.png")), big = dir_.filePath(QStringLiteral("big.png"));
        {
            testing::ModalAnswers answers;
            answers.answer(fill(shown.size(), same));
            exportImage->trigger();
            answers.answer(fill(shown.size() * 2, big));
            exportImage->trigger();
            QVERIFY(answers.allAnswered());
            QCOMPARE(answers.unexpected(), 0);
        }
        const QImage sameImage(same), bigImage(big);
        QCOMPARE(sameImage.size(), shown.size());
        QCOMPARE(bigImage.size(), shown.size() * 2);
        QVERIFY2(test::imagesMatch(sameImage.convertToFormat(QImage::Format_RGB32), shown.convertToFormat(QImage::Format_RGB32),
                                   QStringLiteral("export-image"), &report),
                 qPrintable(report));
        // A bad choice keeps the dialog open with the reason: the file must be a PNG.
        {
            testing::ModalAnswers answers;
            QString problem;
            answers.answer([&](QWidget* w) {
                auto* d = qobject_cast<QDialog*>(w);
                d->findChild<QLineEdit*>(QStringLiteral("exportPath"))->setText(dir_.filePath(QStringLiteral("view.jpg")));
                d->accept();
                problem = d->findChild<QLabel*>(QStringLiteral("exportProblem"))->text();
                QVERIFY(d->isVisible());
                d->reject();
            });
            exportImage->trigger();
            QVERIFY2(problem.contains(QStringLiteral(".png")), qPrintable(problem));
        }

        // The clip: every 10th of the episode's steps as PNGs.
        const auto rollout = data().rollout(selection().rolloutId());
        QVERIFY(rollout != nullptr);
        const QString frames = dir_.filePath(QStringLiteral("clip-frames"));
        {
            testing::ModalAnswers answers;
            answers.answer(fill({320, 240}, frames, [](QDialog* d) {
                d->findChild<QComboBox*>(QStringLiteral("exportFormat"))->setCurrentIndex(3);
                d->findChild<QSpinBox*>(QStringLiteral("exportEvery"))->setValue(10);
            }));
            exportClip->trigger();
            QVERIFY(answers.allAnswered());
        }
        const QStringList pngs = QDir(frames).entryList({QStringLiteral("frame-*.png")}, QDir::Files, QDir::Name);
        QCOMPARE(std::size_t(pngs.size()), viewers::clipSteps(rollout->size(), 10).size());
        QCOMPARE(QImage(QDir(frames).filePath(pngs.front())).size(), QSize(320, 240));
        if (!viewers::VideoWriter::findFfmpeg().empty()) {
            const QString mp4 = dir_.filePath(QStringLiteral("clip.mp4"));
            testing::ModalAnswers answers;
            answers.answer(fill({320, 240}, mp4, [](QDialog* d) {
                d->findChild<QComboBox*>(QStringLiteral("exportView"))->setCurrentIndex(1);  // first-person
                d->findChild<QSpinBox*>(QStringLiteral("exportEvery"))->setValue(25);
            }));
            exportClip->trigger();
            QVERIFY(answers.allAnswered());
            QVERIFY2(QFileInfo(mp4).size() > 1000, qPrintable(mp4));
        }
        viewer()->setOverlay(false);
        viewer()->applyView(QStringLiteral("iso"));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestViewerWorkbench)

#include "test_viewer_workbench.moc"

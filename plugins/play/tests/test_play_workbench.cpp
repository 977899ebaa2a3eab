// The play plugin inside the workbench (Xvfb), on the bundled example catalog: select a
// task, click the first-person view to capture the keys, play a scripted key sequence and check
// the environment's grid and reward against a bare core::Environment given the same actions, the
// readouts, the view's pixels (a blue block appears in the crosshair after placing one), the 3D
// view following, Esc releasing the keys, Record storing a rollout that the Playback dock lists
// and that replays to the same grid, Reset, and the walking / flying switch.
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "core/env/environment.hpp"
#include "support/gui_main.hpp"
#include "widgets/play_panel.hpp"
#include "widgets/pov_view.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "example_catalog.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {
/// A pixel of the view next to the crosshair's centre (diagonally, off its arms).
QRgb nearCrosshair(plugins::play::PovView* pov) {
    const QImage img = pov->grab().toImage();
    const QRect r = pov->frameRect();
    const int d = std::max(4, r.width() / 32);  // 2 POV pixels at the usual 16x zoom
    return img.pixel(r.center() + QPoint(d, d));
}
// Any face of a blue block (the reference blue is (0, 162, 239) on top, darker on the sides); not the sky.
bool blue(QRgb p) { return qBlue(p) > 2 * qRed(p) + 10 && qBlue(p) > qGreen(p) + 20; }
}  // namespace

class TestPlayWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString taskId_;
    plugins::play::PlayPanel* panel_ = nullptr;

    QString text(const char* name) { return panel_->findChild<QLabel*>(QString::fromLatin1(name))->text(); }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("dataset")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("examples.db")), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 900}, /*activate=*/true));
    }
    void cleanupTestCase() { wb_.reset(); }

    void pluginLoadsWithItsDock() {
        const PluginSpec* s = wb_->plugins().plugin(QStringLiteral("play"));
        QVERIFY(s != nullptr);
        QVERIFY2(s->state == PluginState::Loaded, qPrintable(s->error));
        panel_ = test::findPluginWidget<plugins::play::PlayPanel>(wb_->window(), QStringLiteral("playPanel"));
        QVERIFY(panel_ != nullptr);
        QVERIFY(!panel_->isEnabled());  // nothing selected yet
        QTRY_VERIFY(panel_->isVisible());
    }

    void selectingATaskStartsAnEpisode() {
        for (const auto& t : wb_->context().data().tasks())
            if (t.startingBlocks == 0 && t.targetBlocks > 0) {
                taskId_ = t.id;
                break;
            }
        QVERIFY(!taskId_.isEmpty());
        wb_->context().selection().setTask(taskId_);
        QVERIFY(panel_->isEnabled());
        // Selecting is not playing: the 3D view shows the task as usual until a key is pressed.
        QVERIFY(!wb_->context().service<ViewerService>()->legendText().contains(QStringLiteral("playing")));
        QCOMPARE(panel_->session().environment().task().id, taskId_.toStdString());
        QVERIFY(text("playTask").contains(taskId_));
        QCOMPARE(text("playStep"), QStringLiteral("0 / 1000 (walking)"));
        QCOMPARE(text("playDone"), QStringLiteral("no"));
        QCOMPARE(text("playFacing"), QStringLiteral("N (yaw 0°, pitch 0°)"));  // yaw 0 faces north (-z)
        QVERIFY(text("playInventory").contains(QStringLiteral("<u>20")));  // blue selected, 20 left
    }

    void scriptedKeysPlayTheEnvironment() {
        auto* pov = panel_->povView();
        QVERIFY(!panel_->hasFocus());
        // A click on the view captures the keys and does nothing else.
        QTest::mouseClick(pov, Qt::LeftButton, {}, pov->rect().center());
        QTRY_VERIFY(panel_->hasFocus());
        QCOMPARE(panel_->session().step(), 0);
        QVERIFY(text("playFocusHint").contains(QStringLiteral("Esc")));

        auto* viewer = wb_->context().service<ViewerService>();
        QVERIFY(viewer != nullptr);
        QSignalSpy viewerChanged(viewer, &ViewerService::contentChanged);

        core::EnvConfig cfg;
        cfg.maxSteps = 1000;
        cfg.doneAfterMaxSteps = true;
        core::Environment ref(cfg);
        ref.setTask(*wb_->context().data().task(taskId_));
        ref.reset();
        double ret = 0, last = 0;
        const auto press = [&](Qt::Key key, int action) {
            QTest::keyClick(panel_, key);
            last = ref.step(action).reward;
            ret += last;
        };
        for (int i = 0; i < 7; ++i) press(Qt::Key_Down, 14);  // look down 35 degrees
        QCOMPARE(panel_->session().step(), 7);
        QCOMPARE(viewerChanged.count(), 7);  // the 3D view follows every step
        const QRgb before = nearCrosshair(pov);
        QVERIFY2(!blue(before), qPrintable(QString::number(before, 16)));

        press(Qt::Key_1, 6);       // blue
        press(Qt::Key_Return, 17); // place
        QVERIFY(ref.grid().count() == 1);
        QVERIFY(panel_->session().environment().grid() == ref.grid());
        QCOMPARE(panel_->session().lastReward(), last);
        QCOMPARE(text("playReward"), QString::number(last, 'g', 4));
        QCOMPARE(text("playReturn"), QString::number(ret, 'g', 4));
        QCOMPARE(text("playStep"), QStringLiteral("9 / 1000 (walking)"));
        QCOMPARE(text("playFacing"), QStringLiteral("N (yaw 0°, pitch -35°)"));
        QVERIFY(text("playIntersection").contains(QStringLiteral("(1 built)")));
        QVERIFY(text("playInventory").contains(QStringLiteral("<u>19")));
        // The 3D view shows the played grid and pose with a caption.
        const QString legend = viewer->legendText();
        QVERIFY2(legend.contains(QStringLiteral("playing (walking)  |  step 9")), qPrintable(legend));
        QVERIFY2(legend.contains(QStringLiteral("built 1 ")), qPrintable(legend));
        QVERIFY2(legend.contains(QStringLiteral("agent facing N (yaw 0, pitch -35)")), qPrintable(legend));
        const QRgb after = nearCrosshair(pov);
        QVERIFY2(blue(after), qPrintable(QString::number(after, 16)));
        // The panel shows the environment's own first-person frame.
        const auto frame = panel_->session().pov();
        const QImage shown = pov->frame();
        QCOMPARE(shown.size(), QSize(64, 64));
        const QRgb centre = shown.pixel(33, 33);
        const std::size_t o = (33 * 64 + 33) * 3;
        QCOMPARE(qRed(centre), int(frame[o]));
        QCOMPARE(qBlue(centre), int(frame[o + 2]));

        // Break it with Backspace, place it again with a click on the view; turn with a drag.
        press(Qt::Key_Backspace, 16);
        QCOMPARE(panel_->session().environment().grid().count(), 0);
        QTest::mouseClick(pov, Qt::LeftButton, {}, pov->rect().center());
        last = ref.step(17).reward;
        ret += last;
        QCOMPARE(panel_->session().environment().grid().count(), 1);
        QVERIFY(panel_->session().environment().grid() == ref.grid());
        QTest::mousePress(pov, Qt::LeftButton, {}, pov->rect().center());
        QTest::mouseMove(pov, pov->rect().center() + QPoint(plugins::play::PovView::kDragStep * 2 + 1, 0));
        QTest::mouseRelease(pov, Qt::LeftButton, {}, pov->rect().center() + QPoint(plugins::play::PovView::kDragStep * 2 + 1, 0));
        for (int i = 0; i < 2; ++i) ret += ref.step(13).reward;
        QCOMPARE(panel_->session().environment().agent().yaw, ref.agent().yaw);
        QCOMPARE(panel_->session().environment().grid().count(), 1);  // a drag is no click
        // A held key's auto-repeat steps once per event.
        for (int i = 0; i < 2; ++i) {
            QKeyEvent repeat(QEvent::KeyPress, Qt::Key_Left, Qt::NoModifier, QString(), /*autorep=*/true);
            QCoreApplication::sendEvent(panel_, &repeat);
            ret += ref.step(12).reward;
        }
        QCOMPARE(panel_->session().environment().agent().yaw, ref.agent().yaw);
        // Walking cannot fly down: C is no step.
        const int steps = panel_->session().step();
        QTest::keyClick(panel_, Qt::Key_C);
        QCOMPARE(panel_->session().step(), steps);
        QCOMPARE(panel_->session().episodeReturn(), ret);

        // Esc releases the keys.
        QTest::keyClick(panel_, Qt::Key_Escape);
        QTRY_VERIFY(!panel_->hasFocus());
        QVERIFY(text("playFocusHint").contains(QStringLiteral("Click")));
    }

    void recordStoresAReplayableRollout() {
        QVERIFY(!wb_->context().data().inMemory());
        // What is stored, as another reader of the file sees it.
        auto reader = std::make_unique<catalog::Catalog>(wb_->context().data().path().toStdString(), catalog::OpenMode::ReadOnly);
        catalog::Catalog* cat = reader.get();
        const auto before = cat->rollouts(taskId_.toStdString()).size();
        QSignalSpy changed(&wb_->context().data(), &DataService::rolloutsChanged);
        panel_->setPlayerName(QStringLiteral("tester"));
        QTest::mouseClick(panel_->findChild<QPushButton*>(QStringLiteral("playRecord")), Qt::LeftButton);
        QCOMPARE(changed.count(), 1);
        const auto list = cat->rollouts(taskId_.toStdString());
        QCOMPARE(list.size(), before + 1);
        const auto& stored = list.back();
        QVERIFY2(QString::fromStdString(stored.source).startsWith(QStringLiteral("play:tester ")), stored.source.c_str());
        QCOMPARE(stored.kind, core::RolloutKind::Human);
        QCOMPARE(stored.frames, panel_->session().step());
        QVERIFY(text("playRecordStatus").contains(QStringLiteral("#%1").arg(stored.id)));
        // Replayed, it ends in the grid played.
        const auto r = cat->rollout(stored.id);
        QVERIFY(r.has_value());
        core::RolloutCursor cursor(*r);
        cursor.seek(r->size());
        QVERIFY(cursor.grid() == panel_->session().environment().grid());
        QCOMPARE(cursor.returnSoFar(), panel_->session().episodeReturn());
        // The Playback dock lists it; choosing it replays it in the 3D view.
        auto* combo = wb_->window().findChild<QComboBox*>(QStringLiteral("rolloutCombo"));
        QVERIFY(combo != nullptr);
        QVERIFY(combo->findData(QVariant::fromValue<qint64>(stored.id)) >= 0);
        wb_->context().selection().setRollout(stored.id, int(r->size()));
        QCOMPARE(wb_->context().selection().rolloutId(), stored.id);
    }

    void aFailedRecordIsReported() {
        // Another connection holds the write lock: Record fails after the catalog's busy timeout
        // (5 s); the panel (in red) and the Messages log name the catalog; nothing is stored.
        auto reader = std::make_unique<catalog::Catalog>(wb_->context().data().path().toStdString(), catalog::OpenMode::ReadOnly);
        catalog::Catalog* cat = reader.get();
        const auto before = cat->rollouts(taskId_.toStdString()).size();
        const QString path = QString::fromStdString(cat->path());
        const int logged = wb_->context().log().count(QStringLiteral("cannot store the rollout"));
        catalog::Catalog other(cat->path());
        other.transaction([&] {
            other.setNote(taskId_.toStdString(), "locked by another writer");
            QTest::mouseClick(panel_->findChild<QPushButton*>(QStringLiteral("playRecord")), Qt::LeftButton);
        });
        auto* status = panel_->findChild<QLabel*>(QStringLiteral("playRecordStatus"));
        QVERIFY2(status->text().contains(path), qPrintable(status->text()));
        QVERIFY(status->styleSheet().contains(QStringLiteral("color")));
        QCOMPARE(wb_->context().log().count(QStringLiteral("cannot store the rollout")), logged + 1);
        QVERIFY(wb_->context().log().entries().back().text.contains(path));
        QCOMPARE(cat->rollouts(taskId_.toStdString()).size(), before);
        other.setNote(taskId_.toStdString(), "");
    }

    void recordWithATaskListKeepsTheRolloutInTheSession() {
        // A task list is held in memory: a stored rollout lives in the session (negative id).
        DataService data;
        QString error;
        QVERIFY2(data.open(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        QVERIFY(data.inMemory());
        const QString id = data.tasks().front().id;
        plugins::play::PlaySession s;
        s.setTask(*data.task(id));
        s.apply(plugins::play::Command::LookDown);
        core::Rollout r = s.rollout();
        r.source = "play:tester";
        QSignalSpy changed(&data, &DataService::rolloutsChanged);
        const qint64 rid = data.storeRollout(r, &error);
        QVERIFY(rid < 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.front().front().toString(), id);
        QCOMPARE(data.rollouts(id).size(), 1);
        QCOMPARE(data.rollouts(id).front().source, QStringLiteral("play:tester"));
        QCOMPARE(data.rollout(rid)->size(), std::size_t(1));
    }

    void resetAndFlying() {
        panel_->capture();
        QTest::keyClick(panel_, Qt::Key_W);
        QVERIFY(panel_->session().step() > 0);
        QTest::mouseClick(panel_->findChild<QPushButton*>(QStringLiteral("playReset")), Qt::LeftButton);
        QCOMPARE(panel_->session().step(), 0);
        QCOMPARE(panel_->session().environment().grid().count(), 0);
        QCOMPARE(text("playStep"), QStringLiteral("0 / 1000 (walking)"));

        auto* space = panel_->findChild<QComboBox*>(QStringLiteral("playSpace"));
        QTest::keyClick(panel_, Qt::Key_W);
        // The Play menu's Flying action switches (and follows the panel's combo box).
        auto* flyingAction = wb_->window().findChild<QAction*>(QStringLiteral("play.flying"));
        QVERIFY(flyingAction != nullptr);
        flyingAction->trigger();
        QVERIFY(flyingAction->isChecked());
        QCOMPARE(space->currentIndex(), 1);
        QCOMPARE(panel_->session().step(), 0);
        QVERIFY(panel_->session().environment().agent().flying);
        const double y = panel_->session().environment().agent().y;
        QTest::keyClick(panel_, Qt::Key_Space);
        QVERIFY(panel_->session().environment().agent().y > y);
        QTest::keyClick(panel_, Qt::Key_C);
        QCOMPARE(panel_->session().step(), 2);
        QCOMPARE(text("playStep"), QStringLiteral("2 / 1000 (flying)"));
        panel_->setFlying(false);
        QCOMPARE(space->currentIndex(), 0);
        QVERIFY(!flyingAction->isChecked());
        QVERIFY(!panel_->session().environment().agent().flying);
    }

    void anotherTaskRestarts() {
        panel_->capture();
        QTest::keyClick(panel_, Qt::Key_W);
        QVERIFY(panel_->session().step() > 0);
        QString other;
        for (const auto& t : wb_->context().data().tasks())
            if (t.id != taskId_) other = t.id;
        wb_->context().selection().setTask(other);
        QCOMPARE(panel_->session().environment().task().id, other.toStdString());
        QCOMPARE(panel_->session().step(), 0);
        QVERIFY(panel_->session().environment().grid() == wb_->context().data().task(other)->starting);
        QVERIFY(text("playTask").contains(other));
        wb_->context().selection().setTask(QString());
        QVERIFY(!panel_->isEnabled());
        QVERIFY(!panel_->session().hasTask());
    }

    void recordWithATaskListSaysNotSaved() {
        // A task list is held in memory: Record keeps the episode for the session and says so (not "#-1").
        QString error;
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        wb_->context().selection().setTask(wb_->context().data().tasks().front().id);
        panel_->capture();
        QTest::keyClick(panel_, Qt::Key_W);
        QTest::mouseClick(panel_->findChild<QPushButton*>(QStringLiteral("playRecord")), Qt::LeftButton);
        const QString status = text("playRecordStatus");
        QVERIFY2(status.contains(QStringLiteral("NOT saved")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("#-")), qPrintable(status));
        auto* combo = wb_->window().findChild<QComboBox*>(QStringLiteral("rolloutCombo"));
        bool listedAsUnsaved = false;
        for (int i = 0; i < combo->count(); ++i)
            listedAsUnsaved = listedAsUnsaved || (combo->itemData(i).toLongLong() < 0 &&
                                                  combo->itemText(i).startsWith(QStringLiteral("unsaved")));
        QVERIFY(listedAsUnsaved);
    }
};

IGLU_GUI_TEST_MAIN(TestPlayWorkbench)
#include "test_play_workbench.moc"

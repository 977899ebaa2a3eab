// The Architect dock inside the workbench (Xvfb), on the bundled example catalog: the menu and
// dock, a session with the shipped language builder on CQ-game-3002 driven through the dock's
// widgets (Start, the instruction box's Return, Undo, the ratings, End), the 3D view following the
// world at every tick with the target as the person's ghost, the session stored in the catalog
// file; End refused for a task list held in memory; the Python example agent (when python3 has
// numpy). Prints the latency from Say to the first applied action for both agents. With
// IGLU_ARCHITECT_SCREENSHOT=FILE it saves the window mid-turn there (docs/plugin-architect.png).
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "support/gui_main.hpp"
#include "support/modal_answers.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/zone_view.hpp"
#include "widgets/ab_panel.hpp"
#include "widgets/architect_panel.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"
#include "plugin_manager.hpp"

using namespace iglu;
using namespace iglu::workbench;
using plugins::architect::ArchitectDriver;
using plugins::architect::AbPanel;
using plugins::architect::ArchitectPanel;
using plugins::architect::Side;
using State = ArchitectDriver::State;

namespace {
const QString kTask = QStringLiteral("CQ-game-3002");

bool pythonWithNumpy() {
    QProcess p;
    p.start(QStringLiteral(IGLU_TEST_PYTHON), {QStringLiteral("-c"), QStringLiteral("import numpy")});
    return p.waitForFinished(20'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}
}  // namespace

class TestArchitectWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    ArchitectPanel* panel_ = nullptr;

    template <class T>
    T* child(const char* name) { return panel_->findChild<T*>(QString::fromLatin1(name)); }
    ArchitectDriver& driver() { return panel_->driver(); }
    ViewerService* viewer() { return wb_->context().service<ViewerService>(); }
    void sayByReturn(const QString& text) {
        auto* box = child<QLineEdit>("architect.instruction");
        box->setText(text);
        QTest::keyClick(box, Qt::Key_Return);
    }
    /// Closes the main window (as File > Quit does); shows it again when it closed.
    bool closeWindow() {
        const bool closed = wb_->window().close();
        if (closed) {
            wb_->window().show();
            if (!QTest::qWaitForWindowExposed(&wb_->window())) qWarning("the window did not come back");
        }
        return closed;
    }
    bool waitTurnEnd() {
        QDeadlineTimer deadline(60'000);
        while (driver().state() == State::Running && !deadline.hasExpired()) QTest::qWait(10);
        return driver().state() != State::Running;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("dataset")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("examples.db")), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1400, 950}));
        panel_ = test::findPluginWidget<ArchitectPanel>(wb_->window(), QStringLiteral("architectPanel"));
        QVERIFY(panel_ != nullptr);
    }
    void cleanupTestCase() { wb_.reset(); }

    void pluginLoadsWithDockAndMenu() {
        const PluginSpec* s = wb_->plugins().plugin(QStringLiteral("architect"));
        QVERIFY(s != nullptr);
        QVERIFY2(s->state == PluginState::Loaded, qPrintable(s->error));
        QVERIFY(wb_->window().findChild<QAction*>(QStringLiteral("architect.startSession")) != nullptr);
        QCOMPARE(child<QComboBox>("architect.agent")->currentText(), QStringLiteral("language_builder.lua"));
        QVERIFY(!child<QPushButton>("architect.start")->isEnabled());  // no task selected
    }

    void sessionFollowsInTheViewUndoRateAndStore() {
        wb_->context().selection().setTask(kTask);
        QVERIFY(child<QLabel>("architect.task")->text().contains(kTask));
        QTest::mouseClick(child<QPushButton>("architect.start"), Qt::LeftButton);
        QCOMPARE(driver().state(), State::Ready);
        QCOMPARE(child<QPushButton>("architect.say")->text(), QStringLiteral("Say"));

        QSignalSpy viewChanged(viewer(), &ViewerService::contentChanged);
        const auto task = *wb_->context().data().task(kTask);
        sayByReturn(QString::fromStdString(task.instruction));
        QCOMPARE(driver().state(), State::Running);
        QVERIFY(child<QLineEdit>("architect.instruction")->text().isEmpty());
        QVERIFY(child<QPushButton>("architect.stop")->isEnabled());
        QVERIFY(waitTurnEnd());
        const auto& s = *driver().session();
        const auto& t = s.turns().back();
        QVERIFY(t.actions.size() > 5);
        QVERIFY2(viewChanged.count() >= 3, "the 3D view follows the world while the turn runs");
        QVERIFY(viewer()->isLive());
        const QString legend = viewer()->legendText();
        QVERIFY2(legend.contains(QStringLiteral("architect session with language_builder.lua")), qPrintable(legend));
        QVERIFY2(legend.contains(QStringLiteral("built %1 ").arg(s.world().count())), qPrintable(legend));
        QVERIFY2(legend.contains(QStringLiteral("target %1 (ghost)").arg(task.target.count())), qPrintable(legend));
        QVERIFY(t.firstActionSeconds.has_value());
        qInfo("GUI, language builder: Say to first applied action %.2f ms (%zu steps)", *t.firstActionSeconds * 1000, t.actions.size());
        QVERIFY(child<QLabel>("architect.scores")->text().contains(QStringLiteral("Turn 1: F1")));
        QVERIFY(child<QTextBrowser>("architect.dialogue")->toPlainText().contains(QString::fromStdString(task.instruction)));

        const core::Grid afterOne = s.world();
        sayByReturn(QStringLiteral("Remove the top three blocks."));
        QVERIFY(waitTurnEnd());
        QCOMPARE(s.turns().size(), std::size_t(2));
        QTest::mouseClick(child<QPushButton>("architect.undo"), Qt::LeftButton);
        QCOMPARE(s.turns().size(), std::size_t(1));
        QVERIFY(s.world() == afterOne);
        QVERIFY(viewer()->legendText().contains(QStringLiteral("built %1 ").arg(afterOne.count())));

        child<QSpinBox>("architect.turnRating")->setValue(4);
        child<QLineEdit>("architect.turnComment")->setText(QStringLiteral("good first turn"));
        QTest::mouseClick(child<QPushButton>("architect.rateTurn"), Qt::LeftButton);
        QCOMPARE(*s.turns()[0].rating, 4);
        child<QSpinBox>("architect.sessionRating")->setValue(5);
        child<QLineEdit>("architect.sessionComment")->setText(QStringLiteral("built the task"));
        QTest::mouseClick(child<QPushButton>("architect.rateSession"), Qt::LeftButton);
        QCOMPARE(*s.rating(), 5);

        QTest::mouseClick(child<QPushButton>("architect.end"), Qt::LeftButton);
        QCOMPARE(driver().state(), State::Ended);
        QVERIFY2(child<QLabel>("architect.message")->text().contains(QStringLiteral("stored as #")), qPrintable(child<QLabel>("architect.message")->text()));
        catalog::Catalog cat(wb_->context().data().path().toStdString(), catalog::OpenMode::ReadOnly);
        const auto sessions = cat.architectSessions();
        QCOMPARE(sessions.size(), std::size_t(1));
        const auto stored = cat.architectSession(sessions[0].id);
        QCOMPARE(stored->taskId, kTask.toStdString());
        QCOMPARE(stored->turns.size(), std::size_t(1));
        QCOMPARE(*stored->turns[0].rating, 4);
        QCOMPARE(stored->turns[0].comment, std::string("good first turn"));
        QCOMPARE(*stored->rating, 5);
        QVERIFY(!child<QPushButton>("architect.say")->isEnabled());
    }

    void screenshotMidTurn() {
        const QByteArray out = qgetenv("IGLU_ARCHITECT_SCREENSHOT");
        if (out.isEmpty()) QSKIP("IGLU_ARCHITECT_SCREENSHOT is not set");
        wb_->context().selection().setTask(kTask);  // also when run alone (scripts/screenshots.sh)
        // The menu's Start raises the dock (tabbed with Play and Script by default).
        wb_->window().findChild<QAction*>(QStringLiteral("architect.startSession"))->trigger();
        QCOMPARE(driver().state(), State::Ready);
        if (auto* playback = wb_->window().findChild<QDockWidget*>(QStringLiteral("playback"))) playback->hide();
        const auto task = *wb_->context().data().task(kTask);
        driver().setPace(1, 40, 15);
        sayByReturn(QString::fromStdString(task.instruction));
        QTRY_VERIFY_WITH_TIMEOUT(driver().session()->turns().back().actions.size() >= 22 || driver().state() != State::Running, 30'000);
        QVERIFY(driver().state() == State::Running);
        QVERIFY(wb_->window().grab().save(QString::fromLocal8Bit(out)));
        driver().stop();
        driver().setPace(3, 30, 15);
    }

    void pythonExampleAgentInTheDock() {
        if (!pythonWithNumpy()) QSKIP("python3 with numpy is not available");
        auto* agents = child<QComboBox>("architect.agent");
        agents->setCurrentIndex(agents->count() - 1);
        auto* command = child<QLineEdit>("architect.command");
        QVERIFY(command->isVisibleTo(panel_));
        QVERIFY(command->text().endsWith(QStringLiteral("/python/architect_agent.py")));
        command->setText(QStringLiteral(IGLU_TEST_PYTHON " ") + command->text().section(QLatin1Char(' '), 1));
        QTest::mouseClick(child<QPushButton>("architect.start"), Qt::LeftButton);
        QVERIFY2(driver().state() == State::Ready, qPrintable(child<QTextBrowser>("architect.dialogue")->toPlainText()));
        const auto task = *wb_->context().data().task(kTask);
        sayByReturn(QString::fromStdString(task.instruction));
        QVERIFY(waitTurnEnd());
        const auto& t = driver().session()->turns().back();
        QVERIFY2(!t.actions.empty(), qPrintable(child<QTextBrowser>("architect.dialogue")->toPlainText()));
        QVERIFY(t.firstActionSeconds.has_value());
        qInfo("GUI, Python example agent: Say to first applied action %.2f ms (%zu steps, %s)", *t.firstActionSeconds * 1000,
              t.actions.size(), ::iglu::architect::turnEndName(t.end));
        sayByReturn(QStringLiteral("now do the thing we talked about"));
        QVERIFY(waitTurnEnd());
        QCOMPARE(driver().state(), State::AwaitingAnswer);
        QCOMPARE(child<QPushButton>("architect.say")->text(), QStringLiteral("Answer"));
        agents->setCurrentIndex(0);
    }

    // A slow process agent (tests/architect/agents/gated.py holds its act until the test opens a
    // gate): the window stays responsive while it thinks and the Stop button ends the turn at once.
    void stopButtonDuringASlowAgentsWait() {
        wb_->context().selection().setTask(kTask);
        QTemporaryDir gateDir;
        const QString gate = gateDir.filePath(QStringLiteral("gate"));
        auto* agents = child<QComboBox>("architect.agent");
        agents->setCurrentIndex(agents->count() - 1);
        child<QLineEdit>("architect.command")
            ->setText(QStringLiteral(IGLU_TEST_PYTHON " " IGLU_SOURCE_DIR "/tests/architect/agents/gated.py ") + gate + QStringLiteral(" flying"));
        QTest::mouseClick(child<QPushButton>("architect.start"), Qt::LeftButton);
        QVERIFY2(driver().state() == State::Ready, qPrintable(child<QTextBrowser>("architect.dialogue")->toPlainText()));
        sayByReturn(QStringLiteral("take your time"));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(gate + QStringLiteral(".asked")), 30'000);  // it thinks
        QCOMPARE(driver().state(), State::Running);
        // The UI thread is free: the window repaints and the Stop button takes the click.
        const int frames = viewer()->framesRendered();
        viewer()->applyView(QStringLiteral("top"));
        QTRY_VERIFY_WITH_TIMEOUT(viewer()->framesRendered() > frames, 10'000);
        auto* stop = child<QPushButton>("architect.stop");
        QVERIFY(stop->isEnabled());
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(stop, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(driver().state() == State::Ready, 20'000);
        qInfo("GUI, Stop during a process agent's wait: turn ended after %lld ms (act timeout 5 s)", clock.elapsed());
        QVERIFY(clock.elapsed() < 4'500);  // woken, not timed out
        QCOMPARE(driver().session()->turns().back().end, ::iglu::architect::TurnEnd::Stopped);
        QVERIFY(child<QTextBrowser>("architect.dialogue")->toPlainText().contains(QStringLiteral("stopped: 0 steps")));
        viewer()->applyView(QStringLiteral("iso"));
        agents->setCurrentIndex(0);
    }

    // The catalog file disappears before End: the store fails, the ended session is kept and
    // said so in red, Retry Store (once the file is back) stores it whole.
    void aFailedStoreKeepsTheSessionForRetry() {
        wb_->context().selection().setTask(kTask);
        QTest::mouseClick(child<QPushButton>("architect.start"), Qt::LeftButton);
        QCOMPARE(driver().state(), State::Ready);
        sayByReturn(QStringLiteral("Place orange blocks on top of all the purple blocks."));
        QVERIFY(waitTurnEnd());
        const auto live = driver().session()->record();
        QVERIFY(!live.turns.empty() && live.turns[0].rollout.size() > 0);
        const QString path = wb_->context().data().path();
        const std::size_t before = catalog::Catalog(path.toStdString(), catalog::OpenMode::ReadOnly).architectSessions().size();
        QVERIFY(QFile::rename(path, path + QStringLiteral(".away")));
        QTest::mouseClick(child<QPushButton>("architect.end"), Qt::LeftButton);
        QCOMPARE(driver().state(), State::Ended);
        QVERIFY(driver().endedUnstored());
        const QString msg = child<QLabel>("architect.message")->text();
        QVERIFY2(msg.contains(QStringLiteral("could not be stored")) && msg.contains(QStringLiteral("kept here")), qPrintable(msg));
        QVERIFY(child<QTextBrowser>("architect.dialogue")->toPlainText().contains(QStringLiteral("is gone")));
        QVERIFY(child<QPushButton>("architect.retryStore")->isVisible());
        QVERIFY(child<QPushButton>("architect.export")->isVisible());
        {
            // Closing asks about it as about an open session.
            testing::ModalAnswers answers;
            answers.click(QMessageBox::Cancel);
            QVERIFY(!wb_->window().close());
            QCOMPARE(answers.seen().size(), 1);
        }
        QVERIFY(QFile::rename(path + QStringLiteral(".away"), path));
        QTest::mouseClick(child<QPushButton>("architect.retryStore"), Qt::LeftButton);
        QVERIFY2(child<QLabel>("architect.message")->text().contains(QStringLiteral("stored as #")),
                 qPrintable(child<QLabel>("architect.message")->text()));
        QVERIFY(!driver().endedUnstored());
        QVERIFY(!child<QPushButton>("architect.retryStore")->isVisible());
        catalog::Catalog cat(path.toStdString(), catalog::OpenMode::ReadOnly);
        const auto sessions = cat.architectSessions();
        QCOMPARE(sessions.size(), before + 1);
        const auto stored = cat.architectSession(sessions.back().id);
        QCOMPARE(stored->turns.size(), live.turns.size());
        QVERIFY(stored->turns[0].endWorld == live.turns[0].endWorld);
        QCOMPARE(stored->turns[0].rollout.size(), live.turns[0].rollout.size());
    }

    void abComparisonInTheDock() {
        auto* tabs = wb_->window().findChild<QTabWidget*>(QStringLiteral("architect.tabs"));
        QVERIFY(tabs != nullptr);
        tabs->setCurrentIndex(1);
        wb_->context().selection().setTask(kTask);
        auto* ab = test::findPluginWidget<AbPanel>(wb_->window(), QStringLiteral("architectAbPanel"));
        QVERIFY(ab != nullptr);
        const auto abChild = [ab](const char* name) { return ab->findChild<QWidget*>(QString::fromLatin1(name)); };
        // A: the language builder; B: the Python example agent when python3 has numpy.
        const bool python = pythonWithNumpy();
        if (python) {
            auto* agentB = static_cast<QComboBox*>(abChild("architect.abB.agent"));
            agentB->setCurrentIndex(agentB->count() - 1);
            auto* command = static_cast<QLineEdit*>(abChild("architect.abB.command"));
            command->setText(QStringLiteral(IGLU_TEST_PYTHON " ") + command->text().section(QLatin1Char(' '), 1));
        }
        QTest::mouseClick(static_cast<QPushButton*>(abChild("architect.abStart")), Qt::LeftButton);
        auto& cmp = ab->comparison();
        QVERIFY2(cmp.started(), qPrintable(static_cast<QTextBrowser*>(abChild("architect.abB.dialogue"))->toPlainText()));
        const auto task = *wb_->context().data().task(kTask);
        auto* box = static_cast<QLineEdit*>(abChild("architect.abInstruction"));
        box->setText(QString::fromStdString(task.instruction));
        QTest::keyClick(box, Qt::Key_Return);
        QDeadlineTimer deadline(60'000);
        while (cmp.running() && !deadline.hasExpired()) QTest::qWait(10);
        QVERIFY(!cmp.running());
        for (Side side : {Side::A, Side::B}) {
            const auto* s = cmp.side(side).session();
            QCOMPARE(s->turns().size(), std::size_t(1));
            QVERIFY(s->turns()[0].startWorld == task.starting);  // the same world, the same instruction
            auto* view = ab->findChild<viewers::ZoneView*>(side == Side::A ? QStringLiteral("architect.abA.view") : QStringLiteral("architect.abB.view"));
            QVERIFY(view != nullptr);
            const QString legend = QString::fromStdString(view->scene().legendText());
            QVERIFY2(legend.contains(QStringLiteral("built %1 ").arg(s->world().count())), qPrintable(legend));
        }
        static_cast<QRadioButton*>(abChild("architect.abPickB"))->setChecked(true);
        static_cast<QLineEdit*>(abChild("architect.abReason"))->setText(QStringLiteral("B finished the tower"));
        QTest::mouseClick(static_cast<QPushButton*>(abChild("architect.abChoose")), Qt::LeftButton);
        QVERIFY(cmp.judgement().has_value());
        if (const QString out = QString::fromLocal8Bit(qgetenv("IGLU_ARCHITECT_SCREENSHOT")); !out.isEmpty()) {
            // docs/plugin-architect-ab.png: the dock floating, wide enough for both views.
            auto* dock = wb_->window().findChild<QDockWidget*>(QStringLiteral("architect"));
            dock->setFloating(true);
            dock->resize(1100, 820);
            QTest::qWait(300);
            QVERIFY(dock->grab().save(QString(out).replace(QStringLiteral(".png"), QStringLiteral("-ab.png"))));
            dock->setFloating(false);
        }
        QTest::mouseClick(static_cast<QPushButton*>(abChild("architect.abEnd")), Qt::LeftButton);
        const QString msg = static_cast<QLabel*>(abChild("architect.abMessage"))->text();
        QVERIFY2(msg.contains(QStringLiteral("stored as #")), qPrintable(msg));
        QVERIFY(cmp.ended());
        catalog::Catalog cat(wb_->context().data().path().toStdString(), catalog::OpenMode::ReadOnly);
        const auto rows = cat.humanFeedback();
        QCOMPARE(rows.size(), std::size_t(2));
        const std::string agentB = cmp.side(Side::B).session()->agentName();
        for (const auto& r : rows) {
            QCOMPARE(r.comment, std::string("B finished the tower"));
            QCOMPARE(*r.chosenBest, r.gameId == "architect:" + std::to_string(cat.architectSessions().back().id));
        }
        if (python) QVERIFY(agentB != cmp.side(Side::A).session()->agentName());
        tabs->setCurrentIndex(0);
    }

    void endIsRefusedForATaskList() {
        QString error;
        QVERIFY2(wb_->context().data().open(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        const QString id = wb_->context().data().tasks().front().id;
        wb_->context().selection().setTask(id);
        QTest::mouseClick(child<QPushButton>("architect.start"), Qt::LeftButton);
        QCOMPARE(driver().state(), State::Ready);
        QTest::mouseClick(child<QPushButton>("architect.end"), Qt::LeftButton);
        QCOMPARE(driver().state(), State::Ready);  // refused: the session stays open
        const QString msg = child<QLabel>("architect.message")->text();
        QVERIFY2(msg.contains(QStringLiteral("task list held in memory")), qPrintable(msg));
        QVERIFY(child<QTextBrowser>("architect.dialogue")->toPlainText().contains(QStringLiteral("Cannot store the session")));
    }

    void closingWithAnUnstoredSessionAsks() {
        // The task list's session of the test above has no turn: closing asks nothing.
        {
            testing::ModalAnswers answers;
            answers.click(QMessageBox::Cancel);
            QVERIFY(closeWindow());
            QVERIFY(answers.seen().isEmpty());
        }
        sayByReturn(QStringLiteral("Place a red block on top of the orange blocks."));
        QVERIFY(waitTurnEnd());
        {
            testing::ModalAnswers answers;
            answers.click(QMessageBox::Cancel);
            QVERIFY(!wb_->window().close());
            QCOMPARE(answers.seen().size(), 1);
            QVERIFY2(answers.seen().front().contains(QStringLiteral("architect session (1 turns)")), qPrintable(answers.seen().front()));
        }
        {
            // Save with a task list open: refused with the reason, the window stays.
            testing::ModalAnswers answers;
            answers.click(QMessageBox::Save);
            QVERIFY(!wb_->window().close());
            QVERIFY(child<QLabel>("architect.message")->text().contains(QStringLiteral("task list held in memory")));
        }
        {
            testing::ModalAnswers answers;
            answers.click(QMessageBox::Discard);
            QVERIFY(closeWindow());
            QCOMPARE(answers.seen().size(), 1);
        }
    }
};

IGLU_GUI_TEST_MAIN(TestArchitectWorkbench)
#include "test_architect_workbench.moc"

// Replaying a stored architect session in the workbench (Xvfb), on the bundled example catalog: a
// three-turn session with the test builder on CQ-game-3002 (an instruction, a question, its
// answer; judgements) is stored through the workbench's own connection (DataService::architect());
// the Dataset dock's Architect Sessions tab lists it at once, selecting it selects the task and
// the first turn's rollout at step 0 (the 3D view shows the turn's start world), Next / Previous
// move turn by turn with the dialogue up to the turn (the current turn highlighted), the step
// slider plays the turn in the 3D view (the selection's step) and follows the Playback path;
// other data empties the list, a task list refuses to store a session.
// With IGLU_REPLAY_SCREENSHOT=FILE it saves the window at the second step of turn 3 there
// (docs/architect-replay.png).
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include "architect/architect_session.hpp"
#include "architect/lua_turn_agent.hpp"
#include "scripting/agent.hpp"
#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "widgets/session_view.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;
using plugins::dataset::SessionView;

namespace {
const QString kTask = QStringLiteral("CQ-game-3002");
const std::string kBuilder = IGLU_SOURCE_DIR "/tests/architect/agents/test_builder.lua";
}  // namespace

class TestSessionReplayWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    SessionView* view_ = nullptr;
    catalog::ArchitectSessionRecord stored_;

    template <class T>
    T* child(const char* name) { return view_->findChild<T*>(QString::fromLatin1(name)); }
    Selection& selection() { return wb_->context().selection(); }
    QString legend() { return wb_->context().service<ViewerService>()->legendText(); }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("examples.db")), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1500, 1000}));
        view_ = test::findPluginWidget<SessionView>(wb_->window(), QStringLiteral("dataset.sessionView"));
        QVERIFY(view_ != nullptr);
        auto* tabs = wb_->window().findChild<QTabWidget*>(QStringLiteral("dataset.tabs"));
        QVERIFY(tabs != nullptr);
        tabs->setCurrentWidget(view_);
        if (auto* dock = wb_->window().findChild<QDockWidget*>(QStringLiteral("dataset"))) {
            dock->show();
            dock->raise();
        }
    }
    void cleanupTestCase() { wb_.reset(); }

    // A session stored through the workbench's connection appears in the list at once.
    void storedSessionIsListed() {
        QCOMPARE(child<QListWidget>("dataset.sessions")->count(), 0);
        const auto task = wb_->context().data().task(kTask);
        QVERIFY(task.has_value());
        architect::SessionOptions options;
        options.env.actionSpace = core::ActionSpace::Flying;
        options.turnStepBudget = 300;
        architect::ArchitectSession session(*task, std::make_unique<architect::LuaTurnAgent>(
                                                       scripting::AgentScript{kBuilder, std::nullopt}, scripting::agentSandbox(kBuilder)),
                                            options);
        session.say("Place orange blocks on top of all the purple blocks.");
        QCOMPARE(session.runTurn(), architect::TurnEnd::Done);
        session.rateTurn(0, 4, "good start");
        session.say("build it");
        QCOMPARE(session.runTurn(), architect::TurnEnd::Question);
        session.answer("Place two red blocks on top of the orange blocks.");
        QCOMPARE(session.runTurn(), architect::TurnEnd::Done);
        session.rateSession(4, "asked when it had to");
        session.end();
        const std::int64_t id = wb_->context().data().architect().put(session.record());
        QVERIFY(id > 0);
        stored_ = *wb_->context().data().architect().session(id);
        QCOMPARE(stored_.turns.size(), std::size_t(3));
        QCOMPARE(child<QListWidget>("dataset.sessions")->count(), 1);
        QVERIFY(child<QListWidget>("dataset.sessions")->item(0)->text().startsWith(QStringLiteral("#%1 · %2").arg(id).arg(kTask)));
    }

    void selectingASessionShowsItsFirstTurn() {
        child<QListWidget>("dataset.sessions")->setCurrentRow(0);
        QVERIFY(view_->replay() != nullptr);
        QCOMPARE(selection().taskId(), kTask);
        QCOMPARE(selection().rolloutId(), stored_.turns[0].rolloutId);
        QCOMPARE(selection().step(), 0);
        const auto steps = stored_.turns[0].rollout.size();
        QVERIFY(steps > 0);
        QTRY_VERIFY(legend().contains(QStringLiteral("step 0 / %1").arg(steps)));
        const QString text = child<QTextBrowser>("dataset.sessionDialogue")->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("<Architect> Place orange blocks")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("turn 1 rated 4/5: good start")));
        QVERIFY(!text.contains(QStringLiteral("build it")));  // later turns are not shown yet
        QVERIFY(!child<QPushButton>("dataset.previousTurn")->isEnabled());
        QVERIFY(child<QPushButton>("dataset.nextTurn")->isEnabled());
        QCOMPARE(child<QLabel>("dataset.turnLabel")->text(), QStringLiteral("turn 1 / 3"));
    }

    void nextAndPreviousTurn() {
        QTest::mouseClick(child<QPushButton>("dataset.nextTurn"), Qt::LeftButton);
        QCOMPARE(child<QLabel>("dataset.turnLabel")->text(), QStringLiteral("turn 2 / 3"));
        QCOMPARE(selection().rolloutId(), stored_.turns[1].rolloutId);
        QString text = child<QTextBrowser>("dataset.sessionDialogue")->toPlainText();
        QVERIFY(text.contains(QStringLiteral("<Builder> What should I build?")));
        QVERIFY(!text.contains(QStringLiteral("two red blocks")));
        QTest::mouseClick(child<QPushButton>("dataset.nextTurn"), Qt::LeftButton);
        QCOMPARE(selection().rolloutId(), stored_.turns[2].rolloutId);
        text = child<QTextBrowser>("dataset.sessionDialogue")->toPlainText();
        QVERIFY(text.contains(QStringLiteral("(answer) Place two red blocks")));
        QVERIFY(text.contains(QStringLiteral("session rated 4/5: asked when it had to")));
        QVERIFY(!child<QPushButton>("dataset.nextTurn")->isEnabled());
        QTest::mouseClick(child<QPushButton>("dataset.previousTurn"), Qt::LeftButton);
        QCOMPARE(child<QLabel>("dataset.turnLabel")->text(), QStringLiteral("turn 2 / 3"));
        QCOMPARE(selection().rolloutId(), stored_.turns[1].rolloutId);
        QTest::mouseClick(child<QPushButton>("dataset.nextTurn"), Qt::LeftButton);
    }

    // The slider plays the turn in the 3D view; a step set elsewhere (the Playback dock) moves it.
    void stepSliderPlaysTheTurn() {
        auto* slider = child<QSlider>("dataset.turnStep");
        const int steps = static_cast<int>(stored_.turns[2].rollout.size());
        QVERIFY(steps > 1);
        QCOMPARE(slider->maximum(), steps);
        slider->setValue(steps);
        QCOMPARE(selection().step(), steps);
        QTRY_VERIFY(legend().contains(QStringLiteral("step %1 / %1").arg(steps)));
        selection().setStep(1);
        QCOMPARE(slider->value(), 1);
        QTRY_VERIFY(legend().contains(QStringLiteral("step 1 / %1").arg(steps)));
        slider->setValue(2);
        QCOMPARE(selection().step(), 2);
    }

    void screenshot() {
        const QByteArray out = qgetenv("IGLU_REPLAY_SCREENSHOT");
        if (out.isEmpty()) QSKIP("IGLU_REPLAY_SCREENSHOT is not set");
        QTest::qWait(300);
        QVERIFY(wb_->window().grab().save(QString::fromLocal8Bit(out)));
    }

    // Other data open: the list follows it (no session in a fresh example catalog).
    void otherDataEmptiesTheList() {
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("other.db")), &error), qPrintable(error));
        QCOMPARE(child<QListWidget>("dataset.sessions")->count(), 0);
        QVERIFY(view_->replay() == nullptr);
        // A task list held in memory stores no session: the store says why, nothing is listed.
        QVERIFY2(wb_->context().data().open(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        try {
            wb_->context().data().architect().put(stored_);
            QFAIL("a task list took an architect session");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("task list held in memory")), e.what());
        }
        QCOMPARE(child<QListWidget>("dataset.sessions")->count(), 0);
    }
};

IGLU_GUI_TEST_MAIN(TestSessionReplayWorkbench)
#include "test_session_replay_workbench.moc"

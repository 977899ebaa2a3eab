// The Architect dock's logic headless: the agent chooser's bundled agents, the driver running the
// real language builder on a real bundled task from its timer (three turns, undo, re-instruct,
// compared to a fresh replay and to a fresh session given only the kept turns), questions and
// answers, an agent failure keeping the session usable, ratings, ending and storing in a catalog
// file, and the Python example agent through ProcessTurnAgent (when python3 has numpy).
#include <QtTest>

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <future>

#include "architect/lua_turn_agent.hpp"
#include "architect/process_agent.hpp"
#include "core/catalog/catalog.hpp"
#include "datasets/importer.hpp"
#include "logic/ab_session.hpp"
#include "logic/architect_driver.hpp"
#include "scripting/agent.hpp"

using namespace iglu;
using namespace iglu::plugins::architect;
using State = ArchitectDriver::State;

namespace {

const QString kExamples = QStringLiteral(IGLU_SOURCE_DIR "/examples");
const QString kTestBuilder = QStringLiteral(IGLU_SOURCE_DIR "/tests/architect/agents/test_builder.lua");
const char* kTaskId = "CQ-game-3002";

void importBundled(catalog::Catalog& cat) {
    datasets::ImportOptions o;
    o.withRollouts = false;
    datasets::importSingleTurn(IGLU_SOURCE_DIR "/examples/data/iglu-singleturn", cat, o);
}

core::Task bundledTask() {
    auto cat = catalog::Catalog::inMemory();
    importBundled(cat);
    return cat.task(kTaskId)->task;
}

AgentSpec luaSpec(const QString& path) {
    AgentSpec s;
    s.kind = AgentSpec::Kind::Lua;
    s.label = QFileInfo(path).fileName();
    s.script = path;
    return s;
}

::iglu::architect::SessionOptions flying() {
    ::iglu::architect::SessionOptions o;
    o.env.actionSpace = core::ActionSpace::Flying;
    o.turnStepBudget = 300;
    return o;
}

// Says `text` and lets the timer run the turn to its end.
bool runTurn(ArchitectDriver& d, const QString& text) {
    QSignalSpy ended(&d, &ArchitectDriver::turnEnded);
    if (!d.say(text)) return false;
    return ended.count() > 0 || ended.wait(60'000);  // a one-step turn ends inside say()
}

int countKind(const std::vector<DialogueLine>& lines, DialogueLine::Kind kind) {
    return static_cast<int>(std::count_if(lines.begin(), lines.end(), [kind](const DialogueLine& l) { return l.kind == kind; }));
}

bool pythonWithNumpy() {
    QProcess p;
    p.start(QStringLiteral(IGLU_TEST_PYTHON), {QStringLiteral("-c"), QStringLiteral("import numpy")});
    return p.waitForFinished(20'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

}  // namespace

class TestArchitectLogic : public QObject {
    Q_OBJECT
private slots:
    void bundledAgentsOfferTheTurnApiAgents() {
        const auto agents = bundledAgents(kExamples);
        QVERIFY(agents.size() >= 2);
        QCOMPARE(agents.front().label, QStringLiteral("language_builder.lua"));
        QCOMPARE(agents.front().kind, AgentSpec::Kind::Lua);
        for (const auto& a : agents) QVERIFY2(a.label != QStringLiteral("oracle.lua"), "the oracle reads the target, not the instruction");
        QCOMPARE(agents.back().kind, AgentSpec::Kind::Process);
        QCOMPARE(agents.back().command, QStringLiteral("python3 ") + kExamples + QStringLiteral("/python/architect_agent.py"));
    }

    void threeTurnsWithUndoMatchAFreshReplay() {
        const core::Task task = bundledTask();
        ArchitectDriver d;
        d.setPace(1, 0, 15);  // one step per tick: the view is told of every step
        QVERIFY(d.start(task, luaSpec(kExamples + QStringLiteral("/agents/language_builder.lua")), flying()));
        QCOMPARE(d.state(), State::Ready);
        QSignalSpy changed(&d, &ArchitectDriver::changed);
        QVERIFY(d.say(QString::fromStdString(task.instruction)));
        QCOMPARE(d.state(), State::Running);
        QSignalSpy ended(&d, &ArchitectDriver::turnEnded);
        QVERIFY(ended.wait(60'000));
        const auto& s = *d.session();
        QVERIFY(s.turns()[0].actions.size() > 5);
        QVERIFY2(changed.count() > static_cast<int>(s.turns()[0].actions.size()), "a change per tick, one step per tick");
        QVERIFY(s.world() != task.starting);
        QVERIFY(s.turns()[0].firstActionSeconds.has_value());

        QVERIFY(runTurn(d, QStringLiteral("Remove the top three blocks.")));
        const core::Grid afterTwo = s.world();
        QVERIFY(runTurn(d, QStringLiteral("Place a red block on top of the orange blocks.")));
        QCOMPARE(s.turns().size(), std::size_t(3));
        QCOMPARE(d.state(), State::Ready);
        QVERIFY(d.undo());
        QCOMPARE(s.turns().size(), std::size_t(2));
        QVERIFY(s.world() == afterTwo);
        QVERIFY(runTurn(d, QStringLiteral("Place a blue block on top of the orange blocks.")));

        // A fresh replay of the kept turns' actions gives the same world and pose.
        core::Environment e(s.environment().config());
        e.setTask(s.task());
        e.reset();
        for (const auto& t : s.turns())
            for (const auto& a : t.actions) e.step(a);
        QVERIFY(e.grid() == s.world());
        QCOMPARE(e.stepNo(), s.environment().stepNo());
        // A fresh session given only the kept utterances builds the same world.
        ::iglu::architect::ArchitectSession fresh(task, makeTurnAgent(luaSpec(kExamples + QStringLiteral("/agents/language_builder.lua"))), flying());
        for (const auto& t : s.turns()) {
            fresh.say(t.utterance);
            fresh.runTurn();
        }
        QVERIFY(fresh.world() == s.world());

        const auto lines = d.dialogue();
        QCOMPARE(countKind(lines, DialogueLine::Kind::Architect), 3);
        QVERIFY(std::any_of(lines.begin(), lines.end(), [](const DialogueLine& l) { return l.text == QStringLiteral("turn 3 taken back"); }));
        QVERIFY(std::none_of(lines.begin(), lines.end(), [](const DialogueLine& l) { return l.text.contains(QStringLiteral("red block")); }));
    }

    void questionsFailuresAndStopKeepTheSessionUsable() {
        const core::Task task = bundledTask();
        ArchitectDriver d;
        QVERIFY(d.start(task, luaSpec(kTestBuilder), flying()));
        QVERIFY(runTurn(d, QStringLiteral("build it")));
        QCOMPARE(d.state(), State::AwaitingAnswer);
        QCOMPARE(countKind(d.dialogue(), DialogueLine::Kind::Builder), 1);
        QVERIFY(runTurn(d, QString::fromStdString(task.instruction)));  // answers the question
        QVERIFY(d.session()->turns().back().answer);
        QCOMPARE(d.state(), State::Ready);

        const core::Grid before = d.session()->world();
        QVERIFY(runTurn(d, QStringLiteral("crash: Remove the top three blocks.")));
        QCOMPARE(d.session()->turns().back().end, ::iglu::architect::TurnEnd::Failed);
        const auto lines = d.dialogue();
        QCOMPARE(countKind(lines, DialogueLine::Kind::Failure), 1);
        QVERIFY(std::any_of(lines.begin(), lines.end(), [](const DialogueLine& l) { return l.text.contains(QStringLiteral("crashed on purpose")); }));
        QVERIFY(dialogueHtml(lines).contains(QStringLiteral("color:#c01c28")));
        QCOMPARE(d.state(), State::Ready);
        QVERIFY(d.undo());
        QVERIFY(d.session()->world() == before);

        // Stop a running turn: it ends with the step in flight on the worker (stop() never waits
        // for it), and say goes on.
        d.setPace(1, 50, 15);
        QVERIFY(d.say(QStringLiteral("Remove the top three blocks.")));
        QCOMPARE(d.state(), State::Running);
        d.stop();
        QTRY_COMPARE_WITH_TIMEOUT(d.state(), State::Ready, 20'000);
        QCOMPARE(d.session()->turns().back().end, ::iglu::architect::TurnEnd::Stopped);
        QVERIFY(!d.say(QStringLiteral("   ")));
    }

    void anAgentThatCannotStartSaysSo() {
        ArchitectDriver d;
        QVERIFY(!d.start(bundledTask(), luaSpec(QStringLiteral("/nonexistent/agent.lua"))));
        QCOMPARE(d.state(), State::NoSession);
        QCOMPARE(countKind(d.dialogue(), DialogueLine::Kind::Failure), 1);
        QVERIFY(!d.say(QStringLiteral("hello")));
        AgentSpec missing;
        missing.kind = AgentSpec::Kind::Process;
        missing.label = QStringLiteral("missing program");
        missing.command = QStringLiteral("/nonexistent/program --x");
        QVERIFY(!d.start(bundledTask(), missing));
        QVERIFY(d.dialogue().back().text.startsWith(QStringLiteral("missing program could not start: ")));
        missing.command = QStringLiteral("  ");
        QVERIFY(!d.start(bundledTask(), missing));
        QVERIFY(d.dialogue().back().text.contains(QStringLiteral("empty")));
    }

    void ratedSessionSurvivesAFailedStore() {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("a.db"));
        {
            catalog::Catalog cat(db.toStdString(), catalog::OpenMode::Create);
            importBundled(cat);
        }
        const core::Task task = bundledTask();
        ArchitectDriver d;
        QVERIFY(d.start(task, luaSpec(kExamples + QStringLiteral("/agents/language_builder.lua")), flying()));
        QVERIFY(!d.rateLastTurn(3, QStringLiteral("no turn yet")));
        QVERIFY(runTurn(d, QString::fromStdString(task.instruction)));
        QVERIFY(d.rateLastTurn(4, QStringLiteral("good start")));
        QVERIFY(!d.rateSession(9, QStringLiteral("out of range")));
        QVERIFY(d.rateSession(5, QStringLiteral("built it")));
        const auto record = d.end();
        QVERIFY(record.has_value());
        QCOMPARE(d.state(), State::Ended);
        QVERIFY(!d.say(QStringLiteral("more")));
        // The store fails (a read-only connection: as a catalog made read-only, locked or gone):
        // the session is kept, the dialogue says so, a retry stores it whole, once.
        QVERIFY(d.endedUnstored());
        {
            catalog::Catalog readOnly(db.toStdString(), catalog::OpenMode::ReadOnly);
            QVERIFY(!d.storeEnded([&](const catalog::ArchitectSessionRecord& r) { return readOnly.putArchitectSession(r); }));
        }
        QVERIFY(d.endedUnstored());
        QCOMPARE(d.state(), State::Ended);
        QVERIFY(d.dialogue().back().kind == DialogueLine::Kind::Failure);
        QVERIFY2(d.dialogue().back().text.contains(QStringLiteral("kept here: Retry Store, or Export")), qPrintable(d.dialogue().back().text));
        QVERIFY(d.session() != nullptr && d.session()->turns().size() == 1);
        catalog::Catalog writer(db.toStdString(), catalog::OpenMode::ReadWrite);
        const auto put = [&](const catalog::ArchitectSessionRecord& r) { return writer.putArchitectSession(r); };
        const auto id = d.storeEnded(put);
        QVERIFY(id.has_value() && *id > 0);
        QCOMPARE(d.storedId(), id);
        QVERIFY(!d.endedUnstored());
        QVERIFY(!d.storeEnded(put));  // stored once
        QCOMPARE(writer.architectSessions().size(), std::size_t(1));
        QVERIFY(d.dialogue().back().text.contains(QStringLiteral("stored as session #%1").arg(*id)));
        catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadOnly);
        const auto stored = cat.architectSession(*id);
        QVERIFY(stored.has_value());
        QCOMPARE(stored->taskId, std::string(kTaskId));
        QCOMPARE(stored->turns.size(), std::size_t(1));
        QCOMPARE(*stored->turns[0].rating, 4);
        QCOMPARE(stored->turns[0].comment, std::string("good start"));
        QCOMPARE(*stored->rating, 5);
        QVERIFY(stored->turns[0].endWorld == record->turns[0].endWorld);
        QCOMPARE(stored->turns[0].rollout.size(), record->turns[0].rollout.size());
        // The way out when no catalog takes it: a catalog file of its own.
        const QString out = dir.filePath(QStringLiteral("exported.db"));
        const std::int64_t exported = exportSession(out, *record);
        QCOMPARE(catalog::Catalog(out.toStdString(), catalog::OpenMode::ReadOnly).architectSession(exported)->turns.size(), std::size_t(1));
        QVERIFY_THROWS_EXCEPTION(std::exception, exportSession(dir.filePath(QStringLiteral("missing/x.db")), *record));
    }

    void abComparisonStoresBothSessionsAndTheJudgement() {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("ab.db"));
        {
            catalog::Catalog cat(db.toStdString(), catalog::OpenMode::Create);
            importBundled(cat);
        }
        const core::Task task = bundledTask();
        AbSession ab;
        QVERIFY(!ab.say(QStringLiteral("nothing started")));
        QVERIFY(ab.start(task, luaSpec(kExamples + QStringLiteral("/agents/language_builder.lua")), luaSpec(kTestBuilder), flying()));
        QVERIFY(!ab.choose(Side::A, QStringLiteral("no turn yet")));
        ab.side(Side::A).setPace(1, 0, 15);
        QVERIFY(ab.say(QString::fromStdString(task.instruction)));
        QVERIFY(ab.running());
        QVERIFY(!ab.choose(Side::A, QStringLiteral("still running")));
        QTRY_VERIFY_WITH_TIMEOUT(!ab.running(), 60'000);
        // Same instruction from the same world: both turns start on the task's start world.
        QVERIFY(ab.side(Side::A).session()->turns()[0].startWorld == ab.side(Side::B).session()->turns()[0].startWorld);
        QCOMPARE(ab.side(Side::A).session()->turns()[0].utterance, ab.side(Side::B).session()->turns()[0].utterance);
        QVERIFY(!ab.choose(Side::B, QStringLiteral("  ")));
        QVERIFY(ab.choose(Side::B, QStringLiteral("B placed the orange blocks first")));
        {
            // A store that fails keeps both sessions and the pick; End & Store may be asked again.
            catalog::Catalog readOnly(db.toStdString(), catalog::OpenMode::ReadOnly);
            QVERIFY_THROWS_EXCEPTION(std::exception, ab.endAndStore(readOnly));
            QVERIFY(ab.endedUnstored());
            QVERIFY(ab.judgement().has_value());
        }
        catalog::Catalog writer(db.toStdString(), catalog::OpenMode::ReadWrite);
        const auto [idA, idB] = ab.endAndStore(writer);
        ab.markStored();
        QVERIFY(!ab.endedUnstored());
        QVERIFY(ab.ended());
        QVERIFY(idA > 0 && idB > idA);
        catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadOnly);
        QCOMPARE(cat.architectSession(idA)->agent, std::string("language_builder.lua"));
        const auto rows = cat.humanFeedback();
        QCOMPARE(rows.size(), std::size_t(2));
        for (const auto& r : rows) {
            QCOMPARE(r.hitId, "architect-ab:" + std::to_string(idA) + "," + std::to_string(idB));
            QCOMPARE(r.taskId, std::string(kTaskId));
            QCOMPARE(r.comment, std::string("B placed the orange blocks first"));
            QCOMPARE(*r.chosenBest, r.agent == "test_builder.lua");
        }
        for (const auto& f : cat.feedbackSummary()) QCOMPARE(f.chosenBest, f.agent == "test_builder.lua" ? 1 : 0);
    }

    // A slow process agent (tests/architect/agents/gated.py: it answers a step only once the test
    // opens its gate) runs on the driver's worker: say() returns while the agent thinks, the
    // driver's thread keeps running its event loop, Stop ends the turn at once (no 60 s act
    // timeout to wait out) and the agent stays usable: its late act is dropped, the next turn runs.
    void slowProcessAgentRunsOffTheDriverThread() {
        QTemporaryDir dir;
        const QString gate = dir.filePath(QStringLiteral("gate"));
        AgentSpec slow;
        slow.kind = AgentSpec::Kind::Process;
        slow.label = QStringLiteral("gated");
        slow.command = QStringLiteral(IGLU_TEST_PYTHON " " IGLU_SOURCE_DIR "/tests/architect/agents/gated.py ") + gate;
        slow.actTimeout = std::chrono::milliseconds(60'000);
        ::iglu::architect::SessionOptions walking;
        walking.turnStepBudget = 5;
        ArchitectDriver d;
        QVERIFY2(d.start(bundledTask(), slow, walking), qPrintable(d.dialogue().back().text));
        QVERIFY(d.say(QStringLiteral("take your time")));
        QVERIFY(d.busy());
        QCOMPARE(d.state(), State::Running);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(gate + QStringLiteral(".asked")), 30'000);  // it is thinking
        bool ticked = false;
        QTimer::singleShot(0, &d, [&] { ticked = true; });
        QTRY_VERIFY_WITH_TIMEOUT(ticked, 10'000);  // the driver's thread is free meanwhile
        QCOMPARE(d.state(), State::Running);
        QElapsedTimer stopClock;
        stopClock.start();
        d.stop();  // returns at once; the worker's wait is woken
        QTRY_VERIFY_WITH_TIMEOUT(d.state() == State::Ready, 20'000);
        qInfo("Stop during a process agent's wait: turn ended after %lld ms", stopClock.elapsed());
        QVERIFY(stopClock.elapsed() < 30'000);  // far below the 60 s act timeout
        const auto& stopped = d.session()->turns().back();
        QCOMPARE(stopped.end, ::iglu::architect::TurnEnd::Stopped);
        QVERIFY(stopped.failure.empty());
        QVERIFY(stopped.actions.empty());
        // The gate opens: the late act of the stopped step is dropped, the next turn runs to its budget.
        QFile(gate).open(QIODevice::WriteOnly);
        QVERIFY(runTurn(d, QStringLiteral("now go")));
        const auto& next = d.session()->turns().back();
        QVERIFY2(next.failure.empty(), next.failure.c_str());
        QCOMPARE(next.end, ::iglu::architect::TurnEnd::StepBudget);
        QCOMPARE(next.actions.size(), std::size_t(5));
        QVERIFY(d.end().has_value());
    }

    // A process agent that takes its time to say hello starts on the worker: the driver's thread
    // runs its timers meanwhile (the one below opens the gate the agent waits for before its
    // hello; were the thread blocked, the start would fail on the hello timeout).
    void slowHelloDoesNotBlockTheDriverThread() {
        QTemporaryDir dir;
        const QString gate = dir.filePath(QStringLiteral("gate"));
        AgentSpec slow;
        slow.kind = AgentSpec::Kind::Process;
        slow.label = QStringLiteral("gated");
        slow.command = QStringLiteral(IGLU_TEST_PYTHON " " IGLU_SOURCE_DIR "/tests/architect/agents/gated.py ") + gate +
                       QStringLiteral(" walking gate-hello");
        ArchitectDriver d;
        QTimer opener;
        opener.setInterval(5);
        int ticks = 0;
        connect(&opener, &QTimer::timeout, &d, [&] {
            ++ticks;
            if (QFile::exists(gate + QStringLiteral(".asked"))) QFile(gate).open(QIODevice::WriteOnly);
        });
        opener.start();
        QVERIFY2(d.start(bundledTask(), slow), qPrintable(d.dialogue().back().text));
        QVERIFY(ticks > 0);
        QCOMPARE(d.state(), State::Ready);
        QVERIFY(d.end().has_value());
    }

    // The session refuses a second thread while one is inside it; requestStop is the exception.
    void sessionRefusesTwoThreadsAtOnce() {
        QTemporaryDir dir;
        const QString gate = dir.filePath(QStringLiteral("gate"));
        auto agent = std::make_unique<::iglu::architect::ProcessTurnAgent>(::iglu::architect::commandLineAgent(
            IGLU_TEST_PYTHON " " IGLU_SOURCE_DIR "/tests/architect/agents/gated.py " + gate.toStdString()));
        ::iglu::architect::ArchitectSession session(bundledTask(), std::move(agent));
        session.say("one step, slowly");
        auto worker = std::async(std::launch::async, [&] { return session.step(); });
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(gate + QStringLiteral(".asked")), 30'000);  // the worker is inside step()
        try {
            session.stop();
            QFAIL("stop() from a second thread was not refused");
        } catch (const ::iglu::architect::SessionInUse& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("two threads at once")), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(::iglu::architect::SessionInUse, session.say("me too"));
        session.requestStop();
        QVERIFY(worker.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
        QVERIFY(worker.get());
        QCOMPARE(session.turns().back().end, ::iglu::architect::TurnEnd::Stopped);
        session.end();  // the calling thread may use it again
        QVERIFY(session.ended());
    }

    void pythonExampleAgentThroughTheProcessProtocol() {
        if (!pythonWithNumpy()) QSKIP("python3 with numpy is not available");
        const core::Task task = bundledTask();
        AgentSpec py = bundledAgents(kExamples).back();
        py.command = QStringLiteral(IGLU_TEST_PYTHON " ") + kExamples + QStringLiteral("/python/architect_agent.py");
        py.environment = QString(IGLU_TEST_AGENT_ENV).split(QLatin1Char('|'), Qt::SkipEmptyParts);
        ArchitectDriver d;
        d.setPace(4, 0, 15);
        QVERIFY2(d.start(task, py, flying()), qPrintable(d.dialogue().back().text));
        QVERIFY(runTurn(d, QString::fromStdString(task.instruction)));
        const auto& t = d.session()->turns().back();
        QVERIFY2(t.end == ::iglu::architect::TurnEnd::Done || t.end == ::iglu::architect::TurnEnd::Question,
                 ::iglu::architect::turnEndName(t.end));
        QVERIFY(t.belief.has_value());
        if (t.firstActionSeconds) qInfo("python example agent: say to first applied action %.1f ms (driver, %zu steps)", *t.firstActionSeconds * 1000, t.actions.size());
        QVERIFY(runTurn(d, QStringLiteral("now do the thing we talked about")));
        QCOMPARE(d.state(), State::AwaitingAnswer);  // it asks when it cannot ground the instruction
        QVERIFY(d.end().has_value());
    }
};

QTEST_GUILESS_MAIN(TestArchitectLogic)
#include "test_architect_logic.moc"

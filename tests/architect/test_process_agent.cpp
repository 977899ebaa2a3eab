// ProcessTurnAgent against real agent programs: a corpus of misbehaving ones (agents/*.py) that
// must each end in AgentFailure with the expected message within the timeouts, leaving no child
// process (no zombie, nothing left in its process group) and an object that is safe to use and
// destroy; and well-behaved ones through iglu.serve_agent, including the example language agent
// building a real instruction (its latency is printed).
#include <QtTest>

#include <cerrno>
#include <csignal>
#include <sys/wait.h>

#include "architect/process_agent.hpp"

using namespace iglu;
using namespace iglu::architect;

namespace {

core::Environment makeEnv(core::ActionSpace space, const std::vector<core::Block>& start = {}) {
    core::EnvConfig config;
    config.actionSpace = space;
    config.maxSteps = 1000;
    core::Environment env(config);
    core::Task task;
    task.id = "test-task";
    task.starting = core::Grid::fromBlocks(start);
    task.target = task.starting;
    task.target.set(5, -1, 5, core::Red);  // the agents never see it
    env.setTask(task);
    env.reset();
    return env;
}

ProcessAgentOptions pythonAgent(const QString& script, const QStringList& args = {}) {
    ProcessAgentOptions o;
    const QString path = script.startsWith('/') ? script : QString(IGLU_TEST_AGENTS_DIR) + '/' + script;
    o.argv.push_back(IGLU_TEST_PYTHON);
    o.argv.push_back(path.toStdString());
    for (const QString& a : args) o.argv.push_back(a.toStdString());
    for (const QString& e : QString(IGLU_TEST_AGENT_ENV).split('|', Qt::SkipEmptyParts)) o.environment.push_back(e.toStdString());
    return o;
}

// No child of this process exists, running or zombie.
bool noChildren() {
    int status = 0;
    return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

// Nothing is left in process group `group`.
bool groupGone(pid_t group) { return ::kill(-group, 0) == -1 && errno == ESRCH; }

}  // namespace

class TestProcessAgent : public QObject {
    Q_OBJECT

private slots:
    void misbehavingAgentsFail_data() {
        QTest::addColumn<QStringList>("argv");  // a script of agents/ and its arguments, or a command
        QTest::addColumn<bool>("flying");
        QTest::addColumn<int>("failsAt");      // 0: startSession, n: the n-th act
        QTest::addColumn<QString>("expected"); // a regular expression
        const QString py = "agent `python3[.0-9]* ";
        QTest::newRow("silent") << QStringList{"silent.py"} << false << 0
                                << py + "silent.py` did not answer within 0.5 s \\(the workbench waited for its hello\\)$";
        QTest::newRow("stderr flood") << QStringList{"flood_stderr.py"} << false << 0
                                      << py + "flood_stderr.py` did not answer within 0.5 s \\(the workbench waited for its hello\\)$";
        QTest::newRow("slow") << QStringList{"slow.py"} << false << 1
                              << py + "slow.py` did not answer within 0.5 s \\(the workbench waited for its act\\)$";
        QTest::newRow("crash mid-turn") << QStringList{"crash_mid_turn.py"} << false << 2
                                        << py + "crash_mid_turn.py` exited with code 1 while the workbench waited for its act: .*Traceback.*RuntimeError: the policy lost its mind$";
        QTest::newRow("endless line") << QStringList{"flood_line.py"} << false << 1
                                      << py + "flood_line.py` sent a line longer than 1048576 bytes \\(line 2\\)$";
        QTest::newRow("thousands of lines") << QStringList{"flood_lines.py"} << false << 2
                                            << py + "flood_lines.py` sent line 3 before it was asked \\(one act per step\\)$";
        QTest::newRow("malformed json") << QStringList{"malformed.py"} << false << 1
                                        << py + "malformed.py` sent a malformed line 2: expected a JSON object: column \\d+: malformed JSON: .*";
        QTest::newRow("wrong message type") << QStringList{"wrong_type.py"} << false << 0
                                            << py + "wrong_type.py` sent a malformed line 1: expected a `hello` message, got `act`$";
        QTest::newRow("wrong protocol") << QStringList{"wrong_version.py"} << false << 0
                                        << py + "wrong_version.py` speaks protocol 2, this workbench speaks 1$";
        QTest::newRow("wrong action space") << QStringList{"wrong_space.py"} << false << 0
                                            << py + "wrong_space.py` acts in the flying action space, this session's world is walking$";
        QTest::newRow("NaN") << QStringList{"invalid_action.py", "nan"} << true << 1
                             << py + "invalid_action.py nan` sent a malformed line 2: expected a JSON object: column \\d+: .*";
        QTest::newRow("hotbar out of range") << QStringList{"invalid_action.py", "range"} << false << 1
                                             << py + "invalid_action.py range` sent a malformed line 2: action.hotbar: .*";
        QTest::newRow("discrete out of range") << QStringList{"invalid_action.py", "discrete"} << false << 1
                                               << py + "invalid_action.py discrete` sent a malformed line 2: action.action: .*";
        QTest::newRow("number out of range") << QStringList{"invalid_action.py", "huge"} << false << 1
                                             << py + "invalid_action.py huge` sent a malformed line 2: .*number out of range.*";
        QTest::newRow("exit during hello") << QStringList{"exit_during_hello.py"} << false << 0
                                           << py + "exit_during_hello.py` exited with code 3 while the workbench waited for its hello: cannot load the model weights: file not found$";
        QTest::newRow("closes stdout") << QStringList{"close_stdout.py"} << false << 1
                                       << py + "close_stdout.py` closed its stdout while the workbench waited for its act \\(nothing on stderr\\)$";
        QTest::newRow("no such program") << QStringList{"/nonexistent/agent", "--x"} << false << 0
                                         << "^agent `agent --x` could not start: /nonexistent/agent: No such file or directory$";
        QTest::newRow("shell exits") << QStringList{"sh", "-c", "echo bad config >&2; exit 4"} << false << 0
                                     << "^agent `sh -c echo bad config >&2; exit 4` exited with code 4 while the workbench waited for its hello: bad config$";
        QTest::newRow("killed") << QStringList{"sh", "-c", "kill -9 $$"} << false << 0
                                << "was killed by signal 9 \\(Killed\\) while the workbench waited for its hello \\(nothing on stderr\\)$";
    }

    void misbehavingAgentsFail() {
        QFETCH(QStringList, argv);
        QFETCH(bool, flying);
        QFETCH(int, failsAt);
        QFETCH(QString, expected);
        ProcessAgentOptions options = argv.first().endsWith(".py") ? pythonAgent(argv.first(), argv.mid(1)) : ProcessAgentOptions{};
        if (options.argv.empty())
            for (const QString& a : argv) options.argv.push_back(a.toStdString());
        // Short timeouts only where the timeout is the point: elsewhere a loaded machine must not turn
        // the expected failure into a timeout.
        const bool timesOutAtHello = argv.first() == "silent.py" || argv.first() == "flood_stderr.py";
        options.helloTimeout = std::chrono::milliseconds(timesOutAtHello ? 500 : 10'000);
        options.actTimeout = std::chrono::milliseconds(argv.first() == "slow.py" ? 500 : 10'000);
        core::Environment env = makeEnv(flying ? core::ActionSpace::Flying : core::ActionSpace::Walking);
        auto agent = std::make_unique<ProcessTurnAgent>(options);

        QElapsedTimer clock;
        clock.start();
        QString message;
        int reached = 0;
        try {
            agent->startSession(env);
            agent->beginTurn(env, "<Architect> build a blue tower");
            for (reached = 1; reached <= 3; ++reached) agent->act(env);
        } catch (const AgentFailure& e) {
            message = QString::fromUtf8(e.what());
        }
        const qint64 elapsed = clock.elapsed();
        QVERIFY2(!message.isEmpty(), "the agent did not fail");
        qInfo("%s", qPrintable(message.left(200)));
        QCOMPARE(reached, failsAt);
        QVERIFY2(QRegularExpression(expected, QRegularExpression::DotMatchesEverythingOption).match(message).hasMatch(), qPrintable(message));
        // Within its bound: the short timeout plus the kill, else well inside the 10 s ones.
        QVERIFY2(elapsed < (timesOutAtHello || argv.first() == "slow.py" ? 5'000 : 15'000), qPrintable(QString::number(elapsed) + " ms"));
        QCOMPARE(agent->pid(), -1);
        QVERIFY(noChildren());
        if (argv.first() == "flood_stderr.py") {  // the tail only, ending with the last lines it wrote
            QVERIFY(agent->stderrTail().size() <= 4096 + 3);
            QVERIFY2(QRegularExpression("^\\.\\.\\..*log line \\d+$", QRegularExpression::DotMatchesEverythingOption)
                         .match(QString::fromStdString(agent->stderrTail())).hasMatch(), agent->stderrTail().c_str());
        }

        // The failure sticks; the object stays safe to use, end and destroy.
        try {
            agent->act(env);
            QFAIL("act after a failure");
        } catch (const AgentFailure& e) {
            QCOMPARE(QString::fromUtf8(e.what()), message);
        }
        agent->endSession();
        agent->endSession();
        agent.reset();
        QVERIFY(noChildren());
    }

    void wholeProcessGroupIsKilled() {
        // A shell that stays the parent of the agent: the timeout kills both, and whatever else the
        // group started.
        ProcessAgentOptions options;
        options.argv.push_back("sh");
        options.argv.push_back("-c");
        options.argv.push_back(QString("sleep 3600 & \"%1\" %2/slow.py; wait").arg(IGLU_TEST_PYTHON, IGLU_TEST_AGENTS_DIR).toStdString());
        options.label = "slow agent under sh";
        options.actTimeout = std::chrono::milliseconds(500);
        core::Environment env = makeEnv(core::ActionSpace::Walking);
        ProcessTurnAgent agent(options);
        agent.startSession(env);
        const pid_t group = agent.pid();
        QVERIFY(group > 0);
        QVERIFY(!groupGone(group));
        agent.beginTurn(env, "<Architect> hi");
        QVERIFY_THROWS_EXCEPTION(AgentFailure, agent.act(env));
        QVERIFY(noChildren());
        QTRY_VERIFY_WITH_TIMEOUT(groupGone(group), 5000);  // the orphaned sleep gets SIGKILL too
    }

    void stubbornAgentIsKilledAtTheEnd() {
        core::Environment env = makeEnv(core::ActionSpace::Walking);
        ProcessTurnAgent agent(pythonAgent("stubborn.py"));
        agent.startSession(env);
        QVERIFY(agent.pid() > 0);
        QElapsedTimer clock;
        clock.start();
        agent.endSession();  // bye, stdin closed, SIGTERM ignored: SIGKILL
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(agent.pid(), -1);
        QVERIFY(noChildren());
        QVERIFY_THROWS_EXCEPTION(AgentFailure, agent.beginTurn(env, "<Architect> more"));
    }

    void destroyingARunningAgentReapsIt() {
        core::Environment env = makeEnv(core::ActionSpace::Walking);
        {
            ProcessTurnAgent agent(pythonAgent("good.py"));
            agent.startSession(env);
            agent.beginTurn(env, "<Architect> hi");
            QVERIFY(agent.act(env).action);
        }  // no endSession
        QVERIFY(noChildren());
    }

    void goodAgentCompletesATurn() {
        core::Environment env = makeEnv(core::ActionSpace::Walking);
        ProcessTurnAgent agent(pythonAgent("good.py"));
        QVERIFY2(QRegularExpression("^python3[.0-9]* good\\.py$").match(QString::fromStdString(agent.name())).hasMatch(), agent.name().c_str());
        agent.startSession(env);
        QCOMPARE(agent.hello().name, "good test agent");
        QVERIFY(agent.hello().actionSpace == core::ActionSpace::Walking);
        agent.beginTurn(env, "<Architect> build a blue tower");
        const AgentMove first = agent.act(env);
        QVERIFY(first.action && first.action->place);
        QVERIFY(first.belief && first.belief->count() == 2);
        QVERIFY(!first.question);
        env.step(*first.action);
        const AgentMove second = agent.act(env);
        QVERIFY(!second.action);
        QCOMPARE(second.belief->blocks(), (std::vector<core::Block>{{0, -1, 0, 1}, {0, 0, 0, 1}}));
        QCOMPARE(*second.question, "task test-task: <Architect> build a blue tower? which colour on top?");
        agent.beginTurn(env, "<Architect> build a blue tower\n<Builder> which colour on top?\n<Architect> red");
        const AgentMove third = agent.act(env);  // turn 2 sees the new dialogue
        QCOMPARE(*third.question, "task test-task: <Architect> red? which colour on top?");
        QVERIFY(QString::fromStdString(agent.stderrTail()).contains("debug output from the policy goes to stderr"));
        agent.endSession();
        QCOMPARE(agent.pid(), -1);
        QVERIFY(noChildren());
    }

    void exampleAgentBuildsAndAsks() {
        // examples/python/architect_agent.py on a real instruction (CQ-game-1467's), flying.
        core::Environment env = makeEnv(core::ActionSpace::Flying, {{-5, -1, -5, core::Red}, {-5, 0, -5, core::Red}});
        ProcessTurnAgent agent(pythonAgent(IGLU_SOURCE_DIR "/examples/python/architect_agent.py"));
        QElapsedTimer clock;
        clock.start();
        agent.startSession(env);
        const qint64 startup = clock.elapsed();
        std::string dialog = "<Architect> place two yellow blocks on top of the red blocks";
        agent.beginTurn(env, dialog);
        clock.restart();
        AgentMove move = agent.act(env);
        const qint64 firstAct = clock.nsecsElapsed() / 1000;
        QVERIFY(move.belief);
        QCOMPARE(move.belief->blocks(), (std::vector<core::Block>{{-5, -1, -5, 3}, {-5, 0, -5, 3}, {-5, 1, -5, 6}, {-5, 2, -5, 6}}));
        int steps = 0;
        clock.restart();
        while (move.action && steps < 300) {
            env.step(*move.action);
            ++steps;
            move = agent.act(env);
        }
        const double perAct = steps ? static_cast<double>(clock.nsecsElapsed()) / 1000.0 / steps : 0;
        QVERIFY(!move.action && !move.question);
        QCOMPARE(env.grid(), *move.belief);  // it built what it believes
        qInfo("example agent: startup (spawn to hello) %lld ms, beginTurn to first act %lld us, %d steps at %.0f us per act",
              startup, firstAct, steps, perAct);

        dialog += "\n<Builder> done\n<Architect> now do the thing we talked about";
        agent.beginTurn(env, dialog);
        move = agent.act(env);
        QVERIFY(!move.action);
        QVERIFY2(move.question && QString::fromStdString(*move.question).contains("could not tell what to build"), move.question ? move.question->c_str() : "no question");
        agent.endSession();
        QVERIFY(noChildren());
    }
};

QTEST_GUILESS_MAIN(TestProcessAgent)
#include "test_process_agent.moc"

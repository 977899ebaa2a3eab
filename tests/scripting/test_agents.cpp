// Agents on episodes: script errors and runaway scripts abort only their episode with a
// traceback; the runner goes on; seeds make runs reproducible across thread counts; the oracle
// builds targets exactly; rollouts are recorded.
#include <QtTest>

#include <map>

#include "core/task/task_list.hpp"
#include "scripting/agent.hpp"
#include "scripting/runner.hpp"
#include "support/lua.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;
using namespace iglu::scripting;

namespace {

using test::exampleAgentPath;
using test::testAgentPath;

ExperimentSpec spec(const std::string& agent, core::ActionSpace space = core::ActionSpace::Walking, int maxSteps = 60) {
    ExperimentSpec s = test::agentSpec(agent, space, maxSteps);
    s.instructionBudget = 1'000'000;
    s.memoryLimit = 64u << 20;
    return s;
}

std::vector<core::Task> conformanceTasks() {
    return core::readTaskList((test::sharedDir() + "/conformance/tasks.jsonl").toStdString());
}

}  // namespace

class TestAgents : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { IGLU_REQUIRE_SHARED("conformance/tasks.jsonl"); }

    void scriptErrorAbortsTheEpisodeWithFileAndLine() {
        const auto tasks = conformanceTasks();
        const ExperimentSpec s = spec(testAgentPath("failing.lua"));
        AgentWorker w(s, agentSandbox(s));
        const EpisodeOutcome o = w.run(tasks[0], 1, 0);
        QVERIFY(!o.ok);
        QVERIFY(!o.success);
        QCOMPARE(o.steps, 2);  // two good steps, the third act failed
        QVERIFY2(QString::fromStdString(o.error).contains("failing.lua:6: agent broke on purpose"), o.error.c_str());
        QVERIFY2(QString::fromStdString(o.error).contains("stack traceback"), o.error.c_str());
        // The worker is reusable: the next episode starts fresh (n is reset with a new agent table).
        const EpisodeOutcome again = w.run(tasks[1], 1, 0);
        QCOMPARE(again.steps, 2);
    }

    void runawayAgentIsStoppedThroughPcall() {
        const auto tasks = conformanceTasks();
        const ExperimentSpec s = spec(testAgentPath("runaway.lua"));
        AgentWorker w(s, agentSandbox(s));
        const EpisodeOutcome o = w.run(tasks[0], 1, 0);
        QVERIFY(!o.ok);
        QCOMPARE(o.steps, 1);
        QVERIFY2(QString::fromStdString(o.error).contains("instruction budget exceeded"), o.error.c_str());
        QVERIFY2(QString::fromStdString(o.error).contains("runaway.lua:"), o.error.c_str());
    }

    void invalidActionsAndEscapesFailTheEpisode() {
        const auto tasks = conformanceTasks();
        {
            const ExperimentSpec s = spec(testAgentPath("bad_action.lua"));
            AgentWorker w(s, agentSandbox(s));
            const EpisodeOutcome o = w.run(tasks[0], 1, 0);
            QVERIFY(!o.ok);
            QVERIFY2(QString::fromStdString(o.error).contains("outside 0..17"), o.error.c_str());
        }
        {
            QFile::remove("/tmp/iglu_escape");
            const ExperimentSpec s = spec(testAgentPath("escape.lua"));
            AgentWorker w(s, agentSandbox(s));
            const EpisodeOutcome o = w.run(tasks[0], 1, 0);
            QVERIFY(!o.ok);
            QVERIFY2(QString::fromStdString(o.error).contains("escape.lua:7"), o.error.c_str());
            QVERIFY(!QFile::exists("/tmp/iglu_escape"));
        }
        {
            const ExperimentSpec s = spec(testAgentPath("random.lua.missing"));
            QVERIFY_THROWS_EXCEPTION(ScriptError, AgentWorker(s, agentSandbox(s)));
        }
    }

    void agentOptionsReachReset() {
        const auto tasks = conformanceTasks();
        ExperimentSpec s = spec(testAgentPath("options.lua"));
        s.agentOptions = {{"answer", OptionValue(42LL)}, {"name", OptionValue(std::string("x"))}, {"on", OptionValue(true)},
                          {"ratio", OptionValue(0.5)}};
        AgentWorker w(s, agentSandbox(s));
        const EpisodeOutcome o = w.run(tasks[0], 1, 0);
        QVERIFY2(o.ok, o.error.c_str());
        QCOMPARE(o.steps, 0);  // act returned nil at once: finished
        s.agentOptions.clear();
        AgentWorker w2(s, agentSandbox(s));
        const EpisodeOutcome o2 = w2.run(tasks[0], 1, 0);
        QVERIFY(!o2.ok);
        QVERIFY2(QString::fromStdString(o2.error).contains("options.lua:4:"), o2.error.c_str());
    }

    void runnerGoesOnAfterAFailureAndIsReproducible() {
        const auto tasks = conformanceTasks();
        ExperimentSpec s = spec(testAgentPath("fails_on_task.lua"), core::ActionSpace::Walking, 80);
        s.seeds = {1, 2};
        const auto todo = allEpisodes(s, 12);
        auto runWith = [&](int jobs) {
            std::map<std::tuple<std::string, std::int64_t, int>, EpisodeOutcome> results;
            RunOptions o;
            o.jobs = jobs;
            o.progress = false;
            const RunReport r = runEpisodes(s, tasks, todo, o, [&](EpisodeOutcome&& e) {
                results[{e.taskId, e.seed, e.repetition}] = std::move(e);
            });
            [&] {
                QCOMPARE(r.finished, static_cast<int>(todo.size()));
                QCOMPARE(r.failed, 2);  // CQ-game-6 (first task) under both seeds
                QVERIFY(!r.cancelled);
            }();
            return results;
        };
        const auto one = runWith(1);
        const auto two = runWith(2);
        QCOMPARE(one.size(), todo.size());
        QCOMPARE(two.size(), todo.size());
        bool seedsDiffer = false;
        for (const auto& [k, a] : one) {
            const EpisodeOutcome& b = two.at(k);
            QCOMPARE(a.ok, b.ok);
            QCOMPARE(a.totalReturn, b.totalReturn);
            QCOMPARE(a.f1, b.f1);
            QCOMPARE(a.steps, b.steps);
            if (std::get<1>(k) == 1) {
                const auto other = one.at({std::get<0>(k), 2, 0});
                if (other.totalReturn != a.totalReturn || other.f1 != a.f1) seedsDiffer = true;
            }
        }
        QVERIFY(seedsDiffer);
        QVERIFY(one.at({"CQ-game-6", 1, 0}).error.find("no thanks: CQ-game-6") != std::string::npos);
    }

    void cancelStopsAndKeepsFinishedEpisodes() {
        const auto tasks = conformanceTasks();
        const ExperimentSpec s = spec(exampleAgentPath("random.lua"), core::ActionSpace::Walking, 200);
        const auto todo = allEpisodes(s, tasks.size());
        std::atomic<bool> cancel{false};
        RunOptions o;
        o.jobs = 2;
        o.progress = false;
        o.cancel = &cancel;
        int delivered = 0;
        const RunReport r = runEpisodes(s, tasks, todo, o, [&](EpisodeOutcome&& e) {
            QVERIFY(!e.cancelled);
            if (++delivered == 5) cancel = true;  // as SIGINT would
        });
        QVERIFY(r.cancelled);
        QCOMPARE(r.finished, delivered);
        QVERIFY(delivered >= 5 && delivered < static_cast<int>(todo.size()));
    }

    void oracleBuildsTargetsExactly() {
        const auto tasks = conformanceTasks();
        struct Case { core::ActionSpace space; int steps; double minRate; };
        for (const Case c : {Case{core::ActionSpace::Flying, 500, 0.9}, Case{core::ActionSpace::Walking, 1000, 0.7}}) {
            ExperimentSpec s = spec(exampleAgentPath("oracle.lua"), c.space, c.steps);
            s.env.targetInObs = true;
            s.instructionBudget = 50'000'000;
            int successes = 0, errors = 0;
            RunOptions o;
            o.jobs = 2;
            o.progress = false;
            runEpisodes(s, tasks, allEpisodes(s, tasks.size()), o, [&](EpisodeOutcome&& e) {
                successes += e.success;
                errors += !e.ok;
                if (e.success) QVERIFY(e.f1 == 1.0 || e.f1 == 0.0);  // exact: F1 is 1 (0 for an empty target)
            });
            const double rate = static_cast<double>(successes) / static_cast<double>(tasks.size());
            qInfo("oracle %s: %d/%zu exact (%.1f%%)", core::toString(c.space), successes, tasks.size(), 100 * rate);
            QCOMPARE(errors, 0);
            QVERIFY2(rate >= c.minRate, qPrintable(QString("success rate %1").arg(rate)));
        }
    }

    void rolloutsRecordEveryStep() {
        const auto tasks = conformanceTasks();
        ExperimentSpec s = spec(exampleAgentPath("oracle.lua"), core::ActionSpace::Flying, 500);
        s.env.targetInObs = true;
        s.recordRollouts = true;
        AgentWorker w(s, agentSandbox(s));
        const core::Task& t = tasks[1];  // CQ-game-1507: removals and additions
        const EpisodeOutcome o = w.run(t, 1, 0);
        QVERIFY(o.ok && o.success);
        QVERIFY(o.rollout.has_value());
        QCOMPARE(static_cast<int>(o.rollout->size()), o.steps);
        QVERIFY(o.rollout->finalGrid() == w.environment().grid());
        QCOMPARE(o.rollout->totalReward(), o.totalReturn);
        QCOMPARE(o.rollout->source, std::string("experiment:test"));
    }
};

QTEST_GUILESS_MAIN(TestAgents)
#include "test_agents.moc"

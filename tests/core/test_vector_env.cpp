// core::VectorEnv (what iglu.VectorEnv steps): every environment of the batch is an ordinary
// environment (same observations, rewards and flags as one stepped alone), results depend only on
// the seed whatever the thread count (1 .. more threads than cores), next-step autoreset, a bad
// action refused before any environment moves, and PreparedTask sharing its tables safely.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <vector>

#include "core/env/environment.hpp"
#include "core/task/task_list.hpp"
#include "core/util/rng.hpp"
#include "core/vector/vector_env.hpp"

using namespace iglu::core;

namespace {

std::vector<Task> exampleTasks() { return readTaskList(std::string(IGLU_SOURCE_DIR) + "/examples/tasks/bench_tasks.jsonl"); }

// Everything a batch exposes after a call, as bytes.
std::vector<std::uint8_t> snapshot(VectorEnv& v) {
    std::vector<std::uint8_t> out;
    const auto add = [&](const void* p, std::size_t n) {
        const auto* b = static_cast<const std::uint8_t*>(p);
        out.insert(out.end(), b, b + n);
    };
    const auto n = static_cast<std::size_t>(v.size());
    add(v.grid(), n * kCells * 4);
    add(v.agentPos(), n * 5 * 4);
    add(v.inventory(), n * kNumColours * 4);
    add(v.compass(), n * 4);
    add(v.rewards(), n * 8);
    add(v.terminated(), n);
    add(v.truncated(), n);
    add(v.taskIndex(), n * 4);
    add(v.elapsedSteps(), n * 4);
    add(v.maxIntersection(), n * 4);
    add(v.f1(), n * 8);
    return out;
}

std::vector<std::vector<std::uint8_t>> run(int threads, std::uint64_t seed, int n = 37, int calls = 300) {
    EnvConfig cfg;
    cfg.maxSteps = 30;  // many autoresets onto other tasks
    VectorEnv v(exampleTasks(), n, cfg, threads, seed);
    v.reset();
    std::vector<std::vector<std::uint8_t>> trail{snapshot(v)};
    Rng rng(seed);
    std::vector<std::int64_t> actions(static_cast<std::size_t>(n));
    for (int c = 0; c < calls; ++c) {
        for (auto& a : actions) a = rng.below(kDiscreteActions);
        v.step(actions);
        trail.push_back(snapshot(v));
    }
    return trail;
}

}  // namespace

class TestVectorEnv : public QObject {
    Q_OBJECT

private slots:
    void resultsDependOnlyOnTheSeed() {
        const auto one = run(1, 7);
        for (int threads : {2, 3, 5, 16, 37}) QVERIFY2(run(threads, 7) == one, qPrintable(QString("%1 threads").arg(threads)));
        QVERIFY(run(2, 8) != one);
    }

    void eachEnvironmentIsAnOrdinaryEnvironment() {
        const auto tasks = exampleTasks();
        EnvConfig cfg;
        cfg.maxSteps = 150;
        constexpr int n = 6;
        VectorEnv v(tasks, n, cfg, 3, 1);
        v.reset();
        std::vector<Environment> alone;
        alone.reserve(n);  // an Environment's observation points into itself: never move one
        for (int i = 0; i < n; ++i) {
            alone.emplace_back(cfg);
            alone.back().setTask(tasks[static_cast<std::size_t>(v.taskIndex()[i])]);
            alone.back().reset();
        }
        Rng rng(3);
        std::vector<std::int64_t> actions(n);
        std::vector<bool> ended(n, false);
        int resets = 0;
        for (int step = 0; step < 400; ++step) {
            for (auto& a : actions) a = rng.below(kDiscreteActions);
            v.step(actions);
            for (int i = 0; i < n; ++i) {
                Environment& e = alone[static_cast<std::size_t>(i)];
                const auto k = static_cast<std::size_t>(i);
                if (ended[k]) {  // the batch reset this one (next-step autoreset): so does the twin
                    e.setTask(tasks[static_cast<std::size_t>(v.taskIndex()[i])]);
                    e.reset();
                    ++resets;
                    QCOMPARE(v.rewards()[i], 0.0);
                } else {
                    const StepResult r = e.step(static_cast<int>(actions[k]));
                    QCOMPARE(v.rewards()[i], r.reward);
                }
                ended[k] = v.terminated()[i] || v.truncated()[i];
                const Observation& o = e.observation();
                QVERIFY(std::memcmp(v.agentPos() + i * 5, o.agentPos.data(), 5 * sizeof(float)) == 0);
                for (int c = 0; c < kCells; ++c) QCOMPARE(v.grid()[i * kCells + c], std::int32_t{o.grid->cell(c)});
                QCOMPARE(v.maxIntersection()[i], e.taskMaxInt());
            }
        }
        QVERIFY(resets > 0);  // the comparison went through autoresets
    }

    void nextStepAutoreset() {
        EnvConfig cfg;
        cfg.maxSteps = 3;
        VectorEnv v(exampleTasks(), 4, cfg, 2, 0);
        v.reset();
        const std::vector<std::int64_t> down(4, 14), place(4, 17);
        for (int k = 0; k < 3; ++k) v.step(down);
        for (int i = 0; i < 4; ++i) {
            QVERIFY(v.truncated()[i] && !v.terminated()[i]);
            QCOMPARE(v.agentPos()[i * 5 + 3], -15.f);
        }
        v.step(place);  // resets instead: action ignored, reward 0, flags false, reset observation
        for (int i = 0; i < 4; ++i) {
            QVERIFY(!v.truncated()[i] && !v.terminated()[i]);
            QCOMPARE(v.rewards()[i], 0.0);
            QCOMPARE(v.elapsedSteps()[i], 0);
            QCOMPARE(v.agentPos()[i * 5 + 3], 0.f);
            QCOMPARE(v.env(i).grid(), v.env(i).task().starting);
        }
    }

    void badActionsChangeNothing() {
        EnvConfig cfg;
        VectorEnv v(exampleTasks(), 4, cfg, 2, 0);
        v.reset();
        v.step(std::vector<std::int64_t>(4, 1));
        const auto before = snapshot(v);
        try {
            v.step(std::vector<std::int64_t>{1, 1, 18, 1});
            QFAIL("an action of 18 was accepted");
        } catch (const InvalidAction& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("actions[2]"));
        }
        std::vector<Action> actions(4);
        actions[3].dyaw = std::nan("");
        QVERIFY_THROWS_EXCEPTION(InvalidAction, v.step(actions));
        QVERIFY_THROWS_EXCEPTION(InvalidAction, v.step(std::vector<std::int64_t>(3, 1)));
        QVERIFY(snapshot(v) == before);
        EnvConfig flying;
        flying.actionSpace = ActionSpace::Flying;
        VectorEnv f(exampleTasks(), 2, flying, 1, 0);
        QVERIFY_THROWS_EXCEPTION(InvalidAction, f.step(std::vector<std::int64_t>(2, 1)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, VectorEnv({}, 2, cfg));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, VectorEnv(exampleTasks(), 0, cfg));
    }

    void preparedTaskSharesTablesSafely() {
        // Environments started from one PreparedTask keep their own counters: one building does
        // not move another's intersection.
        const auto tasks = exampleTasks();
        const PreparedTask prepared(tasks[1]);
        Environment a, b, c;
        a.setTask(prepared);
        b.setTask(prepared);
        c.setTask(tasks[1]);
        a.reset();
        b.reset();
        c.reset();
        Rng rng(9);
        for (int step = 0; step < 2000; ++step) {
            const int id = rng.below(kDiscreteActions);
            const StepResult ra = a.step(id), rc = c.step(id);
            QCOMPARE(ra.reward, rc.reward);
            QCOMPARE(a.taskMaxInt(), c.taskMaxInt());
            QCOMPARE(a.syntheticMaxInt(), c.syntheticMaxInt());
        }
        QCOMPARE(b.taskMaxInt(), b.envMaxInt());  // untouched by a's steps
        QCOMPARE(prepared.task().id, tasks[1].id);
        QVERIFY(prepared.task().metadata.empty());
    }
};

QTEST_APPLESS_MAIN(TestVectorEnv)
#include "test_vector_env.moc"

// Rollouts side by side (core/rollout/rollout_comparison.hpp): per-step rows and where worlds
// differ, checked against a brute-force replay over whole episodes (sequences of frames, not one
// state): equal rollouts, a prefix, rollouts that share a start and then part, three at once.
#include <QtTest>

#include "core/rollout/random_agent.hpp"
#include "core/rollout/rollout_comparison.hpp"
#include "core/task/task_list.hpp"

using namespace iglu;

namespace {

/// The grid after p frames by applying every change from the start (no cursor).
core::Grid gridAfter(const core::Rollout& r, std::size_t p) {
    core::Grid g = r.starting;
    for (std::size_t i = 0; i < std::min(p, r.size()); ++i)
        for (const auto& c : r.changesOf(i)) g.set(c.x, c.y, c.z, c.after);
    return g;
}

core::Rollout firstFrames(const core::Rollout& r, std::size_t n) {
    core::Rollout out = r;
    out.frames.clear();
    out.changes.clear();
    for (std::size_t i = 0; i < n && i < r.size(); ++i) out.addFrame(r.frames[i], r.changesOf(i));
    return out;
}

}  // namespace

class TestRolloutComparison : public QObject {
    Q_OBJECT
    std::vector<core::Task> tasks_;

    core::Rollout episode(std::size_t task, std::uint64_t seed, int steps = 200) const {
        core::RandomEpisodeOptions o;
        o.seed = seed;
        o.steps = steps;
        o.placeProbability = 0.4;
        return core::recordRandomEpisode(tasks_.at(task), o);
    }

private slots:
    void initTestCase() {
        tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");
        QVERIFY(tasks_.size() >= 3);
    }

    void differencesMatchBruteForce() {
        for (std::size_t t = 0; t < 3; ++t)
            for (std::uint64_t seed : {1u, 2u, 7u}) {
                const core::Rollout a = episode(t, seed);
                const core::Rollout b = episode(t, seed + 100, 150);  // shorter: stays at its end
                const core::Rollout* pair[] = {&a, &b};
                const auto cmp = core::compareRollouts(pair);
                QCOMPARE(cmp.steps, a.size());
                QCOMPARE(cmp.differs.size(), a.size() + 1);
                std::size_t differing = 0;
                std::optional<std::size_t> first;
                for (std::size_t p = 0; p <= cmp.steps; ++p) {
                    const bool d = !(gridAfter(a, p) == gridAfter(b, p));
                    QVERIFY2(cmp.differs[p] == d, qPrintable(QStringLiteral("task %1 seed %2 step %3").arg(t).arg(seed).arg(p)));
                    if (d) {
                        ++differing;
                        if (!first) first = p;
                    }
                }
                QCOMPARE(cmp.differingSteps, differing);
                QVERIFY(cmp.firstDifference == first);
                QVERIFY2(differing > 0, "two seeds of a place-biased agent build different worlds");
                QVERIFY(!cmp.differs[0]);  // same task, same start
            }
    }

    void identicalAndPrefixRolloutsNeverDiffer() {
        const core::Rollout a = episode(0, 3);
        const core::Rollout copy = a;
        const core::Rollout* same[] = {&a, &copy};
        const auto cmp = core::compareRollouts(same);
        QCOMPARE(cmp.differingSteps, std::size_t(0));
        QVERIFY(!cmp.firstDifference);
        // A prefix stays at its end: it differs exactly from the first later frame that changes the world.
        const core::Rollout half = firstFrames(a, 100);
        const core::Rollout* prefix[] = {&a, &half};
        const auto p = core::compareRollouts(prefix);
        std::optional<std::size_t> expected;
        for (std::size_t s = 101; s <= a.size() && !expected; ++s)
            if (!(gridAfter(a, s) == gridAfter(a, 100))) expected = s;
        QVERIFY(p.firstDifference == expected);
        // A rollout alone: nothing to differ from.
        const core::Rollout* one[] = {&a};
        QCOMPARE(core::compareRollouts(one).differingSteps, std::size_t(0));
    }

    void threeRolloutsDifferWhenAnyTwoDo() {
        const core::Rollout a = episode(1, 11), b = a, c = episode(1, 12);
        const core::Rollout* ab[] = {&a, &b};
        const core::Rollout* abc[] = {&a, &b, &c};
        const core::Rollout* ac[] = {&a, &c};
        QCOMPARE(core::compareRollouts(ab).differingSteps, std::size_t(0));
        const auto three = core::compareRollouts(abc);
        const auto two = core::compareRollouts(ac);
        QVERIFY(three.differs == two.differs);
        QVERIFY(three.firstDifference == two.firstDifference);
    }

    void stepRowsDescribeEveryFrame() {
        const core::Task& task = tasks_.front();
        const core::Rollout r = episode(0, 5, 300);
        const auto series = core::computeSeries(r, task.target);
        const auto rows = core::stepRows(r, series);
        QCOMPARE(rows.size(), r.size());
        int placed = 0, broken = 0;
        core::Grid g = r.starting;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto& row = rows[i];
            QCOMPARE(row.step, i + 1);
            QCOMPARE(row.action, r.frames[i].action);
            QVERIFY(row.pose == r.frames[i].pose);
            QCOMPARE(row.reward, series.reward[i + 1]);
            QCOMPARE(row.f1, series.f1[i + 1]);
            // The counts and the text agree with what the frame did to the world.
            int p = 0, b = 0;
            for (const auto& c : r.changesOf(i)) {
                if (g.at(c.x, c.y, c.z) == 0 && c.after != 0) ++p;
                if (g.at(c.x, c.y, c.z) != 0 && c.after == 0) ++b;
                g.set(c.x, c.y, c.z, c.after);
            }
            QCOMPARE(row.counts.placed, p);
            QCOMPARE(row.counts.broken, b);
            QCOMPARE(row.changes.empty(), p + b + row.counts.recoloured == 0);
            if (p > 0) QVERIFY2(QString::fromStdString(row.changes).contains("placed "), row.changes.c_str());
            if (b > 0) QVERIFY2(QString::fromStdString(row.changes).contains("broke "), row.changes.c_str());
            placed += p;
            broken += b;
        }
        QVERIFY(placed > 0);
        const core::BlockChange changes[] = {{1, 0, -3, 0, 3}, {2, 1, 0, 1, 0}, {0, 0, 0, 2, 4}, {4, 4, 4, 5, 5}};
        QCOMPARE(QString::fromStdString(core::describeChanges(changes)),
                 QStringLiteral("placed red (1, 0, -3); broke blue (2, 1, 0); recoloured green to orange (0, 0, 0)"));
        const auto counts = core::countChanges(changes);
        QCOMPARE(counts.placed, 1);
        QCOMPARE(counts.broken, 1);
        QCOMPARE(counts.recoloured, 1);
    }
};

QTEST_GUILESS_MAIN(TestRolloutComparison)
#include "test_rollout_comparison.moc"

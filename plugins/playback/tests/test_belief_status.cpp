// The Playback dock's belief line without a window (logic/belief_status.hpp), on a rollout of a
// bundled task that publishes beliefs: before the first, step by step after it (the last belief
// published at a step <= the one shown), the scores core::score gives, and nothing for a rollout
// without beliefs.
#include <QtTest>

#include "core/metrics/metrics.hpp"
#include "core/task/task_list.hpp"
#include "logic/belief_status.hpp"
#include "support/beliefs.hpp"

using namespace iglu;
using plugins::playback::beliefStatus;

class TestBeliefStatus : public QObject {
    Q_OBJECT
    std::vector<core::Task> tasks_;

private slots:
    void initTestCase() { tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"); }

    void followsTheBeliefStepByStep() {
        for (const core::Task& task : tasks_) {
            const core::Rollout all = test::rolloutWithBeliefs(task, 60);  // beliefs at 0, 20, 40
            core::Rollout r = all;
            r.beliefs.erase(r.beliefs.begin());
            QCOMPARE(beliefStatus(r, task.target, 0), QStringLiteral("no belief yet (first at step 20)"));
            QCOMPARE(beliefStatus(r, task.target, 19), QStringLiteral("no belief yet (first at step 20)"));
            const QString exact = QStringLiteral("belief of step 20 (1 of 2): %1 blocks, prediction P 1.00  R 1.00  F1 1.00")
                                      .arg(task.target.count());
            QCOMPARE(beliefStatus(r, task.target, 20), exact);
            QCOMPARE(beliefStatus(r, task.target, 39), exact);
            QCOMPARE(beliefStatus(r, task.target, 40),
                     QStringLiteral("belief of step 40 (2 of 2): 0 blocks, prediction P 0.00  R 0.00  F1 0.00"));
            QCOMPARE(beliefStatus(r, task.target, 1000), beliefStatus(r, task.target, 40));
            const core::Scores s = core::score(task.target, test::partialBelief(task.target));
            const QString partial = beliefStatus(all, task.target, 5);
            QVERIFY2(partial.startsWith(QStringLiteral("belief of step 0 (1 of 3): ")), qPrintable(partial));
            QVERIFY2(partial.endsWith(QStringLiteral("F1 %1").arg(s.f1, 0, 'f', 2)), qPrintable(partial));
            r.beliefs.clear();
            QVERIFY(beliefStatus(r, task.target, 5).isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestBeliefStatus)
#include "test_belief_status.moc"

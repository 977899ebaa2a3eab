// The IGLU-2022 evaluator's metric (core/metrics): hand-computed cases of removals, extra blocks
// and recolourings; the step the evaluator scores (the first `done`, else the last); the agent's
// beliefs kept in a rollout only where they change.
#include <QtTest>

#include <stdexcept>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout.hpp"

using namespace iglu::core;

namespace {
Grid grid(const std::vector<Block>& blocks) { return Grid::fromBlocks(blocks); }
}  // namespace

class TestIglu2022Metric : public QObject {
    Q_OBJECT
private slots:
    // Hand-computed: removals count as changes (the synthetic task holds -colour there), extra
    // blocks lower the ratio named recall, and a recoloured block is one change of value c2 - c1.
    void iglu2022EvaluatorHandCases() {
        const double eps = 1e-10;
        // Remove the green block of two: the diff equals the synthetic task.
        const Grid start = grid({{0, -1, 0, 1}, {1, -1, 0, 2}});
        const Grid target = grid({{0, -1, 0, 1}});
        const Iglu2022Scores removed = iglu2022Evaluate(target, start, target);
        QCOMPARE(removed.intersection, 1);
        QCOMPARE(removed.precision, 1 / (1 + eps));
        QCOMPARE(removed.recall, 1 / (1 + eps));
        QCOMPARE(removed.f1, 2 * removed.precision * removed.recall / (removed.precision + removed.recall + eps));
        // Removing the wrong block too: 1 of 2 changes right.
        const Iglu2022Scores both = iglu2022Evaluate(target, start, Grid{});
        QCOMPARE(both.intersection, 1);
        QCOMPARE(both.precision, 1 / (1 + eps));
        QCOMPARE(both.recall, 1 / (2 + eps));
        // Two target blocks built plus one extra from an empty start: I = 2, |synthetic| = 2, |diff| = 3.
        const Grid line = grid({{0, -1, 0, 1}, {1, -1, 0, 1}});
        const Grid extra = grid({{0, -1, 0, 1}, {1, -1, 0, 1}, {3, -1, 3, 2}});
        const Iglu2022Scores e = iglu2022Evaluate(line, Grid{}, extra);
        QCOMPARE(e.intersection, 2);
        QCOMPARE(e.precision, 2 / (2 + eps));
        QCOMPARE(e.recall, 2 / (3 + eps));
        QCOMPARE(e.f1, 2 * e.precision * e.recall / (e.precision + e.recall + eps));
        // Recolour blue (1) to red (3): the synthetic cell is 2; placing another blue block elsewhere scores 0.
        const Grid blue = grid({{0, -1, 0, 1}}), red = grid({{0, -1, 0, 3}});
        QCOMPARE(iglu2022Evaluate(red, blue, red).f1, 2 * (1 / (1 + eps)) * (1 / (1 + eps)) / (2 / (1 + eps) + eps));
        QCOMPARE(iglu2022Evaluate(red, blue, grid({{0, -1, 0, 1}, {2, -1, 2, 1}})).intersection, 0);
    }

    // The evaluator scores the first step the environment says done, else the last one.
    void iglu2022EvaluatorStep() {
        const Grid target = grid({{0, -1, 0, 1}, {1, -1, 0, 1}});
        const Grid half = grid({{0, -1, 0, 1}}), extra = grid({{0, -1, 0, 1}, {1, -1, 0, 1}, {4, -1, 4, 2}});
        Iglu2022EvaluatorStep step;
        step.step(false, target, Grid{}, half);
        QCOMPARE(step.result(target, Grid{}, half).f1, iglu2022Evaluate(target, Grid{}, half).f1);  // never done: the last step
        step.step(true, target, Grid{}, target);
        step.step(true, target, Grid{}, extra);  // done again later: ignored
        step.step(false, target, Grid{}, half);
        const Iglu2022Scores done = step.result(target, Grid{}, half);
        QCOMPARE(done.f1, iglu2022Evaluate(target, Grid{}, target).f1);
        QVERIFY(done.f1 > iglu2022Evaluate(target, Grid{}, extra).f1);
        step.restart();  // a new episode
        QCOMPARE(step.result(target, Grid{}, Grid{}).f1, 0.0);
    }

    // Beliefs: only changes are kept; one published again at the same step replaces it; steps
    // never go back.
    void beliefsKeepChangesOnly() {
        Rollout r;
        const Grid a = grid({{0, -1, 0, 1}}), b = grid({{0, -1, 0, 2}});
        QVERIFY(r.beliefAt(0) == nullptr);
        r.publishBelief(0, a);
        r.publishBelief(1, a);  // no change
        r.publishBelief(3, b);
        r.publishBelief(3, a);  // replaced by the belief in force: nothing new
        QCOMPARE(r.beliefs.size(), std::size_t(1));
        r.publishBelief(5, b);
        r.publishBelief(5, Grid{});  // replaced: an empty belief is a belief
        QCOMPARE(r.beliefs.size(), std::size_t(2));
        QVERIFY(r.beliefAt(4)->blocks == a);
        QVERIFY(r.beliefAt(5)->blocks == Grid{});
        QVERIFY(r.beliefAt(100)->blocks == Grid{});
        // The last belief with step <= the frame count, with the step it was published at.
        QCOMPARE(r.beliefAt(0)->step, 0u);
        QCOMPARE(r.beliefAt(4)->step, 0u);
        QCOMPARE(r.beliefAt(5)->step, 5u);
        QCOMPARE(r.beliefAt(100)->step, 5u);
        Rollout late;
        late.publishBelief(3, b);
        QVERIFY(late.beliefAt(2) == nullptr);
        QVERIFY(late.beliefAt(3)->blocks == b);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, r.publishBelief(4, b));
        QCOMPARE(r.beliefs.size(), std::size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestIglu2022Metric)
#include "test_iglu2022_metric.moc"

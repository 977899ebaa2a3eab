// The line-of-sight / placement API (core/env/line_of_sight.hpp) is the environment's rule: over
// long random action sequences (walking and flying, many tasks) it predicts exactly which cell a
// place or break changes, and to what, before the environment takes the step.
#include <QtTest>

#include "support/shared_dir.hpp"
#include "core/env/environment.hpp"
#include "core/env/line_of_sight.hpp"
#include "core/task/task_list.hpp"
#include "core/util/rng.hpp"

using namespace iglu::core;

namespace {

struct Prediction {
    bool changes = false;
    int idx = 0, after = 0;
};

// What the step will do to the grid, from the API alone (the pose the place / break uses is the
// one after the action's camera change; movement comes after).
Prediction predict(const Environment& env, const Action& a) {
    const AgentState& s = env.agent();
    const double yaw = s.yaw + a.dyaw;
    const double pitch = std::max(-90.0, std::min(90.0, s.pitch + a.dpitch));
    const int colour = a.colour != 0 ? a.colour : s.activeBlock;
    const HitTest h = castRay(env.grid(), s.x, s.y, s.z, yaw, pitch);
    Prediction p;
    if (a.place == a.breakBlock) return p;
    if (a.place) {
        if (s.inventory[static_cast<std::size_t>(colour - 1)] > 0 && canPlace(h, s.x, s.y, s.z))
            p = {true, Grid::index(h.px, h.py, h.pz), colour};
    } else if (canBreak(h)) {
        p = {true, Grid::index(h.x, h.y, h.z), 0};
    }
    return p;
}

Action randomAction(Rng& rng, ActionSpace space) {
    if (space == ActionSpace::Walking) {
        const double u = rng.uniform();
        return Action::discrete(u < 0.3 ? 17 : u < 0.4 ? 16 : rng.below(16));
    }
    const double u = rng.uniform();
    const int placement = u < 0.3 ? 1 : u < 0.4 ? 2 : 0;
    return Action::flying({rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)},
                          {rng.uniform(-20, 20), rng.uniform(-20, 20)}, rng.below(7), placement);
}

}  // namespace

class TestLineOfSight : public QObject {
    Q_OBJECT
private slots:
    void predictsEveryPlaceAndBreakOfTheEnvironment_data() {
        QTest::addColumn<int>("space");
        QTest::newRow("walking") << static_cast<int>(ActionSpace::Walking);
        QTest::newRow("flying") << static_cast<int>(ActionSpace::Flying);
    }
    void predictsEveryPlaceAndBreakOfTheEnvironment() {
        QFETCH(int, space);
        IGLU_REQUIRE_SHARED("conformance/tasks.jsonl");
        const auto tasks = readTaskList((iglu::test::sharedDir() + "/conformance/tasks.jsonl").toStdString());
        EnvConfig cfg;
        cfg.actionSpace = static_cast<ActionSpace>(space);
        cfg.maxSteps = 1 << 30;
        Environment env(cfg);
        Rng rng(11);
        int placed = 0, broken = 0, refused = 0;
        for (std::size_t t = 0; t < tasks.size() && t < 40; ++t) {
            env.setTask(tasks[t]);
            env.reset();
            for (int i = 0; i < 300; ++i) {
                const Action a = randomAction(rng, cfg.actionSpace);
                const Prediction p = predict(env, a);
                const Grid before = env.grid();
                const StepResult r = env.step(a);
                QCOMPARE(r.gridChanged, p.changes);
                // The environment's own hit test is the API's, for its pose and grid.
                const AgentState& s = env.agent();
                const HitTest h = env.hitTest(), c = castRay(env.grid(), s.x, s.y, s.z, s.yaw, s.pitch);
                QVERIFY(h.hit == c.hit && h.x == c.x && h.y == c.y && h.z == c.z && h.colour == c.colour &&
                        h.hasPrevious == c.hasPrevious && h.px == c.px && h.py == c.py && h.pz == c.pz);
                int changedCells = 0;
                for (int k = 0; k < kCells; ++k) changedCells += before.cell(k) != env.grid().cell(k);
                if (!p.changes) {
                    QCOMPARE(changedCells, 0);
                    refused += a.place || a.breakBlock;
                    continue;
                }
                QCOMPARE(changedCells, 1);
                QCOMPARE(static_cast<int>(env.grid().cell(p.idx)), p.after);
                (p.after == 0 ? broken : placed) += 1;
            }
        }
        // The sequence exercises all three outcomes (not a vacuous pass).
        QVERIFY2(placed > 50 && broken > 10 && refused > 50,
                 qPrintable(QString("placed %1 broken %2 refused %3").arg(placed).arg(broken).arg(refused)));
    }

    // The rules at their edges: the floor is hit but never broken; a place into the agent's own
    // cells is refused; outside the zone nothing is placed.
    void floorAgentAndZoneRules() {
        Grid g;
        const HitTest down = castRay(g, 0, 0, 0, 0, -90);
        QVERIFY(down.hit);
        QCOMPARE(down.y, kFloorY);
        QCOMPARE(down.colour, kFloorColour);
        QVERIFY(!canBreak(down));
        QVERIFY(down.hasPrevious);
        QCOMPARE(down.py, -1);
        QVERIFY(!canPlace(down, 0, 0, 0));        // the cell under the agent's feet... is the agent
        QVERIFY(canPlace(down, 2, 0, 0));         // from beside it, the same cell is fine
        QVERIFY(placementHitsAgent(0, 0, 0, 0, -1, 0));
        QVERIFY(placementHitsAgent(0, 0, 0, 0, 0, 0));
        QVERIFY(!placementHitsAgent(0, 0, 0, 0, 1, 0));
        QVERIFY(!placementHitsAgent(0, 0, 0, 1, 0, 0));
        HitTest outside = down;
        outside.px = 6;
        QVERIFY(!canPlace(outside, 0, 0, 0));
        QCOMPARE(roundHalfEven(0.5), 0);
        QCOMPARE(roundHalfEven(1.5), 2);
        QCOMPARE(roundHalfEven(-0.5), 0);
        QCOMPARE(roundHalfEven(-2.5), -2);
        QCOMPARE(solidAt(g, 18, kFloorY, -18), kFloorColour);
        QCOMPARE(solidAt(g, 19, kFloorY, 0), 0);
    }
};

QTEST_GUILESS_MAIN(TestLineOfSight)
#include "test_line_of_sight.moc"

// Behaviour of the gridworld environment through its public interface: physics, place/break
// rules, reward and done, bad actions, and the documented corrections of reference defects.
#include <QtTest>

#include <cmath>

#include "core/env/environment.hpp"

using namespace iglu::core;

namespace {

Task taskWith(std::vector<Block> start, std::vector<Block> target) {
    Task t;
    t.id = "test";
    t.instruction = "build it";
    t.starting = Grid::fromBlocks(start);
    t.target = Grid::fromBlocks(target);
    return t;
}

Environment envFor(const Task& t, EnvConfig cfg = {}) {
    Environment env(cfg);
    env.setTask(t);
    env.reset();
    return env;
}

void settle(Environment& env) {
    for (int i = 0; i < 3; ++i) env.step(0);
}

/// Looks straight down (pitch -90) with discrete pitch steps.
void lookDown(Environment& env) {
    for (int i = 0; i < 18; ++i) env.step(14);
}

bool sameState(const Environment& a, const Environment& b) {
    const AgentState &x = a.agent(), &y = b.agent();
    return x.x == y.x && x.y == y.y && x.z == y.z && x.yaw == y.yaw && x.pitch == y.pitch && x.dy == y.dy &&
           x.inventory == y.inventory && x.activeBlock == y.activeBlock && a.grid() == b.grid() && a.stepNo() == b.stepNo();
}

}  // namespace

class TestEnvironment : public QObject {
    Q_OBJECT
private slots:
    // Tables prepared for one task serve another of the same grids (its own id and instruction),
    // and give what building them would; tables of other grids are refused.
    void preparedTablesOfTheSameGrids() {
        Task a;
        a.id = "a";
        a.target.set(0, -1, 0, 1);
        a.target.set(1, -1, 0, 2);
        Task b = a;
        b.id = "b";
        b.instruction = "same grids";
        const PreparedTask tables(a);
        Environment shared, built;
        shared.setTask(b, tables);
        built.setTask(b);
        QCOMPARE(shared.task().id, std::string("b"));
        QCOMPARE(shared.task().instruction, std::string("same grids"));
        shared.reset();
        built.reset();
        for (int action : {14, 14, 17, 1, 17, 6, 17}) {
            const auto r1 = shared.step(action), r2 = built.step(action);
            QCOMPARE(r1.reward, r2.reward);
            QCOMPARE(shared.syntheticMaxInt(), built.syntheticMaxInt());
            QCOMPARE(shared.taskMaxInt(), built.taskMaxInt());
        }
        Task other = a;
        other.target.set(2, -1, 0, 3);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, shared.setTask(other, tables));
    }

    void povObservationIsOptInAndFollowsTheWorld() {
        Environment plain;
        QVERIFY(plain.observation().pov.empty());
        EnvConfig cfg;
        cfg.povInObs = true;
        Environment env(cfg);
        Task t;
        t.id = "pov";
        t.starting.set(0, 0, -2, Blue);  // straight ahead of the start pose (facing -z)
        t.target = t.starting;
        t.target.set(0, -1, -3, Red);
        env.setTask(t);
        const auto& obs = env.reset();
        QCOMPARE(obs.pov.size(), std::size_t(64 * 64 * 3));
        PovRenderer reference;
        const auto& a = env.agent();
        const auto expected = reference.render(t.starting, Pose{a.x, a.y, a.z, a.yaw, a.pitch});
        QVERIFY(std::equal(obs.pov.begin(), obs.pov.end(), expected.begin()));
        const std::uint8_t* centre = &obs.pov[(32 * 64 + 32) * 3];
        QVERIFY2(centre[2] > centre[0] && centre[2] > centre[1], "the blue block fills the centre");
        // Turning around: the block leaves the view, and the observation follows.
        env.setPose(a.x, a.y, a.z, 180, 0);
        const auto away = reference.render(t.starting, Pose{a.x, a.y, a.z, 180, 0});
        QVERIFY(std::equal(env.observation().pov.begin(), env.observation().pov.end(), away.begin()));
        QVERIFY(away != expected);
    }

    void walkingAgentFallsAndSettles() {
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}));
        QCOMPARE(env.agent().y, 0.0);
        const double expected[] = {-0.0375, -0.125, -0.25};
        for (double y : expected) {
            env.step(0);
            QVERIFY2(std::abs(env.agent().y - y) < 1e-12, qPrintable(QString::number(env.agent().y, 'g', 17)));
        }
        env.step(0);
        QCOMPARE(env.agent().y, -0.25);
        QCOMPARE(env.agent().dy, 0.0);
    }

    void jumpFollowsReferenceHeights() {
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}));
        settle(env);
        const double heights[] = {0.0589, 0.3178, 0.5267, 0.6856, 0.7946, 0.8535, 0.8624,
                                  0.8213, 0.7302, 0.5891, 0.398,  0.1569, -0.1279, -0.25};
        env.step(5);
        QVERIFY(std::abs(env.agent().y - heights[0]) < 1e-4);
        for (int i = 1; i < 14; ++i) {
            env.step(0);
            QVERIFY2(std::abs(env.agent().y - heights[i]) < 1e-4, qPrintable(QStringLiteral("step %1: %2").arg(i + 1).arg(env.agent().y)));
        }
    }

    void flyingAgentHovers() {
        EnvConfig cfg;
        cfg.actionSpace = ActionSpace::Flying;
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}), cfg);
        for (int i = 0; i < 5; ++i) env.step(Action{});
        QCOMPARE(env.agent().y, 0.0);
        env.step(Action::flying({0, 0, 1}, {0, 0}, 0, 0));
        QVERIFY(env.agent().y > 0.3);
    }

    void invalidActionsAreRefusedAndChangeNothing() {
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}));
        settle(env);
        Environment before = env;
        const double nan = std::nan(""), inf = INFINITY;
        struct Case {
            std::function<void()> act;
            QString field;
        };
        const std::vector<Case> cases = {
            {[&] { env.step(18); }, "action"},
            {[&] { env.step(-1); }, "action"},
            {[&] { env.step(Action::flying({nan, 0, 0}, {0, 0}, 0, 0)); }, "movement[0]"},
            {[&] { env.step(Action::flying({0, 0, inf}, {0, 0}, 0, 0)); }, "movement[2]"},
            {[&] { env.step(Action::flying({0, 0, 0}, {0, -inf}, 0, 0)); }, "camera[1]"},
            {[&] { env.step(Action::flying({0, 0, 0}, {0, 0}, 7, 0)); }, "inventory"},
            {[&] { env.step(Action::flying({0, 0, 0}, {0, 0}, 0, 3)); }, "placement"},
            {[&] { env.step(Action::walkingDict(false, false, false, false, false, false, false, {nan, 0}, 0)); }, "camera[0]"},
            {[&] {
                 Action a;
                 a.colour = -2;
                 env.step(a);
             },
             "inventory"},
        };
        for (const auto& c : cases) {
            try {
                c.act();
                QFAIL(qPrintable("no error for field " + c.field));
            } catch (const InvalidAction& e) {
                QCOMPARE(QString::fromStdString(e.field()), c.field);
                QVERIFY(QString(e.what()).startsWith(c.field));
            }
            QVERIFY(sameState(env, before));
        }
    }

    void placeInFrontAndBreakIt() {
        // Target: one blue block right in front of the start, at (0, -1, -2).
        Environment env = envFor(taskWith({}, {{0, -1, -2, 1}}));
        settle(env);
        for (int i = 0; i < 5; ++i) env.step(14);  // pitch -25: the ray meets the floor about 2 blocks ahead
        const HitTest h = env.hitTest();
        QVERIFY(h.hit);
        QCOMPARE(h.y, -2);  // the floor
        QVERIFY(h.hasPrevious);
        const int px = h.px, py = h.py, pz = h.pz;
        StepResult r = env.step(17);
        QVERIFY(r.gridChanged);
        QCOMPARE(int(env.grid().at(px, py, pz)), 1);
        QCOMPARE(env.agent().inventory[0], 19);
        const bool matches = px == 0 && py == -1 && pz == -2;
        // Any single block matches a single-block target somewhere (shift invariance): +1, done.
        QCOMPARE(r.reward, 1.0);
        QVERIFY(r.done);
        QCOMPARE(env.taskMaxInt(), 1);
        QCOMPARE(env.scores().f1, 1.0);
        Q_UNUSED(matches);
        r = env.step(16);
        QVERIFY(r.gridChanged);
        QCOMPARE(env.grid().count(), 0);
        QCOMPARE(env.agent().inventory[0], 20);
        QCOMPARE(r.reward, -1.0);  // breaking a matched block
        QVERIFY(!r.done);
    }

    void wrongPlacementCostsATenth() {
        Environment env = envFor(taskWith({}, {{3, -1, 3, 2}}));  // wants green
        settle(env);
        for (int i = 0; i < 5; ++i) env.step(14);
        const StepResult r = env.step(17);  // places blue
        QVERIFY(r.gridChanged);
        QCOMPARE(r.reward, -0.1);
        QCOMPARE(env.lastWrongPlacement(), -1);
        const StepResult back = env.step(16);
        QCOMPARE(back.reward, 0.1);  // removing an extra block
    }

    void cannotPlaceIntoOwnBodyOrBreakTheFloor() {
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}));
        settle(env);
        lookDown(env);
        QCOMPARE(env.agent().pitch, -90.0);
        StepResult r = env.step(17);  // the cell under the head is the agent's own feet cell
        QVERIFY(!r.gridChanged);
        QCOMPARE(env.grid().count(), 0);
        r = env.step(16);  // the floor
        QVERIFY(!r.gridChanged);
        QCOMPARE(env.agent().inventory, (std::array<int, 6>{20, 20, 20, 20, 20, 20}));
    }

    void placementNeedsInventory() {
        EnvConfig cfg;
        cfg.actionSpace = ActionSpace::Flying;
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}), cfg);
        env.step(Action::flying({0, 0, 0}, {0, -90}, 0, 0));  // look straight down, hover at y = 0
        int placed = 0;
        for (int i = 0; i < 25; ++i) {
            // place below, then fly up a little so the next place goes on top
            placed += env.step(Action::flying({0, 0, 0}, {0, 0}, 0, 1)).gridChanged;
            for (int k = 0; k < 3; ++k) env.step(Action::flying({0, 0, 1}, {0, 0}, 0, 0));
        }
        QVERIFY(placed > 0);
        QVERIFY(env.agent().inventory[0] >= 0);
        QCOMPARE(env.grid().count(1), 20 - env.agent().inventory[0]);
    }

    void yawWrapKeeps360() {
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}));
        env.step(12);  // 0 - 5 -> 355
        QCOMPARE(env.agent().yaw, 355.0);
        env.step(13);  // 360 stays 360, as in the reference
        QCOMPARE(env.agent().yaw, 360.0);
        env.step(13);
        QCOMPARE(env.agent().yaw, 5.0);
        QCOMPARE(env.observation().compass[0], float(5.0 - 180.0));
        QCOMPARE(env.observation().agentPos[4], 5.0f);
    }

    void pitchIsClamped() {
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}));
        for (int i = 0; i < 30; ++i) env.step(15);
        QCOMPARE(env.agent().pitch, 90.0);
        lookDown(env);
        lookDown(env);
        QCOMPARE(env.agent().pitch, -90.0);
    }

    void observationFields() {
        EnvConfig cfg;
        cfg.targetInObs = true;
        Task t = taskWith({{1, -1, 1, 3}}, {{1, -1, 1, 3}, {1, 0, 1, 4}});
        Environment env = envFor(t, cfg);
        const Observation& o = env.reset();
        QCOMPARE(o.agentPos, (std::array<float, 5>{0, 0, 0, 0, 0}));
        QCOMPARE(o.inventory[2], 19.0f);  // one red block in the start grid
        QVERIFY(o.grid == &env.grid());
        QVERIFY(o.targetGrid && *o.targetGrid == t.target);
        QCOMPARE(QString::fromUtf8(o.dialog.data(), qsizetype(o.dialog.size())), QStringLiteral("build it"));
        env.step(1);
        QCOMPARE(o.agentPos[0], float(env.agent().x));
        QCOMPARE(o.agentPos[2], float(env.agent().z));
        QCOMPARE(o.agentPos[3], float(env.agent().pitch));
        Environment noTarget = envFor(t);
        QVERIFY(noTarget.observation().targetGrid == nullptr);
    }

    void doneFiresOnlyOnTheExactMaxStep() {
        EnvConfig cfg;
        cfg.maxSteps = 5;
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}), cfg);
        for (int i = 1; i <= 7; ++i) QCOMPARE(env.step(0).done, i == 5);
        cfg.doneAfterMaxSteps = true;
        Environment fixed = envFor(taskWith({}, {{0, -1, 0, 1}}), cfg);
        for (int i = 1; i <= 7; ++i) QCOMPARE(fixed.step(0).done, i >= 5);
    }

    void targetEqualToStartIsDoneFromStepOne() {
        Environment env = envFor(taskWith({{0, -1, 0, 1}}, {{0, -1, 0, 1}}));
        QCOMPARE(env.syntheticTargetSize(), 0);
        QVERIFY(env.step(0).done);
    }

    void resetCarriesAgentStateUnlessAskedNotTo() {
        Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}));
        env.step(9);  // select orange
        env.reset();
        QCOMPARE(env.agent().activeBlock, 4);  // reference quirk: carried over
        EnvConfig cfg;
        cfg.resetClearsAgentState = true;
        Environment fixed = envFor(taskWith({}, {{0, -1, 0, 1}}), cfg);
        fixed.step(9);
        fixed.step(5);  // jumping: dy != 0
        fixed.reset();
        QCOMPARE(fixed.agent().activeBlock, 1);
        QCOMPARE(fixed.agent().dy, 0.0);
    }

    void flyingTunnelsThroughTheFloorUnlessFixed() {
        auto dive = [](bool fix) {
            EnvConfig cfg;
            cfg.actionSpace = ActionSpace::Flying;
            cfg.fixTunnelling = fix;
            Environment env = envFor(taskWith({}, {{0, -1, 0, 1}}), cfg);
            env.step(Action::flying({0, 0, 0}, {0, -90}, 0, 0));
            double lowest = 0;
            for (int i = 0; i < 20; ++i) {
                env.step(Action::flying({-1, 0, 0}, {0, 0}, 0, 0));  // "forward" while looking down: straight down
                lowest = std::min(lowest, env.agent().y);
            }
            return lowest;
        };
        QVERIFY2(dive(false) < -1.0, "the reference-compatible mode should reproduce the tunnelling defect");
        QVERIFY2(dive(true) >= -0.25 - 1e-9, qPrintable(QString::number(dive(true))));
    }

    void deterministic() {
        Task t = taskWith({{2, -1, 2, 5}}, {{2, -1, 2, 5}, {2, 0, 2, 6}});
        Environment a = envFor(t), b = envFor(t);
        for (int i = 0; i < 500; ++i) {
            const int act = (i * 7 + i / 3) % kDiscreteActions;
            const StepResult ra = a.step(act), rb = b.step(act);
            QCOMPARE(ra.reward, rb.reward);
        }
        QVERIFY(sameState(a, b));
    }
};

QTEST_APPLESS_MAIN(TestEnvironment)
#include "test_environment.moc"

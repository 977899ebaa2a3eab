// Rollout recording (core/rollout): the one action-text format reads back to the exact action,
// rejects anything else, and a recorded episode replays step for step in a fresh environment from
// its frames' texts alone (same reward, pose and block changes).
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

#include "core/env/environment.hpp"
#include "core/rollout/action_text.hpp"
#include "core/rollout/random_agent.hpp"
#include "core/rollout/step_recorder.hpp"
#include "core/util/rng.hpp"

using namespace iglu::core;

namespace {

bool sameAction(const Action& a, const Action& b) {
    return a.strafe0 == b.strafe0 && a.strafe1 == b.strafe1 && a.vertical == b.vertical && a.dyaw == b.dyaw &&
           a.dpitch == b.dpitch && a.colour == b.colour && a.place == b.place && a.breakBlock == b.breakBlock;
}

// Awkward doubles: no short decimal form, tiny, huge, negative zero.
double awkward(Rng& rng) {
    switch (rng.below(6)) {
        case 0: return rng.uniform(-1, 1);
        case 1: return 0.1 * rng.below(30) - 1.5;
        case 2: return std::ldexp(rng.uniform(), -1000);
        case 3: return rng.uniform(-1e300, 1e300);
        case 4: return -0.0;
        default: return static_cast<double>(rng.below(7)) - 3;
    }
}

Task floorTask() {
    Task t;
    t.id = "recorder-test";
    t.starting = Grid::fromBlocks(std::vector<Block>{{0, -1, -2, 1}, {1, 0, -2, 2}});
    t.target = Grid::fromBlocks(std::vector<Block>{{0, -1, -2, 1}, {1, 0, -2, 2}, {0, 0, -2, 3}, {-1, -1, -3, 4}});
    return t;
}

}  // namespace

class TestStepRecorder : public QObject {
    Q_OBJECT
private slots:
    void continuousActionsReadBackExactly() {
        Rng rng(5);
        std::string text;
        for (int i = 0; i < 20000; ++i) {
            Action a;
            a.strafe0 = awkward(rng), a.strafe1 = awkward(rng), a.vertical = awkward(rng);
            a.dyaw = awkward(rng), a.dpitch = awkward(rng);
            a.colour = rng.below(7);
            a.place = rng.below(2) == 1;
            a.breakBlock = rng.below(2) == 1;
            const ActionSpace space = i % 2 ? ActionSpace::Flying : ActionSpace::Walking;
            formatAction(a, space, text);
            QCOMPARE(actionText(a, space), text);
            const auto back = parseActionText(text);
            QVERIFY2(back.has_value(), text.c_str());
            QVERIFY2(back->space == space && back->discreteId == -1 && sameAction(back->action, a), text.c_str());
        }
    }

    void discreteActionsReadBackExactly() {
        std::string text;
        for (int id = 0; id < kDiscreteActions; ++id) {
            formatDiscreteAction(id, text);
            QCOMPARE(text, "discrete " + std::to_string(id));
            QVERIFY(text.size() < 16);  // fits a string's small buffer: recording allocates nothing
            const auto back = parseActionText(text);
            QVERIFY(back && back->discreteId == id && back->space == ActionSpace::Walking);
            QVERIFY(sameAction(back->action, Action::discrete(id)));
        }
        QVERIFY_THROWS_EXCEPTION(InvalidAction, formatDiscreteAction(18, text));
        QVERIFY_THROWS_EXCEPTION(InvalidAction, formatDiscreteAction(-1, text));
    }

    void anythingElseIsRejected_data() {
        QTest::addColumn<QString>("text");
        for (const char* t : {"", " ", "discrete", "discrete ", "discrete 18", "discrete -1", "discrete 1 ", " discrete 1",
                              "discrete  1", "discrete 1x", "discrete 0x1", "discrete 1.0", "Discrete 1", "walking",
                              "walking 0 0 0 0 0 0 0", "walking 0 0 0 0 0 0 0 0 0", "walking 0 0 0 0 0 7 0 0",
                              "walking 0 0 0 0 0 -1 0 0", "flying 0 0 0 0 0 0 2 0", "flying 0 0 0 0 0 0 0 -1",
                              "flying 0 0 0 0 0 0.5 0 0", "flying 0 0 0 0 0 0 0 0\n", "flying a 0 0 0 0 0 0 0",
                              "walking 0  0 0 0 0 0 0 0", "running 0 0 0 0 0 0 0 0",
                              "select_and_place_block 60 -5 63 -5 1", "fly break", "discrete 7 select_red"})
            QTest::newRow(t) << QString::fromLatin1(t);
    }
    void anythingElseIsRejected() {
        QFETCH(QString, text);
        const std::string s = text.toStdString();
        QVERIFY2(!parseActionText(s).has_value(), s.c_str());
    }

    // A recorded episode (walking discrete, walking continuous, flying) replays in a fresh
    // environment from the frame texts alone, frame for frame; every block change is recorded.
    void recordedEpisodesReplayFromTheirTexts_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("walking discrete") << 0;
        QTest::newRow("walking continuous") << 1;
        QTest::newRow("flying") << 2;
    }
    void recordedEpisodesReplayFromTheirTexts() {
        QFETCH(int, mode);
        EnvConfig cfg;
        cfg.actionSpace = mode == 2 ? ActionSpace::Flying : ActionSpace::Walking;
        cfg.maxSteps = 100000;
        Environment env(cfg);
        env.setTask(floorTask());
        env.reset();
        StepRecorder rec;
        rec.begin(env, RolloutKind::Agent, "test", 600);
        Rng rng(17);
        int changed = 0;
        for (int i = 0; i < 600; ++i) {
            const Grid before = env.grid();
            StepResult r;
            if (mode == 0) {
                const int id = i < 7 ? 14 : rng.below(18);
                r = env.step(id);
                rec.record(env, r, id);
            } else {
                Action a;
                a.strafe0 = rng.uniform(-1, 1), a.strafe1 = rng.uniform(-1, 1);
                a.vertical = mode == 2 ? rng.uniform(-1, 1) : (rng.below(10) == 0 ? 1 : 0);
                a.dyaw = rng.uniform(-10, 10), a.dpitch = i < 4 ? -10 : rng.uniform(-6, 6);
                a.colour = rng.below(7);
                a.place = rng.below(3) == 0;
                a.breakBlock = !a.place && rng.below(6) == 0;
                r = env.step(a);
                rec.record(env, r, a);
            }
            int cells = 0;
            for (int k = 0; k < kCells; ++k) cells += before.cell(k) != env.grid().cell(k);
            QCOMPARE(rec.rollout().changesOf(rec.rollout().size() - 1).size(), static_cast<std::size_t>(cells));
            changed += cells;
        }
        QVERIFY2(changed > 20, qPrintable(QString::number(changed)));
        const Rollout rollout = rec.take();
        QCOMPARE(rollout.size(), std::size_t(600));
        QVERIFY(rollout.finalGrid() == env.grid());

        Environment replay(cfg);
        replay.setTask(floorTask());
        replay.reset();
        QVERIFY(rollout.startPose == StepRecorder::poseOf(replay));
        QVERIFY(rollout.starting == replay.grid());
        for (std::size_t i = 0; i < rollout.size(); ++i) {
            const RolloutFrame& f = rollout.frames[i];
            const auto action = parseActionText(f.action);
            QVERIFY2(action.has_value(), f.action.c_str());
            QCOMPARE(action->space, cfg.actionSpace);
            QCOMPARE(action->discreteId >= 0, mode == 0);
            const Grid before = replay.grid();
            const StepResult r = replay.step(action->action);
            QCOMPARE(r.reward, f.reward);
            QVERIFY(StepRecorder::poseOf(replay) == f.pose);
            QCOMPARE(f.tick, static_cast<double>(replay.stepNo()));
            for (const BlockChange& c : rollout.changesOf(i)) {
                QCOMPARE(static_cast<int>(before.at(c.x, c.y, c.z)), static_cast<int>(c.before));
                QCOMPARE(static_cast<int>(replay.grid().at(c.x, c.y, c.z)), static_cast<int>(c.after));
            }
        }
        QVERIFY(replay.grid() == env.grid());
    }

    // The random agent records through the same recorder and format.
    void randomAgentFramesUseTheFormat() {
        RandomEpisodeOptions o;
        o.seed = 3;
        o.steps = 200;
        const Rollout r = recordRandomEpisode(floorTask(), o);
        QCOMPARE(r.size(), std::size_t(200));
        for (const RolloutFrame& f : r.frames) {
            const auto a = parseActionText(f.action);
            QVERIFY2(a && a->discreteId >= 0, f.action.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestStepRecorder)
#include "test_step_recorder.moc"

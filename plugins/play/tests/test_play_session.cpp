// The play session without a window: every key maps to exactly the environment action its help
// text promises (walking discrete ids, flying dict actions); a scripted session matches a bare
// core::Environment step for step (grid, reward, pose, done); the recorded rollout replays to the
// same grid; done stops the episode; the walking / flying switch restarts it; and a step allocates
// nothing.
#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include <QtTest>

#include "core/env/environment.hpp"
#include "core/rollout/rollout.hpp"
#include "logic/play_keys.hpp"
#include "logic/play_session.hpp"

// Allocation counting for the whole test binary: counted only while `gCount` is set.
namespace {
std::atomic<bool> gCount{false};
std::atomic<long> gAllocations{0};
}  // namespace
void* operator new(std::size_t n) {
    if (gCount.load(std::memory_order_relaxed)) gAllocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace iglu;
using plugins::play::Command;

namespace {

core::Task floorTask() {
    // Empty start; the target is a yellow column in a corner, which the scripts never build (an
    // empty target would end every episode at its first step, as in the reference).
    core::Task t;
    t.id = "play-test";
    t.instruction = "build a yellow column in the corner";
    t.target.set(5, 0, 5, 6);
    t.target.set(5, 1, 5, 6);
    return t;
}

// Looks down 35 degrees (7 steps, as the random agent does), the floor is then within reach.
const std::vector<Command> kLookDown(7, Command::LookDown);

}  // namespace

class TestPlaySession : public QObject {
    Q_OBJECT
private slots:
    void keysMapToCommands() {
        const struct { int key; Command c; } keys[] = {
            {Qt::Key_W, Command::Forward},   {Qt::Key_S, Command::Back},        {Qt::Key_A, Command::Left},
            {Qt::Key_D, Command::Right},     {Qt::Key_Space, Command::Up},      {Qt::Key_Shift, Command::Down},
            {Qt::Key_C, Command::Down},      {Qt::Key_Left, Command::TurnLeft}, {Qt::Key_Right, Command::TurnRight},
            {Qt::Key_Up, Command::LookUp},   {Qt::Key_Down, Command::LookDown}, {Qt::Key_1, Command::Colour1},
            {Qt::Key_2, Command::Colour2},   {Qt::Key_3, Command::Colour3},     {Qt::Key_4, Command::Colour4},
            {Qt::Key_5, Command::Colour5},   {Qt::Key_6, Command::Colour6},     {Qt::Key_Return, Command::Place},
            {Qt::Key_Enter, Command::Place}, {Qt::Key_Backspace, Command::Break},
        };
        for (const auto& k : keys) {
            const auto c = plugins::play::commandForKey(k.key);
            QVERIFY2(c.has_value(), qPrintable(QString::number(k.key, 16)));
            QCOMPARE(int(*c), int(k.c));
        }
        QVERIFY(plugins::play::commandForKey(Qt::Key_W, Qt::ShiftModifier).has_value());
        QVERIFY(plugins::play::commandForKey(Qt::Key_Enter, Qt::KeypadModifier).has_value());
        // Application shortcuts (Ctrl / Alt) and unmapped keys are not the player's.
        QVERIFY(!plugins::play::commandForKey(Qt::Key_W, Qt::ControlModifier));
        QVERIFY(!plugins::play::commandForKey(Qt::Key_1, Qt::AltModifier));
        QVERIFY(!plugins::play::commandForKey(Qt::Key_Q));
        QVERIFY(!plugins::play::commandForKey(Qt::Key_7));
        QVERIFY(!plugins::play::commandForKey(Qt::Key_Escape));
    }

    void commandsMapToWalkingActions() {
        // The walking Discrete(18) ids, by name (core/env/action.cpp).
        const struct { Command c; const char* name; } expected[] = {
            {Command::Forward, "forward"},       {Command::Back, "back"},           {Command::Left, "left"},
            {Command::Right, "right"},           {Command::Up, "jump"},             {Command::TurnLeft, "turn_left"},
            {Command::TurnRight, "turn_right"},  {Command::LookUp, "look_up"},      {Command::LookDown, "look_down"},
            {Command::Colour1, "select_blue"},   {Command::Colour2, "select_green"}, {Command::Colour3, "select_red"},
            {Command::Colour4, "select_orange"}, {Command::Colour5, "select_purple"}, {Command::Colour6, "select_yellow"},
            {Command::Place, "place"},           {Command::Break, "break"},
        };
        for (const auto& e : expected) {
            const auto id = plugins::play::walkingAction(e.c);
            QVERIFY2(id.has_value(), plugins::play::commandName(e.c));
            QCOMPARE(core::discreteActionName(*id), e.name);
        }
        QVERIFY(!plugins::play::walkingAction(Command::Down));  // walking cannot fly down
        // look_up is pitch +5, turn_left yaw -5 (the action semantics, not just the names).
        QCOMPARE(core::Action::discrete(*plugins::play::walkingAction(Command::LookUp)).dpitch, 5.0);
        QCOMPARE(core::Action::discrete(*plugins::play::walkingAction(Command::TurnLeft)).dyaw, -5.0);
    }

    void commandsMapToFlyingActions() {
        const auto same = [](const core::Action& a, const core::Action& b) {
            return a.strafe0 == b.strafe0 && a.strafe1 == b.strafe1 && a.vertical == b.vertical && a.dyaw == b.dyaw &&
                   a.dpitch == b.dpitch && a.colour == b.colour && a.place == b.place && a.breakBlock == b.breakBlock;
        };
        using A = core::Action;
        QVERIFY(same(plugins::play::flyingAction(Command::Forward), A::flying({-1, 0, 0}, {0, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::Back), A::flying({1, 0, 0}, {0, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::Left), A::flying({0, -1, 0}, {0, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::Right), A::flying({0, 1, 0}, {0, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::Up), A::flying({0, 0, 1}, {0, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::Down), A::flying({0, 0, -1}, {0, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::TurnLeft), A::flying({0, 0, 0}, {-5, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::TurnRight), A::flying({0, 0, 0}, {5, 0}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::LookUp), A::flying({0, 0, 0}, {0, 5}, 0, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::LookDown), A::flying({0, 0, 0}, {0, -5}, 0, 0)));
        for (int c = 1; c <= 6; ++c)
            QVERIFY(same(plugins::play::flyingAction(Command(int(Command::Colour1) + c - 1)), A::flying({0, 0, 0}, {0, 0}, c, 0)));
        QVERIFY(same(plugins::play::flyingAction(Command::Place), A::flying({0, 0, 0}, {0, 0}, 0, 1)));
        QVERIFY(same(plugins::play::flyingAction(Command::Break), A::flying({0, 0, 0}, {0, 0}, 0, 2)));
    }

    void walkingSessionMatchesTheEnvironmentStepForStep() {
        core::Task task = floorTask();
        plugins::play::PlaySession s;
        s.setTask(task);
        core::EnvConfig cfg;
        cfg.maxSteps = s.options().maxSteps;
        cfg.doneAfterMaxSteps = true;
        core::Environment ref(cfg);
        ref.setTask(task);
        ref.reset();

        std::vector<Command> script = kLookDown;
        for (Command c : {Command::Colour2, Command::Place, Command::Forward, Command::TurnLeft, Command::Colour1,
                          Command::Place, Command::Break, Command::Up, Command::Right, Command::Place, Command::LookUp,
                          Command::Down, Command::Back, Command::Left, Command::TurnRight})
            script.push_back(c);
        double ret = 0;
        int steps = 0, changes = 0;
        for (Command c : script) {
            const auto out = s.apply(c);
            const auto id = plugins::play::walkingAction(c);
            QCOMPARE(out.stepped, id.has_value());
            if (!id) continue;
            ++steps;
            const core::StepResult r = ref.step(*id);
            QCOMPARE(out.result.reward, r.reward);
            QCOMPARE(out.result.done, r.done);
            QCOMPARE(out.result.gridChanged, r.gridChanged);
            changes += r.gridChanged;
            ret += r.reward;
            QVERIFY(s.environment().grid() == ref.grid());
            QCOMPARE(s.environment().agent().x, ref.agent().x);
            QCOMPARE(s.environment().agent().y, ref.agent().y);
            QCOMPARE(s.environment().agent().yaw, ref.agent().yaw);
            QCOMPARE(s.environment().agent().pitch, ref.agent().pitch);
            QCOMPARE(s.lastReward(), r.reward);
        }
        QVERIFY2(changes >= 3, "the script places and breaks blocks");
        QCOMPARE(s.step(), steps);
        QCOMPARE(s.episodeReturn(), ret);
        const core::Scores sc = s.scores();
        QCOMPARE(sc.builtSize, ref.grid().count());
        QCOMPARE(sc.intersection, ref.taskMaxInt());
        QCOMPARE(sc.targetSize, 2);
        // The first-person view is the environment's POV (64 x 64 RGB).
        QCOMPARE(int(s.pov().size()), 64 * 64 * 3);

        // The recording: one frame per step with the exact action, replaying to the same grid.
        const core::Rollout& r = s.rollout();
        QCOMPARE(int(r.size()), steps);
        QCOMPARE(r.kind, core::RolloutKind::Human);
        QCOMPARE(r.taskId, task.id);
        QCOMPARE(r.frames[0].action, std::string("discrete 14"));
        QCOMPARE(r.frames[7].action, std::string("discrete 7"));
        QCOMPARE(int(r.changes.size()), changes);
        QCOMPARE(r.totalReward(), ret);
        core::RolloutCursor cursor(r);
        cursor.seek(r.size());
        QVERIFY(cursor.grid() == s.environment().grid());
        QCOMPARE(cursor.pose().yaw, s.environment().agent().yaw);
        QCOMPARE(cursor.returnSoFar(), ret);
    }

    void flyingSessionMatchesTheEnvironment() {
        const core::Task task = floorTask();
        plugins::play::PlayOptions o;
        o.actionSpace = core::ActionSpace::Flying;
        plugins::play::PlaySession s(o);
        s.setTask(task);
        core::EnvConfig cfg;
        cfg.actionSpace = core::ActionSpace::Flying;
        cfg.maxSteps = o.maxSteps;
        cfg.doneAfterMaxSteps = true;
        core::Environment ref(cfg);
        ref.setTask(task);
        ref.reset();
        std::vector<Command> script = kLookDown;
        for (Command c : {Command::Up, Command::Up, Command::Forward, Command::Colour4, Command::Place, Command::Down,
                          Command::Left, Command::Place, Command::Break})
            script.push_back(c);
        for (Command c : script) {
            QVERIFY(s.apply(c).stepped);
            ref.step(plugins::play::flyingAction(c));
            QVERIFY(s.environment().grid() == ref.grid());
            QCOMPARE(s.environment().agent().y, ref.agent().y);
            QCOMPARE(s.environment().agent().z, ref.agent().z);
        }
        QVERIFY(s.environment().agent().flying);
        QVERIFY(s.environment().grid().count() >= 1);
        QCOMPARE(s.rollout().frames.back().action, std::string("flying 0 0 0 0 0 0 0 1"));
        core::RolloutCursor cursor(s.rollout());
        cursor.seek(s.rollout().size());
        QVERIFY(cursor.grid() == s.environment().grid());
    }

    void buildingTheTargetEndsTheEpisode() {
        // Aim first, then make the target exactly the cell a place will fill.
        plugins::play::PlaySession probe;
        probe.setTask(floorTask());
        for (Command c : kLookDown) probe.apply(c);
        const core::HitTest h = probe.environment().hitTest();
        QVERIFY(h.hit && h.hasPrevious);
        core::Task task;
        task.id = "play-one-block";
        task.target.set(h.px, h.py, h.pz, 1);

        plugins::play::PlaySession s;
        s.setTask(task);
        for (Command c : kLookDown) s.apply(c);
        QVERIFY(!s.done());
        const auto out = s.apply(Command::Place);  // colour 1 (blue) is active at the start
        QVERIFY(out.stepped);
        QCOMPARE(out.result.reward, 1.0);
        QVERIFY(s.done());
        QCOMPARE(s.scores().f1, 1.0);
        // The episode is over: commands do nothing until a reset.
        QVERIFY(!s.apply(Command::Forward).stepped);
        QCOMPARE(s.step(), 8);
        QCOMPARE(int(s.rollout().size()), 8);
        s.reset();
        QVERIFY(!s.done());
        QCOMPARE(s.step(), 0);
        QCOMPARE(s.environment().grid().count(), 0);
        QCOMPARE(int(s.rollout().size()), 0);
        QCOMPARE(s.environment().agent().pitch, 0.0);
    }

    void stepLimitEndsTheEpisode() {
        plugins::play::PlayOptions o;
        o.maxSteps = 3;
        plugins::play::PlaySession s(o);
        s.setTask(floorTask());
        QVERIFY(!s.apply(Command::Forward).result.done);
        QVERIFY(!s.apply(Command::Forward).result.done);
        QVERIFY(s.apply(Command::Forward).result.done);
        QVERIFY(s.done());
        QVERIFY(!s.apply(Command::Forward).stepped);
    }

    void switchingTheActionSpaceRestarts() {
        plugins::play::PlaySession s;
        s.setTask(floorTask());
        for (Command c : kLookDown) s.apply(c);
        s.apply(Command::Place);
        QCOMPARE(s.environment().grid().count(), 1);
        s.setActionSpace(core::ActionSpace::Flying);
        QCOMPARE(s.step(), 0);
        QCOMPARE(s.environment().grid().count(), 0);
        QVERIFY(s.environment().agent().flying);
        QCOMPARE(s.environment().task().id, std::string("play-test"));
        QVERIFY(s.hasTask());
        QVERIFY(s.apply(Command::Down).stepped);  // flying has "down"
        s.setActionSpace(core::ActionSpace::Walking);
        QVERIFY(!s.environment().agent().flying);
        QVERIFY(!s.apply(Command::Down).stepped);
        s.clearTask();
        QVERIFY(!s.hasTask());
        QCOMPARE(s.environment().task().target.count(), 0);
    }

    void aStepAllocatesNothing() {
        plugins::play::PlaySession s;
        s.setTask(floorTask());
        std::vector<Command> script = kLookDown;
        for (int i = 0; i < 40; ++i)
            for (Command c : {Command::Place, Command::TurnLeft, Command::Colour3, Command::Break, Command::Forward})
                script.push_back(c);
        // The counter sees allocations (a check of the check).
        gAllocations = 0;
        gCount = true;
        auto* probe = new std::vector<int>(16);
        gCount = false;
        delete probe;
        QCOMPARE(gAllocations.load(), 2L);
        gAllocations = 0;
        gCount = true;
        for (Command c : script) s.apply(c);
        gCount = false;
        QCOMPARE(gAllocations.load(), 0L);
        QCOMPARE(s.step(), int(script.size()));
        QVERIFY(!s.rollout().changes.empty());
    }
};

QTEST_GUILESS_MAIN(TestPlaySession)
#include "test_play_session.moc"

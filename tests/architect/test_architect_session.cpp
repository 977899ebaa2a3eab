// Architect sessions through their public API on the bundled real tasks (examples/data): turns of
// the shipped language builder and of a test builder (tests/architect/agents/test_builder.lua);
// undo / re-instruct sequences against fresh replays; the question / answer flow and the dialogue
// the agent sees; failures (a Lua error, the instruction budget) keeping the world and the session
// usable; rollouts that replay to each turn's end world; the latency from say() to the first action.
#include <QtTest>

#include <chrono>

#include "architect/architect_session.hpp"
#include "architect/lua_turn_agent.hpp"
#include "core/catalog/catalog.hpp"
#include "core/rollout/action_text.hpp"
#include "datasets/importer.hpp"
#include "scripting/agent.hpp"

using namespace iglu;
using architect::ArchitectSession;
using architect::TurnEnd;

namespace {

const std::string kLanguageBuilder = IGLU_SOURCE_DIR "/examples/agents/language_builder.lua";
const std::string kTestBuilder = IGLU_SOURCE_DIR "/tests/architect/agents/test_builder.lua";

core::Task bundledTask(const std::string& id) {
    auto cat = catalog::Catalog::inMemory();
    datasets::ImportOptions o;
    o.withRollouts = false;
    datasets::importSingleTurn(IGLU_SOURCE_DIR "/examples/data/iglu-singleturn", cat, o);
    auto t = cat.task(id);
    if (!t) throw std::runtime_error("no bundled task " + id);
    return t->task;
}

std::unique_ptr<architect::TurnAgent> luaAgent(const std::string& path, long long budget = 0) {
    scripting::SandboxOptions sandbox = scripting::agentSandbox(path);
    if (budget > 0) sandbox.instructionBudget = budget;
    return std::make_unique<architect::LuaTurnAgent>(scripting::AgentScript{path, std::nullopt}, sandbox);
}

architect::SessionOptions flying() {
    architect::SessionOptions o;
    o.env.actionSpace = core::ActionSpace::Flying;
    o.turnStepBudget = 300;
    return o;
}

// A fresh environment of the session's configuration, stepped with every kept turn's actions.
core::Environment replay(const ArchitectSession& s) {
    core::Environment e(s.environment().config());
    e.setTask(s.task());
    e.reset();
    for (const auto& t : s.turns())
        for (const auto& a : t.actions) e.step(a);
    return e;
}

bool sameAgent(const core::AgentState& a, const core::AgentState& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.yaw == b.yaw && a.pitch == b.pitch && a.dy == b.dy &&
           a.strafe0 == b.strafe0 && a.strafe1 == b.strafe1 && a.timeIntSteps == b.timeIntSteps &&
           a.activeBlock == b.activeBlock && a.flying == b.flying && a.inventory == b.inventory;
}

// The session's world equals a fresh replay of its kept turns: grid, agent state, step count.
void checkAgainstReplay(const ArchitectSession& s, const char* where) {
    const core::Environment e = replay(s);
    QVERIFY2(e.grid() == s.world(), where);
    QVERIFY2(sameAgent(e.agent(), s.environment().agent()), where);
    QVERIFY2(e.stepNo() == s.environment().stepNo(), where);
    if (!s.turns().empty()) QVERIFY2(s.turns().back().endWorld == s.world() || s.running(), where);
}

// Each turn's rollout, replayed from its start world by its action texts, ends on its end world.
void checkRollouts(const ArchitectSession& s) {
    core::Environment e(s.environment().config());
    e.setTask(s.task());
    e.reset();
    for (const auto& t : s.turns()) {
        QVERIFY(e.grid() == t.startWorld);
        QVERIFY(t.rollout.starting == t.startWorld);
        QCOMPARE(t.rollout.size(), t.actions.size());
        for (const auto& f : t.rollout.frames) {
            const auto a = core::parseActionText(f.action);
            QVERIFY2(a.has_value(), f.action.c_str());
            e.step(a->action);
        }
        QVERIFY(e.grid() == t.endWorld);
        QVERIFY(t.rollout.finalGrid() == t.endWorld);
    }
}

}  // namespace

class TestArchitectSession : public QObject {
    Q_OBJECT
private slots:
    // Two instructions of the shipped language builder on a real task: each turn builds on the
    // world the last one left, the first reaches the target, the scores follow the worlds.
    void twoTurnsBuildOnTheWorldSoFar() {
        const core::Task task = bundledTask("CQ-game-3002");
        ArchitectSession s(task, luaAgent(kLanguageBuilder), flying());
        QCOMPARE(s.agentName(), std::string("language_builder.lua"));
        s.say(task.instruction);
        QVERIFY(s.running());
        QCOMPARE(s.runTurn(), TurnEnd::Done);
        const architect::Turn t1 = s.turns()[0];  // a copy: the next turn grows the vector
        QVERIFY(t1.startWorld == task.starting);
        QVERIFY(!t1.actions.empty());
        QCOMPARE(t1.f1, 1.0);
        QVERIFY(t1.belief && t1.predictionF1);
        QCOMPARE(*t1.predictionF1, 1.0);
        QVERIFY(t1.rollout.beliefAt(0) != nullptr);  // published in reset, before the first step
        s.say("Remove the top three blocks.");
        QCOMPARE(s.runTurn(), TurnEnd::Done);
        const auto& t2 = s.turns()[1];
        QVERIFY(t2.startWorld == t1.endWorld);
        QVERIFY(t2.endWorld.count() < t1.endWorld.count());
        QVERIFY(t2.f1 < 1.0);
        QCOMPARE(s.f1(), t2.f1);
        QCOMPARE(s.dialog(), std::string("<Architect> ") + task.instruction + "\n<Architect> Remove the top three blocks.");
        checkAgainstReplay(s, "after two turns");
        checkRollouts(s);
    }

    // Undo returns the world to the undone turn's start exactly; any sequence of undo and new
    // instructions equals a fresh replay, and a session that never had the undone turns.
    void undoSequencesMatchFreshReplays() {
        const core::Task task = bundledTask("CQ-game-3002");
        ArchitectSession s(task, luaAgent(kLanguageBuilder), flying());
        QVERIFY(!s.undo());
        s.say(task.instruction);
        s.runTurn();
        const core::Grid afterA = s.world();
        s.say("Remove the top three blocks.");
        s.runTurn();
        QVERIFY(s.world() != afterA);
        QVERIFY(s.undo());
        QCOMPARE(s.turns().size(), std::size_t(1));
        QVERIFY(s.world() == afterA);
        checkAgainstReplay(s, "undo once");
        s.say("Place a red block on top of the orange blocks.");
        s.runTurn();
        checkAgainstReplay(s, "re-instructed");
        s.say("Remove the top three blocks.");
        for (int i = 0; i < 5; ++i) s.step();  // undo in the middle of a running turn
        QVERIFY(s.running());
        QVERIFY(s.undo());
        QVERIFY(!s.running());
        checkAgainstReplay(s, "undo mid-turn");
        QVERIFY(s.undo());
        QVERIFY(s.world() == afterA);
        QVERIFY(s.undo());
        QVERIFY(s.world() == task.starting);
        QVERIFY(s.turns().empty());
        checkAgainstReplay(s, "back to the start");
        // Re-instruct after undoing everything: the same as a new session given the same turns.
        s.say(task.instruction);
        s.runTurn();
        s.say("Place a red block on top of the orange blocks.");
        s.runTurn();
        ArchitectSession fresh(task, luaAgent(kLanguageBuilder), flying());
        fresh.say(task.instruction);
        fresh.runTurn();
        fresh.say("Place a red block on top of the orange blocks.");
        fresh.runTurn();
        QVERIFY(s.world() == fresh.world());
        QVERIFY(sameAgent(s.environment().agent(), fresh.environment().agent()));
        for (std::size_t i = 0; i < 2; ++i) QVERIFY(s.turns()[i].rollout.frames == fresh.turns()[i].rollout.frames);
        checkRollouts(s);
    }

    // A question ends the turn; answer() is a new turn whose utterance is the answer, and the agent
    // sees the whole dialogue (task.dialog before the answer, obs.dialog all of it).
    void questionAndAnswer() {
        const core::Task task = bundledTask("CQ-game-3002");
        ArchitectSession s(task, luaAgent(kTestBuilder), flying());
        QVERIFY_THROWS_EXCEPTION(std::logic_error, s.answer("nothing was asked"));
        s.say("build it");
        QCOMPARE(s.runTurn(), TurnEnd::Question);
        QVERIFY(s.awaitingAnswer());
        QCOMPARE(*s.turns()[0].question, std::string("What should I build?"));
        QVERIFY(s.world() == task.starting);
        s.answer(task.instruction);
        QCOMPARE(s.runTurn(), TurnEnd::Done);
        QVERIFY(s.turns()[1].answer);
        QCOMPARE(s.turns()[1].f1, 1.0);
        s.say("echo");
        QCOMPARE(s.runTurn(), TurnEnd::Question);
        const std::string dialog = "<Architect> build it\n<Builder> What should I build?\n<Architect> " + task.instruction;
        QCOMPARE(*s.turns()[2].question, dialog + "\n<Architect> echo | " + dialog);
        // Saying something else instead of answering is a new instruction.
        s.say("Remove the top three blocks.");
        QCOMPARE(s.runTurn(), TurnEnd::Done);
        QVERIFY(!s.turns()[3].answer);
        checkAgainstReplay(s, "after questions");
    }

    // A Lua error mid-turn ends the turn with file:line in its failure, keeps the world the last
    // applied action left, and the next turn works; so does a budget overrun.
    void failuresKeepTheWorldAndSession() {
        const core::Task task = bundledTask("CQ-game-3002");
        ArchitectSession s(task, luaAgent(kTestBuilder, 2'000'000), flying());
        s.say("crash: " + task.instruction);
        QCOMPARE(s.runTurn(), TurnEnd::Failed);
        const auto& t = s.turns()[0];
        QVERIFY2(t.failure.find("test_builder.lua:32: crashed on purpose") != std::string::npos, t.failure.c_str());
        QCOMPARE(t.actions.size(), std::size_t(3));
        QVERIFY(t.endWorld == s.world());
        checkAgainstReplay(s, "after the failure");
        s.say("spin");
        QCOMPARE(s.runTurn(), TurnEnd::Failed);
        QVERIFY2(s.turns()[1].failure.find("test_builder.lua:") != std::string::npos, s.turns()[1].failure.c_str());
        QVERIFY2(s.turns()[1].failure.find("budget") != std::string::npos, s.turns()[1].failure.c_str());
        s.say(task.instruction);
        QCOMPARE(s.runTurn(), TurnEnd::Done);
        QCOMPARE(s.f1(), 1.0);
        checkRollouts(s);
    }

    // The step budget ends a turn; stop() ends it at once; end() refuses further turns;
    // judgements are checked.
    void budgetStopEndAndJudgements() {
        const core::Task task = bundledTask("CQ-game-3002");
        auto o = flying();
        o.turnStepBudget = 4;
        ArchitectSession s(task, luaAgent(kLanguageBuilder), o);
        s.say(task.instruction);
        QCOMPARE(s.runTurn(), TurnEnd::StepBudget);
        QCOMPARE(s.turns()[0].actions.size(), std::size_t(4));
        s.say(task.instruction);
        QVERIFY(s.step());
        s.stop();
        QCOMPARE(s.turns()[1].end, TurnEnd::Stopped);
        QVERIFY(!s.step());
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, s.rateTurn(0, 6, ""));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, s.rateTurn(2, 3, ""));
        s.rateTurn(0, 2, "too slow");
        s.rateSession(3, "fine");
        s.end();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, s.say("more"));
        const auto r = s.record();
        QCOMPARE(r.turns.size(), std::size_t(2));
        QCOMPARE(*r.turns[0].rating, 2);
        QCOMPARE(r.turns[1].end, std::string("stopped"));
        QCOMPARE(*r.rating, 3);
    }

    // From say() to the first applied action of the shipped language builder (grounding included).
    void firstActionLatency() {
        const core::Task task = bundledTask("CQ-game-3002");
        ArchitectSession s(task, luaAgent(kLanguageBuilder), flying());
        const auto t0 = std::chrono::steady_clock::now();
        s.say(task.instruction);
        while (s.running() && s.turns().back().actions.empty()) s.step();
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY(s.turns().back().firstActionSeconds.has_value());
        qInfo("say() to the first action: %.3f ms (session's own measure %.3f ms)", ms, *s.turns().back().firstActionSeconds * 1000);
        QVERIFY(ms < 1000);  // generous: a tenth of a second would already be felt
    }
};

QTEST_APPLESS_MAIN(TestArchitectSession)
#include "test_architect_session.moc"

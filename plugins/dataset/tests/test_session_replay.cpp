// The session replay's logic headless, on a real stored session: an architect session with the
// test builder (tests/architect/agents/test_builder.lua) on the bundled task CQ-game-3002, three
// turns (an instruction, a question and its answer) with judgements, stored in a catalog file and
// read back. Checked: turn navigation, each turn's start / end world and rollout (replayed in the
// rollout cursor from the start world to the end world), the dialogue up to each turn with its
// speakers, the highlight of the current turn, the session list's label.
#include <QtTest>

#include <QTemporaryDir>

#include <algorithm>

#include "architect/architect_session.hpp"
#include "architect/lua_turn_agent.hpp"
#include "core/catalog/catalog.hpp"
#include "core/rollout/rollout.hpp"
#include "datasets/importer.hpp"
#include "logic/session_replay.hpp"
#include "scripting/agent.hpp"

using namespace iglu;
using namespace iglu::plugins::dataset;
using K = ReplayLine::Kind;

namespace {
const char* kTask = "CQ-game-3002";
const std::string kBuilder = IGLU_SOURCE_DIR "/tests/architect/agents/test_builder.lua";
}  // namespace

class TestSessionReplay : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string db_;
    std::int64_t id_ = 0;
    catalog::ArchitectSessionRecord live_;  // what the session held as it ended

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath(QStringLiteral("sessions.db")).toStdString();
        catalog::Catalog cat(db_, catalog::OpenMode::Create);
        datasets::ImportOptions o;
        o.withRollouts = false;
        datasets::importSingleTurn(IGLU_SOURCE_DIR "/examples/data/iglu-singleturn", cat, o);
        const auto task = cat.task(kTask);
        QVERIFY(task.has_value());
        architect::SessionOptions options;
        options.env.actionSpace = core::ActionSpace::Flying;
        options.turnStepBudget = 300;
        auto agent = std::make_unique<architect::LuaTurnAgent>(scripting::AgentScript{kBuilder, std::nullopt},
                                                               scripting::agentSandbox(kBuilder));
        architect::ArchitectSession session(task->task, std::move(agent), options);
        session.say("Place orange blocks on top of all the purple blocks.");
        QCOMPARE(session.runTurn(), architect::TurnEnd::Done);
        session.rateTurn(0, 4, "good start");
        session.say("build it");
        QCOMPARE(session.runTurn(), architect::TurnEnd::Question);
        session.answer("Remove the top block.");
        QCOMPARE(session.runTurn(), architect::TurnEnd::Done);
        session.rateSession(3, "asked well");
        session.end();
        live_ = session.record();
        id_ = cat.putArchitectSession(live_);
        QVERIFY(id_ > 0);
    }

    void navigatesTurnByTurn() {
        catalog::Catalog cat(db_, catalog::OpenMode::ReadOnly);
        auto stored = cat.architectSession(id_);
        QVERIFY(stored.has_value());
        SessionReplay replay(std::move(*stored));
        QCOMPARE(replay.turnCount(), std::size_t(3));
        QCOMPARE(replay.turn(), std::size_t(0));
        QVERIFY(replay.atFirst());
        QVERIFY(!replay.previous());
        QVERIFY(replay.next());
        QVERIFY(replay.next());
        QVERIFY(replay.atLast());
        QVERIFY(!replay.next());
        QCOMPARE(replay.turn(), std::size_t(2));
        QVERIFY(!replay.setTurn(3));
        QVERIFY(replay.setTurn(1));
        QVERIFY(replay.previous());
        QCOMPARE(replay.turn(), std::size_t(0));
    }

    // Each turn shows the world it started from, and its rollout plays from there to its end world.
    void worldsAndRolloutsOfEachTurn() {
        catalog::Catalog cat(db_, catalog::OpenMode::ReadOnly);
        SessionReplay replay(*cat.architectSession(id_));
        for (std::size_t i = 0; i < replay.turnCount(); ++i) {
            QVERIFY(replay.setTurn(i));
            const auto& live = live_.turns[i];
            QVERIFY(replay.startWorld() == live.startWorld);
            QVERIFY(replay.endWorld() == live.endWorld);
            QVERIFY(replay.rolloutId() > 0);
            QCOMPARE(replay.steps(), live.rollout.size());
            QCOMPARE(replay.belief().has_value(), live.belief.has_value());
            if (live.belief) QVERIFY(*replay.belief() == *live.belief);
            // The catalog's copy of the rollout (what the 3D view plays by id) goes start -> end.
            const auto rollout = cat.rollout(replay.rolloutId());
            QVERIFY(rollout.has_value());
            core::RolloutCursor cursor(*rollout);
            QVERIFY(cursor.grid() == replay.startWorld());
            cursor.seek(rollout->size());
            QVERIFY(cursor.grid() == replay.endWorld());
        }
        QVERIFY(replay.setTurn(0));
        QVERIFY(replay.startWorld() == replay.session().startWorld);
        QVERIFY(replay.steps() > 0);  // the first instruction was built
        QVERIFY(replay.setTurn(1));
        QCOMPARE(replay.steps(), std::size_t(0));  // the question: no step
        QVERIFY(replay.startWorld() == live_.turns[0].endWorld);
    }

    void dialogueUpToEachTurn() {
        catalog::Catalog cat(db_, catalog::OpenMode::ReadOnly);
        SessionReplay replay(*cat.architectSession(id_));
        auto lines = replay.dialogueUpToTurn();
        QVERIFY(!lines.empty());
        QCOMPARE(lines.front(), (ReplayLine{0, K::Instruction, "Architect", "Place orange blocks on top of all the purple blocks."}));
        for (const auto& l : lines) QCOMPARE(l.turn, 0);
        QCOMPARE(lines.back(), (ReplayLine{0, K::Judgement, "Architect", "turn 1 rated 4/5: good start"}));
        QCOMPARE(lines[1].kind, K::Outcome);
        QVERIFY(QString::fromStdString(lines[1].text).startsWith(QStringLiteral("done: ")));

        QVERIFY(replay.next());
        lines = replay.dialogueUpToTurn();
        const auto turn1 = std::ranges::find_if(lines, [](const ReplayLine& l) { return l.turn == 1; });
        QVERIFY(turn1 != lines.end());
        QCOMPARE(*turn1, (ReplayLine{1, K::Instruction, "Architect", "build it"}));
        QCOMPARE(*(turn1 + 1), (ReplayLine{1, K::Question, "Builder", "What should I build?"}));
        QVERIFY(std::ranges::none_of(lines, [](const ReplayLine& l) { return l.turn > 1; }));

        QVERIFY(replay.next());  // the last turn: the answer and the session's judgement
        lines = replay.dialogueUpToTurn();
        const auto answer = std::ranges::find_if(lines, [](const ReplayLine& l) { return l.kind == K::Answer; });
        QVERIFY(answer != lines.end());
        QCOMPARE(*answer, (ReplayLine{2, K::Answer, "Architect", "Remove the top block."}));
        QCOMPARE(lines.back(), (ReplayLine{3, K::Judgement, "Architect", "session rated 3/5: asked well"}));
        QCOMPARE(lines, sessionLines(replay.session()));
        QVERIFY(QString::fromStdString(replay.turnSummary()).startsWith(QStringLiteral("Turn 3 of 3: done: ")));
    }

    void highlightsTheCurrentTurn() {
        catalog::Catalog cat(db_, catalog::OpenMode::ReadOnly);
        SessionReplay replay(*cat.architectSession(id_));
        QVERIFY(replay.setTurn(1));
        const QString html = replayHtml(replay.dialogueUpToTurn(), 1);
        QCOMPARE(html.count(QStringLiteral("<a name=\"current\">")), 1);
        const qsizetype current = html.indexOf(QStringLiteral("<a name=\"current\">"));
        QVERIFY(html.indexOf(QStringLiteral("build it"), current) > current);     // turn 2 after the anchor
        QVERIFY(html.indexOf(QStringLiteral("Place orange")) < current);          // turn 1 before it
        QCOMPARE(html.left(html.lastIndexOf(QStringLiteral("<p"), current)).count(QStringLiteral("#fff3bf")), 0);  // turn 1 not highlighted
        QVERIFY(html.mid(current).count(QStringLiteral("#fff3bf")) >= 2);  // the utterance and the question
        QVERIFY(html.mid(current).contains(QStringLiteral("&lt;Builder&gt;</b> What should I build?")));
    }

    void sessionListLabel() {
        catalog::Catalog cat(db_, catalog::OpenMode::ReadOnly);
        const auto sessions = cat.architectSessions();
        QCOMPARE(sessions.size(), std::size_t(1));
        const QString label = QString::fromStdString(sessionLabel(sessions.front()));
        QVERIFY2(label.startsWith(QStringLiteral("#%1 · CQ-game-3002 · test_builder.lua · 3 turns · F1 ").arg(id_)), qPrintable(label));
        QVERIFY(label.endsWith(QStringLiteral(" · rated 3")));
    }

    void aSessionWithoutTurnsShowsItsStart() {
        catalog::ArchitectSessionRecord empty;
        empty.startWorld = live_.startWorld;
        SessionReplay replay(empty);
        QCOMPARE(replay.turnCount(), std::size_t(0));
        QVERIFY(replay.current() == nullptr);
        QVERIFY(replay.startWorld() == live_.startWorld);
        QCOMPARE(replay.rolloutId(), std::int64_t(0));
        QVERIFY(!replay.next());
        QVERIFY(replay.dialogueUpToTurn().empty());
    }
};

QTEST_GUILESS_MAIN(TestSessionReplay)
#include "test_session_replay.moc"

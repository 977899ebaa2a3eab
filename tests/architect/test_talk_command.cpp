// `iglu talk`, `iglu sessions` and `iglu import human-feedback` end to end on the bundled real
// tasks: a two-turn session stored with utterances, per-turn worlds and rollouts that replay
// exactly in a fresh environment; the question / answer flow; the multi-turn export re-imported
// to the same worlds and utterances; the judgements CSV read back; the published human evaluation
// file with its malformed row reported by line; a catalog of the previous schema (4) read as it
// is and migrated by a writer.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include "core/catalog/catalog.hpp"
#include "core/env/env_options.hpp"
#include "core/rollout/action_text.hpp"
#include "support/process.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;
using test::ProcessResult;

namespace {

const QString kLanguageBuilder = IGLU_SOURCE_DIR "/examples/agents/language_builder.lua";
const QString kTestBuilder = IGLU_SOURCE_DIR "/tests/architect/agents/test_builder.lua";
const QString kInstruction = "Place orange blocks on top of all the purple blocks.";

ProcessResult runIglu(const QStringList& args) { return test::runIglu(args, {120000, {}}); }

QString bundledCatalog(const QTemporaryDir& dir, const QString& name = "a.db") {
    const QString db = dir.filePath(name);
    const ProcessResult r = runIglu({"import", "singleturn", IGLU_SOURCE_DIR "/examples/data/iglu-singleturn", "--db", db});
    if (r.exitCode != 0) qWarning("%s", qPrintable(r.err));
    return db;
}

bool sqliteRun(const QString& path, const char* sql) {
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) return false;
    const bool ok = sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

// Every turn's rollout replayed by its action texts in a fresh environment of the stored options,
// from the session's start: each turn starts where the last ended and ends on its stored world.
void checkReplays(const catalog::ArchitectSessionRecord& s, const core::Task& task) {
    QVERIFY(s.startWorld == task.starting);
    core::Environment e(core::envOptionsFromJson(s.env).config);
    e.setTask(task);
    e.reset();
    for (const auto& t : s.turns) {
        QVERIFY(t.rolloutId > 0);
        QVERIFY(t.startWorld == e.grid());
        QVERIFY(t.rollout.starting == t.startWorld);
        for (const auto& f : t.rollout.frames) {
            const auto a = core::parseActionText(f.action);
            QVERIFY2(a.has_value(), f.action.c_str());
            e.step(a->action);
        }
        QVERIFY(e.grid() == t.endWorld);
        QCOMPARE(t.f1, core::score(task.target, t.endWorld).f1);
    }
    QCOMPARE(s.f1, core::score(task.target, e.grid()).f1);
}

}  // namespace

class TestTalkCommand : public QObject {
    Q_OBJECT
private slots:
    void twoTurnsStoredAndReplayExactly() {
        QTemporaryDir dir;
        const QString db = bundledCatalog(dir);
        ProcessResult r = runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--agent", kLanguageBuilder, "--say", kInstruction,
                                "--say", "Remove the top three blocks.", "--rate", "4", "--comment", "good start", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(j["turns"].toArray().size(), 2);
        QCOMPARE(j["turns"].toArray()[0].toObject()["end"].toString(), QString("done"));
        QVERIFY(j["turns"].toArray()[0].toObject()["first_action_ms"].toDouble() > 0);
        const catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadOnly);
        const auto list = cat.architectSessions();
        QCOMPARE(list.size(), std::size_t(1));
        QCOMPARE(list[0].id, static_cast<std::int64_t>(j["session"].toInt()));
        const auto s = cat.architectSession(list[0].id);
        QVERIFY(s.has_value());
        QCOMPARE(s->taskId, std::string("CQ-game-3002"));
        QCOMPARE(s->agent, std::string("language_builder.lua"));
        QCOMPARE(*s->rating, 4);
        QCOMPARE(s->comment, std::string("good start"));
        QCOMPARE(s->turns.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(s->turns[0].utterance), kInstruction);
        QCOMPARE(s->turns[1].utterance, std::string("Remove the top three blocks."));
        QCOMPARE(s->turns[0].f1, 1.0);
        QVERIFY(s->turns[0].belief && s->turns[0].predictionF1);
        QVERIFY(!s->turns[0].rollout.beliefs.empty());
        checkReplays(*s, cat.task("CQ-game-3002")->task);

        ProcessResult show = runIglu({"sessions", "show", QString::number(s->id), "--db", db});
        QVERIFY2(show.exitCode == 0, qPrintable(show.err));
        QVERIFY2(show.out.contains("<Architect> Remove the top three blocks.") && show.out.contains("rated 4: good start"), qPrintable(show.out));
    }

    // --agent-cmd: the Python example agent (iglu.serve_agent) through the same session and storage.
    void programAgentTalks() {
        QTemporaryDir dir;
        const QString db = bundledCatalog(dir);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& kv : QStringLiteral(IGLU_TEST_AGENT_ENV).split(QLatin1Char('|')))
            env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        const QString cmd = QStringLiteral(IGLU_TEST_PYTHON " " IGLU_SOURCE_DIR "/examples/python/architect_agent.py");
        const ProcessResult r = test::runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--agent-cmd", cmd, "--say", kInstruction,
                                               "--say", "now remove them", "--json"}, {120000, env});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(j["turns"].toArray().size(), 2);
        const catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadOnly);
        const auto s = cat.architectSession(static_cast<std::int64_t>(j["session"].toInt()));
        QVERIFY(s.has_value());
        QCOMPARE(s->turns.size(), std::size_t(2));
        QVERIFY(s->turns[0].rollout.frames.size() > 0);  // it built something on the first instruction
        // Exactly one of --agent / --agent-cmd.
        QVERIFY(runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--say", "x"}).err.contains("--agent-cmd"));
        QVERIFY(runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--agent", kLanguageBuilder, "--agent-cmd", cmd, "--say", "x"}).exitCode != 0);
    }

    void questionAnsweredFromTheCommandLine() {
        QTemporaryDir dir;
        const QString db = bundledCatalog(dir);
        ProcessResult r = runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--agent", kTestBuilder, "--say", "build it", "--answer",
                                kInstruction, "--say", "Remove the top three blocks.", "--say", "crash: " + kInstruction});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("<Builder> What should I build?"), qPrintable(r.out));
        QVERIFY2(r.out.contains("test_builder.lua:32: crashed on purpose"), qPrintable(r.out));
        const catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadOnly);
        const auto s = cat.architectSession(cat.architectSessions().at(0).id);
        QCOMPARE(s->turns.size(), std::size_t(4));
        QCOMPARE(*s->turns[0].question, std::string("What should I build?"));
        QCOMPARE(s->turns[0].end, std::string("question"));
        QVERIFY(s->turns[1].answer);
        QCOMPARE(s->turns[1].f1, 1.0);
        QCOMPARE(s->turns[3].end, std::string("failed"));
        QVERIFY(s->turns[3].failure.find("crashed on purpose") != std::string::npos);
        QCOMPARE(s->turns[3].rollout.size(), std::size_t(3));
        checkReplays(*s, cat.task("CQ-game-3002")->task);
    }

    // The multi-turn export goes back in through `iglu import sessions`: one turn task per turn
    // (start and end worlds), the utterances and questions with their speakers; the judgements CSV
    // through `iglu import human-feedback`.
    void exportReimports() {
        QTemporaryDir dir;
        const QString db = bundledCatalog(dir);
        ProcessResult r = runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--agent", kTestBuilder, "--say", "build it", "--answer",
                                kInstruction, "--say", "Remove the top three blocks.", "--rate", "2", "--comment", "asked, then, ok",
                                "--rate-turn", "2:5:built \"it\" right"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString out = dir.filePath("export");
        r = runIglu({"sessions", "export", "--db", db, "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString db2 = dir.filePath("b.db");
        r = runIglu({"import", "sessions", out, "--db", db2, "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object()["skipped"].toInt(), 0);

        const catalog::Catalog a(db.toStdString(), catalog::OpenMode::ReadOnly);
        const auto s = a.architectSession(1);
        const catalog::Catalog b(db2.toStdString(), catalog::OpenMode::ReadOnly);
        const auto sessions = b.sessions();
        QCOMPARE(sessions.size(), std::size_t(1));
        QCOMPARE(sessions[0].id, std::string("1-c") + a.task("CQ-game-3002")->structureId.substr(1));
        const auto turns = b.sessionTurns(sessions[0].id);
        QCOMPARE(turns.size(), s->turns.size());
        for (std::size_t i = 0; i < turns.size(); ++i) {
            const auto t = b.task(turns[i].id);
            QVERIFY(t->task.starting == s->turns[i].startWorld);
            QVERIFY(t->task.target == s->turns[i].endWorld);
            QCOMPARE(t->turn, static_cast<int>(2 * (i + 1)));
        }
        QCOMPARE(b.task(turns[0].id)->clarifyingQuestion, std::string("What should I build?"));
        const auto utterances = b.utterances(sessions[0].id);
        QCOMPARE(utterances.size(), std::size_t(4));
        QCOMPARE(utterances[0].speaker, std::string("architect"));
        QCOMPARE(utterances[0].text, std::string("build it"));
        QCOMPARE(utterances[1].speaker, std::string("builder"));
        QCOMPARE(utterances[1].text, std::string("What should I build?"));
        QCOMPARE(QString::fromStdString(utterances[2].text), kInstruction);
        QCOMPARE(utterances[3].turn, 6);

        const QString csv = dir.filePath("judgements.csv");
        r = runIglu({"sessions", "export", "--db", db, "--format", "judgements-csv", "--out", csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runIglu({"import", "human-feedback", csv, "--db", db2});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto rows = b.humanFeedback();
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0].agent, std::string("test_builder.lua"));
        QCOMPARE(rows[0].comment, std::string("asked, then, ok"));
        QCOMPARE(rows[0].taskId, std::string("CQ-game-3002"));
        QCOMPARE(rows[1].hitId, std::string("architect-1-turn-2"));
        QCOMPARE(rows[1].comment, std::string("built \"it\" right"));
        QCOMPARE(*s->turns[1].rating, 5);
        // A turn that does not exist, a rating out of range: refused, nothing stored.
        for (const char* bad : {"4:3", "1:6", "x:2", "2"}) {
            r = runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--agent", kTestBuilder, "--say", "echo", "--rate-turn", bad});
            QVERIFY2(r.exitCode != 0 && r.err.contains("--rate-turn"), qPrintable(r.err));
        }
        QCOMPARE(a.architectSessions().size(), std::size_t(1));
    }

    // The published file: 422 rows, one with malformed JSON (line 373) reported and skipped, the
    // others stored; `iglu experiments feedback` sums them per agent.
    void publishedFeedbackImports() {
        IGLU_REQUIRE_SHARED("data/human_evaluation/human_agent_feedback.csv");
        QTemporaryDir dir;
        const QString db = bundledCatalog(dir);
        const QString file = test::sharedDir() + "/data/human_evaluation/human_agent_feedback.csv";
        ProcessResult r = runIglu({"import", "human-feedback", file, "--db", db, "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(j["imported"].toInt(), 421);
        QCOMPARE(j["skipped"].toInt(), 1);
        const QString issue = j["issues"].toArray()[0].toObject()["message"].toString();
        QVERIFY2(issue.contains("human_agent_feedback.csv:373: Annotation:"), qPrintable(issue));
        // Again: replaced, not duplicated.
        QCOMPARE(runIglu({"import", "human-feedback", file, "--db", db}).exitCode, 0);
        r = runIglu({"experiments", "feedback", "--db", db, "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        int rows = 0, judged = 0;
        for (const auto& v : QJsonDocument::fromJson(r.out.toUtf8()).array()) {
            const QJsonObject a = v.toObject();
            rows += a["rows"].toInt();
            judged += a["judged"].toInt();
            QVERIFY(a["chosen_best"].toInt() <= a["judged"].toInt());
            QVERIFY(QStringList({"MHB", "Felipe", "Happy"}).contains(a["agent"].toString()));
        }
        QCOMPARE(rows, 421);
        QCOMPARE(judged, 139);  // the well-formed rows that say whether the agent was chosen best
    }

    // A catalog at schema version 4 (before architect sessions): read as it is by readers (no
    // session, nothing written), migrated to the current version by `iglu talk`, its tasks kept.
    void previousSchemaCatalog() {
        QTemporaryDir dir;
        const QString db = bundledCatalog(dir);
        const int tasks = catalog::Catalog(db.toStdString(), catalog::OpenMode::ReadOnly).taskCount();
        // What a version-4 program wrote: none of the tables and columns of versions 5 and 6.
        QVERIFY(sqliteRun(db, "DROP TABLE architect_turns; DROP TABLE architect_sessions; DROP TABLE human_feedback; "
                              "DROP TABLE clarification_predictions; ALTER TABLE experiments DROP COLUMN kind; "
                              "ALTER TABLE experiments DROP COLUMN tags; ALTER TABLE experiments DROP COLUMN note; "
                              "PRAGMA user_version = 4;"));
        {
            const catalog::Catalog old(db.toStdString(), catalog::OpenMode::ReadOnly);
            QCOMPARE(old.schemaVersion(), 4);
            QVERIFY(old.architectSessions().empty());
            QVERIFY(!old.architectSession(1));
            QVERIFY(old.humanFeedback().empty());
        }
        ProcessResult r = runIglu({"sessions", "list", "--db", db});
        QVERIFY2(r.exitCode == 0 && r.out.contains("no architect sessions"), qPrintable(r.err + r.out));
        r = runIglu({"talk", "--db", db, "--task", "CQ-game-3002", "--agent", kLanguageBuilder, "--say", kInstruction});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const catalog::Catalog now(db.toStdString(), catalog::OpenMode::ReadOnly);
        QCOMPARE(now.schemaVersion(), catalog::kSchemaVersion);
        QCOMPARE(now.taskCount(), tasks);
        QCOMPARE(now.architectSessions().size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestTalkCommand)
#include "test_talk_command.moc"

// Catalog: the project's SQLite file. Round trips of every record type, filters, label
// precedence, transactions, foreign/newer files, and a writer killed mid-transaction.
#include <QTemporaryDir>
#include <QtTest>

#include <cstdio>
#include <fstream>

#include <sqlite3.h>

#include <QProcess>

#include "core/catalog/catalog.hpp"
#include "support/corrupt_catalogs.hpp"
#include "support/process.hpp"

using namespace iglu;
using namespace iglu::catalog;

namespace {

catalog::TaskRecord makeTask(const std::string& id, const std::string& instruction, int nTarget, std::optional<bool> clear = {}) {
    TaskRecord r;
    r.task.id = id;
    r.task.instruction = instruction;
    r.task.dialog = "<Architect> hello\n<Builder> hi";
    r.task.starting.set(0, -1, 0, core::Red);
    for (int i = 0; i < nTarget; ++i) r.task.target.set(-5 + i % 11, -1 + i / 11, 2, 1 + i % 6);
    r.task.metadata["origin"] = "test";
    r.source = TaskSource::SingleTurn;
    r.structureId = "C1";
    r.clear = clear;
    r.clarifyingQuestion = "Which colour?";
    return r;
}

void sqliteExec(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    int rc = sqlite3_exec(db, sql, nullptr, nullptr, &err);
    QVERIFY2(rc == SQLITE_OK, err ? err : "?");
    sqlite3_close(db);
}

QString errorOf(const std::string& path) {
    try {
        Catalog c(path);
    } catch (const CatalogError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestCatalog : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int n_ = 0;
    std::string fresh() { return (dir_.path() + QStringLiteral("/c%1.db").arg(++n_)).toStdString(); }

private slots:
    void createsVersionedWalCatalog() {
        auto path = fresh();
        Catalog c(path);
        QCOMPARE(c.schemaVersion(), kSchemaVersion);
        QCOMPARE(c.taskCount(), 0);
        sqlite3* db = nullptr;
        sqlite3_open(path.c_str(), &db);
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &s, nullptr);
        QCOMPARE(sqlite3_step(s), SQLITE_ROW);
        QCOMPARE(QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(s, 0))), QStringLiteral("wal"));
        sqlite3_finalize(s);
        sqlite3_close(db);
        // Reopening an existing catalog is fine and keeps its version.
        Catalog again(path);
        QCOMPARE(again.schemaVersion(), kSchemaVersion);
    }

    void taskRoundTrip() {
        Catalog c(fresh());
        auto r = makeTask("CQ-game-1", "Build a red tower", 14, true);
        r.turn = 3;
        r.sessionId = "14-c58";
        r.questionBankIds = "12 40";
        c.putTask(r);
        auto back = c.task("CQ-game-1");
        QVERIFY(back.has_value());
        QCOMPARE(back->task.starting, r.task.starting);
        QCOMPARE(back->task.target, r.task.target);
        QCOMPARE(back->task.instruction, r.task.instruction);
        QCOMPARE(back->task.dialog, r.task.dialog);
        QCOMPARE(back->task.metadata.at("origin"), std::string("test"));
        QCOMPARE(back->clear, std::optional<bool>(true));
        QCOMPARE(back->turn, 3);
        QCOMPARE(back->sessionId, std::string("14-c58"));
        QCOMPARE(back->questionBankIds, std::string("12 40"));
        QCOMPARE(back->clarifyingQuestion, std::string("Which colour?"));
        QVERIFY(!c.task("nope").has_value());
        auto rows = c.findTasks();
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(rows[0].startingBlocks, 1);
        QCOMPARE(rows[0].targetBlocks, 14);
        // The starting red block at (0,-1,0) is absent from the target: one block to remove, 14 to add.
        QCOMPARE(rows[0].blocksToAdd, 14);
        QCOMPARE(rows[0].blocksToRemove, 1);
        // Unknown clarity stays unknown.
        c.putTask(makeTask("CQ-game-2", "x", 1));
        QVERIFY(!c.task("CQ-game-2")->clear.has_value());
    }

    void reimportIsIdempotentAndKeepsLabels() {
        Catalog c(fresh());
        c.putTask(makeTask("t1", "first", 3));
        c.putLabel({"t1", core::Skill::Tall, true, LabelSource::Human, "ann", "", ""});
        auto updated = makeTask("t1", "second", 5);
        c.putTask(updated);
        c.putTask(updated);
        QCOMPARE(c.taskCount(), 1);
        QCOMPARE(c.task("t1")->task.instruction, std::string("second"));
        QCOMPARE(c.labels("t1").size(), std::size_t(1));
        QVERIFY(c.findTasks()[0].humanSkills.has(core::Skill::Tall));
    }

    void filters() {
        Catalog c(fresh());
        std::vector<TaskRecord> ts{makeTask("a", "Place a RED block on the tower", 2, true),
                                   makeTask("b", "place a blue block", 3, false),
                                   makeTask("c", "Build a tall red tower", 4, true)};
        ts[2].source = TaskSource::Structure;
        c.putTasks(ts);
        auto ids = [](const std::vector<TaskSummary>& rows) {
            QStringList out;
            for (const auto& r : rows) out << QString::fromStdString(r.id);
            return out.join(',');
        };
        TaskFilter f;
        f.text = "red TOWER";
        QCOMPARE(ids(c.findTasks(f)), QStringLiteral("a,c"));
        f.clear = true;
        f.text = "tall";
        QCOMPARE(ids(c.findTasks(f)), QStringLiteral("c"));
        TaskFilter byClear;
        byClear.clear = false;
        QCOMPARE(ids(c.findTasks(byClear)), QStringLiteral("b"));
        TaskFilter bySource;
        bySource.source = TaskSource::Structure;
        QCOMPARE(ids(c.findTasks(bySource)), QStringLiteral("c"));
        TaskFilter limited;
        limited.limit = 2;
        limited.offset = 1;
        QCOMPARE(ids(c.findTasks(limited)), QStringLiteral("b,c"));
        TaskFilter byIds;
        byIds.ids = {"c", "a", "zzz"};
        QCOMPARE(ids(c.findTasks(byIds)), QStringLiteral("a,c"));
        QCOMPARE(c.loadTasks(byIds).size(), std::size_t(2));
        // Text matches the id and the dialog too.
        TaskFilter dialog;
        dialog.text = "architect";
        QCOMPARE(c.findTasks(dialog).size(), std::size_t(3));
    }

    void skillFilterPrefersHumanLabels() {
        Catalog c(fresh());
        c.putTasks(std::vector<TaskRecord>{makeTask("a", "", 1), makeTask("b", "", 1), makeTask("c", "", 1)});
        // Auto says a and b are flying; a human says b is not. c: human says flying, auto says not.
        c.putLabels(std::vector<SkillLabel>{
            {"a", core::Skill::Flying, true, LabelSource::Auto, "auto-labeler", "2 blocks float", ""},
            {"b", core::Skill::Flying, true, LabelSource::Auto, "auto-labeler", "", ""},
            {"b", core::Skill::Flying, false, LabelSource::Human, "ann", "", ""},
            {"c", core::Skill::Flying, false, LabelSource::Auto, "auto-labeler", "", ""},
            {"c", core::Skill::Flying, true, LabelSource::Human, "ann", "", ""},
            {"c", core::Skill::Tall, true, LabelSource::Human, "ann", "", ""}});
        TaskFilter f;
        f.skills = {core::Skill::Flying};
        auto rows = c.findTasks(f);
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0].id, std::string("a"));
        QCOMPARE(rows[1].id, std::string("c"));
        f.skills = {core::Skill::Flying, core::Skill::Tall};
        QCOMPARE(c.findTasks(f).size(), std::size_t(1));
        // The latest human label wins across labelers.
        c.putLabel({"c", core::Skill::Flying, false, LabelSource::Human, "bob", "", "2999-01-01T00:00:00Z"});
        f.skills = {core::Skill::Flying};
        QCOMPARE(c.findTasks(f).size(), std::size_t(1));
        c.removeLabel("c", core::Skill::Flying, LabelSource::Human, "bob");
        QCOMPARE(c.findTasks(f).size(), std::size_t(2));
        auto labels = c.labels("a");
        QCOMPARE(labels.size(), std::size_t(1));
        QCOMPARE(labels[0].reason, std::string("2 blocks float"));
        QVERIFY(!labels[0].time.empty());
        QCOMPARE(c.allLabels(LabelSource::Human).size(), std::size_t(3));
        QCOMPARE(c.allLabels().size(), std::size_t(6));
    }

    void notes() {
        Catalog c(fresh());
        QCOMPARE(c.note("a"), std::string());
        c.setNote("a", "roof is ambiguous");
        c.setNote("a", "roof is ambiguous; asked");
        QCOMPARE(c.note("a"), std::string("roof is ambiguous; asked"));
    }

    void rolloutRoundTripAndHumanReplace() {
        Catalog c(fresh());
        core::Rollout r;
        r.taskId = "t1";
        r.kind = core::RolloutKind::Human;
        r.source = "target_world_states/x";
        r.starting.set(1, -1, 1, core::Blue);
        r.startPose = {0.5, 2, -0.5, 90, -10};
        core::BlockChange place{2, -1, 2, 0, 3};
        core::BlockChange swap[2] = {{1, -1, 1, 1, 0}, {1, 0, 1, 0, 6}};
        r.addFrame({1, "select_and_place_block 60 2 63 2", 0.5, {0.5, 2, -0.5, 91, -10}, 0, 0}, {&place, 1});
        r.addFrame({2, "", 0, {1, 2, -0.5, 91, -10}, 0, 0});
        r.addFrame({3, "move", -1, {1, 2, -0.5, 92, -11}, 0, 0}, swap);
        auto id = c.putRollout(r);
        QVERIFY(id > 0);
        auto back = c.rollout(id);
        QVERIFY(back.has_value());
        QCOMPARE(back->frames.size(), std::size_t(3));
        QCOMPARE(back->changes.size(), std::size_t(3));
        QCOMPARE(back->startPose, r.startPose);
        QCOMPARE(back->frames[2].pose, r.frames[2].pose);
        QCOMPARE(back->frames[0].action, r.frames[0].action);
        QCOMPARE(back->finalGrid(), r.finalGrid());
        QCOMPARE(back->changesOf(2)[1], swap[1]);
        // Re-importing the same human tape replaces it; agent rollouts accumulate.
        auto id2 = c.putRollout(r);
        QCOMPARE(c.rollouts("t1").size(), std::size_t(1));
        QVERIFY(!c.rollout(id).has_value());
        QVERIFY(c.rollout(id2).has_value());
        r.kind = core::RolloutKind::Agent;
        c.putRollout(r);
        c.putRollout(r);
        auto list = c.rollouts("t1");
        QCOMPARE(list.size(), std::size_t(3));
        QCOMPARE(list[0].frames, 3);
        QCOMPARE(list[0].blockChanges, 3);
        QCOMPARE(list[0].totalReward, -0.5);
    }

    void rolloutCursorSeeksBothWays() {
        core::Rollout r;
        r.starting.set(0, -1, 0, core::Green);
        core::BlockChange a{0, -1, 0, 2, 0}, b{0, -1, 0, 0, 5}, d{3, 4, -5, 0, 1};
        r.addFrame({0, "", 1, {1, 0, 0, 0, 0}, 0, 0}, {&a, 1});
        r.addFrame({1, "", 2, {2, 0, 0, 0, 0}, 0, 0}, {&b, 1});
        r.addFrame({2, "", 4, {3, 0, 0, 0, 0}, 0, 0}, {&d, 1});
        core::RolloutCursor cur(r);
        QCOMPARE(cur.grid(), r.starting);
        cur.seek(3);
        QCOMPARE(cur.grid(), r.finalGrid());
        QCOMPARE(cur.returnSoFar(), 7.0);
        QCOMPARE(cur.pose().x, 3.0);
        cur.seek(1);
        QCOMPARE(int(cur.grid().at(0, -1, 0)), 0);
        QCOMPARE(int(cur.grid().at(3, 4, -5)), 0);
        QCOMPARE(cur.pose().x, 1.0);
        cur.seek(99);
        QCOMPARE(cur.position(), std::size_t(3));
        cur.seek(0);
        QCOMPARE(cur.grid(), r.starting);
        QCOMPARE(cur.returnSoFar(), 0.0);
    }

    void experimentsAndEpisodes() {
        Catalog c(fresh());
        auto e = c.ensureExperiment("oracle", "examples/experiments/oracle.lua", "{\"agent\":\"oracle\"}");
        QVERIFY(e.id > 0);
        auto again = c.ensureExperiment("oracle", "other.lua", "{}");
        QCOMPARE(again.id, e.id);
        QCOMPARE(again.script, std::string("other.lua"));
        EpisodeRecord ep;
        ep.experimentId = e.id;
        ep.taskId = "t1";
        ep.seed = 7;
        ep.steps = 120;
        ep.f1 = 0.5;
        c.putEpisode(ep);
        QVERIFY(c.hasEpisode(e.id, "t1", 7, 0));
        QVERIFY(!c.hasEpisode(e.id, "t1", 7, 1));
        ep.f1 = 1.0;
        ep.success = true;
        ep.ok = false;
        ep.error = "agent.lua:12: boom";
        c.putEpisode(ep);
        auto eps = c.episodes(e.id);
        QCOMPARE(eps.size(), std::size_t(1));
        QCOMPARE(eps[0].f1, 1.0);
        QVERIFY(eps[0].success);
        QVERIFY(!eps[0].ok);
        QCOMPARE(eps[0].error, ep.error);
        QCOMPARE(c.experiments().size(), std::size_t(1));
        QVERIFY(!c.experiment("none").has_value());
    }

    void sessionsAndUtterances() {
        Catalog c(fresh());
        c.putSessions(std::vector<SessionRecord>{{"14-c58", "C58", "14", 2}});
        auto t1 = makeTask("14-c58/step-4", "", 2);
        t1.sessionId = "14-c58";
        t1.turn = 4;
        auto t0 = makeTask("14-c58/step-2", "", 1);
        t0.sessionId = "14-c58";
        t0.turn = 2;
        c.putTasks(std::vector<TaskRecord>{t1, t0});
        auto turns = c.sessionTurns("14-c58");
        QCOMPARE(turns.size(), std::size_t(2));
        QCOMPARE(turns[0].id, std::string("14-c58/step-2"));
        QCOMPARE(c.sessions()[0].structureId, std::string("C58"));
        c.putUtterances(std::vector<Utterance>{{"14-c58", 2, 0, "architect", "place a red block"}});
        QCOMPARE(c.utterances("14-c58").size(), std::size_t(1));
    }

    void failedTransactionStoresNothing() {
        Catalog c(fresh());
        c.putTask(makeTask("keep", "", 1));
        std::vector<TaskRecord> batch{makeTask("n1", "", 1), makeTask("", "no id", 1)};
        QVERIFY_THROWS_EXCEPTION(CatalogError, c.putTasks(batch));
        QCOMPARE(c.taskCount(), 1);
        // Nested: an inner failure caught by the caller rolls back only the inner part.
        c.transaction([&] {
            c.putTask(makeTask("outer", "", 1));
            try {
                c.transaction([&] {
                    c.putTask(makeTask("inner", "", 1));
                    throw std::runtime_error("inner fails");
                });
            } catch (const std::runtime_error&) {
            }
        });
        QVERIFY(c.hasTask("outer"));
        QVERIFY(!c.hasTask("inner"));
    }

    void rejectsFilesThatAreNotCatalogs() {
        auto text = fresh();
        std::ofstream(text) << "id,instruction\nCQ-game-1,hello\n" << std::string(5000, 'x');
        QVERIFY2(errorOf(text).contains("not an IGLU catalog"), qPrintable(errorOf(text)));
        QVERIFY(errorOf(text).contains(QString::fromStdString(text)));

        auto foreign = fresh();
        sqliteExec(foreign, "CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT)");
        QVERIFY2(errorOf(foreign).contains("another application"), qPrintable(errorOf(foreign)));

        auto newer = fresh();
        { Catalog c(newer); c.putTask(makeTask("t", "", 1)); }
        sqliteExec(newer, "PRAGMA user_version = 99");
        QVERIFY2(errorOf(newer).contains("newer"), qPrintable(errorOf(newer)));
        // The refused file is untouched: once the version is restored, the data is all there.
        sqliteExec(newer, ("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
        QVERIFY(Catalog(newer).hasTask("t"));

        auto missingDir = dir_.path().toStdString() + "/no/such/dir/c.db";
        QVERIFY2(errorOf(missingDir).contains("cannot create the catalog: the folder"), qPrintable(errorOf(missingDir)));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(missingDir)));
    }

    // Every damaged or foreign file of the corpus is refused in every open mode, with an error
    // naming the file, and the file (and its folder: no -wal, -shm, journal) is left as it was.
    void corruptCatalogsAreRefusedAndLeftAsTheyWere() {
        const std::string good = fresh();
        {
            Catalog c(good);
            std::vector<TaskRecord> tasks;
            for (int i = 0; i < 300; ++i) tasks.push_back(makeTask("task-" + std::to_string(i), "build it", 1 + i % 90));
            c.putTasks(tasks);
            std::vector<SkillLabel> labels;
            for (int i = 0; i < 300; ++i) labels.push_back({"task-" + std::to_string(i), core::Skill::Tall, i % 2 == 0, LabelSource::Auto, "auto", "", ""});
            c.putLabels(labels);
            core::Rollout r;
            r.taskId = "task-1";
            c.putRollout(r);
        }
        QTemporaryDir corpusDir;
        const auto corpus = iglu::test::writeCorruptCatalogs(QString::fromStdString(good), corpusDir.path());
        QVERIFY(corpus.size() >= 30);
        for (const auto& bad : corpus) {
            for (OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite, OpenMode::Create}) {
                const QString folder = QFileInfo(bad.path).absolutePath();
                const auto before = iglu::test::snapshot(folder);
                QString error;
                try {
                    Catalog c(bad.path.toStdString(), mode);
                    c.findTasks();
                } catch (const CatalogError& e) {
                    error = QString::fromUtf8(e.what());
                }
                const QString where = bad.name + " (" + bad.what + "), mode " + QString::number(int(mode)) + ": ";
                QVERIFY2(!error.isEmpty(), qPrintable(where + "opened without an error"));
                QVERIFY2(error.contains(bad.name + ".db"), qPrintable(where + error));
                QVERIFY2(iglu::test::snapshot(folder) == before, qPrintable(where + "the folder changed"));
            }
        }
    }

    void openModes() {
        // An empty path is an error in every mode (SQLite would open a temporary database).
        for (OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite, OpenMode::Create}) {
            try {
                Catalog c("", mode);
                QFAIL("an empty path opened");
            } catch (const CatalogError& e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains("empty"), e.what());
            }
        }
        // Readers and changers need an existing file and never create one.
        const std::string absent = fresh();
        for (OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite}) {
            QVERIFY_THROWS_EXCEPTION(CatalogError, Catalog(absent, mode));
            QVERIFY(!QFileInfo::exists(QString::fromStdString(absent)));
        }
        // ":memory:" is a file name like any other, never a hidden in-memory catalog.
        QVERIFY_THROWS_EXCEPTION(CatalogError, Catalog(":memory:", OpenMode::ReadOnly));
        {
            Catalog created(absent, OpenMode::Create);
            QVERIFY(created.createdFile());
            created.putTask(makeTask("t", "", 2));
        }
        {
            Catalog again(absent, OpenMode::Create);
            QVERIFY(!again.createdFile());
            QVERIFY(again.hasTask("t"));
        }
        // A reader cannot write, and leaves the folder as it found it (no -wal / -shm behind).
        QTemporaryDir alone;
        const QString copy = alone.filePath("copy.db");
        {
            Catalog writer(absent);
            writer.putTask(makeTask("u", "", 1));
        }
        QVERIFY(QFile::copy(QString::fromStdString(absent), copy));
        const auto before = iglu::test::snapshot(alone.path());
        {
            Catalog reader(copy.toStdString(), OpenMode::ReadOnly);
            QCOMPARE(reader.taskCount(), 2);
            QVERIFY_THROWS_EXCEPTION(CatalogError, reader.putTask(makeTask("v", "", 1)));
            QVERIFY_THROWS_EXCEPTION(CatalogError, reader.setNote("t", "note"));
        }
        QVERIFY(iglu::test::snapshot(alone.path()) == before);
        // The in-memory catalog for evaluations.
        auto mem = Catalog::inMemory();
        mem.putTask(makeTask("m", "", 1));
        QCOMPARE(mem.taskCount(), 1);
    }

    // Another connection's commit is visible through changedSinceLastCheck (PRAGMA data_version);
    // a connection's own writes are not news to it.
    void changeByAnotherConnectionIsDetected() {
        const std::string path = fresh();
        Catalog a(path);
        Catalog b(path, OpenMode::ReadWrite);
        Catalog reader(path, OpenMode::ReadOnly);
        QVERIFY(!a.changedSinceLastCheck());
        QVERIFY(!reader.changedSinceLastCheck());
        a.putTask(makeTask("x", "", 1));
        QVERIFY(!a.changedSinceLastCheck());
        QVERIFY(b.changedSinceLastCheck());
        QVERIFY(reader.changedSinceLastCheck());
        QVERIFY(!b.changedSinceLastCheck());
        QVERIFY(!reader.changedSinceLastCheck());
        b.putLabel({"x", core::Skill::Flat, true, LabelSource::Human, "bob", "", ""});
        QVERIFY(a.changedSinceLastCheck());
        QVERIFY(reader.changedSinceLastCheck());
        QVERIFY(!b.changedSinceLastCheck());
        // Writers in one process are one program: not "another process".
        QVERIFY(!a.openForWritingElsewhere());
        QVERIFY(!b.openForWritingElsewhere());
    }

    // A writer in another process is seen by this one, whichever opened the catalog first, and
    // no longer once it has exited.
    void writerInAnotherProcessIsSeen() {
        const std::string path = fresh();
        { Catalog c(path); }
        const auto startHolder = [&](QProcess& p) {
            p.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--hold-catalog"), QString::fromStdString(path)});
            QVERIFY(p.waitForReadyRead(30000));
            QCOMPARE(p.readLine().trimmed(), QByteArray("ready"));
        };
        const auto stopHolder = [](QProcess& p) {
            p.closeWriteChannel();
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitCode(), 0);
        };
        {  // this process first
            Catalog mine(path, OpenMode::ReadWrite);
            QVERIFY(!mine.openForWritingElsewhere());
            QProcess other;
            startHolder(other);
            QVERIFY(mine.openForWritingElsewhere());
            stopHolder(other);
            QVERIFY(!mine.openForWritingElsewhere());
        }
        {  // the other process first
            QProcess other;
            startHolder(other);
            Catalog mine(path, OpenMode::ReadWrite);
            QVERIFY(mine.openForWritingElsewhere());
            stopHolder(other);
            QVERIFY(!mine.openForWritingElsewhere());
            QProcess third;  // this process has taken the first place: a newcomer is seen again
            startHolder(third);
            QVERIFY(mine.openForWritingElsewhere());
            stopHolder(third);
        }
    }

    void writerKilledMidTransactionLosesNothingCommitted() {
        auto path = fresh();
        { Catalog c(path); c.putTask(makeTask("committed", "", 3)); }
        QVERIFY2(iglu::test::forkAndKillWhenReady([&](int readyFd) {
                     Catalog c(path);
                     c.transaction([&] {
                         for (int i = 0; i < 500; ++i) c.putTask(makeTask("half-" + std::to_string(i), "", 20));
                         iglu::test::readyToBeKilled(readyFd);  // killed here, inside the transaction
                     });
                 }),
                 "the writer was not killed inside its transaction");
        Catalog c(path);
        QCOMPARE(c.taskCount(), 1);
        QVERIFY(c.hasTask("committed"));
        c.putTask(makeTask("after", "", 1));  // and the catalog is writable again
        QCOMPARE(c.taskCount(), 2);
    }
};

// `test_catalog --hold-catalog PATH`: the other process of writerInAnotherProcessIsSeen. Opens
// PATH for writing, says "ready", and keeps it open until its stdin closes.
int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--hold-catalog") {
        Catalog c(argv[2], OpenMode::ReadWrite);
        std::printf("ready\n");
        std::fflush(stdout);
        for (int ch; (ch = std::getchar()) != EOF;) {
        }
        return 0;
    }
    QCoreApplication app(argc, argv);
    TestCatalog test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_catalog.moc"

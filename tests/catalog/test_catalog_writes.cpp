// Catalog writes that say what they did, and opens that never mistake a writer for damage:
// - a task id already in the catalog: the same task again changes nothing, other content is
//   refused (nothing of the batch stored) unless replaced together with what belonged to it;
// - a catalog another process and other threads are committing to and checkpointing is opened by
//   several reader threads, in every open mode, and never reported damaged (the raw header and
//   the file size read without SQLite's lock once said "truncated" during a checkpoint).
#include <poll.h>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <sqlite3.h>

#include "core/catalog/catalog.hpp"

using namespace iglu;
using namespace iglu::catalog;

namespace {

TaskRecord makeTask(const std::string& id, const std::string& instruction, int blocks) {
    TaskRecord r;
    r.task.id = id;
    r.task.instruction = instruction;
    for (int i = 0; i < blocks; ++i) r.task.target.set(-5 + i % 11, -1 + i / 11, 0, 1 + i % 6);
    r.source = TaskSource::Custom;
    return r;
}

QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const CatalogError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

// A writer as `iglu run` is one for a reader: commits that grow the catalog, and checkpoints that
// copy hundreds of pages back into the catalog file (page 1, with the new page count, first; the
// file grows as the later pages land). A cycle: 31 commits of 64 KiB notes, a checkpoint after the
// last, then the notes deleted and the catalog vacuumed, so the file shrinks again and stays small.
struct GrowingWriter {
    static constexpr int kCycle = 32;
    sqlite3* db = nullptr;
    std::string prefix;
    int step = 0;

    GrowingWriter(const char* path, std::string keyPrefix) : prefix(std::move(keyPrefix)) {
        if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
            sqlite3_close(db);
            db = nullptr;
            return;
        }
        sqlite3_busy_timeout(db, 5000);
        exec("PRAGMA synchronous = OFF");  // commits as fast as the disk's cache takes them
    }
    ~GrowingWriter() { sqlite3_close(db); }

    bool exec(const std::string& sql) const { return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK; }

    // One commit (and the checkpoint or vacuum due after it); false when SQLite refused it.
    bool commit() {
        if (!db) return false;
        static const std::string text(64 * 1024, 'n');
        const int inCycle = step++ % kCycle;
        if (inCycle == kCycle - 1)
            return exec("DELETE FROM notes WHERE task_id LIKE '" + prefix + "%'") && exec("VACUUM") &&
                   exec("PRAGMA wal_checkpoint(TRUNCATE)");
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO notes(task_id, text, updated) VALUES(?1, ?2, 'now')", -1, &s, nullptr) !=
            SQLITE_OK)
            return false;
        const std::string key = prefix + std::to_string(inCycle);
        sqlite3_bind_text(s, 1, key.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(s, 2, text.c_str(), static_cast<int>(text.size()), SQLITE_STATIC);
        const int rc = sqlite3_step(s);
        sqlite3_finalize(s);
        if (rc != SQLITE_DONE) return false;
        if (inCycle == kCycle - 2) exec("PRAGMA wal_checkpoint(PASSIVE)");
        return true;
    }
};

bool stdinClosed() {
    pollfd p{0, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;  // readable: EOF (the parent closed it)
}

}  // namespace

class TestCatalogWrites : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int n_ = 0;
    std::string fresh() { return (dir_.path() + QStringLiteral("/w%1.db").arg(++n_)).toStdString(); }

private slots:
    // A sequence on one id: add, add again, add other content (refused with its batch), add as
    // new (refused), replace (its dependants go; another task's stay), replace with the same.
    void anExistingTaskIdIsNeverSilentlyReplaced() {
        Catalog c(fresh());
        c.putTasks(std::vector<TaskRecord>{makeTask("t", "build a tower", 3), makeTask("other", "x", 2)});
        c.putLabel({"t", core::Skill::Tall, true, LabelSource::Human, "ann", "", ""});
        c.setNote("t", "checked");
        core::Rollout tape;
        tape.taskId = "t";
        tape.source = "tape";
        const auto tapeId = c.putRollout(tape);
        core::Rollout otherTape = tape;
        otherTape.taskId = "other";
        c.putRollout(otherTape);
        const auto exp = c.ensureExperiment("e", "agent.lua", "{}");
        core::Rollout agentRollout = tape;
        agentRollout.kind = core::RolloutKind::Agent;
        agentRollout.source = "experiment:e";
        EpisodeRecord ep;
        ep.experimentId = exp.id;
        ep.taskId = "t";
        ep.rolloutId = c.putRollout(agentRollout);
        c.putEpisode(ep);
        ep.taskId = "other";
        ep.rolloutId.reset();
        c.putEpisode(ep);

        // The same task again: nothing changes, whatever the mode but New.
        c.putTask(makeTask("t", "build a tower", 3));
        c.putTask(makeTask("t", "build a tower", 3), TaskWrite::Replace);
        QCOMPARE(c.labels("t").size(), std::size_t(1));
        QCOMPARE(c.rollouts("t").size(), std::size_t(2));
        QCOMPARE(c.episodes(exp.id).size(), std::size_t(2));

        // Other content under the id: refused, naming the id and what differs; the batch's new task
        // is not stored either.
        for (const auto& change : {std::pair{makeTask("t", "build a wall", 3), QStringLiteral("instruction")},
                                   std::pair{makeTask("t", "build a tower", 4), QStringLiteral("target blocks")}}) {
            const QString& field = change.second;
            const QString error = errorOf([&] { c.putTasks(std::vector<TaskRecord>{makeTask("new", "", 1), change.first}); });
            QVERIFY2(error.contains("task t ") && error.contains(field) && error.contains("replace"), qPrintable(error));
            QVERIFY(!c.hasTask("new"));
            QCOMPARE(c.task("t")->task.instruction, std::string("build a tower"));
            QCOMPARE(c.task("t")->task.target.count(), 3);
        }
        // Two different tasks of one id in one batch: the second is refused.
        QVERIFY(!errorOf([&] { c.putTasks(std::vector<TaskRecord>{makeTask("twin", "a", 1), makeTask("twin", "b", 1)}); }).isEmpty());
        QVERIFY(!c.hasTask("twin"));
        // New: any existing id is refused, even the same task.
        QVERIFY(errorOf([&] { c.putTask(makeTask("t", "build a tower", 3), TaskWrite::New); }).contains("already in the catalog"));

        // Replace: the task changes and what was made against the old one goes, in one transaction.
        c.putTask(makeTask("t", "build a wall", 5), TaskWrite::Replace);
        QCOMPARE(c.task("t")->task.instruction, std::string("build a wall"));
        QCOMPARE(c.task("t")->task.target.count(), 5);
        QVERIFY(c.labels("t").empty());
        QVERIFY(c.note("t").empty());
        QVERIFY(c.rollouts("t").empty());
        QVERIFY(!c.rollout(tapeId));
        QVERIFY(!c.findTasks()[0].humanLabeled);
        const auto left = c.episodes(exp.id);
        QCOMPARE(left.size(), std::size_t(1));
        QCOMPARE(left[0].taskId, std::string("other"));
        QCOMPARE(c.rollouts("other").size(), std::size_t(1));
    }

    // A writer process and a writer thread commit and checkpoint while reader threads open the
    // catalog again and again (every open mode): no open fails, none says "damaged".
    void aCatalogBeingWrittenIsNeverReportedDamaged() {
        const std::string path = fresh();
        { Catalog c(path); c.putTask(makeTask("t", "x", 2)); }
        QProcess writer;
        writer.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--write-loop"), QString::fromStdString(path)});
        QVERIFY(writer.waitForReadyRead(30000));
        QCOMPARE(writer.readLine().trimmed(), QByteArray("ready"));

        std::atomic<bool> stop{false};
        std::atomic<int> threadCommits{0};
        std::thread threadWriter([&] {
            GrowingWriter w(path.c_str(), "thread-");
            while (!stop.load())
                if (w.commit()) ++threadCommits;
        });
        constexpr int kReaders = 2, kOpens = 60;
        std::vector<QStringList> errors(kReaders);
        std::vector<std::thread> readers;
        for (int r = 0; r < kReaders; ++r)
            readers.emplace_back([&, r] {
                for (int i = 0; i < kOpens; ++i) {
                    const OpenMode mode = i % 3 == 0 ? OpenMode::ReadWrite : OpenMode::ReadOnly;
                    const QString error = errorOf([&] {
                        Catalog c(path, mode);
                        if (c.taskCount() != 1) throw CatalogError("wrong task count");
                    });
                    if (!error.isEmpty()) errors[static_cast<std::size_t>(r)] << error;
                }
            });
        for (auto& t : readers) t.join();
        stop = true;
        threadWriter.join();
        writer.closeWriteChannel();
        QVERIFY(writer.waitForFinished(30000));
        QCOMPARE(writer.exitCode(), 0);
        const int processCommits = writer.readAll().trimmed().toInt();
        for (const auto& e : errors) QVERIFY2(e.isEmpty(), qPrintable(e.join("\n")));
        QVERIFY2(processCommits >= 1 && threadCommits.load() >= 1, "the writers did not write while the readers opened");
        Catalog c(path, OpenMode::ReadOnly);  // and the catalog is whole
        QCOMPARE(c.taskCount(), 1);
    }
};

// `test_catalog_writes --write-loop PATH`: the writer process of aCatalogBeingWrittenIsNeverReportedDamaged.
// Commits and checkpoints in a loop, says "ready" after the first, stops when its stdin closes and
// prints how many commits it made after "ready".
int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--write-loop") {
        GrowingWriter w(argv[2], "process-");
        if (!w.commit()) return 2;
        std::printf("ready\n");
        std::fflush(stdout);
        int commits = 0;
        while (!stdinClosed())
            if (w.commit()) ++commits;
        std::printf("%d\n", commits);
        return 0;
    }
    QCoreApplication app(argc, argv);
    TestCatalogWrites test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_catalog_writes.moc"

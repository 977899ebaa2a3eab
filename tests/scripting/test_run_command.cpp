// `iglu run` end to end: JSON summary keys, episodes stored in the catalog, resume after a
// finished run and after Ctrl-C (SIGINT), and a broken experiment reported with its file. One
// writer per experiment: a second `iglu run` of a running experiment is refused naming the
// holder (pid, host, start time); the lock of a killed (SIGKILL) run is taken over; no orphan
// rollouts are left.
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include <csignal>
#include <map>

#include "core/catalog/catalog.hpp"
#include "core/catalog/experiment_lock.hpp"
#include "scripting/experiment_session.hpp"
#include "support/experiments.hpp"
#include "support/files.hpp"
#include "support/process.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;

namespace {

using iglu::test::experimentSource;
using iglu::test::ProcessResult;
using iglu::test::storedEpisodes;

ProcessResult runIglu(const QStringList& args) { return iglu::test::runIglu(args, {600000, {}}); }

QString writeFile(const QTemporaryDir& dir, const QString& name, const QString& text) {
    return iglu::test::writeFile(dir.path(), name, text);
}

QString taskSubset(const QTemporaryDir& dir, int n) { return iglu::test::conformanceTaskSubset(dir.path(), n); }

}  // namespace

class TestRunCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { IGLU_REQUIRE_SHARED("conformance/tasks.jsonl"); }

    void jsonSummaryStoresAndResumes() {
        const test::ExperimentFolder folder(8);
        const QString exp = folder.experiment("oracle.lua", "oracle8", IGLU_SOURCE_DIR "/examples/agents/oracle.lua",
                                              "{ action_space = 'flying', max_steps = 500, target_in_obs = true }");
        ProcessResult r = runIglu({"run", exp, "--db", folder.db, "--json", "--jobs", "2"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(j["episodes"].toInt(), 8);
        QCOMPARE(j["ran"].toInt(), 8);
        QVERIFY(j["success_rate"].toDouble() >= 0.75);
        QVERIFY(j["mean_f1"].toDouble() > j["baseline"].toObject()["mean_f1"].toDouble());
        const QJsonObject per = j["per_skill"].toObject();
        QVERIFY(!per.isEmpty());
        for (const QString& k : per.keys()) {
            const QJsonObject s = per[k].toObject();
            QVERIFY(s.contains("episodes") && s.contains("success_rate") && s.contains("mean_f1"));
        }
        QCOMPARE(storedEpisodes(folder.db, "oracle8"), 8);

        // Re-running resumes: nothing left to run, the summary still covers all 8 episodes.
        ProcessResult again = runIglu({"run", exp, "--db", folder.db, "--json"});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        const QJsonObject j2 = QJsonDocument::fromJson(again.out.toUtf8()).object();
        QCOMPARE(j2["ran"].toInt(), 0);
        QCOMPARE(j2["episodes"].toInt(), 8);
        QCOMPARE(j2["success_rate"].toDouble(), j["success_rate"].toDouble());
        QCOMPARE(storedEpisodes(folder.db, "oracle8"), 8);

        // A changed configuration under the same name is refused (stored episodes would mix in)...
        const QString changed = folder.experiment("oracle_changed.lua", "oracle8", IGLU_SOURCE_DIR "/examples/agents/oracle.lua",
                                              "{ action_space = 'flying', max_steps = 400, target_in_obs = true }");
        ProcessResult refused = runIglu({"run", changed, "--db", folder.db, "--json"});
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(refused.err.contains("another configuration") && refused.err.contains("--name"), qPrintable(refused.err));
        // ... and runs under a new name.
        ProcessResult renamed = runIglu({"run", changed, "--db", folder.db, "--json", "--name", "oracle8-400"});
        QVERIFY2(renamed.exitCode == 0, qPrintable(renamed.err));
        QCOMPARE(QJsonDocument::fromJson(renamed.out.toUtf8()).object()["ran"].toInt(), 8);
        QCOMPARE(storedEpisodes(folder.db, "oracle8-400"), 8);

        // The text table names every skill row and the do-nothing baseline.
        ProcessResult table = runIglu({"run", exp, "--db", folder.db});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("do-nothing"));
        QVERIFY(table.out.contains("\nall "));
    }

    // Episodes are keyed by (task, seed, repetition) and the task set is not part of the
    // configuration: running an experiment again on more tasks extends it, running only the new
    // ones and keeping the stored episodes as they are.
    void moreTasksExtendAnExperiment() {
        const test::ExperimentFolder few(3), all(8);  // the same first 3 conformance tasks
        const QString exp = all.experiment("oracle.lua", "grow", IGLU_SOURCE_DIR "/examples/agents/oracle.lua",
                                           "{ action_space = 'flying', max_steps = 300, target_in_obs = true }");
        ProcessResult first = runIglu({"run", exp, "--db", all.db, "--json", "--tasks", few.tasks});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QCOMPARE(QJsonDocument::fromJson(first.out.toUtf8()).object()["ran"].toInt(), 3);
        QCOMPARE(storedEpisodes(all.db, "grow"), 3);
        std::map<std::string, std::int64_t> before;  // task -> episode row: kept, not run again
        {
            const catalog::Catalog cat(all.db.toStdString(), catalog::OpenMode::ReadOnly);
            for (const auto& e : cat.episodes(cat.experiment("grow")->id)) before[e.taskId] = e.id;
        }
        ProcessResult more = runIglu({"run", exp, "--db", all.db, "--json"});
        QVERIFY2(more.exitCode == 0, qPrintable(more.err));
        const QJsonObject j = QJsonDocument::fromJson(more.out.toUtf8()).object();
        QCOMPARE(j["ran"].toInt(), 5);
        QCOMPARE(j["episodes"].toInt(), 8);
        QCOMPARE(storedEpisodes(all.db, "grow"), 8);
        const catalog::Catalog cat(all.db.toStdString(), catalog::OpenMode::ReadOnly);
        int kept = 0;
        for (const auto& e : cat.episodes(cat.experiment("grow")->id))
            if (const auto it = before.find(e.taskId); it != before.end()) kept += it->second == e.id ? 1 : 0;
        QCOMPARE(kept, 3);
    }

    void interruptKeepsFinishedEpisodesAndResumes() {
        const test::ExperimentFolder folder(62);
        const QString exp = folder.experiment("slow.lua", "slow", IGLU_SOURCE_DIR "/tests/scripting/lua/agents/slow.lua",
                                              "{ action_space = 'walking', max_steps = 300 }");
        QProcess p;
        p.start(iglu::test::igluPath(), {"run", exp, "--db", folder.db, "--json"});
        QVERIFY(p.waitForStarted());
        // Wait (by polling the catalog, not by sleeping a fixed time) until two episodes are stored.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(folder.db) && storedEpisodes(folder.db, "slow") >= 2, 120000);
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 130);
        const int kept = storedEpisodes(folder.db, "slow");
        QVERIFY2(kept >= 2 && kept < 62, qPrintable(QString::number(kept)));
        const QJsonObject partial = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QVERIFY(partial["interrupted"].toBool());

        ProcessResult rest = runIglu({"run", exp, "--db", folder.db, "--json", "--jobs", "2"});
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.err));
        const QJsonObject j = QJsonDocument::fromJson(rest.out.toUtf8()).object();
        QCOMPARE(j["ran"].toInt(), 62 - kept);
        QCOMPARE(j["episodes"].toInt(), 62);
        QCOMPARE(storedEpisodes(folder.db, "slow"), 62);
    }

    void secondRunOfAnExperimentIsRefused() {
        const test::ExperimentFolder folder(10);
        const QString exp = folder.experiment("rec.lua", "rec", IGLU_SOURCE_DIR "/examples/agents/random.lua",
                                              "{ max_steps = 40 }", "record_rollouts = true");
        {
            // This process runs the experiment (the Experiments panel would hold it the same way).
            scripting::SessionOptions so;
            so.db = folder.db.toStdString();
            scripting::ExperimentSession holder(exp.toStdString(), so);
            ProcessResult refused = runIglu({"run", exp, "--db", folder.db, "--json", "-q"});
            QVERIFY(refused.exitCode != 0);
            QVERIFY2(refused.err.contains("experiment 'rec' is already being run") &&
                         refused.err.contains(QString("process %1 on host %2").arg(::getpid()).arg(QString::fromStdString(catalog::hostName()))) &&
                         refused.err.contains("started 20"),
                     qPrintable(refused.err));
            QCOMPARE(storedEpisodes(folder.db, "rec"), 0);  // the refused run stored nothing
            QCOMPARE(holder.run({}).finished, 10);
        }
        // Once the holder is gone, a run resumes (nothing left) and the catalog holds one run's rows.
        ProcessResult after = runIglu({"run", exp, "--db", folder.db, "--json", "-q"});
        QVERIFY2(after.exitCode == 0, qPrintable(after.err));
        QCOMPARE(QJsonDocument::fromJson(after.out.toUtf8()).object()["ran"].toInt(), 0);
        QCOMPARE(storedEpisodes(folder.db, "rec"), 10);
        catalog::Catalog cat(folder.db.toStdString());
        QCOMPARE(cat.orphanRolloutCount("experiment:rec"), 0);
    }

    void killedRunsLockIsTakenOver() {
        const test::ExperimentFolder folder(40);
        const QString exp = folder.experiment("slow.lua", "slow", IGLU_SOURCE_DIR "/tests/scripting/lua/agents/slow.lua",
                                              "{ action_space = 'walking', max_steps = 300 }", "record_rollouts = true");
        QProcess p;
        p.start(iglu::test::igluPath(), {"run", exp, "--db", folder.db, "--json", "-q"});
        QVERIFY(p.waitForStarted());
        // Wait (polling the catalog, no fixed sleep) until it has stored episodes, then kill it hard.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(folder.db) && storedEpisodes(folder.db, "slow") >= 1, 120000);
        const qint64 pid = p.processId();
        ::kill(static_cast<pid_t>(pid), SIGKILL);
        QVERIFY(p.waitForFinished(60000));
        {
            catalog::Catalog cat(folder.db.toStdString());
            const auto e = cat.experiment("slow");
            QVERIFY(e.has_value());
            const auto writer = cat.experimentWriter(e->id);
            QVERIFY(writer.has_value());  // the killed run could not remove its record...
            QCOMPARE(writer->pid, pid);
        }
        const int kept = storedEpisodes(folder.db, "slow");
        // ... but its lock died with it: the next run takes over, says so, and finishes the rest.
        ProcessResult rest = runIglu({"run", exp, "--db", folder.db, "--json", "-q", "--jobs", "2"});
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.err));
        QVERIFY2(rest.err.contains(QString("took over the lock of 'slow' left by process %1").arg(pid)), qPrintable(rest.err));
        QCOMPARE(QJsonDocument::fromJson(rest.out.toUtf8()).object()["ran"].toInt(), 40 - kept);
        QCOMPARE(storedEpisodes(folder.db, "slow"), 40);
        catalog::Catalog cat(folder.db.toStdString());
        QCOMPARE(cat.orphanRolloutCount("experiment:slow"), 0);  // each episode and its rollout: one transaction
        QVERIFY(!cat.experimentWriter(cat.experiment("slow")->id).has_value());
    }

    void rolloutsAreStoredWhenAsked() {
        const test::ExperimentFolder folder(2);
        const QString exp = folder.experiment("rec.lua", "rec", IGLU_SOURCE_DIR "/examples/agents/oracle.lua",
                                              "{ action_space = 'flying', max_steps = 500, target_in_obs = true }", "record_rollouts = true");
        ProcessResult r = runIglu({"run", exp, "--db", folder.db, "--json", "-q"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        catalog::Catalog cat(folder.db.toStdString());
        const auto e = cat.experiment("rec");
        QVERIFY(e.has_value());
        const auto episodes = cat.episodes(e->id);
        QCOMPARE(episodes.size(), std::size_t(2));
        for (const auto& ep : episodes) {
            QVERIFY(ep.rolloutId.has_value());
            const auto rollout = cat.rollout(*ep.rolloutId);
            QVERIFY(rollout.has_value());
            QCOMPARE(rollout->kind, core::RolloutKind::Agent);
            QCOMPARE(static_cast<int>(rollout->size()), ep.steps);
            QCOMPARE(rollout->source, std::string("experiment:rec"));
            const auto task = cat.task(ep.taskId);
            QVERIFY(task.has_value());
            if (ep.success) QVERIFY(rollout->finalGrid() == task->task.target);
        }
    }

    void failingEpisodesAreStoredWithTheirTraceback() {
        const test::ExperimentFolder folder(3);
        const QString exp = folder.experiment("failing.lua", "failing", IGLU_SOURCE_DIR "/tests/scripting/lua/agents/failing.lua",
                                              "{ max_steps = 20 }");
        ProcessResult r = runIglu({"run", exp, "--db", folder.db, "--json", "-q"});
        QCOMPARE(r.exitCode, 0);  // the run goes on; the episodes are marked failed
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(j["errors"].toInt(), 3);
        catalog::Catalog cat(folder.db.toStdString());
        const auto e = cat.experiment("failing");
        QVERIFY(e.has_value());
        for (const auto& ep : cat.episodes(e->id)) {
            QVERIFY(!ep.ok);
            QVERIFY2(QString::fromStdString(ep.error).contains("failing.lua:6:"), ep.error.c_str());
        }
    }

    void luaCommandRunsScriptsSandboxed() {
        QTemporaryDir dir;
        const QString ok = writeFile(dir, "ok.lua",
                                     "local iglu = require 'iglu'\n"
                                     "local env = iglu.env{action_space = 'flying'}\n"
                                     "env:set_task{target = {{0, -1, 0, 1}}}\n"
                                     "env:reset()\n"
                                     "print('args', arg[1], arg[2], env:scores().target_size)\n");
        ProcessResult r = runIglu({"lua", ok, "a", "b"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("args\ta\tb\t1"), qPrintable(r.err));  // print goes to stderr
        const QString bad = writeFile(dir, "bad.lua", "local x = 1\nos.execute('true')\n");
        ProcessResult b = runIglu({"lua", bad});
        QCOMPARE(b.exitCode, 1);
        QVERIFY2(b.err.contains("bad.lua:2:"), qPrintable(b.err));
    }

    void brokenExperimentNamesItsFile() {
        QTemporaryDir dir;
        const QString exp = writeFile(dir, "broken.lua", "return { name = 'x', agent = 'nope.lua' }");
        ProcessResult r = runIglu({"run", exp, "--tasks", "x.jsonl"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("broken.lua") && r.err.contains("agent"), qPrintable(r.err));
        const QString syntax = writeFile(dir, "syntax.lua", "return {\n  name = ,\n}");
        ProcessResult s = runIglu({"run", syntax, "--tasks", "x.jsonl"});
        QVERIFY(s.exitCode != 0);
        QVERIFY2(s.err.contains("syntax.lua:2:"), qPrintable(s.err));
    }

    // A run that fails before storing an episode leaves no catalog behind when it was asked to
    // create one (--db on an absent file): script errors are found before the file is created,
    // later failures (task set) remove the file it created. An existing catalog is never removed.
    void failedRunLeavesNoNewCatalog_data() {
        QTest::addColumn<QString>("experimentText");
        QTest::addColumn<QString>("agentText");
        QTest::addColumn<QString>("expected");
        const QString good = "return { name = 'f', agent = 'agent.lua', tasks = { file = 'tasks.jsonl' }, env = { max_steps = 5 } %1 }";
        const QString noop = "return { reset = function() end, act = function() return nil end }";
        QTest::newRow("experiment syntax") << QString("return {\n name = ,\n}") << noop << "exp.lua:2:";
        QTest::newRow("agent syntax") << good.arg("") << "return {\n reset = function( end }" << "agent.lua:2:";
        QTest::newRow("bad field") << good.arg(", memory_mb = -1") << noop << "field 'memory_mb'";
        QTest::newRow("missing agent") << "return { name = 'f', agent = 'none.lua', tasks = { file = 'tasks.jsonl' } }" << noop
                                       << "file not found";
        QTest::newRow("missing task file") << "return { name = 'f', agent = 'agent.lua', tasks = { file = 'nothing.jsonl' } }"
                                           << noop << "nothing.jsonl";
        QTest::newRow("no catalog task") << "return { name = 'f', agent = 'agent.lua', tasks = 'all' }" << noop << "no task in";
    }
    void failedRunLeavesNoNewCatalog() {
        QFETCH(QString, experimentText);
        QFETCH(QString, agentText);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        taskSubset(dir, 2);
        writeFile(dir, "agent.lua", agentText);
        const QString exp = writeFile(dir, "exp.lua", experimentText);
        const QString db = dir.filePath("new.db");
        ProcessResult r = runIglu({"run", exp, "--db", db, "-q"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        for (const char* suffix : {"", "-wal", "-shm"}) QVERIFY2(!QFileInfo::exists(db + suffix), qPrintable(db + suffix));

        // The same failure on an existing catalog keeps it.
        { catalog::Catalog existing(db.toStdString()); }
        ProcessResult again = runIglu({"run", exp, "--db", db, "-q"});
        QVERIFY(again.exitCode != 0);
        QVERIFY(QFileInfo::exists(db));
        QCOMPARE(catalog::Catalog(db.toStdString(), catalog::OpenMode::ReadOnly).taskCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRunCommand)
#include "test_run_command.moc"

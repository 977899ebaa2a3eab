// scripting::ExperimentSession, the logic behind `iglu run` and the Experiments plugin: episodes
// stored, resume (stored episodes counted, not re-run), cancel keeps finished episodes and a later
// run (same session or a new one) finishes the rest, progress reports, the stored summary equals
// the session's, a changed configuration is refused, a callback failure still stores what finished.
// Reproducibility: the stored episodes of real tasks are byte-identical whatever the jobs count,
// the order or a cancel + resume, also for agents that keep state in Lua globals or rely on the
// environment state an episode starts from. One writer per experiment: a second session of the
// same experiment on one catalog is refused naming the holder, no orphan rollouts are left.
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/catalog/catalog.hpp"
#include "datasets/importer.hpp"
#include "scripting/error.hpp"
#include "scripting/experiment.hpp"
#include "core/catalog/experiment_lock.hpp"
#include "scripting/experiment_session.hpp"
#include "support/experiments.hpp"
#include "support/files.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;
using namespace iglu::scripting;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QString& text) {
    return test::writeFile(dir.path(), name, text);
}

QString taskSubset(const QTemporaryDir& dir, int n) { return test::conformanceTaskSubset(dir.path(), n); }

QString experiment(const QTemporaryDir& dir, const QString& file, const QString& name, const QString& agent,
                   const QString& tasks, const QString& env) {
    return writeFile(dir, file, test::experimentSource(name, agent, tasks, env));
}

/// A catalog of real tasks: the 451 single-turn tasks of ../shared/data when present (the set that
/// exposed order-dependent episodes), else the 20 bundled ones (examples/data).
QString realTaskCatalog(const QTemporaryDir& dir) {
    const QString shared = test::sharedDir() + "/data/iglu-singleturn";
    const QString root = QFile::exists(shared) ? shared : QStringLiteral(IGLU_SOURCE_DIR "/examples/data/iglu-singleturn");
    const QString db = dir.filePath("tasks.db");
    catalog::Catalog cat(db.toStdString());
    datasets::importSingleTurn(root.toStdString(), cat);
    return db;
}

/// A copy of the task catalog to run one experiment in.
QString copyCatalog(const QTemporaryDir& dir, const QString& base, const QString& name) {
    const QString db = dir.filePath(name);
    QFile::remove(db);
    return QFile::copy(base, db) ? db : QString();
}

/// The stored episodes of an experiment, one line per episode ordered by (task, seed, repetition),
/// every stored result column at full precision (ids and times excluded).
QStringList episodeRows(const QString& db, const std::string& name) {
    catalog::Catalog cat(db.toStdString());
    const auto e = cat.experiment(name);
    if (!e) return {};
    auto episodes = cat.episodes(e->id);
    std::sort(episodes.begin(), episodes.end(), [](const auto& a, const auto& b) {
        return std::tie(a.taskId, a.seed, a.repetition) < std::tie(b.taskId, b.seed, b.repetition);
    });
    QStringList rows;
    for (const auto& x : episodes) {
        char buf[256];
        std::snprintf(buf, sizeof buf, "|%lld|%d|%d|%d|%.17g|%.17g|%.17g|%.17g|%d|", static_cast<long long>(x.seed),
                      x.repetition, x.ok ? 1 : 0, x.steps, x.totalReturn, x.precision, x.recall, x.f1, x.success ? 1 : 0);
        rows << QString::fromStdString(x.taskId) + buf + QString::fromStdString(x.error);
    }
    return rows;
}

/// Runs every episode left in a new session; with cancelAfter > 0, cancels after that many
/// finished episodes (counted, not timed) and finishes the rest in a second session (resume).
/// `summary`, when given, receives the last session's summary.
void runAll(const std::string& exp, const QString& db, int jobs, int cancelAfter = 0, Summary* summary = nullptr) {
    SessionOptions so;
    so.db = db.toStdString();
    if (cancelAfter > 0) {
        ExperimentSession s(exp, so);
        std::atomic<bool> cancel{false};
        SessionRun how;
        how.jobs = jobs;
        how.cancel = &cancel;
        int seen = 0;
        how.onEpisode = [&](const EpisodeOutcome&) {
            if (++seen == cancelAfter) cancel = true;
        };
        const RunReport r = s.run(how);
        QVERIFY(r.cancelled);
        QVERIFY(s.todoCount() > 0);
    }
    ExperimentSession s(exp, so);
    SessionRun how;
    how.jobs = jobs;
    s.run(how);
    QCOMPARE(s.todoCount(), std::size_t(0));
    if (summary) *summary = s.summary();
}

/// Prints the first differing row of two episode dumps.
bool sameRows(const QStringList& a, const QStringList& b, const char* what) {
    if (a == b) return true;
    for (qsizetype i = 0; i < std::min(a.size(), b.size()); ++i)
        if (a[i] != b[i]) {
            qWarning("%s: first difference:\n  %s\n  %s", what, qPrintable(a[i]), qPrintable(b[i]));
            return false;
        }
    qWarning("%s: %lld vs %lld episodes", what, static_cast<long long>(a.size()), static_cast<long long>(b.size()));
    return false;
}

void compareStats(const SkillStats& a, const SkillStats& b) {
    QCOMPARE(a.episodes, b.episodes);
    QCOMPARE(a.successes, b.successes);
    QCOMPARE(a.errors, b.errors);
    QVERIFY(std::abs(a.meanF1() - b.meanF1()) < 1e-12);
    QVERIFY(std::abs(a.meanSteps() - b.meanSteps()) < 1e-12);
    QVERIFY(std::abs(a.baselineMeanF1() - b.baselineMeanF1()) < 1e-12);
    QCOMPARE(a.baselineSuccesses, b.baselineSuccesses);
}

}  // namespace

class TestExperimentSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { IGLU_REQUIRE_SHARED("conformance/tasks.jsonl"); }

    void runStoresAndResumes() {
        const test::ExperimentFolder folder(6);
        const QString exp = folder.experiment("oracle.lua", "oracle6", IGLU_SOURCE_DIR "/examples/agents/oracle.lua",
                                              "{ action_space = 'flying', max_steps = 500, target_in_obs = true }");
        SessionOptions so;
        so.db = folder.db.toStdString();
        Summary first;
        {
            ExperimentSession s(exp.toStdString(), so);
            QCOMPARE(s.episodeCount(), std::size_t(6));
            QCOMPARE(s.resumedCount(), std::size_t(0));
            QCOMPARE(s.todoCount(), std::size_t(6));
            QVERIFY(s.experimentId() > 0);
            SessionRun how;
            how.jobs = 2;
            std::vector<RunProgress> reports;
            how.onProgress = [&](const RunProgress& p) { reports.push_back(p); };
            int episodes = 0;
            how.onEpisode = [&](const EpisodeOutcome& o) {
                ++episodes;
                QVERIFY(o.ok);
            };
            const RunReport r = s.run(how);
            QCOMPARE(r.finished, 6);
            QVERIFY(!r.cancelled);
            QCOMPARE(episodes, 6);
            QVERIFY(!reports.empty());
            QCOMPARE(reports.back().finished, 6);  // the final report
            QCOMPARE(reports.back().total, std::size_t(6));
            for (std::size_t i = 1; i < reports.size(); ++i) QVERIFY(reports[i].finished >= reports[i - 1].finished);
            QCOMPARE(s.todoCount(), std::size_t(0));
            QCOMPARE(s.summary().overall().episodes, 6);
            QVERIFY(s.summary().overall().meanSteps() > 0);
            QVERIFY(s.summary().overall().meanF1() > s.summary().overall().baselineMeanF1());
            first = s.summary();
        }
        QCOMPARE(test::storedEpisodes(folder.db, "oracle6"), 6);

        // A new session resumes: everything is stored, nothing runs, the summary is the same.
        ExperimentSession again(exp.toStdString(), so);
        QCOMPARE(again.resumedCount(), std::size_t(6));
        QCOMPARE(again.todoCount(), std::size_t(0));
        compareStats(again.summary().overall(), first.overall());
        QCOMPARE(again.summary().perSkill().size(), first.perSkill().size());
        for (const auto& [name, stats] : first.perSkill()) compareStats(again.summary().perSkill().at(name), stats);
        QCOMPARE(again.run({}).finished, 0);
        QCOMPARE(test::storedEpisodes(folder.db, "oracle6"), 6);

        // The stored summary (what the Experiments plugin shows) is the same too.
        catalog::Catalog cat(folder.db.toStdString());
        const Summary fromCatalog = storedSummary(cat, again.experimentId());
        compareStats(fromCatalog.overall(), first.overall());
    }

    void cancelKeepsFinishedEpisodesAndResumes() {
        const int n = 20;
        const test::ExperimentFolder folder(n);
        const QString exp = folder.experiment("slow.lua", "slow", IGLU_SOURCE_DIR "/tests/scripting/lua/agents/slow.lua",
                                              "{ action_space = 'walking', max_steps = 300 }");
        SessionOptions so;
        so.db = folder.db.toStdString();
        ExperimentSession s(exp.toStdString(), so);
        std::atomic<bool> cancel{false};
        SessionRun how;
        how.jobs = 1;
        how.cancel = &cancel;
        int seen = 0;
        how.onEpisode = [&](const EpisodeOutcome&) {
            if (++seen == 2) cancel = true;  // cancel from inside the run, after two episodes
        };
        const RunReport r = s.run(how);
        QVERIFY(r.cancelled);
        QVERIFY2(r.finished >= 2 && r.finished < n, qPrintable(QString::number(r.finished)));
        // Every finished episode is stored, nothing else.
        QCOMPARE(test::storedEpisodes(folder.db, "slow"), r.finished);
        QCOMPARE(s.summary().overall().episodes, r.finished);
        QCOMPARE(s.todoCount(), std::size_t(n - r.finished));

        // A new session cannot open it while this one lives (one writer per experiment; a new
        // session resuming after this one is gone: runAll in the reproducibility tests)...
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, ExperimentSession(exp.toStdString(), so));
        // ... and the same session's next run finishes the rest.
        cancel = false;
        how.onEpisode = {};
        const RunReport rest = s.run(how);
        QVERIFY(!rest.cancelled);
        QCOMPARE(rest.finished, n - r.finished);
        QCOMPARE(test::storedEpisodes(folder.db, "slow"), n);
        QCOMPARE(s.summary().overall().episodes, n);
        QCOMPARE(s.todoCount(), std::size_t(0));
    }

    void failingCallbackStillStoresFinishedEpisodes() {
        const test::ExperimentFolder folder(10);
        const QString exp = folder.experiment("noop.lua", "noop", IGLU_SOURCE_DIR "/examples/agents/noop.lua",
                                              "{ max_steps = 10 }");
        SessionOptions so;
        so.db = folder.db.toStdString();
        ExperimentSession s(exp.toStdString(), so);
        SessionRun how;
        int seen = 0;
        how.onEpisode = [&](const EpisodeOutcome&) {
            if (++seen == 3) throw std::runtime_error("display failed");
        };
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, s.run(how));
        // The episodes counted up to the failure are written; the session's todo list agrees.
        QCOMPARE(test::storedEpisodes(folder.db, "noop"), 3);
        QCOMPARE(s.summary().overall().episodes, 3);
        QCOMPARE(s.todoCount(), std::size_t(7));
    }

    void changedConfigurationIsRefused() {
        QTemporaryDir dir;
        const QString db = dir.filePath("c.db");
        const QString tasks = taskSubset(dir, 2);
        const QString agent = IGLU_SOURCE_DIR "/examples/agents/noop.lua";
        SessionOptions so;
        so.db = db.toStdString();
        {
            ExperimentSession s(experiment(dir, "a.lua", "same", agent, tasks, "{ max_steps = 10 }").toStdString(), so);
            s.run({});
        }
        const std::string changed = experiment(dir, "b.lua", "same", agent, tasks, "{ max_steps = 20 }").toStdString();
        try {
            ExperimentSession s(changed, so);
            QFAIL("a changed configuration under the same name was accepted");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("another configuration"), e.what());
        }
        // Every environment option that changes episodes counts (reward scales, done flag).
        for (const char* env : {"{ max_steps = 10, wrong_placement_scale = 0.5 }", "{ max_steps = 10, right_placement_scale = 2 }",
                                "{ max_steps = 10, done_after_max_steps = true }"}) {
            const std::string other = experiment(dir, "c.lua", "same", agent, tasks, env).toStdString();
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, ExperimentSession(other, so));
        }
        so.name = "same-20";  // under another name it runs
        ExperimentSession renamed(changed, so);
        QCOMPARE(renamed.todoCount(), std::size_t(2));
    }

    // The walking oracle exposed it: with a reused environment (Environment::reset keeps vertical
    // speed, strafe and the selected colour, as the reference does) a few of the 451 episodes
    // depended on the episode run before them on the same thread, so --jobs 2 runs and resumed
    // runs differed. Every run here must store byte-identical episodes.
    void episodesOfRealTasksAreReproducible() {
        QTemporaryDir dir;
        const QString base = realTaskCatalog(dir);
        const std::string exp = IGLU_SOURCE_DIR "/examples/experiments/oracle_walking.lua";
        int tasks = 0;
        {
            catalog::Catalog cat(base.toStdString());
            tasks = cat.taskCount();
        }
        QVERIFY(tasks >= 20);
        QStringList reference;
        Summary referenceSummary;
        struct Variant {
            int jobs, cancelAfter;
        };
        const Variant variants[] = {{1, 0}, {1, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 0},
                                    {1, tasks / 3}, {2, 1 + tasks / 5}};
        int i = 0;
        for (const Variant& v : variants) {
            const QString db = copyCatalog(dir, base, QString("run%1.db").arg(i++));
            Summary summary;
            runAll(exp, db, v.jobs, v.cancelAfter, &summary);
            const QStringList rows = episodeRows(db, "oracle_walking");
            QCOMPARE(rows.size(), tasks);
            if (reference.isEmpty()) {
                reference = rows;
                referenceSummary = summary;
            }
            const QByteArray what = QString("jobs %1, cancelled after %2").arg(v.jobs).arg(v.cancelAfter).toUtf8();
            QVERIFY2(sameRows(reference, rows, what.constData()), what.constData());
            // The printed summary too, to the last bit (sums in episode order, not completion order).
            QVERIFY2(summary.overall().f1Sum == referenceSummary.overall().f1Sum &&
                         summary.overall().stepsSum == referenceSummary.overall().stepsSum &&
                         summary.overall().episodes == tasks,
                     what.constData());
            QFile::remove(db);
        }
    }

    // Agents that would carry state from one episode to the next if they could: through a Lua
    // global (global_counter: an episode lasts as many steps as episodes its state has seen) and
    // through the environment (carry_colour: the colour selected when the episode starts decides
    // its length, and each episode leaves a task-dependent colour selected). Every episode must
    // look like the first one of a new process, whatever ran before it on its thread.
    void agentStateDoesNotLeakBetweenEpisodes_data() {
        QTest::addColumn<QString>("agent");
        QTest::addColumn<QString>("env");
        QTest::addColumn<int>("maxSteps");  // of every episode, as in a fresh process
        QTest::newRow("lua global") << "global_counter.lua" << "{ action_space = 'walking', max_steps = 100 }" << 1;
        // 3 + the colour selected at the start: 1 in a new environment (3 when the placement
        // failed, e.g. no block of colour 1 left); a carried-over colour c makes it 3 + c.
        QTest::newRow("environment state") << "carry_colour.lua" << "{ action_space = 'flying', max_steps = 100 }" << 4;
    }
    void agentStateDoesNotLeakBetweenEpisodes() {
        QFETCH(QString, agent);
        QFETCH(QString, env);
        QFETCH(int, maxSteps);
        QTemporaryDir dir;
        const QString tasks = realTaskCatalog(dir);
        const QString exp = writeFile(dir, "leak.lua",
                                      QString("return { name = 'leak', agent = '%1', tasks = 'limit:40', env = %2, seeds = {1, 2} }")
                                          .arg(IGLU_SOURCE_DIR "/tests/scripting/lua/agents/" + agent, env));
        QStringList reference;
        struct Variant {
            int jobs, cancelAfter;
        };
        const Variant variants[] = {{1, 0}, {2, 0}, {1, 7}, {2, 11}};
        int i = 0;
        for (const Variant& v : variants) {
            const QString db = copyCatalog(dir, tasks, QString("leak%1.db").arg(i++));
            runAll(exp.toStdString(), db, v.jobs, v.cancelAfter);
            const QStringList rows = episodeRows(db, "leak");
            QVERIFY(rows.size() >= 40);
            for (const QString& row : rows)
                QVERIFY2(row.section('|', 4, 4).toInt() <= maxSteps && row.section('|', 3, 3) == "1", qPrintable(row));
            if (reference.isEmpty()) reference = rows;
            QVERIFY(sameRows(reference, rows, "leak"));
        }
    }

    // One writer per experiment: a second session of the same experiment on the same catalog (a
    // second `iglu run`, or the Experiments panel, which runs the same ExperimentSession) is
    // refused while the first one lives, with a message naming the experiment and the holder.
    // Afterwards the catalog holds one run's rows and no rollout without its episode.
    void secondWriterIsRefused() {
        const test::ExperimentFolder folder(12);
        const QString exp = folder.experiment("rec.lua", "rec", IGLU_SOURCE_DIR "/examples/agents/random.lua",
                                              "{ max_steps = 30 }", "record_rollouts = true");
        SessionOptions so;
        so.db = folder.db.toStdString();
        {
            ExperimentSession first(exp.toStdString(), so);
            QCOMPARE(first.todoCount(), std::size_t(12));
            try {
                ExperimentSession second(exp.toStdString(), so);
                QFAIL("a second writer of the same experiment was accepted");
            } catch (const std::runtime_error& e) {
                const QString msg = e.what();
                QVERIFY2(msg.contains("'rec'") && msg.contains(QString("process %1 on host ").arg(::getpid())) &&
                             msg.contains(QString::fromStdString(catalog::hostName())) && msg.contains("started 20") &&
                             msg.contains(folder.db),
                         e.what());
            }
            // Another experiment on the same catalog is not blocked.
            SessionOptions other = so;
            other.name = "rec-other";
            ExperimentSession third(exp.toStdString(), other);
            QCOMPARE(first.run({}).finished, 12);
        }
        // The lock went with the session: the next one resumes (nothing left) without a complaint.
        ExperimentSession again(exp.toStdString(), so);
        QCOMPARE(again.todoCount(), std::size_t(0));
        QVERIFY(again.tookOverFrom().empty());
        catalog::Catalog cat(folder.db.toStdString());
        const auto e = cat.experiment("rec");
        QVERIFY(e.has_value());
        QCOMPARE(cat.episodes(e->id).size(), std::size_t(12));
        int rollouts = 0;
        for (const auto& ep : cat.episodes(e->id)) rollouts += ep.rolloutId.has_value();
        QCOMPARE(rollouts, 12);
        QCOMPARE(cat.orphanRolloutCount("experiment:rec"), 0);
    }

    // A writer record whose holder died (no OS lock behind it) is taken over; rollouts that no
    // episode references (left by older versions, which replaced episodes) are removed on opening;
    // replacing an episode deletes its old rollout.
    void staleLocksAndOrphanRolloutsAreCleanedUp() {
        const test::ExperimentFolder folder(3);
        const QString exp = folder.experiment("rec.lua", "rec", IGLU_SOURCE_DIR "/examples/agents/random.lua",
                                              "{ max_steps = 20 }", "record_rollouts = true");
        SessionOptions so;
        so.db = folder.db.toStdString();
        std::int64_t id = 0;
        {
            ExperimentSession s(exp.toStdString(), so);
            id = s.experimentId();
            s.run({});
        }
        {
            catalog::Catalog cat(folder.db.toStdString());
            // A dead writer (its process is gone, it holds no OS lock) and two orphan rollouts.
            QVERIFY(!cat.claimExperimentWriter({id, 999999999, catalog::hostName(), "2020-01-01T00:00:00Z"},
                                               [](const auto&) { return true; }));
            core::Rollout r;
            r.taskId = "orphan";
            r.kind = core::RolloutKind::Agent;
            r.source = "experiment:rec";
            cat.putRollout(r);
            cat.putRollout(r);
            r.source = "experiment:other";  // another experiment's: not ours to remove here
            cat.putRollout(r);
            QCOMPARE(cat.orphanRolloutCount("experiment:rec"), 2);

            // Replacing an episode deletes the rollout it referenced.
            auto episodes = cat.episodes(id);
            QCOMPARE(episodes.size(), std::size_t(3));
            const std::int64_t old = *episodes[0].rolloutId;
            r.source = "experiment:rec";
            catalog::EpisodeRecord replaced = episodes[0];
            replaced.rolloutId = cat.putRollout(r);
            cat.putEpisode(replaced);
            QVERIFY(!cat.rollout(old).has_value());
            QCOMPARE(cat.orphanRolloutCount("experiment:rec"), 2);
        }
        ExperimentSession s(exp.toStdString(), so);
        QVERIFY2(s.tookOverFrom().find("process 999999999") != std::string::npos, s.tookOverFrom().c_str());
        QCOMPARE(s.orphanRolloutsRemoved(), 2);
        catalog::Catalog cat(folder.db.toStdString());
        QCOMPARE(cat.orphanRolloutCount("experiment:rec"), 0);
        QCOMPARE(cat.orphanRolloutCount("experiment:other"), 1);
        const auto writer = cat.experimentWriter(id);
        QVERIFY(writer.has_value());
        QCOMPARE(writer->pid, static_cast<std::int64_t>(::getpid()));
    }

    void catalogTaskSetNeedsACatalog() {
        QTemporaryDir dir;
        const QString exp = writeFile(dir, "all.lua",
                                      "return { name = 'all', agent = '" IGLU_SOURCE_DIR "/examples/agents/noop.lua', tasks = 'all' }");
        try {
            ExperimentSession s(exp.toStdString(), SessionOptions{});
            QFAIL("a catalog task set ran without a catalog");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("--db"), e.what());
        }
    }

    // A session that created its catalog and whose run fails before storing an episode (here the
    // agent script vanished between opening and running) removes the file again when destroyed,
    // with its -wal / -shm and the experiment lock file; one that stored episodes keeps it.
    void failedFirstRunRemovesTheCatalogItCreated() {
        QTemporaryDir dir;
        const QString tasks = taskSubset(dir, 2);
        const QString agent = writeFile(dir, "agent.lua", "return { reset = function() end, act = function() return nil end }");
        const QString exp = experiment(dir, "exp.lua", "vanish", agent, tasks, "{ max_steps = 5 }");
        const QString db = dir.filePath("new.db");
        SessionOptions so;
        so.db = db.toStdString();
        {
            ExperimentSession s(exp.toStdString(), so);
            QVERIFY(QFileInfo::exists(db));
            QVERIFY(QFile::remove(agent));
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, s.run(SessionRun{}));
        }
        for (const char* suffix : {"", "-wal", "-shm", "-experiments.lock"})
            QVERIFY2(!QFileInfo::exists(db + suffix), qPrintable(db + suffix));
        // The same with the agent in place: the episodes are stored and the catalog stays.
        writeFile(dir, "agent.lua", "return { reset = function() end, act = function() return nil end }");
        {
            ExperimentSession s(exp.toStdString(), so);
            s.run(SessionRun{});
        }
        QCOMPARE(test::storedEpisodes(db, "vanish"), 2);
    }

    // Every number of an experiment file is range-checked: each bad file gives a ScriptError that
    // names the file and the field (and the range), never an unchecked cast (undefined behaviour
    // for 1e300, NaN, 2^63 or -1 cast to int / size_t).
    void badExperimentNumbersAreRefused_data() {
        QTest::addColumn<QString>("fields");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* tag, const char* fields, const char* expected) {
            QTest::newRow(tag) << QString(fields) << QString(expected);
        };
        row("budget huge", "instruction_budget = 1e300", "field 'instruction_budget': must be an integer in 1..");
        row("budget negative", "instruction_budget = -1", "field 'instruction_budget': must be an integer in 1..");
        row("budget zero", "instruction_budget = 0", "field 'instruction_budget': must be an integer in 1..");
        row("budget NaN", "instruction_budget = 0/0", "field 'instruction_budget': must be an integer");
        row("budget 2^63", "instruction_budget = 2^63", "field 'instruction_budget': must be an integer");
        row("budget fraction", "instruction_budget = 1.5", "field 'instruction_budget': must be an integer");
        row("budget string", "instruction_budget = '100'", "field 'instruction_budget': must be an integer in 1..1000000000000000, got a string");
        row("memory huge", "memory_mb = 1e300", "field 'memory_mb': must be an integer in 1..1048576, got 1e+300");
        row("memory negative", "memory_mb = -1", "field 'memory_mb': must be an integer in 1..1048576, got -1");
        row("memory 2^63", "memory_mb = math.maxinteger", "field 'memory_mb': must be an integer in 1..1048576");
        row("memory inf", "memory_mb = math.huge", "field 'memory_mb': must be an integer in 1..1048576, got inf");
        row("repetitions zero", "repetitions = 0", "field 'repetitions': must be an integer in 1..10000, got 0");
        row("repetitions huge", "repetitions = 1e300", "field 'repetitions': must be an integer in 1..10000");
        row("repetitions NaN", "repetitions = 0/0", "field 'repetitions': must be an integer in 1..10000");
        row("episodes per task", "seeds = {1, 2, 3}, repetitions = 5000", "field 'repetitions': 3 seeds x 5000 repetitions");
        row("seed huge", "seeds = 1e300", "field 'seeds': must be a 64-bit integer, got 1e+300");
        row("seed 2^63", "seeds = {1, 2^63}", "field 'seeds[2]': must be a 64-bit integer");
        row("seed NaN", "seeds = {0/0}", "field 'seeds[1]': must be a 64-bit integer");
        row("seed string", "seeds = {'1'}", "field 'seeds[1]': must be a 64-bit integer, got a string");
        row("seed twice", "seeds = {4, 4}", "field 'seeds[2]': seed 4 appears twice");
        row("max_steps huge", "env = { max_steps = 1e300 }", "field 'env.max_steps': must be an integer in 1..1000000000");
        row("max_steps negative", "env = { max_steps = -1 }", "field 'env.max_steps': must be an integer in 1..1000000000, got -1");
        row("max_steps 2^63", "env = { max_steps = 2^63 }", "field 'env.max_steps': must be an integer in 1..1000000000");
        row("max_steps NaN", "env = { max_steps = 0/0 }", "field 'env.max_steps': must be an integer in 1..1000000000");
        row("pov_width huge", "env = { pov = true, pov_width = 1e300 }", "field 'env.pov_width': must be an integer in 1..");
        row("pov_height negative", "env = { pov = true, pov_height = -1 }", "field 'env.pov_height': must be an integer in 1..");
        row("pov_width NaN", "env = { pov_width = 0/0 }", "field 'env.pov_width': must be an integer");
        row("pov_style unknown", "env = { pov = true, pov_style = 'fancy' }", "field 'env.pov_style': must be one of reference, clean, got 'fancy'");
        row("scale NaN", "env = { right_placement_scale = 0/0 }", "field 'env.right_placement_scale': must be a finite number in -1e+09..1e+09");
        row("scale inf", "env = { wrong_placement_scale = -math.huge }", "field 'env.wrong_placement_scale': must be a finite number");
        row("scale huge", "env = { wrong_placement_scale = 1e300 }", "field 'env.wrong_placement_scale': must be a finite number");
        row("option NaN", "agent_options = { x = 0/0 }", "field 'agent_options.x': must be a finite number");
        row("option inf", "agent_options = { x = math.huge }", "field 'agent_options.x': must be a finite number");
    }
    void badExperimentNumbersAreRefused() {
        QFETCH(QString, fields);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString exp = writeFile(dir, "bad.lua",
                                      "return { name = 'bad', agent = '" IGLU_SOURCE_DIR "/examples/agents/noop.lua', " + fields + " }");
        try {
            loadExperiment(exp.toStdString());
            QFAIL("a bad number was accepted");
        } catch (const ScriptError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains("bad.lua: ") && what.contains(expected), qPrintable(what));
        }
    }
    void goodExperimentNumbersAreRead() {
        QTemporaryDir dir;
        const QString exp = writeFile(dir, "good.lua",
                                      "return { name = 'good', agent = '" IGLU_SOURCE_DIR "/examples/agents/noop.lua', "
                                      "instruction_budget = 5e6, memory_mb = 64, repetitions = 2, seeds = {-3, 7.0}, "
                                      "env = { max_steps = 12, pov = true, pov_width = 32, pov_height = 16, right_placement_scale = 0.5 } }");
        const ExperimentSpec e = loadExperiment(exp.toStdString());
        QCOMPARE(e.instructionBudget, 5'000'000LL);
        QCOMPARE(e.memoryLimit, std::size_t{64} << 20);
        QCOMPARE(e.repetitions, 2);
        QCOMPARE(e.seeds, (std::vector<std::int64_t>{-3, 7}));
        QCOMPARE(e.env.maxSteps, 12);
        QCOMPARE(e.env.pov.width, 32);
        QCOMPARE(e.env.pov.height, 16);
        QCOMPARE(e.env.rightPlacementScale, 0.5);
        // The view's look is the reference's unless chosen, and part of the stored configuration.
        QVERIFY(e.env.pov.style == iglu::core::PovStyle::Reference);
        QVERIFY2(QString::fromStdString(e.configJson).contains(R"("pov_style":"reference")"), e.configJson.c_str());
        const QString clean = writeFile(dir, "clean.lua",
                                        "return { name = 'clean', agent = '" IGLU_SOURCE_DIR "/examples/agents/noop.lua', "
                                        "env = { pov = true, pov_style = 'clean' } }");
        const ExperimentSpec c = loadExperiment(clean.toStdString());
        QVERIFY(c.env.pov.style == iglu::core::PovStyle::Clean);
        QVERIFY(QString::fromStdString(c.configJson).contains(R"("pov_style":"clean")"));
    }
};

QTEST_GUILESS_MAIN(TestExperimentSession)
#include "test_experiment_session.moc"

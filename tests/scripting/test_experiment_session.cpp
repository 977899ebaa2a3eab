// scripting::ExperimentSession, the logic behind `iglu run` and the Experiments plugin: episodes
// stored, resume (stored episodes counted, not re-run), cancel keeps finished episodes and a later
// run (same session or a new one) finishes the rest, progress reports, the stored summary equals
// the session's, a changed configuration is refused, a callback failure still stores what finished.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cmath>
#include <stdexcept>

#include "../shared_dir.hpp"
#include "core/catalog/catalog.hpp"
#include "scripting/experiment_session.hpp"

using namespace iglu;
using namespace iglu::scripting;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QString& text) {
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text.toUtf8());
    return f.fileName();
}

/// The first n conformance tasks as a task-list file in `dir`.
QString taskSubset(const QTemporaryDir& dir, int n) {
    QFile in(test::sharedDir() + "/conformance/tasks.jsonl");
    if (!in.open(QIODevice::ReadOnly)) return {};
    QString text;
    for (int i = 0; i < n && !in.atEnd(); ++i) text += QString::fromUtf8(in.readLine());
    return writeFile(dir, "tasks.jsonl", text);
}

QString experiment(const QTemporaryDir& dir, const QString& file, const QString& name, const QString& agent,
                   const QString& tasks, const QString& env) {
    return writeFile(dir, file,
                     QString("return { name = '%1', agent = '%2', tasks = { file = '%3' }, env = %4, seeds = {1} }")
                         .arg(name, agent, tasks, env));
}

int stored(const QString& db, const std::string& name) {
    catalog::Catalog cat(db.toStdString());
    const auto e = cat.experiment(name);
    return e ? static_cast<int>(cat.episodes(e->id).size()) : 0;
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
        QTemporaryDir dir;
        const QString db = dir.filePath("c.db");
        const QString exp = experiment(dir, "oracle.lua", "oracle6", IGLU_SOURCE_DIR "/examples/agents/oracle.lua",
                                       taskSubset(dir, 6), "{ action_space = 'flying', max_steps = 500, target_in_obs = true }");
        SessionOptions so;
        so.db = db.toStdString();
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
        QCOMPARE(stored(db, "oracle6"), 6);

        // A new session resumes: everything is stored, nothing runs, the summary is the same.
        ExperimentSession again(exp.toStdString(), so);
        QCOMPARE(again.resumedCount(), std::size_t(6));
        QCOMPARE(again.todoCount(), std::size_t(0));
        compareStats(again.summary().overall(), first.overall());
        QCOMPARE(again.summary().perSkill().size(), first.perSkill().size());
        for (const auto& [name, stats] : first.perSkill()) compareStats(again.summary().perSkill().at(name), stats);
        QCOMPARE(again.run({}).finished, 0);
        QCOMPARE(stored(db, "oracle6"), 6);

        // The stored summary (what the Experiments plugin shows) is the same too.
        catalog::Catalog cat(db.toStdString());
        const Summary fromCatalog = storedSummary(cat, again.experimentId());
        compareStats(fromCatalog.overall(), first.overall());
    }

    void cancelKeepsFinishedEpisodesAndResumes() {
        QTemporaryDir dir;
        const QString db = dir.filePath("c.db");
        const int n = 20;
        const QString exp = experiment(dir, "slow.lua", "slow", IGLU_SOURCE_DIR "/tests/scripting/lua/agents/slow.lua",
                                       taskSubset(dir, n), "{ action_space = 'walking', max_steps = 300 }");
        SessionOptions so;
        so.db = db.toStdString();
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
        QCOMPARE(stored(db, "slow"), r.finished);
        QCOMPARE(s.summary().overall().episodes, r.finished);
        QCOMPARE(s.todoCount(), std::size_t(n - r.finished));

        // A new session resumes from the catalog...
        {
            ExperimentSession other(exp.toStdString(), so);
            QCOMPARE(other.resumedCount(), std::size_t(r.finished));
            QCOMPARE(other.todoCount(), std::size_t(n - r.finished));
        }
        // ... and the same session's next run finishes the rest.
        cancel = false;
        how.onEpisode = {};
        const RunReport rest = s.run(how);
        QVERIFY(!rest.cancelled);
        QCOMPARE(rest.finished, n - r.finished);
        QCOMPARE(stored(db, "slow"), n);
        QCOMPARE(s.summary().overall().episodes, n);
        QCOMPARE(s.todoCount(), std::size_t(0));
    }

    void failingCallbackStillStoresFinishedEpisodes() {
        QTemporaryDir dir;
        const QString db = dir.filePath("c.db");
        const QString exp = experiment(dir, "noop.lua", "noop", IGLU_SOURCE_DIR "/examples/agents/noop.lua",
                                       taskSubset(dir, 10), "{ max_steps = 10 }");
        SessionOptions so;
        so.db = db.toStdString();
        ExperimentSession s(exp.toStdString(), so);
        SessionRun how;
        int seen = 0;
        how.onEpisode = [&](const EpisodeOutcome&) {
            if (++seen == 3) throw std::runtime_error("display failed");
        };
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, s.run(how));
        // The episodes counted up to the failure are written; the session's todo list agrees.
        QCOMPARE(stored(db, "noop"), 3);
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
        so.name = "same-20";  // under another name it runs
        ExperimentSession renamed(changed, so);
        QCOMPARE(renamed.todoCount(), std::size_t(2));
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
};

QTEST_GUILESS_MAIN(TestExperimentSession)
#include "test_experiment_session.moc"

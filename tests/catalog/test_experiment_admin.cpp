// Managing experiments (Catalog::deleteExperiment / renameExperiment / setExperimentTags /
// setExperimentNote, schema 6; training curves, schema 7): a sequence of runs, a delete, a rename and more runs on one
// catalog, counting every table's rows with raw SQL after each step so no orphan (episode,
// agent rollout, belief, prediction, writer record, scalar run or point) is ever left; a corpus of bad tags, names and
// notes refused naming the field with nothing changed; a live writer's experiment not deleted;
// a schema-5 catalog upgraded in place keeping its experiments.
#include <QTemporaryDir>
#include <QtTest>

#include <string>

#include <sqlite3.h>

#include "core/catalog/catalog.hpp"

using namespace iglu;
using namespace iglu::catalog;

namespace {

int count(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* s = nullptr;
    int n = -1;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW) n = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return n;
}

// An experiment with `n` episodes, each with an agent rollout carrying a belief.
std::int64_t buildExperiment(Catalog& c, const std::string& name, int n) {
    const auto e = c.ensureExperiment(name, "agent.lua", "{}");
    for (int i = 0; i < n; ++i) {
        core::Rollout r;
        r.taskId = "t";
        r.kind = core::RolloutKind::Agent;
        r.source = "experiment:" + name;
        core::Belief b;
        b.step = 0;
        b.blocks.set(0, -1, 0, 1);
        r.beliefs.push_back(b);
        EpisodeRecord ep;
        ep.experimentId = e.id;
        ep.taskId = "t";
        ep.seed = i;
        ep.rolloutId = c.putRollout(r);
        c.putEpisode(ep);
    }
    return e.id;
}

void addPredictions(Catalog& c, const std::string& name, int n) {
    const auto e = c.ensureExperiment(name, "model.lua", "{}", kClarificationExperiment);
    std::vector<core::ClarificationPrediction> p(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) p[static_cast<std::size_t>(i)].taskId = "t" + std::to_string(i);
    c.putClarificationPredictions(e.id, p);
}

QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestExperimentAdmin : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void aSequenceOfRunsDeletesAndRenamesLeavesNoOrphan() {
        const std::string path = dir_.filePath("a.db").toStdString();
        Catalog c(path);
        TaskRecord t;
        t.task.id = "t";
        t.task.target.set(0, -1, 0, 1);
        c.putTask(t);
        const auto tables = [&] {
            return std::vector<int>{count(path, "SELECT count(*) FROM experiments"), count(path, "SELECT count(*) FROM episodes"),
                                    count(path, "SELECT count(*) FROM rollouts WHERE kind = 1"),
                                    count(path, "SELECT count(*) FROM rollout_beliefs"),
                                    count(path, "SELECT count(*) FROM clarification_predictions"),
                                    count(path, "SELECT count(*) FROM scalar_runs"), count(path, "SELECT count(*) FROM scalars")};
        };
        buildExperiment(c, "a", 3);
        buildExperiment(c, "b", 2);
        addPredictions(c, "q", 4);
        // Training curves: of "a" (two points), of "b" (one), and a run of no experiment.
        c.logScalar("a", "loss", 0, 1.0);
        c.logScalar("a", "loss", 1, 0.5);
        c.logScalar("b", "return", 0, 2.0);
        c.logScalar("free", "return", 0, 3.0);
        QCOMPARE(tables(), (std::vector<int>{3, 5, 5, 5, 4, 3, 4}));
        c.deleteExperiment("a", {});
        QCOMPARE(tables(), (std::vector<int>{2, 2, 2, 2, 4, 2, 2}));
        QVERIFY(!c.experiment("a"));
        c.renameExperiment("b", "b2");
        QCOMPARE(c.orphanRolloutCount("experiment:b2"), 0);
        QCOMPARE(count(path, "SELECT count(*) FROM rollouts WHERE source = 'experiment:b2'"), 2);
        // A new "a" after the delete starts empty; deleting the renamed one takes its rollouts.
        buildExperiment(c, "a", 1);
        QCOMPARE(c.episodes(c.experiment("a")->id).size(), std::size_t(1));
        c.deleteExperiment("b2", {});
        c.deleteExperiment("q", {});
        // The renamed experiment's curves went with it (linked by id, not by name); "free" stays.
        QCOMPARE(tables(), (std::vector<int>{1, 1, 1, 1, 0, 1, 1}));
        // The human tape of the task is never touched.
        core::Rollout tape;
        tape.taskId = "t";
        tape.source = "tape";
        c.putRollout(tape);
        c.deleteExperiment("a", {});
        QCOMPARE(tables(), (std::vector<int>{0, 0, 0, 0, 0, 1, 1}));
        QCOMPARE(count(path, "SELECT count(*) FROM rollouts"), 1);
    }

    void badInputIsRefusedAndChangesNothing() {
        const std::string path = dir_.filePath("b.db").toStdString();
        Catalog c(path);
        buildExperiment(c, "x", 1);
        buildExperiment(c, "y", 1);
        c.setExperimentTags("x", {"baseline", "v2", "baseline"});
        QCOMPARE(c.experiment("x")->tags, std::string("baseline,v2"));
        for (const std::string& bad : {std::string(), std::string("two words"), std::string("semi;colon"), std::string(41, 'a'),
                                       std::string("new\nline"), std::string("\xff")}) {
            const QString e = errorOf([&] { c.setExperimentTags("x", {"ok", bad}); });
            QVERIFY2(e.contains("tag '"), qPrintable(e));
            QCOMPARE(c.experiment("x")->tags, std::string("baseline,v2"));
        }
        QVERIFY(errorOf([&] { c.renameExperiment("x", "y"); }).contains("exists already"));
        QVERIFY(errorOf([&] { c.renameExperiment("x", "bad\nname"); }).contains("new name"));
        QVERIFY(errorOf([&] { c.renameExperiment("missing", "z"); }).contains("no experiment named 'missing'"));
        QVERIFY(errorOf([&] { c.deleteExperiment("missing", {}); }).contains("no experiment named 'missing'"));
        QVERIFY(errorOf([&] { c.setExperimentNote("x", std::string(70000, 'n')); }).contains("note: at most 64 KiB"));
        c.setExperimentNote("x", "tried with 500 steps");
        QCOMPARE(c.experiment("x")->note, std::string("tried with 500 steps"));
        QVERIFY(c.experiment("x") && c.experiment("y"));
        // A recorded writer judged alive: the delete is refused naming its process; nothing goes.
        ExperimentWriter w{c.experiment("x")->id, 4242, "elsewhere", "2026-11-26T00:00:00Z"};
        QVERIFY(!c.claimExperimentWriter(w, [](const ExperimentWriter&) { return true; }));
        QVERIFY(errorOf([&] { c.deleteExperiment("x", [](const ExperimentWriter&) { return true; }); }).contains("process 4242"));
        QCOMPARE(c.episodes(c.experiment("x")->id).size(), std::size_t(1));
        c.deleteExperiment("x", [](const ExperimentWriter&) { return false; });  // a dead writer's record goes with it
        QCOMPARE(count(path, "SELECT count(*) FROM experiment_writers"), 0);
    }

    void aSchema5CatalogIsUpgradedKeepingItsExperiments() {
        const std::string path = dir_.filePath("old.db").toStdString();
        {
            Catalog c(path);
            buildExperiment(c, "old", 2);
        }
        {
            // Back to schema 5 as an older program wrote it: no kind / tags / note, no predictions table.
            sqlite3* db = nullptr;
            sqlite3_open(path.c_str(), &db);
            for (const char* sql : {"DROP TABLE clarification_predictions", "ALTER TABLE experiments DROP COLUMN kind",
                                    "ALTER TABLE experiments DROP COLUMN tags", "ALTER TABLE experiments DROP COLUMN note",
                                    "PRAGMA user_version = 5"})
                QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(db);
        }
        {
            const Catalog reader(path, OpenMode::ReadOnly);  // read as it is: build experiments, no predictions
            QCOMPARE(reader.experiment("old")->kind, std::string("build"));
            QVERIFY(reader.clarificationPredictions(reader.experiment("old")->id).empty());
            QVERIFY(errorOf([&] { const_cast<Catalog&>(reader).setExperimentTags("old", {"x"}); }).contains("schema version 5"));
        }
        Catalog c(path, OpenMode::ReadWrite);  // upgraded
        QCOMPARE(count(path, "PRAGMA user_version"), kSchemaVersion);
        QCOMPARE(c.episodes(c.experiment("old")->id).size(), std::size_t(2));
        c.setExperimentTags("old", {"kept"});
        addPredictions(c, "new", 2);
        QCOMPARE(c.clarificationPredictions(c.experiment("new")->id).size(), std::size_t(2));
        QVERIFY(errorOf([&] { c.putClarificationPredictions(c.experiment("old")->id, {}); }).contains("is a build experiment"));
    }
};

QTEST_GUILESS_MAIN(TestExperimentAdmin)
#include "test_experiment_admin.moc"

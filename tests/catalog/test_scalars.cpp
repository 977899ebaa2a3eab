// Training curves (Catalog::logScalars / scalarRuns / scalarTags / scalarSeries, schema 7): a
// sequence of logs read back by step, more logs (a step logged again replaced), a run linked to
// the experiment made after its first values and deleted with it, raw row counts so no orphan is
// left; a corpus of bad values refused naming the field with nothing stored; a reader opened before
// another connection logs sees the new points; a schema-6 catalog read as it is, then upgraded.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
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

QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

std::vector<std::pair<std::int64_t, double>> pointsOf(const Catalog& c, const std::string& run, const std::string& tag) {
    std::vector<std::pair<std::int64_t, double>> out;
    for (const auto& p : c.scalarSeries(run, tag)) out.emplace_back(p.step, p.value);
    return out;
}

using Points = std::vector<std::pair<std::int64_t, double>>;

}  // namespace

class TestScalars : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void logReadLogMoreAndDeleteLeavesNoOrphan() {
        const std::string path = dir_.filePath("a.db").toStdString();
        Catalog c(path);
        QVERIFY(c.scalarRuns().empty());
        // Logged out of order: read back by step.
        c.logScalar("ppo", "loss", 2, 0.5);
        c.logScalar("ppo", "loss", 0, 2.0);
        c.logScalar("ppo", "loss", 1, 1.0);
        QCOMPARE(pointsOf(c, "ppo", "loss"), (Points{{0, 2.0}, {1, 1.0}, {2, 0.5}}));
        // A batch of tags at one step; a step logged again is replaced.
        const std::vector<ScalarValue> batch{{"return", 3, 10.0}, {"loss", 3, 0.25}, {"loss", 2, 0.4}};
        c.logScalars("ppo", batch);
        QCOMPARE(pointsOf(c, "ppo", "loss"), (Points{{0, 2.0}, {1, 1.0}, {2, 0.4}, {3, 0.25}}));
        QCOMPARE(pointsOf(c, "ppo", "return"), (Points{{3, 10.0}}));
        const auto tags = c.scalarTags("ppo");
        QCOMPARE(tags.size(), std::size_t(2));
        QCOMPARE(tags[0].tag, std::string("loss"));
        QCOMPARE(tags[0].points, std::int64_t(4));
        QCOMPARE(tags[0].lastStep, std::int64_t(3));
        QCOMPARE(tags[0].lastValue, 0.25);
        QCOMPARE(tags[1].tag, std::string("return"));
        const auto points = c.scalarSeries("ppo", "return");
        QVERIFY(points[0].wallTime > 1.7e9);  // seconds since 1970, logged now
        QVERIFY(c.scalarSeries("ppo", "missing").empty());
        QVERIFY(c.scalarTags("missing").empty());

        // The experiment made after the run's first values: linked at the next log.
        auto runs = c.scalarRuns();
        QCOMPARE(runs.size(), std::size_t(1));
        QVERIFY(!runs[0].experiment);
        QCOMPARE(runs[0].points, std::int64_t(5));
        QCOMPARE(runs[0].tags, 2);
        c.ensureExperiment("ppo", "train_pg.py", "{}");
        c.logScalar("ppo", "return", 4, 12.0);
        c.logScalar("other", "return", 0, 1.0);
        runs = c.scalarRuns();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0].name, std::string("other"));
        QVERIFY(!runs[0].experiment);
        QCOMPARE(runs[1].experiment.value_or(""), std::string("ppo"));
        QCOMPARE(count(path, "SELECT count(*) FROM scalars"), 7);

        // A second connection sees them; deleting the experiment deletes its run and points only.
        {
            const Catalog reader(path, OpenMode::ReadOnly);
            QCOMPARE(reader.scalarSeries("ppo", "return").size(), std::size_t(2));
        }
        c.deleteExperiment("ppo", {});
        QCOMPARE(count(path, "SELECT count(*) FROM scalar_runs"), 1);
        QCOMPARE(count(path, "SELECT count(*) FROM scalars"), 1);
        QCOMPARE(count(path, "SELECT count(*) FROM scalars WHERE run_id NOT IN (SELECT id FROM scalar_runs)"), 0);
        QVERIFY(c.scalarSeries("ppo", "loss").empty());
        QCOMPARE(pointsOf(c, "other", "return"), (Points{{0, 1.0}}));
        // A run of the same name later starts empty.
        c.logScalar("ppo", "loss", 0, 9.0);
        QCOMPARE(pointsOf(c, "ppo", "loss"), (Points{{0, 9.0}}));
    }

    void badValuesAreRefusedNamingTheFieldAndStoreNothing() {
        const std::string path = dir_.filePath("b.db").toStdString();
        Catalog c(path);
        c.logScalar("run", "loss", 0, 1.0);
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        struct Bad {
            std::string run, tag;
            std::int64_t step;
            double value;
            QString says;
        };
        const std::vector<Bad> corpus{
            {"run", "", 1, 1.0, "tag \"\" is empty"},
            {"run", std::string(201, 't'), 1, 1.0, "tag \"" + QString(200, 't') + "\" is 201 bytes long"},
            {"run", "two\nlines", 1, 1.0, "tag \"two\\x0alines\" contains a line break"},
            {"run", "\xff", 1, 1.0, "tag \"\xef\xbf\xbd\" is not UTF-8"},
            {"run", "   ", 1, 1.0, "tag \"   \" is only spaces"},
            {"", "loss", 1, 1.0, "run \"\" is empty"},
            {std::string(201, 'r'), "loss", 1, 1.0, "is 201 bytes long"},
            {"run", "loss", -1, 1.0, "step of tag \"loss\": must be >= 0, got -1"},
            {"run", "loss", 1, nan, "value of tag \"loss\" at step 1: must be a finite number, got NaN"},
            {"run", "loss", 1, inf, "got inf"},
            {"run", "loss", 1, -inf, "got -inf"},
        };
        for (const auto& bad : corpus) {
            const QString e = errorOf([&] { c.logScalar(bad.run, bad.tag, bad.step, bad.value); });
            QVERIFY2(e.startsWith(QString::fromStdString(path) + ": ") && e.contains(bad.says), qPrintable(e));
        }
        // One bad value in a batch: none of it is stored, and the message says which.
        const std::vector<ScalarValue> batch{{"loss", 1, 0.5}, {"return", 1, nan}};
        const QString e = errorOf([&] { c.logScalars("run", batch); });
        QVERIFY2(e.contains("value of tag \"return\" at step 1 (value 2 of 2)"), qPrintable(e));
        QCOMPARE(count(path, "SELECT count(*) FROM scalars"), 1);
        QCOMPARE(count(path, "SELECT count(*) FROM scalar_runs"), 1);
        // Extremes that are fine.
        c.logScalar("run", std::string(200, 't'), std::numeric_limits<std::int64_t>::max(), -1e308);
        QCOMPARE(c.scalarSeries("run", std::string(200, 't')).front().step, std::numeric_limits<std::int64_t>::max());
        // A read-only catalog refuses to log, naming the file.
        const Catalog reader(path, OpenMode::ReadOnly);
        QVERIFY(errorOf([&] { const_cast<Catalog&>(reader).logScalar("run", "loss", 5, 1.0); }).contains(QString::fromStdString(path)));
    }

    void aSchema6CatalogIsReadAsItIsThenUpgraded() {
        const std::string path = dir_.filePath("old.db").toStdString();
        {
            Catalog c(path);
            c.ensureExperiment("old", "agent.lua", "{}");
        }
        {
            sqlite3* db = nullptr;
            sqlite3_open(path.c_str(), &db);
            for (const char* sql : {"DROP TABLE scalars", "DROP TABLE scalar_runs", "PRAGMA user_version = 6"})
                QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(db);
        }
        const Catalog reader(path, OpenMode::ReadOnly);  // read as it is: no curves
        QCOMPARE(reader.schemaVersion(), 6);
        QVERIFY(reader.scalarRuns().empty());
        QVERIFY(reader.scalarSeries("old", "loss").empty());
        {
            Catalog writer(path, OpenMode::ReadWrite);  // upgraded
            QCOMPARE(writer.schemaVersion(), kSchemaVersion);
            writer.logScalar("old", "loss", 0, 1.5);
        }
        // The reader opened at version 6 sees the curves a writer stored after upgrading the file.
        QCOMPARE(reader.scalarRuns().size(), std::size_t(1));
        QCOMPARE(reader.scalarRuns()[0].experiment.value_or(""), std::string("old"));
        QCOMPARE(reader.scalarSeries("old", "loss").size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestScalars)
#include "test_scalars.moc"

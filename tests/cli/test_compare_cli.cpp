// `iglu compare` on real rollouts (the bundled single-turn sample: a human tape; `iglu run` of the
// random agent with two seeds on the same task, rollouts recorded): --task lists the rollouts;
// text and --json agree with core::compareRollouts / core::stepRows computed on the same catalog
// (every step, the first difference, --differing keeps exactly the differing steps); rollouts
// of two tasks, one id, an unknown id and an unknown task are refused with a message naming them.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "core/rollout/rollout_comparison.hpp"
#include "support/files.hpp"
#include "support/process.hpp"

using namespace iglu;
using iglu::test::ProcessResult;

namespace {
const QString kTask = QStringLiteral("CQ-game-947");
ProcessResult runIglu(const QStringList& args) { return iglu::test::runIglu(args, {600000, {}}); }
}  // namespace

class TestCompareCli : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    std::vector<std::int64_t> ids_;  // human, agent seed 1, agent seed 2

private slots:
    void initTestCase() {
        db_ = dir_.filePath("c.db");
        ProcessResult imp = runIglu({"import", "singleturn", iglu::test::sourcePath("examples/data/iglu-singleturn"), "--db", db_});
        QVERIFY2(imp.exitCode == 0, qPrintable(imp.err));
        const QString exp = iglu::test::writeFile(dir_.path(), "two_seeds.lua",
                                                  QStringLiteral("return { name = 'two_seeds', agent = '%1', tasks = 'ids:%2', "
                                                                 "env = { max_steps = 60 }, seeds = { 1, 2 }, record_rollouts = true }")
                                                      .arg(iglu::test::sourcePath("examples/agents/random.lua"), kTask)
                                                      .toUtf8());
        ProcessResult run = runIglu({"run", exp, "--db", db_, "--quiet"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
        for (const auto& r : cat.rollouts(kTask.toStdString())) ids_.push_back(r.id);
        QCOMPARE(ids_.size(), std::size_t(3));
    }

    void taskListsItsRollouts() {
        const ProcessResult r = runIglu({"compare", "--db", db_, "--task", kTask});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (auto id : ids_) QVERIFY2(r.out.contains(QStringLiteral("%1\t").arg(id)), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("3 rollouts of %1").arg(kTask)));
    }

    void jsonAgreesWithTheCore() {
        catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
        const auto task = cat.task(kTask.toStdString());
        QVERIFY(task.has_value());
        for (const auto& pair : {std::vector<std::int64_t>{ids_[0], ids_[1]}, std::vector<std::int64_t>{ids_[1], ids_[2]},
                                 std::vector<std::int64_t>{ids_[0], ids_[1], ids_[2]}}) {
            std::vector<core::Rollout> rollouts;
            QStringList args{"compare", "--db", db_, "--json"};
            for (auto id : pair) {
                rollouts.push_back(*cat.rollout(id));
                args << QString::number(id);
            }
            std::vector<const core::Rollout*> raw;
            for (const auto& r : rollouts) raw.push_back(&r);
            const auto cmp = core::compareRollouts(raw);
            const ProcessResult r = runIglu(args);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
            QCOMPARE(j["task"].toString(), kTask);
            QCOMPARE(j["rollouts"].toArray().size(), int(pair.size()));
            QCOMPARE(std::size_t(j["steps"].toInteger()), cmp.steps);
            QCOMPARE(std::size_t(j["differing_steps"].toInteger()), cmp.differingSteps);
            QCOMPARE(j["first_difference"].isNull(), !cmp.firstDifference.has_value());
            if (cmp.firstDifference) QCOMPARE(std::size_t(j["first_difference"].toInteger()), *cmp.firstDifference);
            const QJsonArray steps = j["per_step"].toArray();
            QCOMPARE(std::size_t(steps.size()), cmp.steps);
            for (std::size_t i = 0; i < rollouts.size(); ++i) {
                const auto rows = core::stepRows(rollouts[i], core::computeSeries(rollouts[i], task->task.target));
                for (std::size_t p = 1; p <= cmp.steps; ++p) {
                    const QJsonObject row = steps[int(p - 1)].toObject();
                    QCOMPARE(row["step"].toInteger(), qint64(p));
                    QCOMPARE(row["differs"].toBool(), bool(cmp.differs[p]));
                    const QJsonValue v = row["rollouts"].toArray()[int(i)];
                    if (p > rows.size()) {
                        QVERIFY(v.isNull());
                        continue;
                    }
                    QCOMPARE(v["action"].toString(), QString::fromStdString(rows[p - 1].action));
                    QCOMPARE(v["changes"].toString(), QString::fromStdString(rows[p - 1].changes));
                    QVERIFY(std::abs(v["f1"].toDouble() - rows[p - 1].f1) < 1e-12);
                }
            }
            // --differing keeps exactly the differing steps; the text marks them with *.
            const ProcessResult d = runIglu(args << "--differing");
            const QJsonArray only = QJsonDocument::fromJson(d.out.toUtf8()).object()["per_step"].toArray();
            std::size_t want = 0;
            for (std::size_t p = 1; p <= cmp.steps; ++p) want += cmp.differs[p] ? 1 : 0;
            QCOMPARE(std::size_t(only.size()), want);
            for (const auto& row : only) QVERIFY(row.toObject()["differs"].toBool());
        }
        const ProcessResult text = runIglu({"compare", "--db", db_, QString::number(ids_[1]), QString::number(ids_[2])});
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains("first differ after step") || text.out.contains("the same at every step"), qPrintable(text.out));
        QVERIFY(text.out.contains(QStringLiteral("A: rollout #%1 agent").arg(ids_[1])));
    }

    void badRequestsAreRefused() {
        catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
        std::int64_t other = 0;
        for (const auto& t : cat.findTasks())
            if (QString::fromStdString(t.id) != kTask)
                for (const auto& r : cat.rollouts(t.id)) other = r.id;
        QVERIFY(other != 0);
        const struct {
            QStringList args;
            QString message;
        } cases[] = {
            {{QString::number(ids_[0]), QString::number(other)}, "compare rollouts of one task"},
            {{QString::number(ids_[0])}, "two or more rollout ids"},
            {{QString::number(ids_[0]), "999999"}, "rollout 999999 is not in"},
            {{"--task", "no-such-task"}, "task no-such-task is not in"},
        };
        for (const auto& c : cases) {
            const ProcessResult r = runIglu(QStringList{"compare", "--db", db_} + c.args);
            QVERIFY2(!r.crashed && r.exitCode != 0, qPrintable(c.args.join(' ')));
            QVERIFY2(r.err.contains(c.message), qPrintable(r.err));
        }
    }
};

QTEST_GUILESS_MAIN(TestCompareCli)
#include "test_compare_cli.moc"

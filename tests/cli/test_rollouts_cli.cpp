// Rollout files and experiments from the command line, on real runs (`iglu run` of the bundled
// oracle and random agents on conformance tasks, rollouts recorded):
//  - export -> import into a fresh catalog -> the same episodes and metrics, zero divergences, and
//    exporting again gives the same file;
//  - a tampered reward / final grid is reported by file:line and step, and not stored (unless
//    --keep-divergent), exit 1;
//  - a malformed line names file:line: field and stores nothing of the file (a catalog the
//    command would have created is not left behind); so does a second line of one episode key;
//  - `iglu experiments list / show / compare` (text and --json) agree with `iglu run`'s own output.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <tuple>

#include "core/catalog/catalog.hpp"
#include "support/experiments.hpp"
#include "support/files.hpp"
#include "support/process.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;
using iglu::test::ProcessResult;

namespace {

ProcessResult runIglu(const QStringList& args) { return iglu::test::runIglu(args, {600000, {}}); }

QJsonObject jsonOf(const ProcessResult& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }

using Key = std::tuple<std::string, std::int64_t, int>;

/// Every episode of experiment NAME in DB, by key.
std::map<Key, catalog::EpisodeRecord> episodesOf(const QString& db, const QString& name) {
    catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadOnly);
    std::map<Key, catalog::EpisodeRecord> out;
    const auto e = cat.experiment(name.toStdString());
    if (!e) return out;
    for (auto& ep : cat.episodes(e->id)) out.emplace(Key{ep.taskId, ep.seed, ep.repetition}, std::move(ep));
    return out;
}

QStringList linesOf(const QString& path) {
    QString text = QString::fromUtf8(iglu::test::readAll(path));
    QStringList lines = text.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
    return lines;
}

QString writeLines(const QString& path, const QStringList& lines) {
    iglu::test::writeAll(path, (lines.join('\n') + '\n').toUtf8());
    return path;
}

QString compact(const QJsonObject& o) { return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)); }

}  // namespace

class TestRolloutsCli : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<test::ExperimentFolder> folder_;
    QString oracleTable_;      // `iglu run` text output of the oracle, table part
    QJsonObject randomRun_;    // `iglu run --json` of the random agent
    QString exported_;         // the oracle's episodes exported

private slots:
    void initTestCase() {
        IGLU_REQUIRE_SHARED("conformance/tasks.jsonl");
        folder_ = std::make_unique<test::ExperimentFolder>(6);
        const QString oracle = folder_->experiment("oracle.lua", "oracle", IGLU_SOURCE_DIR "/examples/agents/oracle.lua",
                                                   "{ action_space = 'flying', max_steps = 500, target_in_obs = true }",
                                                   "seeds = {1, 2}, record_rollouts = true");
        const QString random = folder_->experiment("random.lua", "random", IGLU_SOURCE_DIR "/examples/agents/random.lua",
                                                   "{ action_space = 'walking', max_steps = 80 }",
                                                   "seeds = {1, 2}, record_rollouts = true");
        ProcessResult r = runIglu({"run", oracle, "--db", folder_->db, "--quiet"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QStringList lines = r.out.split('\n');
        lines.removeFirst();  // "experiment oracle (...): ran N episodes in T s"
        oracleTable_ = lines.join('\n');
        r = runIglu({"run", random, "--db", folder_->db, "--quiet", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        randomRun_ = jsonOf(r);
        QCOMPARE(randomRun_["episodes"].toInt(), 12);
        exported_ = folder_->dir.filePath("oracle.jsonl");
        r = runIglu({"export", "rollouts", "--db", folder_->db, "--experiment", "oracle", "-o", exported_});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out.trimmed(), exported_ + ": 12 episodes");
        QCOMPARE(linesOf(exported_).size(), 12);
    }

    void exportImportGivesTheSameEpisodesAndMetrics() {
        QTemporaryDir dir;
        const QString fresh = dir.filePath("fresh.db");
        const QString randomFile = dir.filePath("random.jsonl");
        ProcessResult r = runIglu({"export", "rollouts", "--db", folder_->db, "--experiment", "random", "-o", randomFile});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // Walking discrete actions from the Lua agent: written as action texts ("discrete N").
        QVERIFY(linesOf(randomFile)[0].contains("\"discrete "));
        for (const QString& file : {exported_, randomFile}) {
            r = runIglu({"import", "rollouts", file, "--db", fresh});
            QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
            QVERIFY2(r.out.contains("12 episodes replayed, 0 diverged, 12 stored"), qPrintable(r.out));
        }
        for (const QString name : {"oracle", "random"}) {
            const auto a = episodesOf(folder_->db, name), b = episodesOf(fresh, name);
            QCOMPARE(b.size(), a.size());
            for (const auto& [key, x] : a) {
                const auto it = b.find(key);
                QVERIFY(it != b.end());
                const auto& y = it->second;
                QCOMPARE(y.steps, x.steps);
                QCOMPARE(y.totalReturn, x.totalReturn);
                QCOMPARE(y.precision, x.precision);
                QCOMPARE(y.recall, x.recall);
                QCOMPARE(y.f1, x.f1);
                QCOMPARE(y.success, x.success);
                QCOMPARE(y.ok, x.ok);
                QVERIFY(y.rolloutId);
            }
            const QJsonObject sa = jsonOf(runIglu({"experiments", "show", name, "--db", folder_->db, "--json"}));
            const QJsonObject sb = jsonOf(runIglu({"experiments", "show", name, "--db", fresh, "--json"}));
            for (const char* k : {"episodes", "success_rate", "mean_f1", "mean_steps", "errors", "per_skill", "baseline"})
                QCOMPARE(sb[k], sa[k]);
        }
        // Exported again from the imported catalog: the same file.
        const QString again = dir.filePath("again.jsonl");
        r = runIglu({"export", "rollouts", "--db", fresh, "--experiment", "oracle", "-o", again});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(iglu::test::readAll(again), iglu::test::readAll(exported_));
        // --task selects episodes of those tasks (of every experiment).
        const QString task = QJsonDocument::fromJson(linesOf(exported_)[0].toUtf8()).object()["task_id"].toString();
        const QString some = dir.filePath("some.jsonl");
        r = runIglu({"export", "rollouts", "--db", fresh, "--task", task, "-o", some});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(linesOf(some).size(), 4);  // 2 seeds x (oracle, random)
    }

    void theBundledExampleImportsWithoutDivergence() {
        QTemporaryDir dir;
        const QString db = dir.filePath("ex.db");
        ProcessResult r = runIglu({"import", "rollouts", iglu::test::sourcePath("examples/rollouts/example.jsonl"), "--db", db, "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QJsonObject j = jsonOf(r);
        QCOMPARE(j["episodes"].toInt(), 3);  // one episode, in each action form
        QCOMPARE(j["diverged"].toInt(), 0);
        QCOMPARE(j["new_tasks"].toInt(), 1);
        const QJsonObject show = jsonOf(runIglu({"experiments", "show", "example_agent", "--db", db, "--json"}));
        QCOMPARE(show["success_rate"].toDouble(), 1.0);
        QCOMPARE(show["mean_steps"].toDouble(), 9.0);
    }

    void divergencesAreReportedByLineAndStepAndNotStored() {
        QStringList lines = linesOf(exported_);
        QJsonObject second = QJsonDocument::fromJson(lines[1].toUtf8()).object();
        QJsonArray rewards = second["rewards"].toArray();
        int at = -1;
        for (int i = 0; i < rewards.size() && at < 0; ++i)
            if (rewards[i].toDouble() != 0) at = i;
        QVERIFY(at >= 0);
        rewards[at] = rewards[at].toDouble() + 1;
        second["rewards"] = rewards;
        lines[1] = compact(second);
        QJsonObject third = QJsonDocument::fromJson(lines[2].toUtf8()).object();
        QJsonArray grid = third["final_grid"].toArray();
        QVERIFY(!grid.isEmpty());
        grid.removeLast();
        third["final_grid"] = grid;
        lines[2] = compact(third);
        QTemporaryDir dir;
        const QString file = writeLines(dir.filePath("tampered.jsonl"), lines);
        const QString db = dir.filePath("c.db");
        ProcessResult r = runIglu({"import", "rollouts", file, "--db", db});
        QCOMPARE(r.exitCode, 1);
        const QString prefix2 = QStringLiteral("tampered.jsonl:2 (%1 seed %2 repetition 0): step %3: reward ")
                                    .arg(second["task_id"].toString())
                                    .arg(second["seed"].toInt())
                                    .arg(at + 1);
        QVERIFY2(r.out.contains(prefix2), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("tampered.jsonl:3 (%1 seed %2 repetition 0): final grid: 1 cell differs")
                                    .arg(third["task_id"].toString())
                                    .arg(third["seed"].toInt())),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("12 episodes replayed, 2 diverged, 10 stored"), qPrintable(r.out));
        QCOMPARE(test::storedEpisodes(db, "oracle"), 10);
        // Kept when asked; still exit 1.
        r = runIglu({"import", "rollouts", file, "--db", dir.filePath("d.db"), "--keep-divergent", "--experiment", "kept"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(test::storedEpisodes(dir.filePath("d.db"), "kept"), 12);
    }

    void aMalformedLineStoresNothingOfTheFile_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("field");
        QTest::newRow("action field") << "actions" << R"([{"movement": [0, 0], "camera": [0, 0], "inventory": 0, "placement": 0}])"
                                      << "actions[0].movement";
        QTest::newRow("env option") << "env" << R"({"max_steps": -5})" << "env.max_steps";
        QTest::newRow("unknown task") << "task_id" << R"("no-such-task")" << "task_id";
        QTest::newRow("other blocks") << "task" << R"({"target_blocks": [[0, 0, 0, 1]]})" << "task";
        QTest::newRow("reward count") << "rewards" << "[0]" << "rewards";
    }

    void aMalformedLineStoresNothingOfTheFile() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, field);
        QStringList lines = linesOf(exported_);
        QJsonObject third = QJsonDocument::fromJson(lines[2].toUtf8()).object();
        third[key] = QJsonDocument::fromJson("[" + value.toUtf8() + "]").array()[0];
        if (key == "task_id") third.remove("task");  // an unknown task without its blocks
        lines[2] = compact(third);
        QTemporaryDir dir;
        const QString file = writeLines(dir.filePath("bad.jsonl"), lines);
        // Into the catalog of the runs: nothing changes.
        const auto before = episodesOf(folder_->db, "oracle").size();
        ProcessResult r = runIglu({"import", "rollouts", file, "--db", folder_->db, "--experiment", "imported"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(file + ":3: " + field + ":"), qPrintable(r.err));
        QVERIFY(episodesOf(folder_->db, "imported").empty());
        {
            catalog::Catalog cat(folder_->db.toStdString(), catalog::OpenMode::ReadOnly);
            QVERIFY(!cat.experiment("imported"));
            QVERIFY(!cat.hasTask("no-such-task"));
        }
        QCOMPARE(episodesOf(folder_->db, "oracle").size(), before);
        // Into a new catalog: not created.
        const QString fresh = dir.filePath("fresh.db");
        r = runIglu({"import", "rollouts", file, "--db", fresh});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!QFile::exists(fresh));
    }

    // Two lines of one (experiment, task, seed, repetition): the file is refused, naming both lines,
    // and nothing of it is stored; the count printed is always the episodes stored, and importing
    // the same file again stores the same episodes (replacing them), not more.
    void aRepeatedEpisodeKeyStoresNothingOfTheFile() {
        const QStringList lines = linesOf(exported_);
        QJsonObject reseeded = QJsonDocument::fromJson(lines[1].toUtf8()).object();
        reseeded["seed"] = QJsonDocument::fromJson(lines[0].toUtf8()).object()["seed"];
        QTemporaryDir dir;
        const QString db = dir.filePath("d.db");
        QVERIFY(runIglu({"import", "rollouts", exported_, "--db", db, "--experiment", "kept"}).exitCode == 0);
        const std::vector<std::pair<QStringList, QString>> bad{
            {lines + QStringList{lines[1]}, ":13: episode"},                                        // a line twice
            {QStringList{lines[0], compact(reseeded)} + lines.mid(2), ":2: episode"}};             // another episode, same key
        for (const auto& [content, where] : bad) {
            const QString file = writeLines(dir.filePath("twice.jsonl"), content);
            for (const QString& name : {QStringLiteral("kept"), QStringLiteral("other")}) {
                ProcessResult r = runIglu({"import", "rollouts", file, "--db", db, "--experiment", name});
                QCOMPARE(r.exitCode, 2);
                QVERIFY2(r.err.contains(file + where) && r.err.contains("has the key of line"), qPrintable(r.err));
                QCOMPARE(test::storedEpisodes(db, "kept"), 12);
                QCOMPARE(test::storedEpisodes(db, "other"), 0);
            }
        }
        ProcessResult r = runIglu({"import", "rollouts", exported_, "--db", db, "--experiment", "kept"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("12 episodes replayed, 0 diverged, 12 stored"), qPrintable(r.out));
        QCOMPARE(test::storedEpisodes(db, "kept"), 12);
    }

    void experimentsListShowCompareAgreeWithTheRuns() {
        // list
        ProcessResult r = runIglu({"experiments", "list", "--db", folder_->db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("(?m)^oracle +oracle\\.lua +12 +100\\.0%"))), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("(?m)^random +random\\.lua +12 "))), qPrintable(r.out));
        QVERIFY(r.out.trimmed().endsWith("2 experiments"));
        r = runIglu({"experiments", "list", "--db", folder_->db, "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonArray list = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(list.size(), 2);
        for (const auto& v : list) {
            const QJsonObject e = v.toObject();
            QCOMPARE(e["episodes"].toInt(), 12);
            if (e["name"] == "random") {
                QCOMPARE(e["success_rate"].toDouble(), randomRun_["success_rate"].toDouble());
                QCOMPARE(e["mean_f1"].toDouble(), randomRun_["mean_f1"].toDouble());
            }
        }
        // show: the table exactly as `iglu run` printed it, and its JSON
        r = runIglu({"experiments", "show", "oracle", "--db", folder_->db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith("experiment oracle (agent oracle.lua, flying, 500 steps): 12 episodes"), qPrintable(r.out));
        QCOMPARE(r.out.mid(r.out.indexOf('\n') + 1), oracleTable_);
        const QJsonObject random = jsonOf(runIglu({"experiments", "show", "random", "--db", folder_->db, "--json"}));
        for (const char* k : {"episodes", "success_rate", "mean_f1", "mean_steps", "errors", "per_skill", "baseline"})
            QCOMPARE(random[k], randomRun_[k]);
        const QJsonObject oracle = jsonOf(runIglu({"experiments", "show", "oracle", "--db", folder_->db, "--json"}));
        // compare
        r = runIglu({"experiments", "compare", "oracle", "random", "--db", folder_->db, "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject c = jsonOf(r);
        QCOMPARE(c["common_episodes"].toInt(), 12);
        const QJsonObject all = c["all"].toObject();
        QCOMPARE(all["success_rate_a"].toDouble(), oracle["success_rate"].toDouble());
        QCOMPARE(all["success_rate_b"].toDouble(), random["success_rate"].toDouble());
        QCOMPARE(all["success_rate_delta"].toDouble(), random["success_rate"].toDouble() - oracle["success_rate"].toDouble());
        QCOMPARE(all["mean_f1_delta"].toDouble(), random["mean_f1"].toDouble() - oracle["mean_f1"].toDouble());
        const QJsonObject perA = oracle["per_skill"].toObject();
        const QJsonObject perC = c["per_skill"].toObject();
        QCOMPARE(perC.keys(), perA.keys());
        for (const QString& skill : perA.keys())
            QCOMPARE(perC[skill].toObject()["mean_f1_a"].toDouble(), perA[skill].toObject()["mean_f1"].toDouble());
        // Paired statistics and the per-task table, checked against the stored episodes.
        {
            const QJsonObject paired = c["paired"].toObject();
            QCOMPARE(paired["pairs"].toInt(), 12);
            const QJsonObject sideA = c["side_a"].toObject(), sideB = c["side_b"].toObject();
            QCOMPARE(sideA["success_rate"].toDouble(), oracle["success_rate"].toDouble());
            const QJsonArray ci = sideA["success_rate_ci95"].toArray();
            QVERIFY(ci[0].toDouble() <= sideA["success_rate"].toDouble() && sideA["success_rate"].toDouble() <= ci[1].toDouble());
            QVERIFY(ci[0].toDouble() < 1.0);  // 12 of 12 is not certainty
            // The oracle builds every task, the random agent almost none: the paired tests say so.
            QVERIFY(paired["only_a_succeeded"].toInt() >= 10 && paired["only_b_succeeded"].toInt() == 0);
            QVERIFY(paired["success_mcnemar_p"].toDouble() < 0.01);
            QVERIFY(paired["mean_f1_delta"].toDouble() < 0 && paired["mean_f1_permutation_p"].toDouble() < 0.01);
            const QJsonArray delta = paired["mean_f1_delta_ci95"].toArray();
            QVERIFY(delta[1].toDouble() < 0);
            QCOMPARE(paired["mean_f1_delta"].toDouble(), random["mean_f1"].toDouble() - oracle["mean_f1"].toDouble());
            const QJsonArray tasks = c["per_task"].toArray();
            QVERIFY(!tasks.isEmpty());
            int pairs = 0;
            double previous = 1e9;
            for (const auto& v : tasks) {
                const QJsonObject t = v.toObject();
                pairs += t["pairs"].toInt();
                QVERIFY(t["mean_f1_delta"].toDouble() <= previous + 1e-12);  // biggest gain first
                previous = t["mean_f1_delta"].toDouble();
            }
            QCOMPARE(pairs, 12);
        }
        r = runIglu({"experiments", "compare", "oracle", "random", "--db", folder_->db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith("A = oracle (12 episodes), B = random (12 episodes): 12 common episodes"), qPrintable(r.out));
        QVERIFY2(r.out.contains("paired, 12 common episodes: success only A") && r.out.contains("McNemar exact p") &&
                     r.out.contains("(p < 0.05)") && r.out.contains("task (by F1 change)"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("(?m)^all +12 +12 +100\\.0%"))), qPrintable(r.out));
        // Unknown names list the experiments there are; wrong argument counts are errors.
        r = runIglu({"experiments", "show", "nope", "--db", folder_->db});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no experiment 'nope'") && r.err.contains("experiments: ") && r.err.contains("oracle") &&
                     r.err.contains("random"),
                 qPrintable(r.err));
        r = runIglu({"experiments", "compare", "oracle", "--db", folder_->db});
        QCOMPARE(r.exitCode, 2);
        r = runIglu({"export", "rollouts", "--db", folder_->db, "--experiment", "nope", "-o", folder_->dir.filePath("x.jsonl")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!QFile::exists(folder_->dir.filePath("x.jsonl")));
    }
};

QTEST_GUILESS_MAIN(TestRolloutsCli)
#include "test_rollouts_cli.moc"

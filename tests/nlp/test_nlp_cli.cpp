// `iglu nlp train` then `iglu nlp eval` on real tasks (the shared single-turn sample, imported
// without tapes): the JSON keys of the issue, evaluation on exactly the held-out tasks, the
// ranking half beating chance, k-fold cross-validation without a model; a catalog without a
// question bank skips ranking and says so; bad model files end with a message naming the field.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "support/files.hpp"
#include "support/process.hpp"
#include "support/shared_dir.hpp"

using iglu::test::ProcessResult;

namespace {
ProcessResult runIglu(const QStringList& args) { return iglu::test::runIglu(args, {600000, {}}); }
QJsonObject json(const ProcessResult& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }
}  // namespace

class TestNlpCli : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_, model_;

private slots:
    void initTestCase() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        db_ = dir_.filePath("s.db");
        model_ = dir_.filePath("m.json");
        const ProcessResult imp =
            runIglu({"import", "singleturn", iglu::test::sharedDir() + "/data/iglu-singleturn", "--db", db_, "--no-rollouts"});
        QVERIFY2(imp.exitCode == 0, qPrintable(imp.err));
    }

    void trainThenEvalHeldOut() {
        const ProcessResult t = runIglu({"nlp", "train", "--db", db_, "--model", model_, "--folds", "3", "--json"});
        QVERIFY2(t.exitCode == 0, qPrintable(t.err));
        const QJsonObject tj = json(t);
        const int trained = tj["trained_on"].toInt(), heldOut = tj["held_out"].toInt();
        QCOMPARE(trained + heldOut, 451);
        QVERIFY(heldOut > 50 && heldOut < 130);  // one fifth by id hash
        const ProcessResult e = runIglu({"nlp", "eval", "--db", db_, "--model", model_, "--json"});
        QVERIFY2(e.exitCode == 0, qPrintable(e.err));
        const QJsonObject ej = json(e);
        for (const char* key : {"precision", "recall", "f1", "accuracy", "n"}) QVERIFY2(ej["when"].toObject().contains(key), key);
        for (const char* key : {"mrr", "recall_at_1", "recall_at_5", "recall_at_20", "n"}) QVERIFY2(ej["what"].toObject().contains(key), key);
        QCOMPARE(ej["when"].toObject()["n"].toInt(), heldOut);  // exactly the tasks it was not trained on
        const QJsonObject what = ej["what"].toObject();
        QVERIFY(what["n"].toInt() > 0);
        QVERIFY(what["recall_at_1"].toDouble() <= what["recall_at_5"].toDouble());
        QVERIFY(what["recall_at_5"].toDouble() <= what["recall_at_20"].toDouble());
        QVERIFY2(what["mrr"].toDouble() > 0.1, qPrintable(e.out));  // chance is about 0.03
        // The same model, the same result (deterministic).
        QCOMPARE(runIglu({"nlp", "eval", "--db", db_, "--model", model_, "--json"}).out.section("\"seconds\"", 0, 0),
                 e.out.section("\"seconds\"", 0, 0));
    }

    void crossValidatedWithoutModel() {
        const ProcessResult e = runIglu({"nlp", "eval", "--db", db_, "--folds", "3"});
        QVERIFY2(e.exitCode == 0, qPrintable(e.err));
        QVERIFY2(e.out.contains("3-fold cross-validated on 451 tasks"), qPrintable(e.out));
        QVERIFY2(e.out.contains("class-balanced subset"), qPrintable(e.out));
    }

    void withoutQuestionBankRankingIsSkipped() {
        // The bundled sample without its question_bank.csv: tasks have gold questions, no texts.
        const QString data = dir_.filePath("nobank");
        QVERIFY(QDir().mkpath(data));
        const QString src = iglu::test::sourcePath("examples/data/iglu-singleturn");
        for (const char* sub : {"initial_world_states", "target_world_states"})
            QVERIFY(QFile::link(src + "/" + sub, data + "/" + sub));
        QVERIFY(QFile::copy(src + "/clarifying_questions_train.csv", data + "/clarifying_questions_train.csv"));
        const QString db = dir_.filePath("nobank.db");
        QVERIFY(runIglu({"import", "singleturn", data, "--db", db, "--no-rollouts"}).exitCode == 0);
        const ProcessResult e = runIglu({"nlp", "eval", "--db", db, "--model", model_});
        QVERIFY2(e.exitCode == 0, qPrintable(e.err));
        const ProcessResult j = runIglu({"nlp", "eval", "--db", db, "--model", model_, "--json"});
        const int skipped = json(j)["skipped_without_bank"].toInt();
        QCOMPARE(json(j)["what"].toObject()["n"].toInt(), 0);
        if (skipped > 0) QVERIFY2(e.out.contains("skipped for ranking: no question bank"), qPrintable(e.out));
        // Training needs the question bank for its ranker: refused with the reason.
        const ProcessResult t = runIglu({"nlp", "train", "--db", db, "--model", dir_.filePath("x.json")});
        QVERIFY(t.exitCode >= 1 && t.exitCode <= 125 && !t.crashed);
        QVERIFY2(t.err.contains("question bank") || t.err.contains("both classes"), qPrintable(t.err));
    }

    void badModelFiles() {
        const QString skill = iglu::test::writeFile(dir_.path(), "skill.json", R"({"format": "iglu-skill-model/1"})");
        const QString v9 = iglu::test::writeFile(dir_.path(), "v9.json", R"({"kind": "iglu-clarification-model", "version": 9})");
        const QString garbage = iglu::test::writeFile(dir_.path(), "g.json", "\x01\x02 not json");
        for (const auto& [file, field] : std::vector<std::pair<QString, QString>>{{skill, "kind"}, {v9, "version"}, {garbage, "JSON"}, {dir_.path(), "folder"}}) {
            const ProcessResult e = runIglu({"nlp", "eval", "--db", db_, "--model", file});
            QVERIFY2(e.exitCode >= 1 && e.exitCode <= 125 && !e.crashed, qPrintable(e.err));
            QVERIFY2(e.err.contains(field) && e.err.contains(file), qPrintable(e.err));
        }
    }

    // A sequence on one catalog: the baseline and the shipped Lua model stored as clarification
    // experiments, listed, shown and compared; tagged, annotated, renamed and deleted; the refusals.
    void runStoreShowCompareAndManage() {
        const ProcessResult t = runIglu({"nlp", "train", "--db", db_, "--model", model_});
        QVERIFY2(t.exitCode == 0, qPrintable(t.err));
        const ProcessResult b = runIglu({"nlp", "run", "--db", db_, "--name", "baseline", "--model", model_, "--json"});
        QVERIFY2(b.exitCode == 0, qPrintable(b.err));
        const QJsonObject bj = json(b);
        QCOMPARE(bj["kind"].toString(), QStringLiteral("clarification"));
        // Exactly the held-out tasks, and the same scores as `iglu nlp eval` on them.
        const QJsonObject ev = json(runIglu({"nlp", "eval", "--db", db_, "--model", model_, "--json"}));
        QCOMPARE(bj["when"].toObject()["n"].toInt(), ev["when"].toObject()["n"].toInt());
        QCOMPARE(bj["when"].toObject()["f1"].toDouble(), ev["when"].toObject()["f1"].toDouble());
        QCOMPARE(bj["what"].toObject()["mrr"].toDouble(), ev["what"].toObject()["mrr"].toDouble());
        const QString lua = iglu::test::sourcePath("examples/nlp/grounding_model.lua");
        const ProcessResult l = runIglu({"nlp", "run", "--db", db_, "--name", "grounding", "--script", lua, "--json"});
        QVERIFY2(l.exitCode == 0, qPrintable(l.err));
        QCOMPARE(json(l)["run"].toObject()["tasks"].toInt(), 451);
        QCOMPARE(json(l)["run"].toObject()["errors"].toInt(), 0);
        const ProcessResult show = runIglu({"experiments", "show", "grounding", "--db", db_});
        QVERIFY2(show.exitCode == 0 && show.out.contains("MRR") && show.out.contains("95% intervals"), qPrintable(show.out));
        const ProcessResult cmp = runIglu({"experiments", "compare", "baseline", "grounding", "--db", db_});
        QVERIFY2(cmp.exitCode == 0 && cmp.out.contains("McNemar") && cmp.out.contains("common tasks"), qPrintable(cmp.out));
        // Management.
        QVERIFY(runIglu({"experiments", "tag", "grounding", "rules", "v1", "--db", db_}).exitCode == 0);
        QVERIFY(runIglu({"experiments", "note", "grounding", "iglu.text confidence", "--db", db_}).exitCode == 0);
        QVERIFY(runIglu({"experiments", "rename", "grounding", "rules-v1", "--db", db_}).exitCode == 0);
        const ProcessResult shown = runIglu({"experiments", "show", "rules-v1", "--db", db_, "--json"});
        QCOMPARE(json(shown)["tags"].toString(), QStringLiteral("rules,v1"));
        QCOMPARE(json(shown)["note"].toString(), QStringLiteral("iglu.text confidence"));
        const ProcessResult del = runIglu({"experiments", "delete", "rules-v1", "--db", db_, "--json"});
        QVERIFY2(del.exitCode == 0, qPrintable(del.err));
        QCOMPARE(json(del)["predictions"].toInt(), 451);
        const ProcessResult gone = runIglu({"experiments", "show", "rules-v1", "--db", db_});
        QVERIFY(gone.exitCode != 0 && gone.err.contains("no experiment 'rules-v1'"));
        // Refusals name what is wrong; nothing stored changes.
        for (const QStringList& bad : {QStringList{"nlp", "run", "--db", db_, "--name", "x"},
                                       QStringList{"nlp", "run", "--db", db_, "--name", "x", "--model", model_, "--script", lua},
                                       QStringList{"experiments", "tag", "baseline", "bad tag", "--db", db_},
                                       QStringList{"experiments", "rename", "baseline", "--db", db_},
                                       QStringList{"experiments", "delete", "missing", "--db", db_}}) {
            const ProcessResult r = runIglu(bad);
            QVERIFY2(r.exitCode >= 1 && r.exitCode <= 125 && !r.crashed && !r.err.isEmpty(), qPrintable(bad.join(' ') + "\n" + r.err));
        }
        QCOMPARE(json(runIglu({"experiments", "show", "baseline", "--db", db_, "--json"}))["when"].toObject()["f1"].toDouble(),
                 bj["when"].toObject()["f1"].toDouble());
    }
};

QTEST_GUILESS_MAIN(TestNlpCli)
#include "test_nlp_cli.moc"

// The `iglu` command line as a user runs it: exit codes, the closing line, JSON keys.
#include <set>

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "support/files.hpp"
#include "support/process.hpp"
#include "support/shared_dir.hpp"

namespace {

using iglu::test::ProcessResult;
using iglu::test::runIglu;

QString lastLine(const QString& s) { return s.trimmed().split('\n').last(); }

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void versionAndHelp() {
        ProcessResult v = runIglu({"--version"});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith("iglu "));
        ProcessResult h = runIglu({"--help"});
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains("conformance"));
        QVERIFY(h.out.contains("bench"));
        ProcessResult bad = runIglu({"no-such-command"});
        QVERIFY(bad.exitCode != 0);
    }

    void conformancePassesOnTheReferenceRecordings() {
        IGLU_REQUIRE_SHARED("conformance");
        ProcessResult r = runIglu({"conformance", iglu::test::sharedDir() + "/conformance"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out.right(2000)));
        static const QRegularExpression closing(QStringLiteral("^(\\d+) passed, 0 failed$"));
        const auto m = closing.match(lastLine(r.out));
        QVERIFY2(m.hasMatch(), qPrintable(lastLine(r.out)));
        QCOMPARE(m.captured(1).toInt(), 71 + 283 + 1);  // every trace, every intersection case, the POV frames
        QVERIFY2(r.out.contains("34 POV frames: class agreement median"), qPrintable(r.out.right(2000)));
        QVERIFY(!r.out.contains("FAIL"));
    }

    void conformanceNamesTheFailingTraceStepAndField() {
        IGLU_REQUIRE_SHARED("conformance");
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("traces"));
        QFile src(iglu::test::sharedDir() + "/conformance/traces/01_CQ-game-1_walking.json");
        QVERIFY(src.open(QIODevice::ReadOnly));
        QByteArray text = src.readAll();
        // Claim a different reward on the first rewarded step.
        const qsizetype at = text.indexOf("\"reward\":-0.1");
        QVERIFY(at > 0);
        text.replace(at, 13, "\"reward\":-0.2");
        QFile dst(dir.filePath("traces/bad.json"));
        QVERIFY(dst.open(QIODevice::WriteOnly));
        dst.write(text);
        dst.close();
        ProcessResult r = runIglu({"conformance", dir.path()});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastLine(r.out), QStringLiteral("0 passed, 1 failed"));
        static const QRegularExpression fail(QStringLiteral("^FAIL bad\\.json step \\d+: reward: expected -0\\.2"),
                                             QRegularExpression::MultilineOption);
        QVERIFY2(fail.match(r.out).hasMatch(), qPrintable(r.out));
    }

    void conformanceOnAnEmptyFolderIsAnError() {
        QTemporaryDir dir;
        ProcessResult r = runIglu({"conformance", dir.path()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no traces"));
    }

    void benchJsonHasTheStableKeys() {
        ProcessResult r = runIglu({"bench", "--quick", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        for (const char* key : {"env_walking_steps_per_s", "env_flying_steps_per_s", "env_place_break_steps_per_s",
                                "maxint_full_us", "maxint_incremental_us", "env_threads_speedup", "import_mb_per_s",
                                "task_query_ms"}) {
            QVERIFY2(o.contains(key), key);
            QVERIFY2(o.value(key).toDouble() > 0, key);
        }
        // The place/break policy must really change the grid on about a fifth of the steps.
        const double changing = o.value("env_place_break_grid_change_fraction").toDouble();
        QVERIFY2(changing > 0.1 && changing < 0.35, qPrintable(QString::number(changing)));
        QCOMPARE(o.value("task_query_catalog_tasks").toInt(), 10000);
    }

    void importThenListTasks() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/c.db";
        const QString sample = QStringLiteral(IGLU_SOURCE_DIR) + "/examples/data";
        ProcessResult imp = runIglu({"import", "singleturn", sample + "/iglu-singleturn", "--db", db});
        QVERIFY2(imp.exitCode == 0, qPrintable(imp.err));
        QVERIFY2(imp.out.startsWith("singleturn: imported 20, skipped 0, human rollouts 20"), qPrintable(imp.out));
        QVERIFY(imp.err.contains("importing singleturn 20/20 (100%)"));  // the progress line
        ProcessResult again = runIglu({"import", "singleturn", sample + "/iglu-singleturn", "--db", db, "--json"});
        const QJsonObject report = QJsonDocument::fromJson(again.out.toUtf8()).object();
        QCOMPARE(report.value("imported").toInt(), 20);
        QVERIFY(report.contains("skipped_by_reason"));
        QVERIFY(runIglu({"import", "structures", sample + "/structures.json", "--db", db}).exitCode == 0);

        ProcessResult all = runIglu({"tasks", "--db", db, "--json"});
        QCOMPARE(all.exitCode, 0);
        const auto lines = all.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 20 + 156);  // no duplicates after the re-import
        const QJsonObject first = QJsonDocument::fromJson(lines.first().toUtf8()).object();
        for (const char* key : {"id", "instruction", "clear", "starting_blocks", "target_blocks"}) QVERIFY2(first.contains(key), key);
        const QJsonArray block = first.value("target_blocks").toArray().first().toArray();
        QCOMPARE(block.size(), 4);
        QVERIFY(block[1].toInt() >= -1 && block[1].toInt() <= 7);  // IGLU y, not voxel y

        ProcessResult unclear = runIglu({"tasks", "--db", db, "--clear", "no", "--json"});
        QCOMPARE(unclear.out.trimmed().split('\n').size(), 4);
        for (const auto& line : unclear.out.trimmed().split('\n'))
            QCOMPARE(QJsonDocument::fromJson(line.toUtf8()).object().value("clear").toBool(true), false);
        ProcessResult tall = runIglu({"tasks", "--db", db, "--skill", "tall,flying", "--text", "structure", "--limit", "3"});
        QCOMPARE(lastLine(tall.out), QStringLiteral("3 tasks"));
        ProcessResult bad = runIglu({"tasks", "--db", db, "--skill", "wobbly"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("unknown skill 'wobbly'"));
    }

    void labelAutoAndEval() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/c.db";
        const QString sample = QStringLiteral(IGLU_SOURCE_DIR) + "/examples/data";
        QCOMPARE(runIglu({"import", "structures", sample + "/structures.json", "--db", db}).exitCode, 0);
        ProcessResult labeled = runIglu({"label", "auto", "--db", db});
        QVERIFY2(labeled.exitCode == 0, qPrintable(labeled.err));
        QVERIFY(labeled.out.startsWith("labeled 156 of 156 tasks (auto-labeler v1)"));
        // Auto labels sit beside the human ones; the listing prefers the human labels.
        ProcessResult c1 = runIglu({"tasks", "--db", db, "--text", "bell", "--json"});
        const QJsonObject bell = QJsonDocument::fromJson(c1.out.trimmed().split('\n').first().toUtf8()).object();
        QCOMPARE(bell.value("id").toString(), QStringLiteral("C1"));
        QCOMPARE(bell.value("human_skills").toArray(), (QJsonArray{"flying", "tall"}));
        QVERIFY(bell.value("auto_skills").toArray().contains(QJsonValue("flat")));  // one vertical plane

        ProcessResult eval = runIglu({"label", "eval", sample + "/structures.json", "--json"});
        QVERIFY2(eval.exitCode == 0, qPrintable(eval.err));
        const QJsonObject o = QJsonDocument::fromJson(eval.out.toUtf8()).object();
        QCOMPARE(o.value("structures").toInt(), 104);
        for (const char* skill : {"flat", "flying", "tricky", "tall", "diagonal"}) {
            const QJsonObject k = o.value("per_skill").toObject().value(skill).toObject();
            for (const char* key : {"precision", "recall", "f1", "kappa"}) QVERIFY2(k.contains(key), key);
            QCOMPARE(k.value("tp").toInt() + k.value("fp").toInt() + k.value("fn").toInt() + k.value("tn").toInt(), 104);
        }
        ProcessResult text = runIglu({"label", "eval", sample + "/structures.json"});
        QVERIFY(text.out.contains("flying"));
        // The labeler that learns: trained on the same labels (file or catalog), cross-validated
        // beside the rules, then evaluated under "model" with the rules under "rules".
        const QString model = dir.path() + "/model.json";
        ProcessResult train = runIglu({"label", "train", sample + "/structures.json", "--model", model, "--json"});
        QVERIFY2(train.exitCode == 0, qPrintable(train.err));
        const QJsonObject t = QJsonDocument::fromJson(train.out.toUtf8()).object();
        QCOMPARE(t.value("trained_on").toInt(), 104);
        for (const char* skill : {"flat", "flying", "tricky", "tall", "diagonal"}) {
            const QJsonObject cv = t.value("cross_validated").toObject().value(skill).toObject();
            QCOMPARE(cv.value("tp").toInt() + cv.value("fp").toInt() + cv.value("fn").toInt() + cv.value("tn").toInt(), 104);
            QCOMPARE(t.value("rules").toObject().value(skill).toObject().value("f1").toDouble(),
                     o.value("per_skill").toObject().value(skill).toObject().value("f1").toDouble());
        }
        ProcessResult fromDb = runIglu({"label", "train", "--db", db, "--model", dir.path() + "/model-db.json"});
        QVERIFY2(fromDb.exitCode == 0 && fromDb.out.startsWith("trained on 104 labeled tasks"), qPrintable(fromDb.out + fromDb.err));
        ProcessResult both = runIglu({"label", "eval", sample + "/structures.json", "--model", model, "--json"});
        QVERIFY2(both.exitCode == 0, qPrintable(both.err));
        const QJsonObject b = QJsonDocument::fromJson(both.out.toUtf8()).object();
        QCOMPARE(b.value("rules").toObject().value("per_skill"), o.value("per_skill"));
        QCOMPARE(b.value("model").toObject().value("per_skill").toObject().keys(), o.value("per_skill").toObject().keys());
        QVERIFY(b.value("model").toObject().value("per_skill").toObject().value("tall").toObject().value("f1").toDouble() > 0.5);
        ProcessResult badModel = runIglu({"label", "eval", sample + "/structures.json", "--model", sample + "/structures.json"});
        QCOMPARE(badModel.exitCode, 2);
        QVERIFY2(badModel.err.contains("structures.json: format"), qPrintable(badModel.err));
        ProcessResult neither = runIglu({"label", "train", "--model", model});
        QCOMPARE(neither.exitCode, 2);
        // The model becomes the suggestion source for the skills it scored higher on than the rules
        // (scores stored in the model file by train), and only for those.
        std::set<QString> preferred;
        for (const char* skill : {"flat", "flying", "tricky", "tall", "diagonal"})
            if (t.value("cross_validated").toObject().value(skill).toObject().value("f1").toDouble() >
                t.value("rules").toObject().value(skill).toObject().value("f1").toDouble())
                preferred.insert(QString::fromLatin1(skill));
        ProcessResult withModel = runIglu({"label", "auto", "--db", db, "--model", model});
        QVERIFY2(withModel.exitCode == 0, qPrintable(withModel.err));
        for (const QString& skill : preferred) QVERIFY2(withModel.out.contains("  " + skill + " suggested by the model"), qPrintable(withModel.out));
        ProcessResult labelsOut = runIglu({"label", "export", "--db", db, "--out", dir.path() + "/auto.json", "--source", "auto"});
        QVERIFY2(labelsOut.exitCode == 0, qPrintable(labelsOut.err));
        const QString exported = QString::fromUtf8(iglu::test::readAll(dir.path() + "/auto.json"));
        QCOMPARE(exported.contains(QStringLiteral("skill-model v1")), !preferred.empty());
        ProcessResult badAuto = runIglu({"label", "auto", "--db", db, "--model", sample + "/structures.json"});
        QCOMPARE(badAuto.exitCode, 2);
        QVERIFY2(badAuto.err.contains("structures.json: format"), qPrintable(badAuto.err));
        ProcessResult missing = runIglu({"label", "eval", dir.path() + "/none.json"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("none.json: no such file"));
        // Too few labeled structures to train (3 of the sample's): an error naming the file and
        // the counts, no model written (core::trainSkillModel's check, shared with the workbench).
        QJsonObject few = QJsonDocument::fromJson(iglu::test::readAll(sample + "/structures.json")).object();
        QJsonArray three;
        for (const QJsonValue v : few.value("structures").toArray())
            if (three.size() < 3 && !v.toObject().value("skills").isNull() && v.toObject().contains("skills")) three.append(v);
        few["structures"] = three;
        QFile fewFile(dir.path() + "/few.json");
        QVERIFY(fewFile.open(QIODevice::WriteOnly));
        fewFile.write(QJsonDocument(few).toJson());
        fewFile.close();
        ProcessResult tooFew = runIglu({"label", "train", dir.path() + "/few.json", "--model", dir.path() + "/few-model.json"});
        QCOMPARE(tooFew.exitCode, 2);
        QVERIFY2(tooFew.err.contains("few.json: too few labeled tasks to train the skill model: 3 with a human label for every skill, "
                                     "at least 10 needed"),
                 qPrintable(tooFew.err));
        QVERIFY(!QFile::exists(dir.path() + "/few-model.json"));
    }

    void importErrorsAreClear() {
        QTemporaryDir dir;
        ProcessResult missing = runIglu({"import", "singleturn", dir.path(), "--db", dir.path() + "/c.db"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("clarifying_questions_train.csv: no such file"), qPrintable(missing.err));
        QFile notCatalog(dir.path() + "/notes.txt");
        QVERIFY(notCatalog.open(QIODevice::WriteOnly));
        notCatalog.write(QByteArray(4096, 'x'));
        notCatalog.close();
        ProcessResult foreign = runIglu({"tasks", "--db", dir.path() + "/notes.txt"});
        QCOMPARE(foreign.exitCode, 2);
        QVERIFY2(foreign.err.contains("notes.txt: not an IGLU catalog"), qPrintable(foreign.err));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"

// The one rule for every file a command writes (core/util/output_check.hpp), through every command
// that writes one: an output that is an input of the same command — the same path, a symbolic
// link to it, a hard link of it, a catalog's -wal sibling — or an output of the wrong kind
// (--out view.jpg) or in a missing folder is refused before anything runs: a clear error (exit
// 1..125, no signal), and the folder holding the catalog and the other inputs is byte for byte
// as it was (nothing replaced, nothing created).
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include "support/files.hpp"
#include "support/process.hpp"

using iglu::test::ProcessResult;
using iglu::test::runIglu;

class TestOutputFiles : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString db_, labels_, rollouts_, script_;

    QString path(const char* name) const { return tmp_.filePath(QString::fromLatin1(name)); }

private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        db_ = path("c.db");
        rollouts_ = path("r.jsonl");
        labels_ = path("labels.json");
        QVERIFY(QFile::copy(QStringLiteral(IGLU_SOURCE_DIR "/examples/rollouts/example.jsonl"), rollouts_));
        QVERIFY(QFile::copy(QStringLiteral(IGLU_SOURCE_DIR "/examples/data/structures.json"), labels_));
        ProcessResult r = runIglu({"import", "structures", labels_, "--db", db_});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runIglu({"import", "rollouts", rollouts_, "--db", db_});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        script_ = iglu::test::writeFile(tmp_.path(), "exp.lua", "return { agent = 'a.lua' }\n");
        // Links to the catalog under names of every output kind.
        for (const char* name : {"link.json", "link.jsonl", "link.png", "link.mp4", "link.csv"})
            QVERIFY(QFile::link(db_, path(name)));
        QCOMPARE(::link(db_.toLocal8Bit().constData(), path("hard.json").toLocal8Bit().constData()), 0);
        QCOMPARE(::link(db_.toLocal8Bit().constData(), path("hard.png").toLocal8Bit().constData()), 0);
        QCOMPARE(::link(rollouts_.toLocal8Bit().constData(), path("hard-r.db").toLocal8Bit().constData()), 0);
        // A dangling link to the catalog's WAL (a write through it would create the WAL file).
        QVERIFY(QFile::link(db_ + "-wal", path("wal.jsonl")));
    }

    void outputsThatAreInputsAreRefused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QString db = db_, task = "blue-in-front";
        const QStringList render{"render", "--db", db, "--task", task, "--pov", "--rollout", "random:1"};
        const QStringList exportR{"export", "rollouts", "--db", db, "--experiment", "example_agent", "-o"};
        struct Row {
            const char* name;
            QStringList args;
            QString says;
        };
        const QList<Row> rows{
            {"label train --model = --db", {"label", "train", "--db", db, "--model", db}, "is the input --db"},
            {"label train --model link", {"label", "train", "--db", db, "--model", path("link.json")}, "is the input --db"},
            {"label train --model hard link", {"label", "train", "--db", db, "--model", path("hard.json")}, "is the input --db"},
            {"label train --model = LABELS", {"label", "train", labels_, "--model", labels_}, "is the input LABELS"},
            {"label train --model -wal", {"label", "train", "--db", db, "--model", db + "-wal"}, "the input --db"},
            {"label train --model missing folder", {"label", "train", labels_, "--model", path("no/m.json")}, "does not exist"},
            {"label train --model .txt", {"label", "train", labels_, "--model", path("m.txt")}, "'.txt'"},
            {"export -o = --db", exportR + QStringList{db}, "is the input --db"},
            {"export -o link", exportR + QStringList{path("link.jsonl")}, "is the input --db"},
            {"export -o dangling link to -wal", exportR + QStringList{path("wal.jsonl")}, "the input --db"},
            {"export -o .json", exportR + QStringList{path("out.json")}, "'.json'"},
            {"render --out = --db", render + QStringList{"--out", db}, "is the input --db"},
            {"render --out link", render + QStringList{"--out", path("link.png")}, "is the input --db"},
            {"render --out hard link", render + QStringList{"--out", path("hard.png")}, "is the input --db"},
            {"render --out .jpg", render + QStringList{"--out", path("view.jpg")}, "'.jpg'"},
            {"render --video link", render + QStringList{"--video", path("link.mp4")}, "is the input --db"},
            {"render --video missing folder", render + QStringList{"--video", path("nodir/x.mp4")}, "does not exist"},
            {"render --frames = --db", render + QStringList{"--frames", db}, "is the input --db"},
            {"label export --out link", {"label", "export", "--db", db, "--out", path("link.csv")}, "is the input --db"},
            {"label export --out .txt", {"label", "export", "--db", db, "--out", path("l.txt")}, "'.txt'"},
            {"label import FILE = --db", {"label", "import", labels_, "--db", labels_}, "is the input FILE"},
            {"label auto --model = --db", {"label", "auto", "--db", db, "--model", db}, "the input --model"},
            {"import structures PATH = --db", {"import", "structures", labels_, "--db", labels_}, "is the input PATH"},
            {"import rollouts PATH = --db", {"import", "rollouts", rollouts_, "--db", rollouts_}, "is the input PATH"},
            {"import rollouts --db hard link", {"import", "rollouts", rollouts_, "--db", path("hard-r.db")}, "is the input PATH"},
            {"run --db = EXPERIMENT", {"run", script_, "--db", script_}, "is the input EXPERIMENT"},
        };
        for (const auto& r : rows) QTest::newRow(r.name) << r.args << r.says;
    }

    void outputsThatAreInputsAreRefused() {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const auto before = iglu::test::snapshot(tmp_.path());
        const ProcessResult r = runIglu(args);
        QVERIFY2(!r.crashed, "the command crashed or hung");
        QVERIFY2(r.exitCode >= 1 && r.exitCode <= 125, qPrintable(QString::number(r.exitCode) + ": " + r.err));
        QVERIFY2(r.err.contains(says), qPrintable(r.err));
        // Nothing replaced, nothing created (no WAL, no .part, no image).
        const auto after = iglu::test::snapshot(tmp_.path());
        QCOMPARE(after.keys(), before.keys());
        QVERIFY(after == before);
        const ProcessResult t = runIglu({"tasks", "--db", db_, "--limit", "1"});
        QVERIFY2(t.exitCode == 0, qPrintable(t.err));
    }

    // The same commands with proper outputs still write them.
    void properOutputsAreWritten() {
        ProcessResult r = runIglu({"export", "rollouts", "--db", db_, "--experiment", "example_agent", "-o", path("out.jsonl")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(path("out.jsonl")));
        r = runIglu({"render", "--db", db_, "--task", "blue-in-front", "--pov", "--out", path("view.PNG")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(iglu::test::readAll(path("view.PNG")).startsWith("\x89PNG"));
        r = runIglu({"label", "export", "--db", db_, "--out", path("labels.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestOutputFiles)
#include "test_output_files.moc"

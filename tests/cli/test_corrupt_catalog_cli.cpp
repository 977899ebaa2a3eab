// Every `iglu` command that takes --db, run as a user runs it on the corrupt-catalog corpus
// (tests/support/corrupt_catalogs.hpp): a non-zero exit (not a signal), an error on stderr naming
// the file, and the file's folder byte for byte as it was (no -wal, -shm or journal created).
// Also the open modes from the command line: an empty --db, a catalog that does not exist (never
// created by a failing command), and a write-protected catalog or folder (listed, not changed).
#include <QtTest>

#include <QFileInfo>
#include <QTemporaryDir>

#include <unistd.h>

#include "support/corrupt_catalogs.hpp"
#include "support/process.hpp"

namespace {

using iglu::test::igluPath;
using iglu::test::ProcessResult;

ProcessResult runIglu(const QStringList& args, bool asOtherUser = false) {
    // Root ignores file permissions: a write-protected catalog is tried as the user "nobody".
    if (asOtherUser && ::geteuid() == 0)
        return iglu::test::runProcess(QStringLiteral("setpriv"),
                                      QStringList{"--reuid=65534", "--regid=65534", "--clear-groups", igluPath()} + args);
    return iglu::test::runIglu(args);
}

}  // namespace

class TestCorruptCatalogCli : public QObject {
    Q_OBJECT
    QTemporaryDir work_;
    QString good_, labels_, rollouts_;
    QTemporaryDir corpusDir_;
    std::vector<iglu::test::CorruptCatalog> corpus_;

private slots:
    void initTestCase() {
        QVERIFY(work_.isValid());
        good_ = work_.filePath("good/good.db");
        QDir(work_.path()).mkpath("good");
        ProcessResult imp = runIglu({"import", "structures", iglu::test::sourcePath("examples/data/structures.json"), "--db", good_});
        QVERIFY2(imp.exitCode == 0, qPrintable(imp.err));
        ProcessResult lab = runIglu({"label", "auto", "--db", good_});
        QVERIFY2(lab.exitCode == 0, qPrintable(lab.err));
        labels_ = work_.filePath("labels.csv");
        ProcessResult exp = runIglu({"label", "export", "--db", good_, "--out", labels_});
        QVERIFY2(exp.exitCode == 0, qPrintable(exp.err));
        QVERIFY(!QFileInfo::exists(good_ + "-wal"));
        // A rollout file of one episode on a task of the catalog.
        rollouts_ = iglu::test::writeFile(work_.path(), "rollouts.jsonl",
                                          R"({"format": "iglu-rollout/1", "agent": "a", "task_id": "C1", )"
                                          R"("env": {"discretize": true}, "actions": [1, 17, 16]})");
        QVERIFY(!rollouts_.isEmpty());
        // An experiment in the good catalog, for the experiments / export commands.
        ProcessResult run = runIglu({"run", iglu::test::sourcePath("examples/experiments/oracle_flying.lua"), "--db", good_,
                                     "--tasks", "ids:C1", "--quiet"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(corpusDir_.isValid());
        corpus_ = iglu::test::writeCorruptCatalogs(good_, corpusDir_.path());
    }

    // One row per command (each row has its own QtTest watchdog: the whole corpus for one command
    // takes about 30 runs; all of them together took more than the function timeout under ASan on CI).
    void everyCommandRefusesEveryCorruptCatalog_data() {
        QTest::addColumn<QStringList>("command");
        const QString out = work_.filePath("out");
        QDir().mkpath(out);
        // Each command of the README's table that takes --db; %1 is the catalog.
        QTest::newRow("tasks") << QStringList{"tasks", "--db", "%1"};
        QTest::newRow("tasks --json --skill") << QStringList{"tasks", "--db", "%1", "--json", "--skill", "tall"};
        QTest::newRow("import structures")
            << QStringList{"import", "structures", iglu::test::sourcePath("examples/data/structures.json"), "--db", "%1"};
        QTest::newRow("label auto") << QStringList{"label", "auto", "--db", "%1"};
        QTest::newRow("label export") << QStringList{"label", "export", "--db", "%1", "--out", out + "/labels.json"};
        QTest::newRow("label import") << QStringList{"label", "import", labels_, "--db", "%1"};
        QTest::newRow("run") << QStringList{"run", iglu::test::sourcePath("examples/experiments/oracle_flying.lua"),
                                            "--db", "%1", "--tasks", "ids:C1", "--quiet"};
        QTest::newRow("render") << QStringList{"render", "--db", "%1", "--task", "C1", "--pov", "--size", "32x32",
                                               "--out", out + "/pov.png"};
        // The good catalog holds the experiment `oracle_flying` (initTestCase).
        QTest::newRow("experiments list") << QStringList{"experiments", "list", "--db", "%1"};
        QTest::newRow("experiments show") << QStringList{"experiments", "show", "oracle_flying", "--db", "%1", "--json"};
        QTest::newRow("experiments compare")
            << QStringList{"experiments", "compare", "oracle_flying", "oracle_flying", "--db", "%1"};
        QTest::newRow("export rollouts") << QStringList{"export", "rollouts", "--db", "%1", "--experiment", "oracle_flying",
                                                        "-o", out + "/rollouts.jsonl"};
        QTest::newRow("import rollouts") << QStringList{"import", "rollouts", rollouts_, "--db", "%1"};
        QTest::newRow("talk") << QStringList{"talk", "--db", "%1", "--task", "C1", "--agent",
                                             iglu::test::sourcePath("examples/agents/language_builder.lua"), "--say", "build a red block"};
        QTest::newRow("sessions list") << QStringList{"sessions", "list", "--db", "%1"};
        QTest::newRow("experiments feedback") << QStringList{"experiments", "feedback", "--db", "%1"};
    }

    void everyCommandRefusesEveryCorruptCatalog() {
        QFETCH(QStringList, command);
        QVERIFY(corpus_.size() >= 30);
        // The control: the command works on a good copy (so a refusal below is about the file).
        {
            QTemporaryDir copyDir;
            const QString copy = copyDir.filePath("copy.db");
            QVERIFY(QFile::copy(good_, copy));
            QStringList args = command;
            args.replaceInStrings("%1", copy);
            const ProcessResult r = runIglu(args);
            QVERIFY2(r.exitCode == 0, qPrintable(args.join(' ') + "\n" + r.err.right(2000)));
        }
        for (const auto& bad : corpus_) {
            const QString folder = QFileInfo(bad.path).absolutePath();
            const auto before = iglu::test::snapshot(folder);
            QStringList args = command;
            args.replaceInStrings("%1", bad.path);
            const ProcessResult r = runIglu(args);
            const QString where = QStringLiteral("iglu %1\n  on %2 (%3):\n  ").arg(args.join(' '), bad.name, bad.what);
            QVERIFY2(!r.crashed, qPrintable(where + "crashed (signal)\n" + r.err.right(1000)));
            QVERIFY2(r.exitCode != 0, qPrintable(where + "exit code 0\n" + r.out.right(1000)));
            QVERIFY2(r.err.contains(bad.name + ".db"), qPrintable(where + "stderr does not name the file: " + r.err.right(1000)));
            QVERIFY2(r.err.contains("error"), qPrintable(where + r.err.right(1000)));
            QVERIFY2(iglu::test::snapshot(folder) == before, qPrintable(where + "the file or its folder changed"));
        }
    }

    void emptyAndMissingCatalogsAreNeverCreated() {
        QTemporaryDir dir;
        const QString structures = iglu::test::sourcePath("examples/data/structures.json");
        // An empty --db is an error, not a temporary database that stores nothing.
        for (const QStringList& args : {QStringList{"import", "structures", structures, "--db", ""},
                                        QStringList{"tasks", "--db", ""}, QStringList{"label", "auto", "--db", ""},
                                        QStringList{"label", "import", labels_, "--db", ""}}) {
            const ProcessResult r = runIglu(args);
            QVERIFY2(!r.crashed && r.exitCode != 0, qPrintable(args.join(' ') + ": " + r.out));
            QVERIFY2(!r.err.trimmed().isEmpty(), qPrintable(args.join(' ')));
        }
        // Commands that read or change a catalog never create one.
        const QString absent = dir.filePath("absent.db");
        for (const QStringList& args :
             {QStringList{"tasks", "--db", absent}, QStringList{"label", "auto", "--db", absent},
              QStringList{"label", "export", "--db", absent, "--out", dir.filePath("l.csv")},
              QStringList{"label", "import", labels_, "--db", absent},
              QStringList{"render", "--db", absent, "--task", "C1", "--pov", "--out", dir.filePath("p.png")},
              QStringList{"experiments", "list", "--db", absent},
              QStringList{"export", "rollouts", "--db", absent, "--task", "C1", "-o", dir.filePath("r.jsonl")}}) {
            const ProcessResult r = runIglu(args);
            QVERIFY2(!r.crashed && r.exitCode != 0, qPrintable(args.join(' ')));
            QVERIFY2(r.err.contains("absent.db"), qPrintable(args.join(' ') + ": " + r.err));
            QVERIFY2(QDir(dir.path()).entryList(QDir::Files).isEmpty(), qPrintable(args.join(' ') + " created a file"));
        }
        // An import that fails before storing anything leaves no catalog behind.
        const ProcessResult bad = runIglu({"import", "singleturn", dir.filePath("no-such-dataset"), "--db", absent});
        QVERIFY(!bad.crashed && bad.exitCode != 0);
        QVERIFY2(QDir(dir.path()).entryList(QDir::Files).isEmpty(), "a failed import left a catalog file");
        // And one that stores tasks creates it.
        QCOMPARE(runIglu({"import", "structures", structures, "--db", absent}).exitCode, 0);
        QVERIFY(QFileInfo::exists(absent));
    }

    void writeProtectedCatalogsAreListedNotChanged() {
        // A write-protected catalog in a writable folder, and a catalog in a read-only folder
        // (where SQLite cannot create its -wal / -shm).
        QTemporaryDir dir;
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                              QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther);
        const QString roFile = dir.filePath("ro.db");
        QVERIFY(QFile::copy(good_, roFile));
        QVERIFY(QFile::setPermissions(roFile, QFileDevice::ReadOwner | QFileDevice::ReadOther | QFileDevice::ReadGroup));
        QDir(dir.path()).mkdir("rodir");
        const QString roDir = dir.filePath("rodir/c.db");
        QVERIFY(QFile::copy(good_, roDir));
        QVERIFY(QFile::setPermissions(roDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther));
        const QString writableInRoDir = dir.filePath("rodir/w.db");  // writable file, read-only folder
        QVERIFY(QFile::copy(good_, writableInRoDir));
        QVERIFY(QFile::setPermissions(writableInRoDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                           QFileDevice::ReadOther | QFileDevice::WriteOther));
        QVERIFY(QFile::setPermissions(dir.filePath("rodir"), QFileDevice::ReadOwner | QFileDevice::ExeOwner |
                                                                 QFileDevice::ReadOther | QFileDevice::ExeOther));
        for (const QString& db : {roDir, writableInRoDir, roFile}) {
            const QString folder = QFileInfo(db).absolutePath();
            const auto before = iglu::test::snapshot(folder);
            const ProcessResult list = runIglu({"tasks", "--db", db}, true);
            QVERIFY2(list.exitCode == 0, qPrintable(db + ": " + list.err));
            QVERIFY2(list.out.trimmed().endsWith("156 tasks"), qPrintable(list.out.right(300)));
            const ProcessResult json = runIglu({"tasks", "--db", db, "--json", "--limit", "1"}, true);
            QVERIFY2(json.exitCode == 0 && json.out.startsWith("{"), qPrintable(json.err));
            const ProcessResult exported = runIglu({"label", "export", "--db", db, "--out", dir.filePath("exported.csv")}, true);
            QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
            // Writing commands say so, naming the file.
            const ProcessResult label = runIglu({"label", "auto", "--db", db}, true);
            QVERIFY2(!label.crashed && label.exitCode != 0 && label.err.contains(QFileInfo(db).fileName()),
                     qPrintable(label.err));
            QVERIFY2(label.err.contains("the catalog is read-only"), qPrintable(label.err));  // said before any work starts
            // Readers may leave SQLite's -wal / -shm beside a write-protected file, never change it.
            QCOMPARE(iglu::test::readAll(db), before.value(QFileInfo(db).fileName()));
            if (db != roFile) QVERIFY(iglu::test::snapshot(folder) == before);
        }
        QFile::setPermissions(dir.filePath("rodir"), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
};

QTEST_GUILESS_MAIN(TestCorruptCatalogCli)
#include "test_corrupt_catalog_cli.moc"

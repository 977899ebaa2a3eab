// The `iglu` command line as a user runs it: exit codes, the closing line, JSON keys.
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include "../shared_dir.hpp"

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run runIglu(const QStringList& args, int timeoutMs = 300000) {
    QProcess p;
    p.start(QStringLiteral(IGLU_CLI_PATH), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString lastLine(const QString& s) { return s.trimmed().split('\n').last(); }

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void versionAndHelp() {
        Run v = runIglu({"--version"});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith("iglu "));
        Run h = runIglu({"--help"});
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains("conformance"));
        QVERIFY(h.out.contains("bench"));
        Run bad = runIglu({"no-such-command"});
        QVERIFY(bad.exitCode != 0);
    }

    void conformancePassesOnTheReferenceRecordings() {
        IGLU_REQUIRE_SHARED("conformance");
        Run r = runIglu({"conformance", iglu::test::sharedDir() + "/conformance"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out.right(2000)));
        static const QRegularExpression closing(QStringLiteral("^(\\d+) passed, 0 failed$"));
        const auto m = closing.match(lastLine(r.out));
        QVERIFY2(m.hasMatch(), qPrintable(lastLine(r.out)));
        QCOMPARE(m.captured(1).toInt(), 71 + 283);  // every trace and every intersection case
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
        Run r = runIglu({"conformance", dir.path()});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastLine(r.out), QStringLiteral("0 passed, 1 failed"));
        static const QRegularExpression fail(QStringLiteral("^FAIL bad\\.json step \\d+: reward: expected -0\\.2"),
                                             QRegularExpression::MultilineOption);
        QVERIFY2(fail.match(r.out).hasMatch(), qPrintable(r.out));
    }

    void conformanceOnAnEmptyFolderIsAnError() {
        QTemporaryDir dir;
        Run r = runIglu({"conformance", dir.path()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no traces"));
    }

    void benchJsonHasTheStableKeys() {
        Run r = runIglu({"bench", "--quick", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        for (const char* key : {"env_walking_steps_per_s", "env_flying_steps_per_s", "env_place_break_steps_per_s",
                                "maxint_full_us", "maxint_incremental_us", "env_threads_speedup"}) {
            QVERIFY2(o.contains(key), key);
            QVERIFY2(o.value(key).toDouble() > 0, key);
        }
        // The place/break policy must really change the grid on about a fifth of the steps.
        const double changing = o.value("env_place_break_grid_change_fraction").toDouble();
        QVERIFY2(changing > 0.1 && changing < 0.35, qPrintable(QString::number(changing)));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"

// The shared test helpers themselves: the process runner reports exit codes, signals, hangs and
// programs that do not start; forkAndKillWhenReady tells a child killed where it said from one that
// ended first; imagesMatch accepts what is within the tolerance and writes the three images of a
// mismatch; snapshot sees a changed byte and a new file. Other tests rely on these to fail.
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include "support/files.hpp"
#include "support/image_compare.hpp"
#include "support/process.hpp"

using namespace iglu::test;

class TestSupport : public QObject {
    Q_OBJECT
private slots:
    void processResults() {
        const ProcessResult ok = runProcess("sh", {"-c", "printf out; printf err >&2; exit 3"});
        QVERIFY(!ok.crashed && !ok.timedOut);
        QCOMPARE(ok.exitCode, 3);
        QCOMPARE(ok.out, QStringLiteral("out"));
        QCOMPARE(ok.err, QStringLiteral("err"));

        const ProcessResult killed = runProcess("sh", {"-c", "kill -SEGV $$"});
        QVERIFY(killed.crashed && !killed.timedOut);
        QCOMPARE(killed.exitCode, -1);

        // A hang: the process waits on its stdin, which the runner never closes.
        const ProcessResult hung = runProcess("cat", {}, {200, {}});
        QVERIFY(hung.crashed && hung.timedOut);
        QCOMPARE(hung.exitCode, -1);

        const ProcessResult missing = runProcess("/nonexistent/program", {});
        QVERIFY(missing.crashed);
        QVERIFY2(missing.err.contains("could not start /nonexistent/program"), qPrintable(missing.err));

        QProcessEnvironment env;
        env.insert("IGLU_SUPPORT_PROBE", "seen");
        const ProcessResult withEnv = runProcess("sh", {"-c", "printf \"$IGLU_SUPPORT_PROBE\""}, {5000, env});
        QCOMPARE(withEnv.out, QStringLiteral("seen"));
    }

    void forkAndKill() {
        QVERIFY(forkAndKillWhenReady([](int fd) { readyToBeKilled(fd); }));
        QVERIFY(!forkAndKillWhenReady([](int) {}));                         // ended without saying ready
        QVERIFY(!forkAndKillWhenReady([](int) { throw std::runtime_error("x"); }));
    }

    void imageComparison() {
        QImage a(40, 30, QImage::Format_RGB888);
        a.fill(QColor(10, 20, 30));
        QImage b = a;
        b.setPixelColor(5, 5, QColor(10 + 20, 20, 30));
        QString report;
        QVERIFY(imagesMatch(a, b, "support-within", &report, 24, 0));
        b.setPixelColor(6, 6, QColor(200, 20, 30));
        QVERIFY(!imagesMatch(a, b, "support-mismatch", &report, 24, 0));
        QVERIFY2(report.contains("1 pixels differ by more than 24 (largest difference 190)"), qPrintable(report));
        for (const char* kind : {"actual", "expected", "diff"})
            QVERIFY(QFile::exists(imageDiffDir() + QStringLiteral("/support-mismatch-%1.png").arg(QLatin1String(kind))));
        QVERIFY(!imagesMatch(a, a.scaled(20, 30), "support-size", &report));
        QVERIFY2(report.contains("sizes differ"), qPrintable(report));
    }

    void snapshots() {
        QTemporaryDir dir;
        QVERIFY(writeAll(dir.filePath("a"), "one"));
        const auto before = snapshot(dir.path());
        QCOMPARE(snapshot(dir.path()), before);
        QVERIFY(writeAll(dir.filePath("a"), "onE"));
        QVERIFY(snapshot(dir.path()) != before);
        QVERIFY(writeAll(dir.filePath("a"), "one"));
        QVERIFY(writeAll(dir.filePath(".a-wal"), ""));
        QVERIFY(snapshot(dir.path()) != before);
        QCOMPARE(writeFile(dir.path(), "t.txt", QStringLiteral("é")), dir.filePath("t.txt"));
        QCOMPARE(readAll(dir.filePath("t.txt")), QByteArray("\xc3\xa9"));
        QCOMPARE(writeFile("/nonexistent/dir", "t.txt", "x"), QString());
    }
};

QTEST_GUILESS_MAIN(TestSupport)
#include "test_support.moc"

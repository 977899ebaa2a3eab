// A rollout line just under the documented 64 MiB limit whose JSON would cost gigabytes as a
// document (60 MiB of empty objects: ~80 bytes of memory per 3 bytes of text) ends with a clear
// error naming the file, the line and the limit, without a signal or bad_alloc, and with a peak
// memory far below what the document would take (the limit documented in docs/rollout_format.md).
// One run; its own test program, so getrusage(RUSAGE_CHILDREN) sees only that child.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

#include "support/process.hpp"

class TestBigLineCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void sixtyMiBLineIsBoundedInMemory() {
        const QString file = tmp_.filePath(QStringLiteral("big.jsonl"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"format": "iglu-rollout/1", "agent": "a", "task_id": "t", "actions": [], "final_grid": [)");
            const QByteArray chunk = QByteArray("{},").repeated(1 << 16);  // 192 KiB
            const qint64 target = qint64(60) << 20;
            while (f.size() < target) QVERIFY(f.write(chunk) == chunk.size());
            f.write("{}]}\n");
        }
        const auto r = iglu::test::runIglu({QStringLiteral("import"), QStringLiteral("rollouts"), file, QStringLiteral("--db"),
                                            tmp_.filePath(QStringLiteral("c.db"))});
        QVERIFY2(!r.crashed, "crashed or hung");
        QVERIFY2(r.exitCode >= 1 && r.exitCode <= 125, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("big.jsonl:1")) && r.err.contains(QStringLiteral("1000000 values")), qPrintable(r.err));
        QVERIFY(!r.err.contains(QStringLiteral("bad_alloc")));
        QVERIFY(!QFile::exists(tmp_.filePath(QStringLiteral("c.db"))));
#if !defined(__SANITIZE_ADDRESS__)
        rusage usage{};
        QCOMPARE(::getrusage(RUSAGE_CHILDREN, &usage), 0);
        const long peakMiB = usage.ru_maxrss / 1024;
        qInfo("peak memory of iglu import rollouts on a 60 MiB line: %ld MiB", peakMiB);
        QVERIFY2(peakMiB < 512, qPrintable(QStringLiteral("peak %1 MiB").arg(peakMiB)));
#endif
    }
};

QTEST_GUILESS_MAIN(TestBigLineCli)
#include "test_big_line_cli.moc"

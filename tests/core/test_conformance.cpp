// Every golden trace recorded from the reference gridworld replays step for step; a corrupted
// recording is reported by trace, step and field; a malformed file is an error naming it.
#include <QtTest>

#include <QTemporaryDir>

#include "core/conformance/trace_replay.hpp"
#include "support/files.hpp"
#include "support/shared_dir.hpp"

using namespace iglu::core::conformance;

namespace {

QString describe(const CheckResult& r) {
    QStringList lines;
    for (const auto& f : r.failures) lines << QString::fromStdString(f.toString());
    if (r.more) lines << QStringLiteral("... %1 more").arg(r.more);
    return lines.join('\n');
}

std::string readText(const QString& path) { return iglu::test::readAll(path).toStdString(); }

}  // namespace

class TestConformance : public QObject {
    Q_OBJECT
private slots:
    void everyTraceReplays_data() {
        QTest::addColumn<QString>("path");
        if (!iglu::test::haveShared("conformance/traces")) return;
        const auto files = traceFiles((iglu::test::sharedDir() + "/conformance/traces").toStdString());
        for (const auto& f : files) QTest::newRow(QFileInfo(QString::fromStdString(f)).fileName().toUtf8()) << QString::fromStdString(f);
    }
    void everyTraceReplays() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        QFETCH(QString, path);
        const TraceResult r = replayTrace(path.toStdString());
        QVERIFY2(r.passed(), qPrintable(describe(r)));
        QVERIFY(r.checkedSteps >= 100);
        QVERIFY(r.maxPoseError <= kPoseTolerance);
    }

    void allSeventyOneTracesAreFound() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        // 64 random-policy traces + 7 coverage traces (index.json is not a trace).
        QCOMPARE(traceFiles((iglu::test::sharedDir() + "/conformance/traces").toStdString()).size(), std::size_t(71));
    }

    void corruptedTraceIsReportedByStepAndField() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        const QString src = iglu::test::sharedDir() + "/conformance/traces/00_CQ-game-6_walking.json";
        std::string text = readText(src);
        // Step 1 of this trace turns the camera to yaw 355; claim 350 instead.
        const std::string needle = "\"rot\":[355.0,0.0]";
        const auto at = text.find(needle);
        QVERIFY(at != std::string::npos);
        text.replace(at, needle.size(), "\"rot\":[350.0,0.0]");
        QTemporaryDir dir;
        QVERIFY(iglu::test::writeAll(dir.filePath("bad.json"), QByteArray::fromStdString(text)));
        const TraceResult r = replayTrace(dir.filePath("bad.json").toStdString());
        QVERIFY(!r.passed());
        QCOMPARE(r.failures.front().step, 1);
        QCOMPARE(QString::fromStdString(r.failures.front().field), QStringLiteral("rot[0] (yaw)"));
        QVERIFY(QString::fromStdString(r.failures.front().message).contains("350"));
    }

    void truncatedTraceIsAnErrorNamingTheFile() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        const std::string text = readText(iglu::test::sharedDir() + "/conformance/traces/00_CQ-game-6_flying.json");
        QTemporaryDir dir;
        QVERIFY(iglu::test::writeAll(dir.filePath("cut.json"), QByteArray::fromStdString(text.substr(0, text.size() / 2))));
        try {
            replayTrace(dir.filePath("cut.json").toStdString());
            QFAIL("no error for a truncated trace");
        } catch (const std::runtime_error& e) {
            QVERIFY(QString(e.what()).contains("cut.json"));
            QVERIFY(QString(e.what()).contains("malformed JSON"));
        }
    }

    void missingFieldIsAnErrorNamingTheStep() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        std::string text = readText(iglu::test::sharedDir() + "/conformance/traces/00_CQ-game-6_walking.json");
        const auto at = text.find("\"t\":2,\"action\":");
        QVERIFY(at != std::string::npos);
        text.replace(at, 15, "\"t\":2,\"act\":");
        QTemporaryDir dir;
        QVERIFY(iglu::test::writeAll(dir.filePath("nofield.json"), QByteArray::fromStdString(text)));
        try {
            replayTrace(dir.filePath("nofield.json").toStdString());
            QFAIL("no error for a step without an action");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("step 2"), e.what());
            QVERIFY2(QString(e.what()).contains("action"), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestConformance)
#include "test_conformance.moc"

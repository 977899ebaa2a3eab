// Every golden trace recorded from the reference gridworld replays step for step; a corrupted
// recording is reported by trace, step and field; a malformed file is an error naming it.
#include <QtTest>

#include <array>
#include <cmath>

#include <QTemporaryDir>

#include "core/conformance/pov_frames.hpp"
#include "core/conformance/trace_replay.hpp"
#include "core/pov/pov_renderer.hpp"
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

    // The POV comparison: RGB565 quantisation as the reference frames have it, the pixel classes,
    // and scores that see a wrong field of view (the class agreement drops) and a wrong look (the
    // colour difference grows) while an identical frame scores perfectly.
    void povFrameScores() {
        using iglu::core::Rgb;
        QCOMPARE(quantiseRgb565(Rgb{128, 176, 255}), (Rgb{132, 174, 255}));   // the README's sky
        QCOMPARE(quantiseRgb565(Rgb{0, 162, 239}), (Rgb{0, 162, 239}));       // already quantised
        QCOMPARE(povPixelClass(Rgb{132, 174, 255}), kPovClassSky);
        QCOMPARE(povPixelClass(Rgb{74, 81, 82}), kPovClassFloor);              // noisy outside floor
        QCOMPARE(povPixelClass(Rgb{255, 255, 255}), kPovClassFloor);
        QCOMPARE(povPixelClass(Rgb{115, 48, 115}), 2 + 4);                     // purple +-z face
        QCOMPARE(povPixelClass(Rgb{24, 4, 24}), 2 + 4);                        // purple bottom border, not black
        iglu::core::Grid g;
        for (int x = -2; x <= 2; ++x) g.set(x, 0, -1, 1 + (x + 2));
        const iglu::core::Pose pose{0.4, 1.0, 4.0, 10, -20};
        iglu::core::PovConfig wide, narrow, clean;
        narrow.fovYDegrees = 70;
        clean.style = iglu::core::PovStyle::Clean;
        const auto ours = iglu::core::PovRenderer(wide).render(g, pose);
        auto ref = ours;   // as the reference would store it: quantised
        for (std::size_t i = 0; i < ref.size(); i += 3) {
            const Rgb q = quantiseRgb565({ref[i], ref[i + 1], ref[i + 2]});
            ref[i] = q.r, ref[i + 1] = q.g, ref[i + 2] = q.b;
        }
        const auto same = comparePovFrame(ref, ours, 64, 64);
        QCOMPARE(same.classAgreement, 1.0);
        QCOMPARE(same.meanColourDifference, 0.0);
        QVERIFY(same.identical);
        QCOMPARE(same.pixelsIdentical, 1.0);
        QCOMPARE(same.meanAbsDifference, (std::array<double, 3>{0, 0, 0}));
        const auto zoomed = comparePovFrame(ref, iglu::core::PovRenderer(narrow).render(g, pose), 64, 64);
        QVERIFY2(zoomed.classAgreement < 0.9, qPrintable(QString::number(zoomed.classAgreement)));
        const auto recoloured = comparePovFrame(ref, iglu::core::PovRenderer(clean).render(g, pose), 64, 64);
        QVERIFY(recoloured.classAgreement > 0.95);
        QVERIFY2(recoloured.meanColourDifference > 12.0, qPrintable(QString::number(recoloured.meanColourDifference)));
        // Byte-level figures: per channel, their mean is the colour difference; the shares nest.
        QVERIFY(!recoloured.identical);
        const auto& ch = recoloured.meanAbsDifference;
        QVERIFY(std::fabs((ch[0] + ch[1] + ch[2]) / 3 - recoloured.meanColourDifference) < 1e-9);
        QVERIFY(ch[0] > 0 && ch[1] > 0 && ch[2] > 0);
        QVERIFY(recoloured.pixelsIdentical <= recoloured.pixelsWithin8 && recoloured.pixelsIdentical < 1.0);
        auto onePixel = ref;   // one channel of one pixel off by 9: not identical, not within 8 there
        onePixel[3 * 100 + 1] = std::uint8_t(onePixel[3 * 100 + 1] > 128 ? onePixel[3 * 100 + 1] - 9 : onePixel[3 * 100 + 1] + 9);
        const auto off = comparePovFrame(onePixel, ours, 64, 64);
        QVERIFY(!off.identical);
        QCOMPARE(off.pixelsIdentical, 1.0 - 1.0 / 4096);
        QCOMPARE(off.pixelsWithin8, 1.0 - 1.0 / 4096);
        QCOMPARE(off.meanAbsDifference[1], 9.0 / 4096);
        QCOMPARE(off.meanAbsDifference[0], 0.0);
        std::vector<std::uint8_t> diff(64 * 64 * 9);
        comparePovFrame(ref, ref, 64, 64, diff);
        QCOMPARE(diff[0], ref[0]);   // left panel: the reference
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, comparePovFrame(ref, std::vector<std::uint8_t>(10), 64, 64));
        const auto s = summarisePovScores({same, zoomed, same});
        QCOMPARE(s.medianAgreement, 1.0);
        QCOMPARE(s.identicalFrames, 2);
        QCOMPARE(s.identicalFrameShare, 2.0 / 3);
        QCOMPARE(s.meanAbsDifference[2], zoomed.meanAbsDifference[2] / 3);
        QVERIFY(!s.passed);   // the worst frame is below 0.97
        QVERIFY(summarisePovScores({same, same}).passed);
        QVERIFY(!summarisePovScores({}).passed);
    }
};

QTEST_APPLESS_MAIN(TestConformance)
#include "test_conformance.moc"

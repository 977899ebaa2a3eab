// `iglu conformance` on the reference first-person frames (shared/conformance/pov): the default view
// meets the issue-14 thresholds (class agreement median >= 0.99, worst >= 0.97, mean colour
// difference <= 12) and writes diff images of the worst frames; the check fails for a view that
// does not match (the clean look, a frame whose pose was changed) and names a malformed poses.json.
#include <QtTest>

#include <QFile>
#include <cmath>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "support/process.hpp"
#include "support/shared_dir.hpp"

namespace {

using Run = iglu::test::ProcessResult;
using iglu::test::runIglu;

QJsonObject povReport(const Run& r) {
    const auto doc = QJsonDocument::fromJson(r.out.toUtf8());
    return doc.object().value(QStringLiteral("pov")).toObject();
}

// A copy of the reference folder (poses.json and ref/) with `edit` applied to poses.json's text.
bool copyFolder(const QString& from, const QString& to, const std::function<QByteArray(QByteArray)>& edit) {
    QDir().mkpath(to + "/ref");
    QFile in(from + "/poses.json");
    if (!in.open(QIODevice::ReadOnly)) return false;
    QFile out(to + "/poses.json");
    if (!out.open(QIODevice::WriteOnly)) return false;
    out.write(edit(in.readAll()));
    for (const QString& f : QDir(from + "/ref").entryList({QStringLiteral("*.png")}, QDir::Files))
        if (!QFile::copy(from + "/ref/" + f, to + "/ref/" + f)) return false;
    return true;
}

}  // namespace

class TestPovConformance : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString pov_ = iglu::test::sharedDir() + "/conformance/pov";

private slots:
    void defaultViewMeetsTheThresholds() {
        IGLU_REQUIRE_SHARED("conformance/pov");
        const QString diffs = tmp_.filePath(QStringLiteral("diffs"));
        const Run r = runIglu({"conformance", pov_, "--json", "--diff-dir", diffs});
        QVERIFY2(!r.crashed && r.exitCode == 0, qPrintable(r.out + r.err));
        const QJsonObject pov = povReport(r);
        QVERIFY2(pov.value("passed").toBool(), qPrintable(r.out));
        const double median = pov.value("median_class_agreement").toDouble(), worst = pov.value("worst_class_agreement").toDouble();
        const double colour = pov.value("mean_colour_difference").toDouble();
        qInfo("class agreement median %.4f, worst %.4f; mean colour difference %.2f", median, worst, colour);
        QVERIFY(median >= 0.99);
        QVERIFY(worst >= 0.97);
        QVERIFY(colour <= 12.0);
        // Every frame is scored: 30 at 64 x 64, 4 at 256 x 256.
        const QJsonArray frames = pov.value("frames").toArray();
        QCOMPARE(frames.size(), 34);
        for (const auto& f : frames) QVERIFY(f.toObject().value("class_agreement").toDouble() >= 0.97);
        // Byte-level figures (issue 21): identical frames, mean |difference| per channel, pixel
        // shares; consistent with the per-frame values.
        int identical = 0;
        double red = 0;
        for (const auto& f : frames) {
            identical += f.toObject().value("identical").toBool();
            red += f.toObject().value("mean_abs_difference").toArray().at(0).toDouble();
        }
        const QJsonArray channels = pov.value("mean_abs_difference").toArray();
        QCOMPARE(channels.size(), 3);
        QCOMPARE(pov.value("identical_frames").toInt(), identical);
        QVERIFY(std::fabs(pov.value("identical_frame_share").toDouble() - identical / 34.0) < 1e-12);
        QVERIFY(std::fabs(channels.at(0).toDouble() - red / 34) < 1e-9);
        QVERIFY(std::fabs((channels.at(0).toDouble() + channels.at(1).toDouble() + channels.at(2).toDouble()) / 3 - colour) < 1e-9);
        const double same = pov.value("pixels_identical").toDouble(), within8 = pov.value("pixels_within_8").toDouble();
        QVERIFY(0 <= same && same <= within8 && within8 <= 1);
        qInfo("identical frames %d/34; mean |difference| R %.2f G %.2f B %.2f; pixels identical %.4f, within +-8 %.4f", identical,
              channels.at(0).toDouble(), channels.at(1).toDouble(), channels.at(2).toDouble(), same, within8);
        // Diff images of the worst frames, in the folder the report names, three frames wide.
        QCOMPARE(pov.value("diff_dir").toString(), diffs);
        const QJsonArray files = pov.value("diff_files").toArray();
        QCOMPARE(files.size(), 3);
        for (const auto& f : files) {
            QFile png(f.toString());
            QVERIFY2(png.open(QIODevice::ReadOnly), qPrintable(f.toString()));
            const QByteArray head = png.read(24);
            QVERIFY(head.startsWith("\x89PNG"));
            const auto be32 = [&](int at) {
                return (quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16) | (quint32(quint8(head[at + 2])) << 8) |
                       quint32(quint8(head[at + 3]));
            };
            QVERIFY(be32(16) == 3 * be32(20));  // IHDR width = 3 x height (square frames)
        }
        // The text report names the totals and the folder.
        const Run text = runIglu({"conformance", pov_, "--diff-dir", diffs});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("34 POV frames: class agreement median") && text.out.contains(diffs), qPrintable(text.out));
    }

    void aDifferentViewFails() {
        IGLU_REQUIRE_SHARED("conformance/pov");
        // The clean look: same projection, other colours: the colour difference fails.
        const Run clean = runIglu({"conformance", pov_, "--json", "--pov-style", "clean", "--diff-dir", tmp_.filePath("c")});
        QVERIFY2(!clean.crashed && clean.exitCode == 1, qPrintable(clean.out + clean.err));
        QVERIFY(!povReport(clean).value("passed").toBool());
        QVERIFY(povReport(clean).value("mean_colour_difference").toDouble() > 12.0);

        // One pose turned by 40 degrees: that frame's classes disagree, the worst agreement fails
        // and names it.
        const QString moved = tmp_.filePath(QStringLiteral("moved"));
        QVERIFY(copyFolder(pov_, moved, [](QByteArray text) {
            auto doc = QJsonDocument::fromJson(text).object();
            auto pairs = doc["pairs"].toArray();
            auto p = pairs[22].toObject();
            auto pose = p["pose"].toArray();
            pose[3] = pose[3].toDouble() + 40.0;
            p["pose"] = pose;
            pairs[22] = p;
            doc["pairs"] = pairs;
            return QJsonDocument(doc).toJson();
        }));
        const Run r = runIglu({"conformance", moved, "--json", "--diff-dir", tmp_.filePath("m")});
        QVERIFY2(!r.crashed && r.exitCode == 1, qPrintable(r.out + r.err));
        const QJsonObject pov = povReport(r);
        QVERIFY(!pov.value("passed").toBool());
        QVERIFY(pov.value("worst_class_agreement").toDouble() < 0.97);
        QCOMPARE(pov.value("worst_frame").toString(), QStringLiteral("ref/22.png"));
    }

    void malformedPosesAreNamed() {
        IGLU_REQUIRE_SHARED("conformance/pov");
        struct Case {
            const char* name;
            std::function<QByteArray(QByteArray)> edit;
            QString expect;
        };
        const auto editPair = [](const std::function<void(QJsonObject&)>& f) {
            return [f](QByteArray text) {
                auto doc = QJsonDocument::fromJson(text).object();
                auto pairs = doc["pairs"].toArray();
                auto p = pairs[3].toObject();
                f(p);
                pairs[3] = p;
                doc["pairs"] = pairs;
                return QJsonDocument(doc).toJson();
            };
        };
        const QList<Case> cases{
            {"not json", [](QByteArray t) { return t.left(t.size() / 2); }, "malformed JSON"},
            {"no pose", editPair([](QJsonObject& p) { p.remove("pose"); }), "pairs[3]: missing field 'pose'"},
            {"short pose", editPair([](QJsonObject& p) { p["pose"] = QJsonArray{1, 2, 3}; }), "pairs[3].pose"},
            {"text in pose", editPair([](QJsonObject& p) { p["pose"] = QJsonArray{1, 2, 3, "x", 5}; }), "pairs[3].pose[3]"},
            {"wrong n", editPair([](QJsonObject& p) { p["n"] = 7; }), "pairs[3].n"},
            {"block outside", editPair([](QJsonObject& p) { p["blocks"] = QJsonArray{QJsonArray{40, 0, 0, 1}}; }), "pairs[3].blocks[0]"},
            {"bad colour", editPair([](QJsonObject& p) { p["blocks"] = QJsonArray{QJsonArray{0, 0, 0, 9}}; }), "pairs[3].blocks[0]"},
        };
        int k = 0;
        for (const auto& c : cases) {
            const QString dir = tmp_.filePath(QStringLiteral("bad%1").arg(k++));
            QVERIFY(copyFolder(pov_, dir, c.edit));
            const Run r = runIglu({"conformance", dir, "--diff-dir", tmp_.filePath("d")});
            QVERIFY2(!r.crashed && r.exitCode != 0, c.name);
            QVERIFY2(r.out.contains("poses.json") && r.out.contains(c.expect), qPrintable(QString(c.name) + ": " + r.out + r.err));
        }
        // A frame that is not a pair number is named too.
        const QString extra = tmp_.filePath(QStringLiteral("extra"));
        QVERIFY(copyFolder(pov_, extra, [](QByteArray t) { return t; }));
        QVERIFY(QFile::copy(extra + "/ref/00.png", extra + "/ref/99.png"));
        const Run r = runIglu({"conformance", extra, "--diff-dir", tmp_.filePath("d")});
        QVERIFY2(r.exitCode != 0 && r.out.contains("99.png"), qPrintable(r.out + r.err));
    }
};

QTEST_GUILESS_MAIN(TestPovConformance)
#include "test_pov_conformance.moc"

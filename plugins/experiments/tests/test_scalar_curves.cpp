// The Curves tab's logic, headless (logic/scalar_curves): the debiased moving average checked by
// hand (it starts at the first value, keeps a constant curve constant, 0 leaves the points, the
// weight clamped); on a catalog file, the runs listed latest-logged first, a run's tags, each
// tag's points by step and smoothed, and a second connection's new points read on the next load.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/catalog/catalog.hpp"
#include "logic/scalar_curves.hpp"

using namespace iglu;
using namespace iglu::plugins::experiments;

class TestScalarCurves : public QObject {
    Q_OBJECT

private slots:
    void smoothingIsTheDebiasedMovingAverage() {
        const QList<QPointF> points{{0, 1}, {1, 3}, {2, 5}};
        const auto s = smoothCurve(points, 0.5);
        QCOMPARE(s.size(), 3);
        QCOMPARE(s[0], QPointF(0, 1));  // starts at the first value, not pulled towards 0
        QCOMPARE(s[1].y(), 1.75 / 0.75);
        QCOMPARE(s[2].y(), 3.375 / 0.875);
        QCOMPARE(s[2].x(), 2.0);  // steps unchanged
        QCOMPARE(smoothCurve(points, 0), points);
        QCOMPARE(smoothCurve(points, std::numeric_limits<double>::quiet_NaN()), points);
        QCOMPARE(smoothCurve(points, 5.0), smoothCurve(points, kMaxSmoothing));
        QCOMPARE(smoothCurve(points, -1.0), points);
        for (const QPointF& p : smoothCurve({{0, 2.5}, {1, 2.5}, {5, 2.5}, {9, 2.5}}, 0.9)) QVERIFY(std::abs(p.y() - 2.5) < 1e-12);
        QVERIFY(smoothCurve({}, 0.6).isEmpty());
    }

    void curvesAreReadFromTheCatalog() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("c.db").toStdString();
        catalog::Catalog writer(path);
        const catalog::Catalog reader(path, catalog::OpenMode::ReadOnly);
        QVERIFY(curveRuns(reader).isEmpty());
        writer.logScalar("a", "loss", 1, 4.0);
        writer.logScalar("b", "loss", 0, 1.0);
        QCOMPARE(curveRuns(reader), (QStringList{"b", "a"}));
        const std::vector<catalog::ScalarValue> update{{"loss", 0, 8.0}, {"return", 0, -1.0}};
        writer.logScalars("a", update);
        QCOMPARE(curveRuns(reader), (QStringList{"a", "b"}));  // the run logged to last first
        QCOMPARE(curveTags(reader, "a"), (QStringList{"loss", "return"}));
        auto curves = loadCurves(reader, "a", {"return", "loss", "none"}, 0);
        QCOMPARE(curves.size(), 3);
        QCOMPARE(curves[0].tag, QString("return"));
        QCOMPARE(curves[1].raw, (QList<QPointF>{{0, 8.0}, {1, 4.0}}));
        QCOMPARE(curves[1].smoothed, curves[1].raw);
        QVERIFY(curves[2].raw.isEmpty());
        writer.logScalar("a", "loss", 2, 2.0);
        curves = loadCurves(reader, "a", {"loss"}, 0.5);
        QCOMPARE(curves[0].raw.size(), 3);
        QCOMPARE(curves[0].smoothed, smoothCurve(curves[0].raw, 0.5));
    }
};

QTEST_GUILESS_MAIN(TestScalarCurves)
#include "test_scalar_curves.moc"

// The Qt bridge: the scene drawn inside a QOpenGLWidget (pixels checked), hover picking through
// mouse events, VTK's exit/stereo keys filtered, the playback timeline and chart.
#include <algorithm>

#include <QImage>
#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QLegendMarker>
#include <QtTest>

#include "support/gui_main.hpp"
#include "support/image_compare.hpp"
#include "support/scene_pixels.hpp"
#include "viewers/qt/rollout_chart.hpp"
#include "viewers/qt/rollout_timeline.hpp"
#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "viewers/scene/palette.hpp"

using namespace iglu;
using viewers::Rgb;

namespace {
using test::countPixels;
using test::shadedMatch;
}  // namespace

class TestZoneView : public QObject {
    Q_OBJECT

private slots:
    void drawsTheSceneInTheWidget() {
        viewers::ZoneView view;
        view.resize(800, 600);
        std::vector<core::Block> blocks{{0, -1, 0, 3}, {1, -1, 0, 3}, {0, 0, 0, 3}, {-3, -1, 2, 1}};
        view.setBuilt(core::Grid::fromBlocks(blocks));
        QSignalSpy rendered(&view, &viewers::ZoneView::rendered);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(rendered.count() > 0);
        const QImage img = view.grabImage();
        QVERIFY(!img.isNull());
        QVERIFY2(countPixels(img, [](Rgb p) { return shadedMatch(p, viewers::blockColour(3)); }) > 500, "red blocks");
        QVERIFY2(countPixels(img, [](Rgb p) { return shadedMatch(p, viewers::blockColour(1)); }) > 100, "blue block");
        QVERIFY(countPixels(img, [](Rgb p) { return shadedMatch(p, viewers::blockColour(5)); }) < 40);

        // Overlay: a target that the built red blocks match only in part.
        std::vector<core::Block> target{{0, -1, 0, 3}, {1, -1, 0, 3}, {2, -1, 0, 3}};
        view.setTarget(core::Grid::fromBlocks(target));
        QSignalSpy overlayChanged(&view, &viewers::ZoneView::overlayChanged);
        view.setOverlay(true);
        QCOMPARE(overlayChanged.count(), 1);
        const QImage ov = view.grabImage();
        QVERIFY(countPixels(ov, [](Rgb p) { return shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Matched)); }) > 500);
        QVERIFY(countPixels(ov, [](Rgb p) { return shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Extra)); }) > 100);
        QVERIFY(countPixels(ov, [](Rgb p) {
                    return shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Missing), viewers::kMissingOpacity);
                }) > 100);

        QTemporaryDir dir;
        QString error;
        QVERIFY(view.saveImage(dir.filePath(QStringLiteral("v.png")), &error));
        QCOMPARE(QImage(dir.filePath(QStringLiteral("v.png"))).size(), img.size());
        QVERIFY(!view.saveImage(QStringLiteral("/nonexistent-dir/v.png"), &error));
        QVERIFY2(error.contains(QStringLiteral("/nonexistent-dir/v.png")), qPrintable(error));
    }

    void hoverNamesTheBlock() {
        viewers::ZoneView view;
        view.resize(640, 480);
        std::vector<core::Block> blocks{{-2, -1, 1, 5}};
        view.setBuilt(core::Grid::fromBlocks(blocks));
        QSignalSpy rendered(&view, &viewers::ZoneView::rendered);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(rendered.count() > 0);
        const auto d = view.scene().displayPosition(-2, -1, 1);
        QVERIFY(d.has_value());
        auto* gl = view.glWidget();
        const double dpr = gl->devicePixelRatioF();
        const QPoint pos(static_cast<int>((*d)[0] / dpr), static_cast<int>(gl->height() - 1 - (*d)[1] / dpr));
        QSignalSpy hovered(&view, &viewers::ZoneView::hovered);
        QTest::mouseMove(gl, pos);
        QTRY_VERIFY(hovered.count() > 0);
        QCOMPARE(hovered.last().at(0).toString(), QStringLiteral("(-2, -1, 1) purple, built, on the floor"));
        QTest::mouseMove(gl, QPoint(3, 3));
        QTRY_COMPARE(hovered.last().at(0).toString(), QString());
    }

    void mouseDragOrbitsAndWheelZooms() {
        viewers::ZoneView view;
        view.resize(480, 360);
        std::vector<core::Block> blocks{{0, -1, 0, 2}, {3, -1, 0, 4}};
        view.setBuilt(core::Grid::fromBlocks(blocks));
        QSignalSpy rendered(&view, &viewers::ZoneView::rendered);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(rendered.count() > 0);
        auto* gl = view.glWidget();
        const QImage before = view.grabImage();
        const QPoint c = gl->rect().center();
        QTest::mousePress(gl, Qt::LeftButton, {}, c);
        for (int dx = 10; dx <= 120; dx += 10) QTest::mouseMove(gl, c + QPoint(dx, 0));
        QTest::mouseRelease(gl, Qt::LeftButton, {}, c + QPoint(120, 0));
        const QImage orbited = view.grabImage();
        QVERIFY2(orbited != before, "a left drag turns the camera");
        QWheelEvent wheel(QPointF(c), gl->mapToGlobal(QPointF(c)), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(gl, &wheel);
        const QImage zoomed = view.grabImage();
        QVERIFY2(zoomed != orbited, "the wheel zooms");
        // Preset views put the camera back where they define it.
        view.applyView(viewers::ViewPreset::Iso);
        QCOMPARE(view.grabImage(), before);
    }

    void vtkExitKeysAreFiltered() {
        viewers::ZoneView view;
        view.resize(320, 240);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!viewers::VtkGlWidget::forwardsKey(Qt::Key_E));
        QVERIFY(!viewers::VtkGlWidget::forwardsKey(Qt::Key_Q));
        QVERIFY(!viewers::VtkGlWidget::forwardsKey(Qt::Key_3));
        QVERIFY(viewers::VtkGlWidget::forwardsKey(Qt::Key_R));
        for (auto key : {Qt::Key_E, Qt::Key_Q, Qt::Key_3, Qt::Key_R}) QTest::keyClick(view.glWidget(), key);
        QVERIFY(view.isVisible());
        QSignalSpy rendered(&view, &viewers::ZoneView::rendered);
        view.requestRender();
        QTRY_VERIFY(rendered.count() > 0);  // still rendering: nothing exited or switched to stereo
    }

    void timelinePlaysStepsAndScrubs() {
        viewers::RolloutTimeline timeline;
        timeline.setFrameCount(12);
        QCOMPARE(timeline.position(), 0);
        QSignalSpy moved(&timeline, &viewers::RolloutTimeline::positionChanged);
        QSignalSpy playing(&timeline, &viewers::RolloutTimeline::playingChanged);
        timeline.stepForward();
        timeline.stepForward();
        timeline.stepBack();
        QCOMPARE(timeline.position(), 1);
        QCOMPARE(moved.count(), 3);
        timeline.setPosition(99);
        QCOMPARE(timeline.position(), 12);
        timeline.setPosition(0);
        moved.clear();
        timeline.setSpeed(16);
        timeline.play();
        QVERIFY(timeline.isPlaying());
        QTRY_COMPARE_WITH_TIMEOUT(timeline.position(), 12, 20000);
        QTRY_VERIFY(!timeline.isPlaying());
        // Forward only, to the end (fast speeds skip frames rather than fall behind the clock).
        QVERIFY(moved.count() >= 1 && moved.count() <= 12);
        for (int i = 1; i < moved.count(); ++i) QVERIFY(moved.at(i).at(0).toInt() > moved.at(i - 1).at(0).toInt());
        QCOMPARE(moved.last().at(0).toInt(), 12);
        QCOMPARE(playing.count(), 2);
        // The steps wall time is worth: 10 steps/s x the speed, owed steps carried over, at least one
        // a tick, never past the end (advance() is what each tick calls with the time since the last).
        timeline.setFrameCount(1000);
        timeline.setPosition(0);
        timeline.setSpeed(16);
        QCOMPARE(timeline.advance(0.1), 16);
        QCOMPARE(timeline.position(), 16);
        QCOMPARE(timeline.advance(0.0625), 10);
        QCOMPARE(timeline.advance(0.0625), 10);
        QCOMPARE(timeline.position(), 36);
        timeline.setSpeed(1);
        QCOMPARE(timeline.advance(0.01), 1);  // at least one step a tick
        QCOMPARE(timeline.advance(0.25), 2);
        QCOMPARE(timeline.advance(0.05), 1);   // 0.5 carried + 0.5 owed
        QCOMPARE(timeline.position(), 40);
        timeline.setSpeed(16);
        QCOMPARE(timeline.advance(100), 960);  // capped at the end
        QCOMPARE(timeline.position(), 1000);
        timeline.setFrameCount(12);
        // Scrubbing with the slider moves the position.
        auto* slider = timeline.findChild<QSlider*>(QStringLiteral("scrubber"));
        QVERIFY(slider != nullptr);
        slider->setValue(5);
        QCOMPARE(timeline.position(), 5);
        timeline.setFrameCount(3);
        QCOMPARE(timeline.position(), 3);
    }

    void chartShowsSeriesAndMarker() {
        viewers::RolloutChart chart;
        core::RolloutSeries s;
        s.reward = {0, 1, 0, -1};
        s.returns = {0, 1, 1, 0};
        s.f1 = {0, 0.5, 0.5, 0.25};
        chart.setSeries(s);
        chart.setPosition(2);
        QCOMPARE(chart.position(), 2);
        const auto series = chart.chart()->series();
        QCOMPARE(series.size(), 5);  // return, F1, marker, prediction F1 (empty: no beliefs), reward / F1 disagreement markers
        QCOMPARE(chart.predictionSeries()->count(), 0);
        auto* f1 = qobject_cast<QLineSeries*>(series.at(1));
        QVERIFY(f1 != nullptr);
        QCOMPARE(f1->count(), 4);
        QCOMPARE(f1->at(3).y(), 0.25);
        auto* marker = qobject_cast<QLineSeries*>(series.at(2));
        QCOMPARE(marker->at(0).x(), 2.0);
        // A rollout with beliefs: its prediction F1 per step, in the legend; cleared with the chart.
        s.predictionF1 = {0, 0.8, 0.8, 1};
        chart.setSeries(s);
        QCOMPARE(chart.predictionSeries()->count(), 4);
        QCOMPARE(chart.predictionSeries()->at(1).y(), 0.8);
        QVERIFY(chart.chart()->legend()->markers(chart.predictionSeries()).value(0)->isVisible());
        chart.clear();
        QCOMPARE(chart.predictionSeries()->count(), 0);
        QVERIFY(!chart.chart()->legend()->markers(chart.predictionSeries()).value(0)->isVisible());
    }

    // The return axis holds the whole return line with a margin (a line on the plot's edge is
    // cut): large, negative and mixed returns; the legend says where the rewards come from.
    void chartReturnAxisHoldsTheLine() {
        viewers::RolloutChart chart;
        const std::vector<std::vector<double>> cases{{0, 40, 250, 180}, {0, -3, -12.5, -7}, {0, -2, 9, 4}, {0, 0, 0}};
        for (const auto& returns : cases) {
            core::RolloutSeries s;
            s.returns = returns;
            s.reward.assign(returns.size(), 0.0);
            s.f1.assign(returns.size(), 0.5);
            chart.setSeries(s);
            const double lo = *std::min_element(returns.begin(), returns.end());
            const double hi = *std::max_element(returns.begin(), returns.end());
            const double span = std::max(hi - lo, 1.0);
            const auto* axis = chart.returnAxis();
            const QString where = QStringLiteral("axis %1..%2, returns %3..%4").arg(axis->min()).arg(axis->max()).arg(lo).arg(hi);
            QVERIFY2(axis->min() <= std::min(0.0, lo) && axis->max() >= std::max(0.0, hi), qPrintable(where));
            if (hi > 0) QVERIFY2(axis->max() >= hi + 0.02 * span, qPrintable(where));
            if (lo < 0) QVERIFY2(axis->min() <= lo - 0.02 * span, qPrintable(where));
            QCOMPARE(chart.returnSeries()->count(), int(returns.size()));
            QVERIFY(!chart.returnSeries()->name().contains(QStringLiteral("replayed")));
        }
        core::RolloutSeries human;
        human.returns = {0, 1, 2};
        human.reward = {0, 1, 1};
        human.f1 = {0, 0.5, 1};
        human.replayedRewards = true;
        chart.setSeries(human);
        QVERIFY2(chart.returnSeries()->name().contains(QStringLiteral("replayed")), qPrintable(chart.returnSeries()->name()));
    }
};

IGLU_GUI_TEST_MAIN(TestZoneView)
#include "test_zone_view.moc"

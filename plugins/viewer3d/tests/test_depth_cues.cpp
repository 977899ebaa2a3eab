// Depth cues of the 3D view in the workbench (Xvfb, the bundled example catalog, issue 24):
// - layer slicing and colour isolation from the keyboard (Alt+Down / Alt+Up / Alt+C / Alt+Home) and
//   the 3D View toolbar's combo boxes, kept in step; hidden cells are neither drawn nor picked and
//   the legend says what is hidden; the sliced view draws what a fresh view given the same state
//   draws (pixels with a tolerance; diff images in image-diffs/ on a mismatch);
// - hovering a block puts its x, y, z and its height above the floor in the status bar;
// - the scene's legend and the belief legend stay off the zone's projection in the docked view.
#include <QAction>
#include <QComboBox>
#include <QMainWindow>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "support/gui_main.hpp"
#include "support/image_compare.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

class TestDepthCues : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    const QString taskId_ = QStringLiteral("CQ-game-947");

    viewers::ZoneView* zoneView() { return wb_->window().findChild<viewers::ZoneView*>(QStringLiteral("zoneView")); }
    QComboBox* combo(const char* name) { return wb_->window().findChild<QComboBox*>(QLatin1String(name)); }
    void key(QKeyCombination k) {
        QTest::keyClick(&wb_->window(), k.key(), k.keyboardModifiers());
        QCoreApplication::processEvents();
    }
    int highestShown() {
        int top = core::kMinY - 1;
        for (int idx = 0; idx < core::kCells; ++idx) {
            const core::Block b = core::Grid::position(idx);
            if (zoneView()->scene().cellKind(b.x, b.y, b.z) != viewers::CellKind::None) top = std::max(top, b.y);
        }
        return top;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("dataset"), QStringLiteral("play"),
                                    QStringLiteral("script"), QStringLiteral("experiments"), QStringLiteral("compare")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath("examples.db"), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1200, 800}));
        QVERIFY2(wb_->selectTask(taskId_, &error), qPrintable(error));
        wb_->window().activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&wb_->window()));
        QVERIFY2(highestShown() >= 0, qPrintable(QString::number(highestShown())));  // two layers at least
    }
    void cleanupTestCase() { wb_.reset(); }

    void keyboardSlicesLayersAndIsolatesColours() {
        const int top = highestShown();
        key(Qt::ALT | Qt::Key_Down);
        key(Qt::ALT | Qt::Key_Down);
        QCOMPARE(zoneView()->filter().maxLayer, core::kMaxY - 2);
        for (int i = 0; i < core::kMaxY - 2 - (top - 1); ++i) key(Qt::ALT | Qt::Key_Down);
        QCOMPARE(zoneView()->filter().maxLayer, top - 1);
        QCOMPARE(highestShown(), top - 1);  // the top layer is hidden, the rest shown
        QCOMPARE(combo("viewer3d.layers")->currentData().toInt(), top - 1);
        const QString legend = wb_->context().service<ViewerService>()->legendText();
        QVERIFY2(legend.contains(QStringLiteral("showing layers y <= %1").arg(top - 1)), qPrintable(legend));
        key(Qt::ALT | Qt::Key_Up);
        QCOMPARE(highestShown(), top);
        // Colour isolation: Alt+C walks the colours; every shown cell has the isolated colour.
        key(Qt::ALT | Qt::Key_C);
        QCOMPARE(zoneView()->filter().colour, 1);
        QCOMPARE(combo("viewer3d.colours")->currentData().toInt(), 1);
        // The combo boxes set the same filter.
        combo("viewer3d.colours")->setCurrentIndex(combo("viewer3d.colours")->findData(6));
        QCOMPARE(zoneView()->filter().colour, 6);
        const core::Grid target = wb_->context().data().task(taskId_)->target;
        for (int idx = 0; idx < core::kCells; ++idx) {
            const core::Block b = core::Grid::position(idx);
            if (zoneView()->scene().cellKind(b.x, b.y, b.z) != viewers::CellKind::None) QCOMPARE(static_cast<int>(target.cell(idx)), 6);
        }
        // The sliced, isolated view draws what a fresh view given the same state draws.
        viewers::ZoneView fresh;
        fresh.resize(zoneView()->glWidget()->size());
        fresh.scene().copyStateFrom(zoneView()->scene());
        QCOMPARE(fresh.scene().drawnState(), zoneView()->scene().drawnState());
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        QString report;
        QVERIFY2(test::imagesMatch(wb_->context().service<ViewerService>()->grabImage(), fresh.grabImage(),
                                   QStringLiteral("depth-sliced"), &report), qPrintable(report));
        key(Qt::ALT | Qt::Key_Home);
        QVERIFY(!zoneView()->filter().active());
        QCOMPARE(combo("viewer3d.layers")->currentIndex(), 0);
        QCOMPARE(combo("viewer3d.colours")->currentIndex(), 0);
    }

    void hoverGivesTheHeightAboveTheFloor() {
        zoneView()->setFilter({});
        (void)wb_->context().service<ViewerService>()->grabImage();  // a frame: the camera is in place
        viewers::VtkGlWidget* gl = zoneView()->glWidget();
        const double dpr = gl->devicePixelRatioF();
        const QRegularExpression pattern(QStringLiteral(R"(^\((-?\d+), (-?\d+), (-?\d+)\) \w+, \w+, (on the floor|(\d+) above the floor)$)"));
        int checked = 0;
        for (int idx = 0; idx < core::kCells && checked < 5; ++idx) {
            const core::Block b = core::Grid::position(idx);
            if (zoneView()->scene().cellKind(b.x, b.y, b.z) == viewers::CellKind::None) continue;
            const auto d = zoneView()->scene().displayPosition(b.x, b.y + 0.45, b.z);
            QVERIFY(d.has_value());
            const QPoint at(static_cast<int>((*d)[0] / dpr), static_cast<int>(gl->height() - 1 - (*d)[1] / dpr));
            QMouseEvent move(QEvent::MouseMove, at, gl->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
            QCoreApplication::sendEvent(gl, &move);
            const QString text = wb_->window().statusBar()->currentMessage();
            const auto m = pattern.match(text);
            QVERIFY2(m.hasMatch(), qPrintable(text));
            const int y = m.captured(2).toInt();
            QCOMPARE(m.captured(5).isEmpty() ? 0 : m.captured(5).toInt(), y - core::kMinY);
            ++checked;
        }
        QVERIFY(checked > 0);
    }

    void legendsStayOffTheZone() {
        for (const char* preset : {"iso", "top", "front", "side"}) {
            QVERIFY(wb_->context().service<ViewerService>()->applyView(QLatin1String(preset)));
            (void)wb_->context().service<ViewerService>()->grabImage();
            const auto& layout = zoneView()->scene().legendLayout();
            QVERIFY2(layout.scene.overlap == 0, qPrintable(QStringLiteral("%1 view: the legend covers %2 px of the zone")
                                                              .arg(QLatin1String(preset)).arg(layout.scene.overlap)));
        }
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestDepthCues)
#include "test_depth_cues.moc"

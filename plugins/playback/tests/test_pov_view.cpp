// The Playback dock's First-Person View (viewers::PovFrameView in its own dock beside the 3D view):
// off at start, its toggle shows it; through a sequence of seeks, steps and a rollout change the
// frame drawn equals core::PovRenderer's frame of that step's grid and pose (pixels with a
// tolerance; on a mismatch the images and their diff are saved in image-diffs/); no rollout: empty.
#include <QAction>
#include <QDockWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "core/pov/pov_renderer.hpp"
#include "support/gui_main.hpp"
#include "support/image_compare.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/pov_frame_view.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

class TestPovView : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;

    Selection& selection() { return wb_->context().selection(); }
    viewers::PovFrameView* pov() { return wb_->window().findChild<viewers::PovFrameView*>(QStringLiteral("playbackPov")); }
    QAction* povAction() { return wb_->window().findChild<QAction*>(QStringLiteral("playback.povAction")); }

    /// The view's drawn pixels against the renderer's frame of the selected rollout at `step`.
    bool showsStep(int step, const QString& name, QString* report) {
        const auto rollout = wb_->context().data().rollout(selection().rolloutId());
        if (rollout == nullptr) {
            *report = name + QStringLiteral(": no rollout selected");
            return false;
        }
        core::RolloutCursor cursor(*rollout);
        cursor.seek(static_cast<std::size_t>(step));
        core::PovRenderer renderer(core::PovConfig{viewers::PovFrameView::kSide, viewers::PovFrameView::kSide});
        const auto rgb = renderer.render(cursor.grid(), cursor.pose());
        const int side = viewers::PovFrameView::kSide;
        const QImage frame = QImage(rgb.data(), side, side, side * 3, QImage::Format_RGB888).copy();
        const QRect r = pov()->frameRect();
        const QImage expected = frame.scaled(r.size(), Qt::IgnoreAspectRatio, Qt::FastTransformation).convertToFormat(QImage::Format_RGB32);
        const QImage drawn = pov()->grab(r).toImage().convertToFormat(QImage::Format_RGB32);
        return test::imagesMatch(drawn, expected, name, report, 8, 0);
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("p.db")), &error), qPrintable(error));
        QVERIFY(!wb_->selectStartTask().isEmpty());
        QVERIFY2(wb_->selectRollout(QStringLiteral("first"), QStringLiteral("0"), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, QSize(1280, 800)));
    }
    void cleanupTestCase() { wb_.reset(); }

    void toggleShowsItBesideTheView() {
        QVERIFY(pov() != nullptr && povAction() != nullptr);
        QVERIFY(!pov()->isVisible());
        QVERIFY(!povAction()->isChecked());
        povAction()->trigger();
        QTRY_VERIFY(pov()->isVisible());
        QVERIFY(povAction()->isChecked());
        auto* dock = wb_->window().findChild<QDockWidget*>(QStringLiteral("playback.pov"));
        QWidget* view = wb_->window().centralWidget();
        QVERIFY(dock != nullptr && !dock->isFloating());
        QVERIFY2(dock->x() >= view->geometry().right(), "the first-person view is not right of the 3D view");
        QVERIFY(pov()->frameRect().width() >= 2 * viewers::PovFrameView::kSide);
    }

    void followsSeeksStepsAndRollouts() {
        QString report;
        QVERIFY2(showsStep(0, QStringLiteral("pov-step0"), &report), qPrintable(report));
        const auto rollout = wb_->context().data().rollout(selection().rolloutId());
        const int n = static_cast<int>(rollout->size());
        QVERIFY(n > 4);
        const QImage atStart = pov()->frame();
        // Seeks (the timeline's, the chart's and the Selection's are one: Selection::setStep).
        for (int step : {n / 2, n, 1, n / 3}) {
            selection().setStep(step);
            QVERIFY2(showsStep(step, QStringLiteral("pov-seek%1").arg(step), &report), qPrintable(report));
        }
        // Steps with the Playback menu's actions.
        auto* forward = [&]() -> QAction* {
            for (QAction* a : wb_->window().findChildren<QAction*>())
                if (a->text() == QLatin1String("Step Forward")) return a;
            return nullptr;
        }();
        QVERIFY(forward != nullptr);
        for (int i = 0; i < 3; ++i) {
            const int before = selection().step();
            forward->trigger();
            QCOMPARE(selection().step(), before + 1);
            QVERIFY2(showsStep(selection().step(), QStringLiteral("pov-forward%1").arg(i), &report), qPrintable(report));
        }
        // The frame changed along the way (the view is not stuck at the start).
        selection().setStep(n);
        QVERIFY(pov()->frame() != atStart);

        // Another rollout (a random-agent episode recorded for this session) at step 10.
        QString error;
        QVERIFY2(wb_->selectRollout(QStringLiteral("random:5"), QStringLiteral("10"), &error), qPrintable(error));
        QCOMPARE(selection().step(), 10);
        QVERIFY2(showsStep(10, QStringLiteral("pov-random10"), &report), qPrintable(report));
        selection().setStep(40);
        QVERIFY2(showsStep(40, QStringLiteral("pov-random40"), &report), qPrintable(report));

        // No rollout: nothing shown.
        selection().setRollout(0);
        QTRY_VERIFY(pov()->frame().isNull());

        // Hidden: not drawn; shown again: the step of then.
        QVERIFY2(wb_->selectRollout(QStringLiteral("first"), QStringLiteral("3"), &error), qPrintable(error));
        povAction()->trigger();
        QTRY_VERIFY(!pov()->isVisible());
        selection().setStep(7);
        povAction()->trigger();
        QTRY_VERIFY(pov()->isVisible());
        QVERIFY2(showsStep(7, QStringLiteral("pov-reshown7"), &report), qPrintable(report));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestPovView)
#include "test_pov_view.moc"

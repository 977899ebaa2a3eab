// The agent's belief in the workbench (Xvfb, the bundled example catalog): a rollout of a real
// task that publishes beliefs (support/beliefs.hpp) is stored and played back; at every step the
// 3D view draws the belief in force (core::Rollout::beliefAt), with core's prediction scores in
// its legend, exactly what a fresh view given only that state draws (geometry, and pixels with a
// tolerance: on a mismatch the images and their diff are saved in image-diffs/); the Viewer
// menu's Agent Belief hides and shows it; the Playback dock's belief line and the chart's
// prediction F1 follow the step.
#include <QAction>
#include <QLabel>
#include <QLineSeries>
#include <QMenu>
#include <QTemporaryDir>
#include <QtTest>

#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout_series.hpp"
#include "logic/belief_status.hpp"
#include "support/beliefs.hpp"
#include "support/gui_main.hpp"
#include "support/image_compare.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/rollout_chart.hpp"
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

class TestBeliefView : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    const QString taskId_ = QStringLiteral("CQ-game-947");
    std::optional<core::Task> task_;
    std::shared_ptr<const core::Rollout> rollout_;

    Selection& selection() { return wb_->context().selection(); }
    DataService& data() { return wb_->context().data(); }
    viewers::ZoneView* zoneView() { return wb_->window().findChild<viewers::ZoneView*>(QStringLiteral("zoneView")); }
    QAction* beliefAction() {
        for (auto* menu : wb_->window().findChildren<QMenu*>())  // the Viewer menu's
            for (QAction* a : menu->actions())
                if (a->objectName() == QLatin1String("viewer3d.belief")) return a;
        return nullptr;
    }

    /// The live view against a fresh view given only the expected state at `step`.
    bool viewShowsStep(int step, bool beliefShown, const QString& name, QString* report) {
        viewers::ZoneView fresh;
        fresh.resize(zoneView()->glWidget()->size());
        core::RolloutCursor cursor(*rollout_);
        cursor.seek(static_cast<std::size_t>(step));
        viewers::ZoneScene& s = fresh.scene();
        s.setTarget(task_->target);
        s.setBuilt(cursor.grid());
        s.setAgent(cursor.pose());
        const core::Belief* belief = rollout_->beliefAt(static_cast<std::size_t>(step));
        s.setBelief(belief ? std::optional<core::Belief>(*belief) : std::nullopt);
        s.setBeliefShown(beliefShown);
        s.setCaption(QStringLiteral("%1  |  agent rollout %2  |  step %3 / %4")
                         .arg(taskId_).arg(rollout_->id).arg(step).arg(rollout_->size()).toStdString());
        s.setCameraPose(zoneView()->scene().cameraPose());
        if (zoneView()->scene().drawnState() != s.drawnState()) {
            *report = name + QStringLiteral(": the view draws other geometry than a fresh one:\n") +
                      QString::fromStdString(zoneView()->scene().drawnState().substr(0, 400));
            return false;
        }
        fresh.show();
        if (!QTest::qWaitForWindowExposed(&fresh)) {
            *report = name + QStringLiteral(": the fresh view was not shown");
            return false;
        }
        return test::imagesMatch(wb_->context().service<ViewerService>()->grabImage(), fresh.grabImage(), name, report);
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("dataset"), QStringLiteral("play"),
                                    QStringLiteral("script"), QStringLiteral("experiments"), QStringLiteral("compare")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath("examples.db"), &error), qPrintable(error));
        task_ = data().task(taskId_);
        QVERIFY(task_.has_value());
        const qint64 id = data().storeRollout(test::rolloutWithBeliefs(*task_, 60), &error);
        QVERIFY2(id > 0, qPrintable(error));
        rollout_ = data().rollout(id);
        QVERIFY(rollout_ != nullptr);
        QCOMPARE(rollout_->beliefs.size(), std::size_t(3));  // stored with the episode and read back
        QVERIFY(test::showWorkbench(*wb_, {1200, 800}));
        QVERIFY(wb_->selectTask(taskId_, &error));
        QVERIFY2(wb_->selectRollout(QString::number(id), QStringLiteral("0"), &error), qPrintable(error));
    }
    void cleanupTestCase() { wb_.reset(); }

    // Step by step: the belief in force, its scores, the Playback line and the chart.
    void viewFollowsTheBeliefStepByStep() {
        auto* status = wb_->window().findChild<QLabel*>(QStringLiteral("beliefStatus"));
        QVERIFY(status != nullptr);
        const auto& scene = zoneView()->scene();
        QString report;
        for (int step : {0, 7, 19, 20, 39, 40, 60}) {
            selection().setStep(step);
            const core::Belief* expected = rollout_->beliefAt(static_cast<std::size_t>(step));
            QVERIFY(expected != nullptr);
            QVERIFY(scene.belief().has_value());
            QCOMPARE(scene.belief()->step, expected->step);
            QVERIFY(scene.belief()->blocks == expected->blocks);
            const core::Scores s = core::score(task_->target, expected->blocks);
            QVERIFY(scene.beliefStats().drawn);
            QCOMPARE(scene.beliefStats().scores.f1, s.f1);
            QCOMPARE(scene.beliefStats().right, s.intersection);
            const QString legend = wb_->context().service<ViewerService>()->legendText();
            QVERIFY2(legend.contains(QStringLiteral("belief (step %1)").arg(expected->step)), qPrintable(legend));
            QCOMPARE(status->text(), plugins::playback::beliefStatus(*rollout_, task_->target, static_cast<std::size_t>(step)));
            QVERIFY(status->isVisible());
            QVERIFY2(viewShowsStep(step, true, QStringLiteral("belief-step-%1").arg(step), &report), qPrintable(report));
        }
        auto* chart = wb_->window().findChild<viewers::RolloutChart*>(QStringLiteral("rolloutChart"));
        QVERIFY(chart != nullptr);
        const core::RolloutSeries series = core::computeSeries(*rollout_, task_->target);
        QCOMPARE(chart->predictionSeries()->count(), int(rollout_->size()) + 1);
        for (int p = 0; p < chart->predictionSeries()->count(); ++p)
            QCOMPARE(chart->predictionSeries()->at(p).y(), series.predictionF1[static_cast<std::size_t>(p)]);
        // A rollout without beliefs: no layer, no line, an empty prediction series.
        QString error;
        QVERIFY2(wb_->selectRollout(QStringLiteral("random:4"), QStringLiteral("10"), &error), qPrintable(error));
        QVERIFY(!scene.belief().has_value());
        QVERIFY(!scene.beliefStats().drawn);
        QVERIFY(status->isHidden());
        QCOMPARE(chart->predictionSeries()->count(), 0);
        QVERIFY2(wb_->selectRollout(QString::number(rollout_->id), QStringLiteral("0"), &error), qPrintable(error));
        QVERIFY(scene.belief().has_value());
    }

    // Viewer > Agent Belief: off leaves the picture of the view without the belief; on again
    // draws it; the belief still follows the step while hidden.
    void beliefCanBeHiddenLikeTheGhost() {
        QAction* toggle = beliefAction();
        QVERIFY(toggle != nullptr && toggle->isCheckable() && toggle->isChecked());
        QString report;
        selection().setStep(5);
        const QImage shown = wb_->context().service<ViewerService>()->grabImage();
        toggle->setChecked(false);
        QVERIFY(!zoneView()->scene().beliefShown());
        QVERIFY(!zoneView()->scene().beliefStats().drawn);
        QVERIFY(wb_->context().service<ViewerService>()->legendText().indexOf(QStringLiteral("belief")) < 0);
        const QImage hidden = wb_->context().service<ViewerService>()->grabImage();
        const test::ImageDiff d = test::diffImages(shown, hidden, 24);
        QVERIFY2(d.differing > 1000, qPrintable(QStringLiteral("the belief changes %1 pixels").arg(d.differing)));
        QVERIFY2(viewShowsStep(5, false, QStringLiteral("belief-hidden-step-5"), &report), qPrintable(report));
        selection().setStep(25);
        QCOMPARE(zoneView()->scene().belief()->step, 20u);
        QVERIFY2(viewShowsStep(25, false, QStringLiteral("belief-hidden-step-25"), &report), qPrintable(report));
        toggle->setChecked(true);
        QVERIFY(zoneView()->scene().beliefStats().drawn);
        QVERIFY2(viewShowsStep(25, true, QStringLiteral("belief-shown-again-step-25"), &report), qPrintable(report));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestBeliefView)
#include "test_belief_view.moc"

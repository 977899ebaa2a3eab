// The compare view in the workbench (Xvfb, the bundled example catalog): Playback > Compare
// Rollouts puts the selected agent episode beside the task's human tape in linked views; the
// timeline drives both views (each shows its own rollout's world after p frames, checked against
// a cursor over the whole scrub); a preset or turn in one view moves the other's camera; a click
// on a table row and on the chart seeks; the rows where the worlds differ are the steps
// core::compareRollouts reports; every view draws its own rollout's belief in force; checking a
// third rollout adds a third view; "First-person view" shows each rollout's agent view at the step
// (core::PovRenderer's frame of that rollout's grid and pose).
#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QtTest>

#include "core/pov/pov_renderer.hpp"
#include "core/rollout/random_agent.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout_comparison.hpp"
#include "core/rollout/rollout_series.hpp"
#include "viewers/scene/palette.hpp"
#include "logic/step_table.hpp"
#include "support/beliefs.hpp"
#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/camera_link.hpp"
#include "viewers/qt/pov_frame_view.hpp"
#include "viewers/qt/rollout_chart.hpp"
#include "viewers/qt/rollout_timeline.hpp"
#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "widgets/compare_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using iglu::plugins::compare::ComparePanel;

class TestCompareWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<workbench::Workbench> wb_;
    QTemporaryDir dir_;
    QString taskId_;
    qint64 human_ = 0, agentA_ = 0, agentB_ = 0;

    ComparePanel* panel() { return test::findPluginWidget<ComparePanel>(wb_->window(), QStringLiteral("comparePanel")); }
    template <class T>
    T* child(const QString& name) { return wb_->window().findChild<T*>(name); }
    QAction* compareAction() {
        for (QAction* a : wb_->window().findChildren<QAction*>())
            if (a->objectName() == QLatin1String("compare.rollouts")) return a;
        return nullptr;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("dataset"), QStringLiteral("play"),
                                    QStringLiteral("script"), QStringLiteral("experiments")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath("examples.db"), &error), qPrintable(error));
        auto& data = wb_->context().data();
        // A task with a human tape that builds something.
        for (const auto& t : data.tasks()) {
            if (t.targetBlocks == 0) continue;
            for (const auto& r : data.rollouts(t.id))
                if (r.kind == QLatin1String("human") && r.frames > 5) {
                    taskId_ = t.id;
                    human_ = r.id;
                    break;
                }
            if (!taskId_.isEmpty()) break;
        }
        QVERIFY2(!taskId_.isEmpty(), "the example catalog has a task with a human tape");
        const auto task = data.task(taskId_);
        for (std::uint64_t seed : {3u, 4u}) {
            core::RandomEpisodeOptions o;
            o.seed = seed;
            o.steps = 120;
            o.placeProbability = 0.4;
            const qint64 id = data.storeRollout(core::recordRandomEpisode(*task, o), &error);
            QVERIFY2(id > 0, qPrintable(error));
            (seed == 3 ? agentA_ : agentB_) = id;
        }
        QVERIFY2(wb_->selectTask(taskId_, &error), qPrintable(error));
        wb_->context().selection().setRollout(agentA_);
        QVERIFY(test::showWorkbench(*wb_, {1400, 1000}));
        QVERIFY(panel() != nullptr);
    }
    void cleanupTestCase() { wb_.reset(); }

    void compareActionPutsTheEpisodeBesideTheHumanTape() {
        QAction* action = compareAction();
        QVERIFY(action != nullptr);
        action->trigger();
        auto* p = panel();
        QCOMPARE(p->checkedIds().size(), 2);
        QVERIFY(p->checkedIds().contains(agentA_));
        QVERIFY(p->checkedIds().contains(human_));
        QCOMPARE(p->views().size(), 2);
        QVERIFY(p->isVisible());
        QVERIFY(QTest::qWaitFor([&] { return p->views()[0]->glWidget()->framesRendered() > 0 && p->views()[1]->glWidget()->framesRendered() > 0; }, 10000));
    }

    void firstPersonViewsFollowTheTimeline() {
        auto* p = panel();
        auto* toggle = child<QCheckBox>("comparePovToggle");
        QVERIFY(toggle != nullptr && !toggle->isChecked());
        QVERIFY(!child<QWidget>("comparePovs")->isVisible());
        toggle->setChecked(true);
        QTRY_VERIFY(child<QWidget>("comparePovs")->isVisible());
        const auto& compared = p->model().rollouts();
        core::PovRenderer renderer(core::PovConfig{viewers::PovFrameView::kSide, viewers::PovFrameView::kSide});
        const int steps = static_cast<int>(p->model().comparison().steps);
        for (int step : {0, steps / 2, 3, steps}) {
            p->seek(step);
            for (std::size_t i = 0; i < compared.size(); ++i) {
                auto* pov = child<viewers::PovFrameView>(QStringLiteral("comparePov%1").arg(i));
                QVERIFY(pov != nullptr && pov->isVisible());
                core::RolloutCursor cursor(*compared[i].rollout);
                cursor.seek(static_cast<std::size_t>(step));
                const auto want = renderer.render(cursor.grid(), cursor.pose());
                const QImage& got = pov->frame();
                QCOMPARE(got.size(), QSize(viewers::PovFrameView::kSide, viewers::PovFrameView::kSide));
                for (int y = 0; y < got.height(); ++y)
                    QVERIFY2(std::memcmp(got.constScanLine(y), want.data() + std::size_t(y) * got.width() * 3, std::size_t(got.width()) * 3) == 0,
                             qPrintable(QStringLiteral("rollout %1 step %2 row %3").arg(i).arg(step).arg(y)));
            }
        }
        toggle->setChecked(false);
        QTRY_VERIFY(!child<QWidget>("comparePovs")->isVisible());
        p->seek(0);
    }

    void timelineDrivesEveryView() {
        auto* p = panel();
        const auto& compared = p->model().rollouts();
        QCOMPARE(compared.size(), std::size_t(2));
        std::vector<core::RolloutCursor> cursors;
        for (const auto& c : compared) cursors.emplace_back(*c.rollout);
        const int steps = static_cast<int>(p->model().comparison().steps);
        QCOMPARE(child<viewers::RolloutTimeline>("compareTimeline")->frameCount(), steps);
        // Forward, backward and jumps: each view shows its own rollout after p frames.
        std::vector<int> order;
        for (int s = 0; s <= steps; s += 7) order.push_back(s);
        for (int s = steps; s >= 0; s -= 11) order.push_back(s);
        order.insert(order.end(), {steps, 0, steps / 2, 1});
        for (int s : order) {
            p->seek(s);
            QCOMPARE(p->position(), s);
            for (std::size_t i = 0; i < cursors.size(); ++i) {
                cursors[i].seek(std::size_t(s));
                QVERIFY2(p->views()[int(i)]->scene().built() == cursors[i].grid(), qPrintable(QStringLiteral("view %1 step %2").arg(i).arg(s)));
            }
            auto* table = child<QTableView>("compareTable");
            QCOMPARE(table->selectionModel()->selectedRows().value(0).row(), s);
        }
    }

    void camerasAreLinked() {
        auto* p = panel();
        QVERIFY(p->cameraLink().synchronized());
        const int before = p->views()[1]->glWidget()->framesRendered();
        p->views()[0]->applyView(viewers::ViewPreset::Top);
        QVERIFY(QTest::qWaitFor([&] { return p->views()[1]->glWidget()->framesRendered() > before && p->cameraLink().synchronized(); }, 10000));
        // A drag in the second view turns the first.
        auto* gl = p->views()[1]->glWidget();
        const QPoint c = gl->rect().center();
        QTest::mousePress(gl, Qt::LeftButton, {}, c);
        for (int i = 1; i <= 10; ++i) QTest::mouseMove(gl, c + QPoint(8 * i, 3 * i));
        QTest::mouseRelease(gl, Qt::LeftButton, {}, c + QPoint(80, 30));
        QVERIFY(QTest::qWaitFor([&] { return p->cameraLink().synchronized(); }, 10000));
        p->views()[0]->applyView(viewers::ViewPreset::Iso);
        QVERIFY(QTest::qWaitFor([&] { return p->cameraLink().synchronized(); }, 10000));
    }

    void tableAndChartSeekOnClick() {
        auto* p = panel();
        auto* table = child<QTableView>("compareTable");
        const int row = std::min(9, table->model()->rowCount() - 1);
        table->scrollTo(table->model()->index(row, 0));
        const QRect cell = table->visualRect(table->model()->index(row, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(p->position(), row);
        auto* chart = child<viewers::RolloutChart>("compareChart");
        QCOMPARE(chart->f1LineCount(), 2);
        // The middle of the plot area is about the middle step.
        const QRectF plot = chart->chart()->plotArea();
        const QPoint mid = chart->mapFromScene(chart->chart()->mapToScene(plot.center()));
        const int expected = chart->stepAt(mid);
        QVERIFY(expected > 0);
        QVERIFY(std::abs(expected - static_cast<int>(p->model().comparison().steps) / 2) <= 2);
        QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, mid);
        QCOMPARE(p->position(), expected);
        QCOMPARE(chart->position(), expected);
    }

    void differingRowsAreTheDifferingSteps() {
        auto* p = panel();
        p->compare({agentA_, agentB_});
        const auto a = wb_->context().data().rollout(agentA_), b = wb_->context().data().rollout(agentB_);
        const core::Rollout* raw[] = {a.get(), b.get()};
        const auto cmp = core::compareRollouts(raw);
        QVERIFY(cmp.firstDifference.has_value());
        auto* table = child<QTableView>("compareTable");
        const QColor first = table->model()->data(table->model()->index(int(*cmp.firstDifference), 2), Qt::BackgroundRole).value<QColor>();
        QVERIFY(first.isValid());
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const bool shaded = table->model()->data(table->model()->index(row, 1), Qt::BackgroundRole).isValid();
            QCOMPARE(shaded, bool(cmp.differs[std::size_t(row)]));
        }
        auto* summary = child<QLabel>("compareSummary");
        QVERIFY2(summary->text().contains(QStringLiteral("first differ after <a href=\"#%1\">step %1</a>").arg(*cmp.firstDifference)),
                 qPrintable(summary->text()));
        // The step in the summary is a link to it.
        emit summary->linkActivated(QStringLiteral("#%1").arg(*cmp.firstDifference));
        QCOMPARE(p->position(), int(*cmp.firstDifference));
    }

    // Each linked view draws its own rollout's belief in force at the step (the last one published
    // at a step <= it), a rollout without beliefs none; after its end a rollout keeps its last.
    void eachViewShowsItsRolloutsBelief() {
        auto& data = wb_->context().data();
        const auto task = data.task(taskId_);
        QString error;
        core::Rollout late = test::rolloutWithBeliefs(*task, 40);  // beliefs at 0, 13, 26
        late.beliefs.erase(late.beliefs.begin());
        const qint64 withBeliefs = data.storeRollout(test::rolloutWithBeliefs(*task, 60), &error);
        QVERIFY2(withBeliefs > 0, qPrintable(error));
        const qint64 lateBeliefs = data.storeRollout(std::move(late), &error);
        QVERIFY2(lateBeliefs > 0, qPrintable(error));
        auto* p = panel();
        p->compare({withBeliefs, agentA_, lateBeliefs});
        QCOMPARE(p->views().size(), 3);
        const auto& compared = p->model().rollouts();
        QCOMPARE(compared.size(), std::size_t(3));
        for (int s : {0, 12, 13, 19, 20, 26, 39, 40, 41, 60, 120, 5}) {
            p->seek(s);
            for (std::size_t i = 0; i < compared.size(); ++i) {
                const core::Rollout& r = *compared[i].rollout;
                const core::Belief* expected = r.beliefAt(std::min<std::size_t>(std::size_t(s), r.size()));
                const viewers::ZoneScene& scene = p->views()[int(i)]->scene();
                const QString where = QStringLiteral("view %1 step %2").arg(i).arg(s);
                QCOMPARE(scene.belief().has_value(), expected != nullptr);
                QCOMPARE(scene.beliefStats().drawn, expected != nullptr);
                if (expected == nullptr) {
                    QVERIFY2(scene.legendText().find("belief") == std::string::npos, qPrintable(where));
                    continue;
                }
                QVERIFY2(scene.belief()->step == expected->step && scene.belief()->blocks == expected->blocks, qPrintable(where));
                QCOMPARE(scene.beliefStats().scores.f1, core::score(task->target, expected->blocks).f1);
                QVERIFY2(scene.legendText().find("belief (step " + std::to_string(expected->step) + ")") != std::string::npos,
                         qPrintable(where + QStringLiteral(": ") + QString::fromStdString(scene.legendText())));
            }
        }
        int withoutBeliefs = 0;  // the random agent's view: it published none
        for (std::size_t i = 0; i < compared.size(); ++i)
            if (compared[i].rollout->id == agentA_) withoutBeliefs += p->views()[int(i)]->scene().belief().has_value() ? 0 : 1;
        QCOMPARE(withoutBeliefs, 1);
        p->compare({agentA_, agentB_});  // as the next test expects
    }

    void aThirdRolloutAddsAView() {
        auto* p = panel();
        auto* list = child<QListWidget>("compareRollouts");
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toLongLong() == human_) list->item(i)->setCheckState(Qt::Checked);
        QCOMPARE(p->checkedIds().size(), 3);
        QCOMPARE(p->views().size(), 3);
        QCOMPARE(p->model().columnCount(), 1 + 3 * plugins::compare::StepTableModel::kColumnsPerRollout);
        QVERIFY(QTest::qWaitFor([&] { return p->cameraLink().synchronized(); }, 10000));
        // Unchecking all but one: a single view, nothing to compare, said so.
        p->compare({human_});
        QCOMPARE(p->views().size(), 1);
        QVERIFY(child<QLabel>("compareSummary")->text().contains("two or more"));
        // Another task: the list follows, nothing checked.
        QString error;
        for (const auto& t : wb_->context().data().tasks())
            if (t.id != taskId_) {
                QVERIFY(wb_->selectTask(t.id, &error));
                break;
            }
        QVERIFY(p->checkedIds().isEmpty());
    }

    // Issue 24: docked at 1600 x 1000, each linked view is tall enough to read, the legends stay
    // off the zone and each other, every rollout's return and F1 is plotted in distinct colours,
    // the steps where reward and F1 part are marked with the reason, and the table of three
    // rollouts fits without scrolling sideways.
    void dockedCompareIsReadable() {
        QString error;
        QVERIFY(wb_->selectTask(taskId_, &error));
        wb_->window().resize(1600, 1000);
        auto* p = panel();
        p->compare({human_, agentA_, agentB_});
        QCOMPARE(p->views().size(), 3);
        QVERIFY(QTest::qWaitFor([&] {
            for (auto* v : p->views())
                if (v->glWidget()->framesRendered() == 0) return false;
            return true;
        }, 10000));
        p->seek(40);
        for (auto* v : p->views()) {
            QVERIFY2(v->height() >= ComparePanel::kViewMinHeight, qPrintable(QString::number(v->height())));
            (void)v->grabImage();  // a frame at this size: the legends placed for it
            const auto& layout = v->scene().legendLayout();
            // Three views abreast (~250 px wide): no corner is free at any size, so the legend
            // takes the least covered corner at the smallest size: under a fifth of it on the floor.
            const double area = layout.scene.box.width * layout.scene.box.height;
            QVERIFY2(layout.scene.overlap <= 0.2 * area,
                     qPrintable(QStringLiteral("%1: legend on %2 of %3 px").arg(v->objectName()).arg(layout.scene.overlap).arg(area)));
            QVERIFY(layout.scene.box.y >= 0 && layout.scene.box.y + layout.scene.box.height <= v->glWidget()->height() * v->devicePixelRatioF() + 1);
            QVERIFY(layout.scene.box.x >= 0 && layout.scene.box.x + layout.scene.box.width <= v->glWidget()->width() * v->devicePixelRatioF() + 1);
            if (layout.belief.box.height > 0) QVERIFY(!layout.belief.box.intersects(layout.scene.box));
        }
        auto* chart = child<viewers::RolloutChart>("compareChart");
        QCOMPARE(chart->returnLineCount(), 3);
        QCOMPARE(chart->f1LineCount(), 3);
        // Distinct colours: no two lines of different rollouts or metrics closer than Delta E 15.
        const auto lines = chart->lines();
        for (int a = 0; a < lines.size(); ++a)
            for (int b = a + 1; b < lines.size(); ++b) {
                const QColor x = lines[a]->pen().color(), y = lines[b]->pen().color();
                const bool sameRollout = lines[a]->name().right(1) == lines[b]->name().right(1);
                if (sameRollout && a > 1) continue;  // B..D: one colour, return dashed, F1 solid
                const double d = viewers::colourDistance({std::uint8_t(x.red()), std::uint8_t(x.green()), std::uint8_t(x.blue())},
                                                         {std::uint8_t(y.red()), std::uint8_t(y.green()), std::uint8_t(y.blue())});
                QVERIFY2(d > 15, qPrintable(QStringLiteral("%1 vs %2: %3").arg(lines[a]->name(), lines[b]->name()).arg(d)));
            }
        int parts = 0;
        for (const auto& c : p->model().rollouts()) parts += static_cast<int>(core::rewardF1Disagreements(c.series).size());
        QCOMPARE(chart->disagreementCount(), parts);
        for (std::size_t r = 0; r < p->model().rollouts().size(); ++r)
            for (const auto& d : core::rewardF1Disagreements(p->model().rollouts()[r].series))
                QVERIFY(chart->disagreementText(static_cast<int>(r), static_cast<int>(d.step)).contains(QLatin1String(core::kRewardIgnoresPosition)));
        QVERIFY(chart->toolTip().contains(QLatin1String(core::kRewardIgnoresPosition)));
        // The table: three rollouts' columns in the docked width.
        auto* tabs = child<QTabWidget>("compareTabs");
        auto* table = child<QTableView>("compareTable");
        tabs->setCurrentWidget(table);
        QVERIFY(QTest::qWaitFor([&] { return table->isVisible(); }, 5000));
        QCoreApplication::processEvents();
        QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
        QVERIFY(table->model()->index(41, 2).data(Qt::ToolTipRole).toString().contains(QStringLiteral("pose")));
        tabs->setCurrentIndex(0);
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestCompareWorkbench)
#include "test_compare_workbench.moc"

// The Experiments dock's Curves tab inside the workbench (Xvfb): training curves logged before
// the catalog was opened are drawn (one line per tag, the raw points faint beside the smoothed
// line); another connection — a training script — logs more points, a new tag and a new run, and
// once DataService::checkForChanges (the poll timer's call) reports the change the chart shows
// the new points with the run kept; smoothing 0 draws the raw values; a hidden tag stays hidden
// across refreshes; deleting the run's experiment empties the tab.
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

class TestCurvesWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString db_;
    QWidget* panel_ = nullptr;

    template <class T>
    T* child(const char* name) {
        return panel_->findChild<T*>(QString::fromLatin1(name));
    }
    /// The line drawn for `name` ("loss", or "loss (raw)"); nullptr when none.
    QLineSeries* line(const QString& name) {
        for (QAbstractSeries* s : child<QChartView>("curvesChart")->chart()->series())
            if (s->name() == name) return qobject_cast<QLineSeries*>(s);
        return nullptr;
    }
    QList<double> xs(const QString& name) {
        QList<double> out;
        if (QLineSeries* s = line(name))
            for (const QPointF& p : s->points()) out << p.x();
        return out;
    }

private slots:
    void initTestCase() {
        db_ = dir_.filePath(QStringLiteral("curves.db"));
        {
            catalog::Catalog c(db_.toStdString(), catalog::OpenMode::Create);
            for (int step = 0; step < 3; ++step) {
                const std::vector<catalog::ScalarValue> update{{"loss", step, 3.0 - step}, {"return", step, 0.5 * step}};
                c.logScalars("ppo", update);
            }
            c.ensureExperiment("ppo", "train_pg.py", "{}");
        }
        wb_ = test::loadWorkbench();
        QString error;
        QVERIFY2(wb_->openData(db_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1400, 900}));
        panel_ = wb_->window().findChild<QWidget*>(QStringLiteral("experimentsPanel"));
        QVERIFY(panel_ != nullptr);
        auto* dock = wb_->window().findChild<QDockWidget*>(QStringLiteral("experiments"));
        dock->show();
        dock->raise();
        QTRY_VERIFY(panel_->isVisible());
        auto* tabs = child<QTabWidget>("experimentTabs");
        const int curves = tabs->indexOf(child<QWidget>("curvesView"));
        QVERIFY(curves >= 0);
        QCOMPARE(tabs->tabText(curves), QStringLiteral("Curves"));
        tabs->setCurrentIndex(curves);
    }
    void cleanupTestCase() { wb_.reset(); }

    void curvesLoggedBeforeOpeningAreDrawn() {
        QCOMPARE(child<QComboBox>("curvesRun")->currentText(), QStringLiteral("ppo"));
        QVERIFY(!child<QLabel>("curvesEmpty")->isVisible());
        auto* tags = child<QListWidget>("curvesTags");
        QCOMPARE(tags->count(), 2);
        QCOMPARE(tags->item(0)->text(), QStringLiteral("loss"));
        QVERIFY(child<QSlider>("curvesSmoothing")->value() > 0);
        QCOMPARE(child<QChartView>("curvesChart")->chart()->series().size(), 4);  // smoothed + raw per tag
        QCOMPARE(xs("loss"), (QList<double>{0, 1, 2}));
        QCOMPARE(line("loss (raw)")->points().back(), QPointF(2, 1.0));
        QVERIFY(line("loss")->points().back().y() > 1.0);  // smoothed: pulled towards the earlier, higher losses
    }

    void anotherProgramsPointsAppearAfterTheChangeNotification() {
        auto& data = wb_->context().data();
        data.checkForChanges();  // start from a clean state
        {
            catalog::Catalog script(db_.toStdString(), catalog::OpenMode::ReadWrite);  // the training script
            for (int step = 3; step < 5; ++step) {
                const std::vector<catalog::ScalarValue> update{{"loss", step, 3.0 - step}, {"entropy", step, 1.0}};
                script.logScalars("ppo", update);
            }
            script.logScalar("sweep", "loss", 0, 7.0);  // a newer run: the chosen one stays on show
        }
        QCOMPARE(xs("loss"), (QList<double>{0, 1, 2}));  // nothing re-read before the notification
        QVERIFY(data.checkForChanges());
        QCOMPARE(child<QComboBox>("curvesRun")->currentText(), QStringLiteral("ppo"));
        QCOMPARE(child<QComboBox>("curvesRun")->count(), 2);
        QCOMPARE(xs("loss"), (QList<double>{0, 1, 2, 3, 4}));
        QCOMPARE(line("loss (raw)")->points().back(), QPointF(4, -1.0));
        QVERIFY(line("entropy") != nullptr);
        QCOMPARE(child<QListWidget>("curvesTags")->count(), 3);
    }

    void smoothingZeroDrawsTheRawValuesAndHiddenTagsStayHidden() {
        child<QSlider>("curvesSmoothing")->setValue(0);
        QCOMPARE(child<QChartView>("curvesChart")->chart()->series().size(), 3);  // no faint raw lines
        QCOMPARE(line("loss")->points(), (QList<QPointF>{{0, 3}, {1, 2}, {2, 1}, {3, 0}, {4, -1}}));
        auto* tags = child<QListWidget>("curvesTags");
        tags->findItems(QStringLiteral("return"), Qt::MatchExactly).front()->setCheckState(Qt::Unchecked);
        QVERIFY(line("return") == nullptr);
        {
            catalog::Catalog script(db_.toStdString(), catalog::OpenMode::ReadWrite);
            script.logScalar("ppo", "return", 5, 9.0);
        }
        QVERIFY(wb_->context().data().checkForChanges());
        QVERIFY(line("return") == nullptr);
        QCOMPARE(tags->findItems(QStringLiteral("return"), Qt::MatchExactly).front()->checkState(), Qt::Unchecked);
        QCOMPARE(child<QChartView>("curvesChart")->chart()->series().size(), 2);
    }

    void deletingTheExperimentTakesItsCurves() {
        {
            catalog::Catalog other(db_.toStdString(), catalog::OpenMode::ReadWrite);
            other.deleteExperiment("ppo", {});
        }
        QVERIFY(wb_->context().data().checkForChanges());
        QCOMPARE(child<QComboBox>("curvesRun")->currentText(), QStringLiteral("sweep"));  // the one left
        QCOMPARE(xs("loss"), (QList<double>{0}));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestCurvesWorkbench)

#include "test_curves_workbench.moc"

// The plugins that read the catalog directly (plugins/dataset: DatasetBrowser; plugins/experiments:
// ExperimentsPanel) on a catalog damaged after it was opened (a task's grid blob overwritten, as a
// disk error or another program would): every read in their slots fails with CatalogError, which
// must never escape into Qt's event loop. Each view shows the message, emits readFailed (the
// plugins log it) and keeps working for what can still be read.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "support/corrupt_catalogs.hpp"
#include "core/catalog/catalog.hpp"
#include "logic/task_table_model.hpp"
#include "widgets/dataset_browser.hpp"
#include "widgets/experiments_panel.hpp"
#include "workbench/api/data_service.hpp"

using namespace iglu;

namespace {

catalog::TaskRecord makeTask(const std::string& id) {
    catalog::TaskRecord r;
    r.task.id = id;
    r.task.instruction = "build " + id;
    for (int i = 0; i < 5; ++i) r.task.target.set(i, -1, 0, 1 + i % 6);
    return r;
}

}  // namespace

class TestDamagedCatalogViews : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path_;
    std::unique_ptr<catalog::Catalog> cat_;

private slots:
    void init() {
        path_ = dir_.filePath(QStringLiteral("views%1.db").arg(QTest::currentTestFunction()));
        cat_ = std::make_unique<catalog::Catalog>(path_.toStdString(), catalog::OpenMode::Create);
        cat_->putTasks(std::vector<catalog::TaskRecord>{makeTask("good"), makeTask("bad")});
        const auto exp = cat_->ensureExperiment("exp", "exp.lua", "{}");
        for (const char* id : {"good", "bad"}) {
            catalog::EpisodeRecord e;
            e.experimentId = exp.id;
            e.taskId = id;
            e.seed = 1;
            e.ok = true;
            e.steps = 3;
            cat_->putEpisode(e);
        }
    }
    void cleanup() { cat_.reset(); }

    void experimentsPanelReportsReadFailures() {
        workbench::DataService data;
        QString error;
        QVERIFY2(data.open(path_, &error), qPrintable(error));
        plugins::experiments::ExperimentsPanel panel(data.experiments());
        QSignalSpy failed(&panel, &plugins::experiments::ExperimentsPanel::readFailed);
        panel.reload();
        QCOMPARE(failed.count(), 0);
        QCOMPARE(panel.currentExperiment(), QString("exp"));
        // Damage after opening: the stored summary reads the tasks' grids.
        QVERIFY(test::sqliteRun(path_, "UPDATE tasks SET target = x'01020304050607' WHERE id = 'bad'"));
        QVERIFY_THROWS_NO_EXCEPTION(panel.refresh());  // the Reload button's slot
        QVERIFY(failed.count() >= 1);
        QVERIFY2(failed.first().first().toString().contains(QFileInfo(path_).fileName()),
                 qPrintable(failed.first().first().toString()));
        // The list itself could be read: the experiment stays listed and selectable.
        QCOMPARE(panel.currentExperiment(), QString("exp"));
        QVERIFY_THROWS_NO_EXCEPTION(panel.selectExperiment("exp"));
        QVERIFY_THROWS_NO_EXCEPTION(panel.setCompareWith("exp"));
        // Repaired, the same views read again without a new failure.
        const int before = static_cast<int>(failed.count());
        QVERIFY(test::sqliteRun(path_, "UPDATE tasks SET target = (SELECT target FROM tasks WHERE id = 'good') WHERE id = 'bad'"));
        QVERIFY_THROWS_NO_EXCEPTION(panel.refresh());
        QCOMPARE(static_cast<int>(failed.count()), before);
    }

    void datasetBrowserReportsReadFailures() {
        workbench::DataService data;
        QString error;
        QVERIFY2(data.open(path_, &error), qPrintable(error));
        plugins::dataset::DatasetBrowser browser(data.queries());
        QSignalSpy failed(&browser, &plugins::dataset::DatasetBrowser::readFailed);
        browser.requery();
        QCOMPARE(browser.model()->rowCount(), 2);
        QVERIFY(test::sqliteRun(path_, "UPDATE tasks SET target = x'01020304050607' WHERE id = 'bad'"));
        QVERIFY_THROWS_NO_EXCEPTION(browser.showTask("bad"));  // Selection::taskChanged's slot
        QVERIFY(failed.count() >= 1);
        QVERIFY(failed.first().first().toString().contains(QFileInfo(path_).fileName()));
        QVERIFY(browser.detailsHtml().contains(QFileInfo(path_).fileName()));
        QVERIFY_THROWS_NO_EXCEPTION(browser.refreshTask("bad"));  // DataService::labelsChanged's slot
        QVERIFY(failed.count() >= 2);
        // The other task still shows.
        QVERIFY_THROWS_NO_EXCEPTION(browser.showTask("good"));
        QVERIFY(browser.detailsHtml().contains("build good"));
    }
};

QTEST_MAIN(TestDamagedCatalogViews)
#include "test_damaged_catalog_views.moc"

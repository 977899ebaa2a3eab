// The two task lists' filters are one (issue 24, finding 8): typing in the Tasks dock's filter
// sets the Dataset browser's search (both lists shrink to the tasks matching it), clearing the
// search from the Dataset side clears the Tasks filter and both list every task again. The shared
// state is Selection::taskFilter (workbench/api); the docks never see each other (Xvfb, the
// bundled example catalog).
#include <QAbstractItemModel>
#include <QLineEdit>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;

class TestLinkedFilters : public QObject {
    Q_OBJECT
    std::unique_ptr<workbench::Workbench> wb_;
    QTemporaryDir dir_;

    template <class T>
    T* child(const char* name) { return wb_->window().findChild<T*>(QLatin1String(name)); }
    QAbstractItemModel* tasksRows() { return child<QTableView>("taskTable")->model(); }
    QAbstractItemModel* datasetRows() { return child<QTableView>("browserTable")->model(); }
    static QSet<QString> ids(const QAbstractItemModel* model) {
        QSet<QString> out;
        for (int row = 0; row < model->rowCount(); ++row) out.insert(model->index(row, 0).data().toString());
        return out;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("examples.db")), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1400, 900}));
        QVERIFY(child<QLineEdit>("taskFilter") != nullptr);
        QVERIFY(child<QLineEdit>("browserSearch") != nullptr);
        QVERIFY(child<QTableView>("taskTable") != nullptr);
        QVERIFY(child<QTableView>("browserTable") != nullptr);
    }
    void cleanupTestCase() { wb_.reset(); }

    void typingInTasksFiltersTheDataset() {
        auto* filter = child<QLineEdit>("taskFilter");
        auto* search = child<QLineEdit>("browserSearch");
        const int all = static_cast<int>(wb_->context().data().tasks().size());
        QVERIFY(all > 10);
        QCOMPARE(tasksRows()->rowCount(), all);
        QCOMPARE(datasetRows()->rowCount(), all);
        const QString taskId = wb_->context().data().tasks().front().id;
        QSignalSpy shared(&wb_->context().selection(), &workbench::Selection::taskFilterChanged);
        QSignalSpy searchEdits(search, &QLineEdit::textChanged);

        QTest::keyClicks(filter, taskId);
        QCOMPARE(search->text(), taskId);
        QCOMPARE(wb_->context().selection().taskFilter(), taskId);
        // One change per key, on each side: no echo back and forth.
        QCOMPARE(shared.count(), taskId.size());
        QCOMPARE(searchEdits.count(), taskId.size());
        // Both lists shrank to the tasks matching the text, the task itself among them; the Dataset
        // also searches dialogs, so it lists at least the Tasks dock's rows.
        const QSet<QString> tasks = ids(tasksRows()), dataset = ids(datasetRows());
        QVERIFY2(tasks.size() < all && dataset.size() < all, qPrintable(QStringLiteral("%1 / %2 of %3").arg(tasks.size()).arg(dataset.size()).arg(all)));
        QVERIFY(tasks.contains(taskId));
        QVERIFY(dataset.contains(taskId));
        QVERIFY(dataset.contains(tasks));
    }

    void clearingTheDatasetSearchClearsTasks() {
        auto* filter = child<QLineEdit>("taskFilter");
        auto* search = child<QLineEdit>("browserSearch");
        const int all = static_cast<int>(wb_->context().data().tasks().size());
        QVERIFY(!filter->text().isEmpty());
        QSignalSpy filterEdits(filter, &QLineEdit::textChanged);
        search->setFocus();
        QTest::keyClick(search, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(search, Qt::Key_Backspace);
        QVERIFY(search->text().isEmpty());
        QVERIFY(filter->text().isEmpty());
        QCOMPARE(filterEdits.count(), 1);
        QVERIFY(wb_->context().selection().taskFilter().isEmpty());
        QCOMPARE(tasksRows()->rowCount(), all);
        QCOMPARE(datasetRows()->rowCount(), all);
    }

    // Typing in the Dataset search filters the Tasks dock the same way.
    void typingInTheDatasetFiltersTasks() {
        auto* filter = child<QLineEdit>("taskFilter");
        auto* search = child<QLineEdit>("browserSearch");
        const int all = static_cast<int>(wb_->context().data().tasks().size());
        const QString taskId = wb_->context().data().tasks().back().id;
        QTest::keyClicks(search, taskId);
        QCOMPARE(filter->text(), taskId);
        QVERIFY(tasksRows()->rowCount() < all);
        QVERIFY(ids(tasksRows()).contains(taskId));
        filter->clear();
        QVERIFY(search->text().isEmpty());
        QCOMPARE(datasetRows()->rowCount(), all);
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestLinkedFilters)
#include "test_linked_filters.moc"

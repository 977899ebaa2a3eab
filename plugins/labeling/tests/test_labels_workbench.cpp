// The browser and labeling plugins inside the workbench (Xvfb): both load; clicking a row of the
// Dataset dock selects the task everywhere (the labeling panel follows); a key press in the
// Labeling dock stores a label that the browser row shows at once; the application's Ctrl+Z
// undoes it; the Labels menu lists the keys, the agreement view and export/import.
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "example_catalog.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"
#include "core/catalog/catalog.hpp"

using namespace iglu;
using namespace iglu::workbench;

class TestLabelsWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;

    QAction* action(const QString& text) {
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->menu())
                for (QAction* b : a->menu()->actions())
                    if (b->text() == text) return b;
        return nullptr;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("playback")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("examples.db")), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 900}, /*activate=*/true));
    }
    void cleanupTestCase() { wb_.reset(); }

    void pluginsLoad() {
        for (const char* name : {"dataset", "labeling"}) {
            const PluginSpec* s = wb_->plugins().plugin(QString::fromLatin1(name));
            QVERIFY2(s != nullptr, name);
            QVERIFY2(s->state == PluginState::Loaded, qPrintable(QStringLiteral("%1: %2").arg(name, s->error)));
        }
        QMenu* labels = nullptr;
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->text() == QStringLiteral("&Labels")) labels = a->menu();
        QVERIFY(labels != nullptr);
        QStringList texts;
        for (QAction* a : labels->actions()) texts << a->text();
        for (const char* want : {"Toggle flat", "Accept Auto Suggestions", "Agreement…", "Export Labels…", "Import Labels…"})
            QVERIFY2(texts.contains(QString::fromUtf8(want)), want);
    }

    void browserSelectsAndKeysLabel() {
        auto* table = wb_->window().findChild<QTableView*>(QStringLiteral("browserTable"));
        QVERIFY(table != nullptr);
        catalog::Catalog* cat = &wb_->context().data().labels().catalog();
        QCOMPARE(table->model()->rowCount(), cat->taskCount());
        const int row = 3;
        const QString id = table->model()->index(row, 0).data().toString();
        table->scrollTo(table->model()->index(row, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(row, 0)).center());
        QTRY_COMPARE(wb_->context().selection().taskId(), id);
        auto* panel = wb_->window().findChild<QWidget*>(QStringLiteral("labelingPanel"));
        QVERIFY(panel != nullptr);
        auto* taskLabel = panel->findChild<QLabel*>(QStringLiteral("labelingTask"));
        QVERIFY(taskLabel->text().startsWith(id));

        // Type a name, Return ends it (does not confirm the task).
        auto* name = panel->findChild<QLineEdit*>(QStringLiteral("labelerName"));
        name->setFocus();
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("frank"));
        QTest::keyClick(name, Qt::Key_Return);
        QTRY_VERIFY(panel->hasFocus());
        QVERIFY(cat->tasksLabeledBy("frank").empty());

        QTest::keyClick(panel, Qt::Key_4);  // tall
        auto tall = [&]() -> std::optional<bool> {
            for (const auto& l : cat->labels(id.toStdString()))
                if (l.labeler == "frank" && l.skill == core::Skill::Tall) return l.value;
            return std::nullopt;
        };
        QCOMPARE(tall(), std::optional<bool>(true));
        // The browser row shows the human label at once.
        int r = -1;
        for (int i = 0; i < table->model()->rowCount(); ++i)
            if (table->model()->index(i, 0).data().toString() == id) r = i;
        QVERIFY(r >= 0);
        QVERIFY(table->model()->index(r, 8).data().toString().contains(QStringLiteral("tall")));
        // The application's undo (Ctrl+Z in the main window) reverts it.
        QTest::keyClick(panel, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(tall(), std::nullopt);
        QVERIFY(!table->model()->index(r, 8).data().toString().contains(QStringLiteral("tall")));
        // Return confirms and selects the next unlabeled task everywhere.
        QTest::keyClick(panel, Qt::Key_Return);
        QCOMPARE(cat->tasksLabeledBy("frank").size(), std::size_t(1));
        QTRY_VERIFY(wb_->context().selection().taskId() != id);
        QCOMPARE(table->currentIndex().data().toString(), wb_->context().selection().taskId());
    }

    void autoLabelerAndAgreementFromTheMenu() {
        catalog::Catalog* cat = &wb_->context().data().labels().catalog();
        auto* panel = wb_->window().findChild<QWidget*>(QStringLiteral("labelingPanel"));
        QVERIFY(cat->allLabels(catalog::LabelSource::Auto).empty());
        action(QStringLiteral("Run Auto-Labeler on All Tasks"))->trigger();
        QCOMPARE(cat->allLabels(catalog::LabelSource::Auto).size(), std::size_t(cat->taskCount() * core::kNumSkills));
        auto* flatSuggestion = panel->findChild<QLabel*>(QStringLiteral("suggestion_flat"));
        QVERIFY2(flatSuggestion->text() == QStringLiteral("yes") || flatSuggestion->text() == QStringLiteral("no"),
                 qPrintable(flatSuggestion->text()));
        // Accept the suggestions of the current task and confirm: human vs auto agree there.
        panel->setFocus();
        QTest::keyClick(panel, Qt::Key_A);
        QTest::keyClick(panel, Qt::Key_Return);
        QCOMPARE(cat->tasksLabeledBy("frank").size(), std::size_t(2));

        action(QStringLiteral("Agreement…"))->trigger();
        auto* agreement = wb_->window().findChild<QTableView*>(QStringLiteral("agreementTable"));
        QVERIFY(agreement != nullptr);
        QTRY_VERIFY(agreement->isVisible());
        QVERIFY(agreement->model()->rowCount() >= core::kNumSkills);
        QCOMPARE(agreement->model()->index(0, 0).data().toString(), QStringLiteral("human vs auto"));
        // A row with a disagreement (frank's first task was confirmed without its suggestions, and
        // the imported study labels disagree in places): its tasks are one click away.
        int row = -1;
        for (int r = 0; r < agreement->model()->rowCount() && row < 0; ++r)
            if (agreement->model()->index(r, 11).data(Qt::UserRole).toDouble() > 0) row = r;
        QVERIFY(row >= 0);
        agreement->selectRow(row);
        auto* list = wb_->window().findChild<QListWidget*>(QStringLiteral("disagreeingTasks"));
        QVERIFY(list != nullptr && list->count() > 0);
        const QString target = list->item(list->count() - 1)->data(Qt::UserRole).toString();
        QVERIFY(list->item(list->count() - 1)->text().startsWith(target + QStringLiteral(" \u2014 ")));
        list->scrollToItem(list->item(list->count() - 1));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(list->count() - 1)).center());
        QTRY_COMPARE(wb_->context().selection().taskId(), target);
    }

    // Another program labels the shown task: once DataService::checkForChanges (the poll timer's
    // call) notices it, the labeling panel and the browser row show the new label.
    void labelsStoredByAnotherProgramAppear() {
        auto* panel = wb_->window().findChild<QWidget*>(QStringLiteral("labelingPanel"));
        auto* diagonal = panel->findChild<QLabel*>(QStringLiteral("skill_diagonal"));
        QVERIFY(diagonal != nullptr);
        const QString id = wb_->context().selection().taskId();
        QVERIFY(!id.isEmpty());
        const QString labeler = panel->findChild<QLineEdit*>(QStringLiteral("labelerName"))->text();
        wb_->context().data().checkForChanges();  // start from a clean state
        QVERIFY(diagonal->text() != QStringLiteral("yes"));
        {
            catalog::Catalog other(wb_->context().data().path().toStdString(), catalog::OpenMode::ReadWrite);
            other.putLabel({id.toStdString(), core::Skill::Diagonal, true, catalog::LabelSource::Human,
                            labeler.toStdString(), "", ""});
        }
        QVERIFY(diagonal->text() != QStringLiteral("yes"));  // not yet noticed
        QVERIFY(wb_->context().data().checkForChanges());
        QCOMPARE(diagonal->text(), QStringLiteral("yes"));
        auto* table = wb_->window().findChild<QTableView*>(QStringLiteral("browserTable"));
        int r = -1;
        for (int i = 0; i < table->model()->rowCount(); ++i)
            if (table->model()->index(i, 0).data().toString() == id) r = i;
        QVERIFY(r >= 0);
        QVERIFY2(table->model()->index(r, 8).data().toString().contains(QStringLiteral("diagonal")),
                 qPrintable(table->model()->index(r, 8).data().toString()));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestLabelsWorkbench)
#include "test_labels_workbench.moc"

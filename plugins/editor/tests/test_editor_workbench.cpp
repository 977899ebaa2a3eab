// The task editor in the workbench (Xvfb, the bundled example catalog in a temporary folder): mouse
// clicks in the editor's 3D view place a block on the floor cell under the mouse and one on top of
// it, a right click removes the top one, Ctrl+Z (the dock focused) brings it back and Ctrl+Shift+Z
// removes it again (the draft's grids checked after each); a draft that is not valid is refused
// with the field named and nothing stored; the valid task is saved as a custom task, read back
// from the catalog file by another connection, listed in the Tasks list of the same workbench at
// once and selected; "Edit Copy of Selected Task" on a dataset task gives a new id and saving the
// copy leaves the dataset task as it was.
#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "core/catalog/catalog.hpp"
#include "logic/task_draft.hpp"
#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "widgets/editor_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using iglu::plugins::editor::EditorPanel;
using iglu::plugins::editor::Side;

class TestEditorWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<workbench::Workbench> wb_;
    QTemporaryDir dir_;
    QString path_;

    EditorPanel* panel() { return test::findPluginWidget<EditorPanel>(wb_->window(), QStringLiteral("editorPanel")); }
    QDockWidget* dock() { return wb_->window().findChild<QDockWidget*>(QStringLiteral("editor")); }

    /// The widget position (of the GL widget) where a world point is drawn.
    QPoint screenOf(double x, double y, double z) {
        auto* view = panel()->view();
        const auto d = view->scene().displayPosition(x, y, z);
        if (!d) return {-1, -1};
        const double dpr = view->glWidget()->devicePixelRatioF();
        return {static_cast<int>(std::lround((*d)[0] / dpr)), static_cast<int>(std::lround(view->glWidget()->height() - 1 - (*d)[1] / dpr))};
    }
    void click(QPoint at, Qt::MouseButton button) {
        QTest::mouseClick(panel()->view()->glWidget(), button, {}, at);
    }
    QStringList listedTasks(const char* table = "taskTable") {
        auto* view = wb_->window().findChild<QTableView*>(QString::fromLatin1(table));
        return idsIn(view);
    }
    static QStringList idsIn(QTableView* table) {
        QStringList ids;
        for (int r = 0; r < table->model()->rowCount(); ++r) ids << table->model()->index(r, 0).data().toString();
        return ids;
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("play"),
                                    QStringLiteral("script"), QStringLiteral("experiments"), QStringLiteral("compare")});
        path_ = dir_.filePath(QStringLiteral("examples.db"));
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, path_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 1000}, true));
        QVERIFY(panel() != nullptr);
        QCOMPARE(dock()->windowTitle(), QStringLiteral("Task Editor"));
        // A large floating dock: the test aims at cells, which wants a view of some size.
        dock()->setFloating(true);
        dock()->resize(1000, 700);
        dock()->show();
        QVERIFY(QTest::qWaitForWindowExposed(dock()));
        QVERIFY(QTest::qWaitFor([&] { return panel()->view()->glWidget()->framesRendered() > 0; }, 10000));
    }
    void cleanupTestCase() { wb_.reset(); }

    void clicksPlaceAndRemoveBlocksWithUndo() {
        EditorPanel* p = panel();
        p->newTask();
        p->setEditing(Side::Target);
        p->setColour(3);  // red
        QCOMPARE(p->draft().target().count(), 0);

        // The floor cell (1, -1, 2): the ray meets the floor there.
        click(screenOf(1, -1.5, 2), Qt::LeftButton);
        QVERIFY2(!p->statusIsError(), qPrintable(p->status()));
        QCOMPARE(p->draft().target().count(), 1);
        QCOMPARE(p->draft().target().at(1, -1, 2), std::int8_t{3});
        QVERIFY(p->isModified());  // quitting would ask (Shell::addCloseGuard)

        // The top face of that block: the new block goes on top.
        QVERIFY(QTest::qWaitFor([&] { return p->view()->scene().built().count() == 1; }, 5000));
        p->setColour(6);  // yellow
        click(screenOf(1, -0.5, 2), Qt::LeftButton);
        QVERIFY2(!p->statusIsError(), qPrintable(p->status()));
        QCOMPARE(p->draft().target().count(), 2);
        QCOMPARE(p->draft().target().at(1, 0, 2), std::int8_t{6});

        // Right click on the top block's top face removes it.
        click(screenOf(1, 0.5, 2), Qt::RightButton);
        QCOMPARE(p->draft().target().count(), 1);
        QCOMPARE(p->draft().target().at(1, 0, 2), std::int8_t{0});
        QCOMPARE(p->draft().target().at(1, -1, 2), std::int8_t{3});
        // Shift+click removes too.
        QTest::mouseClick(p->view()->glWidget(), Qt::LeftButton, Qt::ShiftModifier, screenOf(1, -0.5, 2));
        QCOMPARE(p->draft().target().count(), 0);

        // Ctrl+Z with the dock focused: the block removed last comes back, then the yellow one.
        dock()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(dock()));
        p->view()->glWidget()->setFocus();
        QTest::keyClick(p->view()->glWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(p->draft().target().count(), 1);
        QTest::keyClick(p->view()->glWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(p->draft().target().count(), 2);
        QCOMPARE(p->draft().target().at(1, 0, 2), std::int8_t{6});
        QTest::keyClick(p->view()->glWidget(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(p->draft().target().count(), 1);
        QCOMPARE(p->draft().target().at(1, 0, 2), std::int8_t{0});
        // The view shows the draft.
        QVERIFY(p->view()->scene().built() == p->draft().target());

        // Box fill: two clicks on floor cells fill the box between them (3 x 1 x 2 green blocks).
        p->setTool(plugins::editor::Tool::BoxFill);
        p->setColour(2);
        click(screenOf(-3, -1.5, -3), Qt::LeftButton);
        QCOMPARE(p->draft().target().count(), 1);  // the first corner only
        click(screenOf(-1, -1.5, -2), Qt::LeftButton);
        QVERIFY2(!p->statusIsError(), qPrintable(p->status()));
        QCOMPARE(p->draft().target().count(), 7);
        QCOMPARE(p->draft().target().count(2), 6);
        QCOMPARE(p->draft().target().at(-2, -1, -2), std::int8_t{2});
        p->view()->glWidget()->setFocus();
        QTest::keyClick(p->view()->glWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(p->draft().target().count(), 1);
        p->setTool(plugins::editor::Tool::Place);
    }

    void invalidDraftIsRefusedWithTheField() {
        EditorPanel* p = panel();
        const auto before = wb_->context().data().tasks().size();
        wb_->window().findChild<QLineEdit*>(QStringLiteral("editorInstruction"))->clear();
        wb_->window().findChild<QLineEdit*>(QStringLiteral("editorId"))->setText(wb_->context().data().tasks().front().id);
        QVERIFY(!p->save());
        QVERIFY(p->statusIsError());
        QVERIFY2(p->status().contains(QStringLiteral("id: a task")) && p->status().contains(QStringLiteral("already exists")), qPrintable(p->status()));
        QVERIFY2(p->status().contains(QStringLiteral("instruction: empty")), qPrintable(p->status()));
        QCOMPARE(wb_->context().data().tasks().size(), before);
    }

    void savedTaskIsInTheCatalogAndTheTaskList() {
        EditorPanel* p = panel();
        QVERIFY(!listedTasks().contains(QStringLiteral("red-one")));
        wb_->window().findChild<QLineEdit*>(QStringLiteral("editorId"))->setText(QStringLiteral("red-one"));
        wb_->window().findChild<QLineEdit*>(QStringLiteral("editorInstruction"))->setText(QStringLiteral("Put one red block down"));
        wb_->window().findChild<QCheckBox*>(QStringLiteral("editorSkill_flat"))->setChecked(true);
        wb_->window().findChild<QPushButton*>(QStringLiteral("editorSave"))->click();
        QVERIFY2(!p->statusIsError(), qPrintable(p->status()));
        QVERIFY(listedTasks().contains(QStringLiteral("red-one")));
        QVERIFY(listedTasks("browserTable").contains(QStringLiteral("red-one")));  // the Dataset browser too
        QCOMPARE(wb_->context().selection().taskId(), QStringLiteral("red-one"));
        QVERIFY(!p->isModified());

        catalog::Catalog other(path_.toStdString(), catalog::OpenMode::ReadOnly);
        const auto rec = other.task("red-one");
        QVERIFY(rec.has_value());
        QCOMPARE(rec->source, catalog::TaskSource::Custom);
        QVERIFY(rec->task.target == p->draft().target());
        QCOMPARE(rec->task.target.count(), 1);
        QCOMPARE(rec->task.instruction, std::string("Put one red block down"));
        catalog::TaskFilter flat;
        flat.skills = {core::Skill::Flat};
        flat.ids = {"red-one"};
        QCOMPARE(other.findTasks(flat).size(), std::size_t{1});

        // Saving the same id again is refused (never overwritten).
        QVERIFY(!p->save());
        QVERIFY(p->status().contains(QStringLiteral("id: a task \"red-one\" already exists")));
    }

    void editingACopyLeavesTheDatasetTaskAlone() {
        EditorPanel* p = panel();
        auto& data = wb_->context().data();
        QString datasetId;
        for (const auto& t : data.tasks())
            if (t.id != QLatin1String("red-one") && t.targetBlocks > 0) { datasetId = t.id; break; }
        QVERIFY(!datasetId.isEmpty());
        const core::Task original = *data.task(datasetId);
        wb_->context().selection().setTask(datasetId);
        wb_->window().findChild<QPushButton*>(QStringLiteral("editorEditCopy"))->click();
        QVERIFY2(!p->statusIsError(), qPrintable(p->status()));
        QVERIFY(p->draft().target() == original.target);
        QCOMPARE(QString::fromStdString(p->draft().id), datasetId + QStringLiteral("-custom"));
        QVERIFY(p->draft().target().count() > 0);
        // Change the target: rotate it, then save.
        wb_->window().findChild<QPushButton*>(QStringLiteral("editorMirrorX"))->click();
        if (p->draft().target() == original.target) wb_->window().findChild<QPushButton*>(QStringLiteral("editorRotate"))->click();
        if (wb_->window().findChild<QLineEdit*>(QStringLiteral("editorInstruction"))->text().trimmed().isEmpty())
            wb_->window().findChild<QLineEdit*>(QStringLiteral("editorInstruction"))->setText(QStringLiteral("Build it mirrored"));
        QVERIFY2(p->save(), qPrintable(p->status()));
        const core::Task after = *data.task(datasetId);
        QVERIFY(after.target == original.target);
        QVERIFY(after.starting == original.starting);
        QCOMPARE(after.instruction, original.instruction);
        const auto copy = data.queries().task((datasetId + QStringLiteral("-custom")).toStdString());
        QVERIFY(copy.has_value());
        QCOMPARE(copy->source, catalog::TaskSource::Custom);
        QCOMPARE(copy->task.metadata.at("derived_from"), datasetId.toStdString());
        QVERIFY(listedTasks().contains(datasetId + QStringLiteral("-custom")));
    }
};

IGLU_GUI_TEST_MAIN(TestEditorWorkbench)
#include "test_editor_workbench.moc"

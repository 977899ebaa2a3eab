// Labeling at scale under Xvfb, as a labeler does it:
//   - the name is asked once: the first labeling key opens the name dialog (cancel: nothing
//     labeled; a placeholder name is refused in the dialog; a real one labels and is stored), the
//     next keys do not ask, and a new panel starts with the stored name;
//   - in the workbench, Labels > Batch Labeling…: several rows of the Batch tab selected, a skill
//     set for all of them at once (the name asked there, once), every selected task labeled and no
//     other label changed, then cleared again;
//   - Labels > Review Disagreements…: the tasks where two labelers disagree, who said what in
//     plain words, a final label that resolves a task and takes it off the queue.
#include <map>
#include <tuple>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "logic/label_review.hpp"
#include "support/gui_main.hpp"
#include "support/modal_answers.hpp"
#include "support/test_catalog.hpp"
#include "support/workbench_fixture.hpp"
#include "widgets/labeling_panel.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using core::Skill;
using plugins::labeling::LabelingPanel;

namespace {
std::optional<bool> humanLabel(const catalog::Catalog& cat, const std::string& task, Skill skill, const std::string& who) {
    for (const auto& l : cat.labels(task))
        if (l.source == catalog::LabelSource::Human && l.labeler == who && l.skill == skill) return l.value;
    return std::nullopt;
}
using LabelKey = std::tuple<std::string, int, int, std::string>;
std::map<LabelKey, bool> snapshot(const catalog::Catalog& cat) {
    std::map<LabelKey, bool> out;
    for (const auto& l : cat.allLabels())
        out[{l.taskId, static_cast<int>(l.skill), static_cast<int>(l.source), l.labeler}] = l.value;
    return out;
}
// Types `name` into the name dialog and presses OK; a dialog that is not the name dialog is rejected.
void answerName(QWidget* w, const QString& name) {
    auto* edit = w->findChild<QLineEdit*>(QStringLiteral("labelerNameInput"));
    auto* ok = w->findChild<QDialogButtonBox*>();
    if (edit == nullptr || ok == nullptr) {
        qWarning("not the name dialog: %s", qPrintable(w->objectName()));
        static_cast<QDialog*>(w)->reject();
        return;
    }
    edit->selectAll();
    QTest::keyClicks(edit, name);
    ok->button(QDialogButtonBox::Ok)->click();
}
// After a dialog closed: the panel's window active and the panel focused again (its keys are
// shortcuts of the focused panel).
void refocus(QWidget* panel) {
    panel->activateWindow();
    QTRY_VERIFY(panel->isActiveWindow());
    panel->setFocus();
    QTRY_VERIFY(panel->hasFocus());
}
}  // namespace

class TestLabelingScale : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<workbench::Workbench> wb_;

    QAction* action(const QString& text) {
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->menu())
                for (QAction* b : a->menu()->actions())
                    if (b->text() == text) return b;
        return nullptr;
    }

private slots:
    void initTestCase() { QSettings().remove(QStringLiteral("labeling/labeler")); }
    void cleanupTestCase() { wb_.reset(); }

    void nameIsAskedOnceAtTheFirstLabel() {
        catalog::Catalog cat(dir_.filePath(QStringLiteral("name.db")).toStdString());
        test::fillTestCatalog(cat);
        workbench::DataService data;
        QString error;
        QVERIFY2(data.open(QString::fromStdString(cat.path()), &error), qPrintable(error));
        QUndoStack undo;
        auto panel = std::make_unique<LabelingPanel>(data.labels(), &undo);
        panel->reload();
        panel->show();
        panel->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(panel.get()));
        panel->setFocus();
        QTRY_VERIFY(panel->hasFocus());
        // No name made up: the panel browses the tasks and says the name will be asked.
        QCOMPARE(panel->labeler(), QString());
        QVERIFY2(panel->progressText().contains(QStringLiteral("your name is asked")), qPrintable(panel->progressText()));
        const std::string task = panel->currentTask().toStdString();
        QVERIFY(!task.empty());
        const auto before = snapshot(cat);

        testing::ModalAnswers answers;
        // Cancelled: nothing labeled, under any name.
        answers.answer([](QWidget* w) { static_cast<QDialog*>(w)->reject(); });
        QTest::keyClick(panel.get(), Qt::Key_2);
        QVERIFY(answers.allAnswered());
        QCOMPARE(snapshot(cat), before);
        QCOMPARE(panel->labeler(), QString());
        QCOMPARE(panel->currentTask().toStdString(), task);
        refocus(panel.get());
        // Asked again: the placeholder is refused in the dialog (it stays open, saying why), then a name.
        QString problem;
        bool stayedOpen = false;
        answers.answer([&](QWidget* w) {
            auto* edit = w->findChild<QLineEdit*>(QStringLiteral("labelerNameInput"));
            QTest::keyClicks(edit, QStringLiteral("labeler"));
            QTest::keyClick(edit, Qt::Key_Return);  // Return is OK
            stayedOpen = w->isVisible();
            problem = w->findChild<QLabel*>(QStringLiteral("labelerNameProblem"))->text();
            answerName(w, QStringLiteral("  zoe "));
        });
        QTest::keyClick(panel.get(), Qt::Key_2);
        QVERIFY(answers.allAnswered());
        QVERIFY(stayedOpen);
        QVERIFY2(problem.contains(QStringLiteral("placeholder")), qPrintable(problem));
        refocus(panel.get());
        QCOMPARE(humanLabel(cat, task, Skill::Flying, "zoe"), std::optional<bool>(true));
        QCOMPARE(panel->labeler(), QStringLiteral("zoe"));
        QCOMPARE(panel->findChild<QLineEdit*>(QStringLiteral("labelerName"))->text(), QStringLiteral("zoe"));
        QCOMPARE(QSettings().value(QStringLiteral("labeling/labeler")).toString(), QStringLiteral("zoe"));
        // Asked once: the next keys label at once.
        QTest::keyClick(panel.get(), Qt::Key_3);
        QTest::keyClick(panel.get(), Qt::Key_Return);
        QCOMPARE(answers.seen().size(), 2);
        QCOMPARE(answers.unexpected(), 0);
        QCOMPARE(humanLabel(cat, task, Skill::Tricky, "zoe"), std::optional<bool>(true));
        QCOMPARE(cat.tasksLabeledBy("zoe").size(), std::size_t(1));
        for (const auto& l : cat.allLabels(catalog::LabelSource::Human)) QVERIFY2(l.labeler == "zoe", l.labeler.c_str());
        // A new panel (the next start) takes the stored name: no question.
        LabelingPanel next(data.labels(), nullptr);
        next.reload();
        QCOMPARE(next.labeler(), QStringLiteral("zoe"));
        // Changed in the name field: stored too.
        auto* field = panel->findChild<QLineEdit*>(QStringLiteral("labelerName"));
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, QStringLiteral("zack"));
        QTest::keyClick(field, Qt::Key_Return);
        QCOMPARE(panel->labeler(), QStringLiteral("zack"));
        QCOMPARE(QSettings().value(QStringLiteral("labeling/labeler")).toString(), QStringLiteral("zack"));
        QCOMPARE(answers.seen().size(), 2);
    }

    void batchLabelsTheSelectedRows() {
        QSettings().remove(QStringLiteral("labeling/labeler"));  // a new labeler: asked at the batch
        wb_ = test::loadWorkbench({QStringLiteral("playback")});
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("examples.db")), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 900}, /*activate=*/true));
        catalog::Catalog& cat = wb_->context().data().labels().catalog();
        QAction* open = action(QStringLiteral("Batch Labeling…"));
        QVERIFY(open != nullptr);
        open->trigger();
        auto* tabs = wb_->window().findChild<QTabWidget*>(QStringLiteral("labelingTabs"));
        QVERIFY(tabs != nullptr);
        auto* table = wb_->window().findChild<QTableWidget*>(QStringLiteral("batchTable"));
        QTRY_VERIFY(table->isVisible());
        QCOMPARE(tabs->currentWidget()->objectName(), QStringLiteral("batchLabelView"));
        QCOMPARE(table->rowCount(), cat.taskCount());

        // Click row 1, Ctrl+click row 3, Ctrl+Shift+click row 6: rows 1 and 3..6.
        const auto click = [&](int row, Qt::KeyboardModifiers mods) {
            table->scrollToItem(table->item(row, 0));
            QTest::mouseClick(table->viewport(), Qt::LeftButton, mods, table->visualItemRect(table->item(row, 0)).center());
        };
        click(1, {});
        click(3, Qt::ControlModifier);
        click(6, Qt::ShiftModifier | Qt::ControlModifier);  // 3..6 added
        QStringList want;
        for (int r : {1, 3, 4, 5, 6}) want << table->item(r, 0)->text();
        QCOMPARE(table->selectionModel()->selectedRows().size(), 5);
        wb_->window().findChild<QComboBox*>(QStringLiteral("batchSkill"))->setCurrentText(QStringLiteral("tall"));
        const auto before = snapshot(cat);

        testing::ModalAnswers answers;
        answers.answer([](QWidget* w) { answerName(w, QStringLiteral("yves")); });
        QTest::mouseClick(wb_->window().findChild<QPushButton*>(QStringLiteral("batchYes")), Qt::LeftButton);
        QVERIFY2(answers.allAnswered(), qPrintable(wb_->window().findChild<QLabel*>(QStringLiteral("batchStatus"))->text()));
        auto after = snapshot(cat);
        for (const QString& id : want) {
            const LabelKey key{id.toStdString(), static_cast<int>(Skill::Tall), static_cast<int>(catalog::LabelSource::Human), "yves"};
            QVERIFY2(after.count(key) && after[key], qPrintable(id));
            after.erase(key);
        }
        QCOMPARE(after, before);  // no other label changed
        auto* status = wb_->window().findChild<QLabel*>(QStringLiteral("batchStatus"));
        QVERIFY2(status->text().startsWith(QStringLiteral("tall = yes for 5 tasks (5 changed)")), qPrintable(status->text()));
        // The table shows them, the selection kept; the Label tab's name is the one given.
        for (int r : {1, 3, 4, 5, 6}) QCOMPARE(table->item(r, 1)->text(), QStringLiteral("yes"));
        QCOMPARE(table->item(2, 1)->text(), QStringLiteral("–"));
        QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("yves"));
        QCOMPARE(wb_->window().findChild<QLineEdit*>(QStringLiteral("labelerName"))->text(), QStringLiteral("yves"));
        // Clear: back to where it was, without asking again.
        QTest::mouseClick(wb_->window().findChild<QPushButton*>(QStringLiteral("batchClear")), Qt::LeftButton);
        QCOMPARE(snapshot(cat), before);
        QCOMPARE(answers.seen().size(), 1);
        // The filter hides rows; hidden rows are not labeled.
        const QString only = table->item(1, 0)->text();
        wb_->window().findChild<QLineEdit*>(QStringLiteral("batchFilter"))->setText(only);
        QTest::mouseClick(wb_->window().findChild<QPushButton*>(QStringLiteral("batchNo")), Qt::LeftButton);
        QCOMPARE(humanLabel(cat, only.toStdString(), Skill::Tall, "yves"), std::optional<bool>(false));
        QCOMPARE(snapshot(cat).size(), before.size() + 1);
    }

    void reviewSetsTheFinalLabel() {
        QVERIFY(wb_ != nullptr);
        catalog::Catalog& cat = wb_->context().data().labels().catalog();
        const auto tasks = cat.findTasks();
        const std::string a = tasks[10].id, b = tasks[11].id;
        const auto put = [&](const std::string& id, Skill s, bool v, const std::string& who) {
            cat.putLabel({id, s, v, catalog::LabelSource::Human, who, "", ""});
        };
        put(a, Skill::Tall, true, "alice");
        put(a, Skill::Tall, false, "bob");
        put(b, Skill::Flat, false, "alice");
        put(b, Skill::Flat, true, "bob");
        const std::size_t open = plugins::labeling::findDisagreements(cat).size();
        QVERIFY(open >= 2);
        action(QStringLiteral("Review Disagreements…"))->trigger();
        auto* queue = wb_->window().findChild<QTableWidget*>(QStringLiteral("reviewQueue"));
        QTRY_VERIFY(queue->isVisible());
        QCOMPARE(std::size_t(queue->rowCount()), open);
        int row = -1;
        for (int r = 0; r < queue->rowCount(); ++r)
            if (queue->item(r, 0)->text().toStdString() == a) row = r;
        QVERIFY(row >= 0);
        QCOMPARE(queue->item(row, 1)->text(), QStringLiteral("tall"));
        QTest::mouseClick(queue->viewport(), Qt::LeftButton, {}, queue->visualItemRect(queue->item(row, 0)).center());
        QTRY_COMPARE(wb_->context().selection().taskId().toStdString(), a);  // the workbench follows
        auto* details = wb_->window().findChild<QTableWidget*>(QStringLiteral("reviewDetails"));
        int tallRow = -1;
        for (int r = 0; r < details->rowCount(); ++r)
            if (details->item(r, 0)->text() == QStringLiteral("tall")) tallRow = r;
        QVERIFY(tallRow >= 0);
        QCOMPARE(details->item(tallRow, 1)->text(), QStringLiteral("Labelers disagree about tall: alice says yes, bob says no."));
        testing::ModalAnswers answers;  // the name is known (yves): not asked
        auto* finalNo = details->findChild<QPushButton*>(QStringLiteral("finalNo_tall"));
        QVERIFY(finalNo != nullptr);
        QTest::mouseClick(finalNo, Qt::LeftButton);
        QCOMPARE(answers.seen().size(), 0);
        QCOMPARE(humanLabel(cat, a, Skill::Tall, plugins::labeling::kFinalLabeler), std::optional<bool>(false));
        // Resolved: off the queue; the next task took its place.
        QCOMPARE(std::size_t(queue->rowCount()), open - 1);
        for (int r = 0; r < queue->rowCount(); ++r) QVERIFY(queue->item(r, 0)->text().toStdString() != a);
        // Show resolved: back, marked so, with the final label and who set it.
        wb_->window().findChild<QCheckBox*>(QStringLiteral("reviewShowResolved"))->setChecked(true);
        QCOMPARE(std::size_t(queue->rowCount()), open);
        for (int r = 0; r < queue->rowCount(); ++r)
            if (queue->item(r, 0)->text().toStdString() == a) {
                QCOMPARE(queue->item(r, 2)->text(), QStringLiteral("resolved"));
                queue->selectRow(r);
            }
        for (int r = 0; r < details->rowCount(); ++r)
            if (details->item(r, 0)->text() == QStringLiteral("tall"))
                QCOMPARE(details->item(r, 2)->text(), QStringLiteral("Final label: no, set by yves."));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestLabelingScale)
#include "test_labeling_scale.moc"

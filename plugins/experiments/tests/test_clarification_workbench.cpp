// The Experiments dock's clarification experiments and run tracking inside the workbench (Xvfb),
// on the shared single-turn sample: a Lua model run from the panel (off the GUI thread) lists as a
// clarification experiment with its tasks, when F1 and MRR; selecting it shows the Clarification
// tab (per-skill table with intervals, error browser); the false-negative filter shows exactly the
// stored false negatives; activating a row selects its task in the workbench; two clarification
// experiments compare with the verdict of core::clarificationComparisonText, a build one cannot be
// compared with them; tags, note, filter box, rename and delete (through the Manage menu with its
// confirmation, and refused while a run holds the writer lock) leave no orphan episodes, rollouts
// or predictions (counted with the catalog API).
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "core/catalog/clarification_data.hpp"
#include "datasets/importer.hpp"
#include "core/catalog/experiment_lock.hpp"
#include "support/gui_main.hpp"
#include "support/modal_answers.hpp"
#include "support/shared_dir.hpp"
#include "support/workbench_fixture.hpp"
#include "widgets/skill_tables.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {
const QString kModel = QStringLiteral(IGLU_SOURCE_DIR "/examples/nlp/grounding_model.lua");

int rowOf(const QTableWidget* t, const QString& first) {
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0) && t->item(r, 0)->text() == first) return r;
    return -1;
}
}  // namespace

class TestClarificationWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString db_;
    QStringList buildTasks_;
    QWidget* panel_ = nullptr;

    template <class T>
    T* child(const char* name) {
        return panel_->findChild<T*>(QString::fromLatin1(name));
    }
    const catalog::Catalog& cat() { return wb_->context().data().experiments().catalog(); }

    bool call(const char* method, const QString& a, const QString& b = QString()) {
        bool ok = false;
        if (b.isNull()) QMetaObject::invokeMethod(panel_, method, Q_RETURN_ARG(bool, ok), Q_ARG(QString, a));
        else QMetaObject::invokeMethod(panel_, method, Q_RETURN_ARG(bool, ok), Q_ARG(QString, a), Q_ARG(QString, b));
        return ok;
    }
    /// Starts a run with `start` and waits for runFinished; its arguments.
    template <class F>
    QList<QVariant> waitRun(F&& start) {
        QSignalSpy finished(panel_, SIGNAL(runFinished(bool, bool, QString, QString)));
        if (!start()) return {};
        if (!finished.wait(300000) && finished.isEmpty()) return {};
        return finished.takeFirst();
    }

private slots:
    void initTestCase() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        wb_ = test::loadWorkbench();
        db_ = dir_.filePath(QStringLiteral("sample.db"));
        {
            catalog::Catalog c(db_.toStdString(), catalog::OpenMode::Create);
            datasets::ImportOptions options;
            options.withRollouts = false;
            datasets::importSingleTurn((test::sharedDir() + "/data/iglu-singleturn").toStdString(), c, options);
            for (const auto& e : catalog::clarificationExamples(c)) {
                if (buildTasks_.size() < 3) buildTasks_ << QString::fromStdString(e.id);
            }
        }
        QString error;
        QVERIFY2(wb_->openData(db_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1600, 1000}));
        panel_ = wb_->window().findChild<QWidget*>(QStringLiteral("experimentsPanel"));
        QVERIFY(panel_ != nullptr);
        auto* dock = wb_->window().findChild<QDockWidget*>(QStringLiteral("experiments"));
        dock->show();
        dock->raise();  // the bottom docks are tabs
        QTRY_VERIFY(panel_->isVisible());
        wb_->window().resizeDocks({dock}, {520}, Qt::Vertical);
    }
    void cleanupTestCase() { wb_.reset(); }

    void aModelRunFromThePanelShowsItsClarificationTab() {
        const QList<QVariant> r = waitRun([&] { return call("runClarificationModel", kModel, QStringLiteral("grounding")); });
        QVERIFY(!r.isEmpty());
        QVERIFY2(r.at(0).toBool(), qPrintable(r.at(3).toString()));
        const auto e = cat().experiment("grounding");
        QVERIFY(e && e->kind == "clarification");
        const auto predictions = cat().clarificationPredictions(e->id);
        QVERIFY(!predictions.empty());

        auto* list = child<QTableWidget>("experimentsList");
        const int row = rowOf(list, QStringLiteral("grounding"));
        QVERIFY(row >= 0);
        QCOMPARE(list->item(row, 9)->text(), QStringLiteral("clarification"));
        QCOMPARE(list->item(row, 3)->text(), QStringLiteral("%1 tasks").arg(predictions.size()));
        QCOMPARE(list->item(row, 1)->text(), QStringLiteral("grounding_model.lua"));
        QVERIFY(call("selectExperiment", QStringLiteral("grounding")));
        auto* tabs = child<QTabWidget>("experimentTabs");
        QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Clarification"));
        QVERIFY(!tabs->isTabVisible(0) && !tabs->isTabVisible(2));  // no Results / Episodes for predictions
        auto* skills = child<QTableWidget>("clarificationSkills");
        const int all = rowOf(skills, QStringLiteral("all"));
        QVERIFY(all >= 0);
        QCOMPARE(int(skills->item(all, 1)->data(Qt::UserRole).toDouble()), int(predictions.size()));
        QVERIFY2(skills->item(all, 9)->text().contains(QStringLiteral(" [")), qPrintable(skills->item(all, 9)->text()));

        // False negatives: the stored predictions that say "do not ask" where the instruction is unclear.
        QStringList fnByHand;
        for (const auto& p : predictions)
            if (p.needsProbability && p.goldNeeds == true && *p.needsProbability < 0.5) fnByHand << QString::fromStdString(p.taskId);
        QVERIFY(!fnByHand.isEmpty());
        auto* filter = child<QComboBox>("errorFilter");
        filter->setCurrentIndex(2);
        QVERIFY(filter->currentText().startsWith(QStringLiteral("false negatives")));
        auto* errors = child<QTableWidget>("errorTable");
        QStringList shown;
        for (int i = 0; i < errors->rowCount(); ++i) shown << errors->item(i, 0)->text();
        shown.sort();
        fnByHand.sort();
        QCOMPARE(shown, fnByHand);
        QVERIFY(child<QLabel>("errorCount")->text().startsWith(QString::number(fnByHand.size())));

        // A row: its questions below, and activating it selects the task (its world in the 3D view).
        errors->setCurrentCell(0, 0);
        const QString detail = child<QLabel>("errorDetail")->text();
        QVERIFY2(detail.contains(QStringLiteral("Gold question")) && detail.contains(QStringLiteral("<li>")), qPrintable(detail));
        const QString task = errors->item(0, 0)->text();
        QVERIFY(wb_->context().selection().taskId() != task);
        emit errors->cellActivated(0, 0);
        QCOMPARE(wb_->context().selection().taskId(), task);
        // IGLU_DOCS_SHOT=FILE.png: the picture of this state for docs/ (the error browser on the sample).
        if (const QString shot = qEnvironmentVariable("IGLU_DOCS_SHOT"); !shot.isEmpty()) {
            QTest::qWait(300);  // let the 3D view render the task's world (a picture, not a timing test)
            QVERIFY(wb_->window().grab().save(shot));
        }
    }

    void compareSaysTheVerdictOrThatKindsDiffer() {
        QVERIFY(!waitRun([&] { return call("runClarificationModel", kModel, QStringLiteral("grounding-b")); }).isEmpty());
        QVERIFY(call("selectExperiment", QStringLiteral("grounding")));
        QVERIFY(call("setCompareWith", QStringLiteral("grounding-b")));
        auto* table = child<QTableWidget>("compareTable");
        QVERIFY(rowOf(table, QStringLiteral("all")) >= 0);
        const QString stats = child<QLabel>("compareStats")->text();
        const auto a = cat().clarificationPredictions(cat().experiment("grounding")->id);
        const auto b = cat().clarificationPredictions(cat().experiment("grounding-b")->id);
        const QString verdict = QString::fromStdString(core::clarificationComparisonText(core::compareClarification(a, b)));
        QVERIFY2(stats.contains(verdict.toHtmlEscaped()), qPrintable(stats));
        // The same model twice: no difference, nothing shaded.
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c : {5, 8, 11}) QCOMPARE(table->item(r, c)->background().style(), Qt::NoBrush);

        // A model that always asks: accuracy far from the grounding model's on 451 pairs (McNemar p < 0.05),
        // so the "all" row's Δ accuracy is shaded; the per-skill row with the same numbers has no test: not.
        QFile always(dir_.filePath(QStringLiteral("always_ask.lua")));
        QVERIFY(always.open(QIODevice::WriteOnly));
        always.write("return { when = function(task) return 1 end }\n");
        always.close();
        QVERIFY(!waitRun([&] { return call("runClarificationModel", always.fileName(), QStringLiteral("always")); }).isEmpty());
        QVERIFY(call("selectExperiment", QStringLiteral("grounding")));
        QVERIFY(call("setCompareWith", QStringLiteral("always")));
        const auto c = core::compareClarification(a, cat().clarificationPredictions(cat().experiment("always")->id));
        QVERIFY2(c.whenP < 0.05, qPrintable(QString::number(c.whenP)));
        const int allRow = rowOf(table, QStringLiteral("all"));
        QVERIFY(table->rowCount() >= 2 && allRow >= 0);  // a skill row ("unlabeled": the sample has no labels) and "all"
        QCOMPARE(table->item(allRow, 8)->background().color(),
                 c.accuracyB > c.accuracyA ? plugins::experiments::kBetterColour : plugins::experiments::kWorseColour);
        for (int r = 0; r < table->rowCount(); ++r)
            if (r != allRow) QCOMPARE(table->item(r, 8)->background().style(), Qt::NoBrush);
        QCOMPARE(table->item(allRow, 5)->background().style(), Qt::NoBrush);  // F1: no test, never shaded
        QVERIFY(table->item(allRow, 11)->text().isEmpty());                    // B ranks nothing: no Δ MRR

        // A build experiment (do nothing on three tasks, rollouts recorded) cannot be compared with it.
        QFile f(dir_.filePath(QStringLiteral("noop.lua")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("return { name = 'noop', agent = '%1', tasks = { ids = { '%2' } }, record_rollouts = true,\n"
                               "  env = { max_steps = 5 } }\n")
                    .arg(QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/noop.lua"), buildTasks_.join(QStringLiteral("', '")))
                    .toUtf8());
        f.close();
        const QList<QVariant> r = waitRun([&] {
            bool ok = false;
            QMetaObject::invokeMethod(panel_, "runExperimentFile", Q_RETURN_ARG(bool, ok), Q_ARG(QString, f.fileName()), Q_ARG(int, 1));
            return ok;
        });
        QVERIFY(!r.isEmpty());
        QVERIFY2(r.at(0).toBool(), qPrintable(r.at(3).toString()));
        QVERIFY(call("selectExperiment", QStringLiteral("noop")));
        QVERIFY(call("setCompareWith", QStringLiteral("grounding")));
        QVERIFY(child<QLabel>("compareLegend")->text().contains(QStringLiteral("cannot be compared")));
        QCOMPARE(child<QTableWidget>("compareTable")->rowCount(), 0);
        auto* tabs = child<QTabWidget>("experimentTabs");
        QVERIFY(tabs->isTabVisible(0) && !tabs->isTabVisible(3));
    }

    void tagsNoteFilterRenameAndDeleteLeaveNoOrphans() {
        auto* list = child<QTableWidget>("experimentsList");
        // A run going on in this panel: delete and rename wait for it (a clarification run holds no lock).
        {
            QSignalSpy finished(panel_, SIGNAL(runFinished(bool, bool, QString, QString)));
            QVERIFY(call("runClarificationModel", kModel, QStringLiteral("grounding")));
            QVERIFY(!call("deleteExperiment", QStringLiteral("grounding")));
            QVERIFY(child<QLabel>("runStatus")->text().contains(QStringLiteral("a run is going on")));
            QVERIFY(!call("renameExperiment", QStringLiteral("grounding"), QStringLiteral("other")));
            QMetaObject::invokeMethod(panel_, "cancelRun");
            QVERIFY(finished.wait(300000) || !finished.isEmpty());
            QVERIFY(cat().experiment("grounding") && !cat().experiment("other"));
        }
        QVERIFY(call("tagExperiment", QStringLiteral("grounding"), QStringLiteral("baseline lua")));
        QVERIFY(call("noteExperiment", QStringLiteral("grounding"), QStringLiteral("the shipped Lua model")));
        int row = rowOf(list, QStringLiteral("grounding"));
        QCOMPARE(list->item(row, 10)->text(), QStringLiteral("baseline,lua"));
        QVERIFY(list->item(row, 0)->toolTip().contains(QStringLiteral("the shipped Lua model")));
        QCOMPARE(cat().experiment("grounding")->note, std::string("the shipped Lua model"));
        QMetaObject::invokeMethod(panel_, "setListFilter", Q_ARG(QString, QStringLiteral("baseline")));
        int visible = 0;
        for (int r = 0; r < list->rowCount(); ++r) visible += list->isRowHidden(r) ? 0 : 1;
        QCOMPARE(visible, 1);
        QVERIFY(!list->isRowHidden(rowOf(list, QStringLiteral("grounding"))));
        QMetaObject::invokeMethod(panel_, "setListFilter", Q_ARG(QString, QString()));
        // Sortable: by name, the rows' experiments follow their cells.
        list->sortItems(0, Qt::AscendingOrder);
        QVERIFY(call("selectExperiment", QStringLiteral("noop")));
        bool okName = false;
        QString current;
        QMetaObject::invokeMethod(panel_, "currentExperiment", Q_RETURN_ARG(QString, current));
        okName = current == QStringLiteral("noop");
        QVERIFY(okName);

        // Rename: the predictions follow; a taken name is refused, said in the status line.
        const std::int64_t bId = cat().experiment("grounding-b")->id;
        const std::size_t bStored = cat().clarificationPredictions(bId).size();
        QVERIFY(call("renameExperiment", QStringLiteral("grounding-b"), QStringLiteral("renamed")));
        QVERIFY(rowOf(list, QStringLiteral("renamed")) >= 0 && rowOf(list, QStringLiteral("grounding-b")) < 0);
        QCOMPARE(cat().clarificationPredictions(cat().experiment("renamed")->id).size(), bStored);
        QVERIFY(!call("renameExperiment", QStringLiteral("renamed"), QStringLiteral("grounding")));
        QVERIFY(!child<QLabel>("runStatus")->text().isEmpty());

        // Delete while a run holds the writer lock: refused clearly, nothing goes.
        {
            catalog::Catalog writer(db_.toStdString(), catalog::OpenMode::ReadWrite);
            const catalog::ExperimentLock lock(writer, bId, "renamed");
            QVERIFY(!call("deleteExperiment", QStringLiteral("renamed")));
            QVERIFY(child<QLabel>("runStatus")->text().contains(QStringLiteral("renamed")));
            QVERIFY(rowOf(list, QStringLiteral("renamed")) >= 0);
        }
        QVERIFY(call("deleteExperiment", QStringLiteral("renamed")));
        QVERIFY(rowOf(list, QStringLiteral("renamed")) < 0);
        QVERIFY(!cat().experiment("renamed"));
        QCOMPARE(cat().clarificationPredictions(bId).size(), std::size_t(0));

        // The build experiment through the Manage menu and its confirmation: its episodes and rollouts go.
        const auto noop = cat().experiment("noop");
        QVERIFY(noop);
        const auto episodes = cat().episodes(noop->id);
        QCOMPARE(int(episodes.size()), buildTasks_.size());
        std::vector<std::int64_t> rollouts;
        for (const auto& ep : episodes)
            if (ep.rolloutId) rollouts.push_back(*ep.rolloutId);
        QCOMPARE(int(rollouts.size()), buildTasks_.size());
        QVERIFY(call("selectExperiment", QStringLiteral("noop")));
        testing::ModalAnswers answers;
        answers.answer([](QWidget* w) {
            auto* yes = w->findChild<QPushButton*>(QStringLiteral("confirmDelete"));
            QVERIFY(yes != nullptr);
            yes->click();
        });
        auto* del = panel_->findChild<QAction*>(QStringLiteral("deleteExperiment"));
        QVERIFY(del != nullptr);
        del->trigger();
        QVERIFY(answers.allAnswered() && answers.unexpected() == 0);
        QVERIFY(!cat().experiment("noop"));
        QVERIFY(rowOf(list, QStringLiteral("noop")) < 0);
        QCOMPARE(cat().episodes(noop->id).size(), std::size_t(0));
        for (const auto id : rollouts) QVERIFY(!cat().rollout(id));  // no orphan rollout
        // The rest stays: the first clarification experiment and all its predictions.
        const auto g = cat().experiment("grounding");
        QVERIFY(g && !cat().clarificationPredictions(g->id).empty());
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestClarificationWorkbench)

#include "test_clarification_workbench.moc"

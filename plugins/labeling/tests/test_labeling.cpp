// The labeling plugin's widgets under Xvfb: tasks labeled by simulated key presses end up in the
// catalog at once (1..5 toggle, A accepts the suggestions, Return confirms and moves on, N / P
// walk the unlabeled tasks), undo / redo through the undo stack, notes saved as typed, the
// agreement view (human vs auto, human vs human, disagreeing tasks one click away) and the
// label export / import round trip with clear errors naming the file.
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "widgets/agreement_view.hpp"
#include "logic/auto_suggestions.hpp"
#include "logic/label_files.hpp"
#include "widgets/labeling_panel.hpp"
#include "support/test_catalog.hpp"
#include "workbench/api/data_service.hpp"

using namespace iglu;
using plugins::labeling::LabelingPanel;
using core::Skill;

namespace {
std::optional<bool> humanLabel(const catalog::Catalog& cat, const QString& task, Skill skill, const std::string& who) {
    for (const auto& l : cat.labels(task.toStdString()))
        if (l.source == catalog::LabelSource::Human && l.labeler == who && l.skill == skill) return l.value;
    return std::nullopt;
}
std::optional<bool> autoLabel(const catalog::Catalog& cat, const QString& task, Skill skill) {
    for (const auto& l : cat.labels(task.toStdString()))
        if (l.source == catalog::LabelSource::Auto && l.skill == skill) return l.value;
    return std::nullopt;
}
}  // namespace

class TestLabeling : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<catalog::Catalog> cat_;
    workbench::DataService data_;  // what the panel labels through: a second connection to the file
    QUndoStack undo_;
    std::unique_ptr<LabelingPanel> panel_;

    void showPanel() {
        panel_->show();
        panel_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(panel_.get()));
        panel_->setFocus();
        QTRY_VERIFY(panel_->hasFocus());
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        cat_ = std::make_unique<catalog::Catalog>(dir_.filePath(QStringLiteral("labels.db")).toStdString());
        test::fillTestCatalog(*cat_);
        QVERIFY(cat_->taskCount() >= 10);
        QString error;
        QVERIFY2(data_.open(QString::fromStdString(cat_->path()), &error), qPrintable(error));
        panel_ = std::make_unique<LabelingPanel>(data_.labels(), &undo_);
        // Ctrl+Z / Ctrl+Shift+Z as in the workbench's Edit menu.
        auto* undo = undo_.createUndoAction(panel_.get());
        undo->setShortcut(QKeySequence::Undo);
        auto* redo = undo_.createRedoAction(panel_.get());
        redo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
        panel_->addActions({undo, redo});
        panel_->reload();
        panel_->setLabeler(QStringLiteral("alice"));
        showPanel();
    }
    void cleanupTestCase() {
        panel_.reset();
        cat_.reset();
    }

    void keysLabelTasksInTheCatalog() {
        const auto tasks = cat_->findTasks();
        const QString first = QString::fromStdString(tasks.front().id);
        QVERIFY(panel_->selectTask(first));
        QCOMPARE(panel_->labeledCount(), 0);
        QVERIFY(panel_->progressText().startsWith(QStringLiteral("0 / %1").arg(tasks.size())));

        QTest::keyClick(panel_.get(), Qt::Key_2);  // flying: unlabeled -> yes
        QCOMPARE(humanLabel(*cat_, first, Skill::Flying, "alice"), std::optional<bool>(true));
        QCOMPARE(panel_->skillText(Skill::Flying), QStringLiteral("yes"));
        QTest::keyClick(panel_.get(), Qt::Key_2);  // yes -> no
        QCOMPARE(humanLabel(*cat_, first, Skill::Flying, "alice"), std::optional<bool>(false));
        QCOMPARE(humanLabel(*cat_, first, Skill::Flat, "alice"), std::nullopt);

        // A: every skill takes the automatic suggestion.
        QTest::keyClick(panel_.get(), Qt::Key_A);
        for (auto s : core::kAllSkills) QCOMPARE(humanLabel(*cat_, first, s, "alice"), autoLabel(*cat_, first, s));

        // Return confirms and moves to the next task alice has not labeled.
        QSignalSpy moved(panel_.get(), &LabelingPanel::currentTaskChanged);
        QTest::keyClick(panel_.get(), Qt::Key_Return);
        QCOMPARE(moved.count(), 1);
        const QString second = panel_->currentTask();
        QVERIFY(second != first);
        QCOMPARE(panel_->labeledCount(), 1);
        QVERIFY2(panel_->progressText().startsWith(QStringLiteral("1 / ")), qPrintable(panel_->progressText()));

        // Second task: flat and diagonal, then confirm (the rest become no).
        QTest::keyClick(panel_.get(), Qt::Key_1);
        QTest::keyClick(panel_.get(), Qt::Key_5);
        QTest::keyClick(panel_.get(), Qt::Key_Return);
        QCOMPARE(humanLabel(*cat_, second, Skill::Flat, "alice"), std::optional<bool>(true));
        QCOMPARE(humanLabel(*cat_, second, Skill::Diagonal, "alice"), std::optional<bool>(true));
        for (auto s : {Skill::Flying, Skill::Tricky, Skill::Tall})
            QCOMPARE(humanLabel(*cat_, second, s, "alice"), std::optional<bool>(false));
        const auto done = cat_->tasksLabeledBy("alice");
        QCOMPARE(done.size(), std::size_t(2));
        QCOMPARE(panel_->labeledCount(), 2);
    }

    void shiftNextAndPreviousSkipLabeledTasks() {
        const auto labeled = cat_->tasksLabeledBy("alice");
        const QString start = panel_->currentTask();
        for (int i = 0; i < 4; ++i) {
            QTest::keyClick(panel_.get(), Qt::Key_N, Qt::ShiftModifier);
            QVERIFY(std::find(labeled.begin(), labeled.end(), panel_->currentTask().toStdString()) == labeled.end());
        }
        for (int i = 0; i < 4; ++i) {
            QTest::keyClick(panel_.get(), Qt::Key_P, Qt::ShiftModifier);
            QVERIFY(std::find(labeled.begin(), labeled.end(), panel_->currentTask().toStdString()) == labeled.end());
        }
        QCOMPARE(panel_->currentTask(), start);
    }

    // N / P walk every task: a label just confirmed can be revisited (P used to skip it).
    void nextAndPreviousWalkEveryTask() {
        const QString confirmed = panel_->currentTask();
        QTest::keyClick(panel_.get(), Qt::Key_1);       // flat yes
        QTest::keyClick(panel_.get(), Qt::Key_Return);  // confirm (the rest no), go to the next unlabeled
        QVERIFY(panel_->currentTask() != confirmed);
        bool back = false;
        for (int i = 0; i < 20 && !back; ++i) {
            QTest::keyClick(panel_.get(), Qt::Key_P);
            back = panel_->currentTask() == confirmed;
        }
        QVERIFY2(back, "P never reached the task just confirmed");
        QCOMPARE(panel_->skillText(Skill::Flat), QStringLiteral("yes"));
        QCOMPARE(panel_->skillText(Skill::Tall), QStringLiteral("no"));
        // and it can be changed there
        QTest::keyClick(panel_.get(), Qt::Key_4);
        QCOMPARE(humanLabel(*cat_, confirmed, Skill::Tall, "alice"), std::optional<bool>(true));
        // N steps to the neighbour in listing order even when that one is labeled.
        std::vector<std::string> ids;  // the session's order: the catalog's listing order
        for (const auto& t : cat_->findTasks()) ids.push_back(t.id);
        const auto at = std::find(ids.begin(), ids.end(), confirmed.toStdString());
        QVERIFY(at != ids.end() && at + 1 != ids.end());
        QTest::keyClick(panel_.get(), Qt::Key_N);
        QCOMPARE(panel_->currentTask().toStdString(), *(at + 1));
        // Undo all three changes (tall, the confirm, flat): back on that task, unlabeled again, as
        // the following tests expect.
        for (int i = 0; i < 3; ++i) QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(panel_->currentTask(), confirmed);
        for (const Skill k : iglu::core::kAllSkills) QCOMPARE(humanLabel(*cat_, confirmed, k, "alice"), std::nullopt);
    }

    void undoAndRedoRevertTheCatalog() {
        const QString task = panel_->currentTask();
        QCOMPARE(humanLabel(*cat_, task, Skill::Tricky, "alice"), std::nullopt);
        QTest::keyClick(panel_.get(), Qt::Key_3);
        QCOMPARE(humanLabel(*cat_, task, Skill::Tricky, "alice"), std::optional<bool>(true));
        QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(humanLabel(*cat_, task, Skill::Tricky, "alice"), std::nullopt);
        QCOMPARE(panel_->skillText(Skill::Tricky), QStringLiteral("–"));
        QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(humanLabel(*cat_, task, Skill::Tricky, "alice"), std::optional<bool>(true));
        // Undo of a confirm (on another task) goes back to that task and unlabels it.
        QTest::keyClick(panel_.get(), Qt::Key_Return);
        QVERIFY(panel_->currentTask() != task);
        QCOMPARE(cat_->tasksLabeledBy("alice").size(), std::size_t(3));
        QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(panel_->currentTask(), task);
        QCOMPARE(cat_->tasksLabeledBy("alice").size(), std::size_t(2));
        QCOMPARE(humanLabel(*cat_, task, Skill::Tricky, "alice"), std::optional<bool>(true));
        QCOMPARE(humanLabel(*cat_, task, Skill::Flat, "alice"), std::nullopt);
    }

    // A task list is labeled in memory: every change says it is NOT saved, undo / redo work, the
    // file stays as it was.
    void aTaskListIsLabeledInMemoryAndSaysSo() {
        const QString list = dir_.filePath(QStringLiteral("tasks.jsonl"));
        QVERIFY(QFile::copy(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), list));
        QFile file(list);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray before = file.readAll();
        workbench::DataService data;
        QString error;
        QVERIFY2(data.open(list, &error), qPrintable(error));
        QUndoStack undo;
        LabelingPanel panel(data.labels(), &undo);
        panel.reload();
        panel.setLabeler(QStringLiteral("dora"));
        QVERIFY(!panel.currentTask().isEmpty());
        // Each skill's definition where the labeler looks (its name's tooltip).
        for (Skill skill : core::kAllSkills) {
            auto* name = panel.findChild<QLabel*>(QStringLiteral("name_") + QString::fromLatin1(core::skillName(skill)));
            QVERIFY(name != nullptr);
            QCOMPARE(name->toolTip(), QString::fromLatin1(core::skillDefinition(skill)));
            QVERIFY(name->toolTip().size() > 40);
        }
        panel.toggleSkill(Skill::Tall);
        QCOMPARE(panel.skillText(Skill::Tall), QStringLiteral("yes"));
        const QString status = panel.findChild<QLabel*>(QStringLiteral("labelingStatus"))->text();
        QVERIFY2(status.contains(QStringLiteral("NOT saved")), qPrintable(status));
        QCOMPARE(undo.count(), 1);
        undo.undo();
        QCOMPARE(panel.skillText(Skill::Tall), QStringLiteral("–"));
        undo.redo();
        QCOMPARE(panel.skillText(Skill::Tall), QStringLiteral("yes"));
        QVERIFY(file.seek(0));
        QCOMPARE(file.readAll(), before);
        QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral("tasks.jsonl*")}, QDir::Files).size(), 1);
    }

    void notesAreSavedAsTyped() {
        const QString task = panel_->currentTask();
        auto* note = panel_->findChild<QPlainTextEdit*>(QStringLiteral("labelingNote"));
        QVERIFY(note != nullptr);
        note->setFocus();
        QTest::keyClicks(note, QStringLiteral("stack 1 and 2?"));  // digits go to the note, not the skills
        QTRY_COMPARE(QString::fromStdString(cat_->note(task.toStdString())), QStringLiteral("stack 1 and 2?"));
        QCOMPARE(humanLabel(*cat_, task, Skill::Flat, "alice"), std::nullopt);
        QTest::keyClick(note, Qt::Key_Escape);  // back to the keys
        QVERIFY(panel_->hasFocus());
        QTest::keyClick(panel_.get(), Qt::Key_1);
        QCOMPARE(humanLabel(*cat_, task, Skill::Flat, "alice"), std::optional<bool>(true));
        QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier);  // the toggle
        QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier);  // the note
        QCOMPARE(QString::fromStdString(cat_->note(task.toStdString())), QString());
        QCOMPARE(note->toPlainText(), QString());
    }

    void aFailedSaveIsReported() {
        // Another connection holds the write lock: the panel's write fails after the catalog's
        // busy timeout (5 s); the failure names the catalog and the labels stay as they were.
        const QString task = panel_->currentTask();
        const auto before = humanLabel(*cat_, task, Skill::Tall, "alice");
        QSignalSpy failed(panel_.get(), &LabelingPanel::saveFailed);
        catalog::Catalog other(cat_->path());
        other.transaction([&] {
            other.setNote(task.toStdString(), "locked by another writer");
            QTest::keyClick(panel_.get(), Qt::Key_4);
        });
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.front().front().toString().contains(QString::fromStdString(cat_->path())),
                 qPrintable(failed.front().front().toString()));
        QCOMPARE(humanLabel(*cat_, task, Skill::Tall, "alice"), before);
        QCOMPARE(panel_->skillText(Skill::Tall), QStringLiteral("–"));
        other.setNote(task.toStdString(), "");
        // An undo that cannot be written is reported the same way, never thrown out of Ctrl+Z;
        // once the lock is gone, redo + undo retries it.
        QTest::keyClick(panel_.get(), Qt::Key_4);
        QCOMPARE(humanLabel(*cat_, task, Skill::Tall, "alice"), std::optional<bool>(true));
        other.transaction([&] {
            other.setNote(task.toStdString(), "locked again");
            QVERIFY_THROWS_NO_EXCEPTION(QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier));
        });
        QCOMPARE(failed.count(), 2);
        QVERIFY2(failed.back().front().toString().contains(QStringLiteral("Undo")), qPrintable(failed.back().front().toString()));
        QCOMPARE(humanLabel(*cat_, task, Skill::Tall, "alice"), std::optional<bool>(true));
        QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::keyClick(panel_.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(humanLabel(*cat_, task, Skill::Tall, "alice"), before);
        other.setNote(task.toStdString(), "");
    }

    void secondLabelerAndAgreement() {
        const auto aliceDone = cat_->tasksLabeledBy("alice");
        panel_->setLabeler(QStringLiteral("bob"));
        QCOMPARE(panel_->labeledCount(), 0);
        // Bob labels alice's tasks: all flying (alice said no on the second one).
        for (const auto& id : aliceDone) {
            QVERIFY(panel_->selectTask(QString::fromStdString(id)));
            QTest::keyClick(panel_.get(), Qt::Key_2);
            QTest::keyClick(panel_.get(), Qt::Key_Return);
        }
        QCOMPARE(cat_->tasksLabeledBy("bob").size(), aliceDone.size());

        plugins::labeling::AgreementView view(data_.labels());
        view.refresh();
        const auto& rows = view.rows();
        QCOMPARE(rows.size(), std::size_t(2 * core::kNumSkills));  // human vs auto, alice vs bob
        const plugins::labeling::AgreementRow* flying = nullptr;
        int flyingRow = -1;
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].comparison == "alice vs bob" && rows[i].skill == Skill::Flying) {
                flying = &rows[i];
                flyingRow = static_cast<int>(i);
            }
        QVERIFY(flying != nullptr);
        QCOMPARE(flying->agreement.total(), int(aliceDone.size()));
        QVERIFY(!flying->disagreeing.empty());
        const auto& human = rows.front();
        QCOMPARE(human.comparison, std::string("human vs auto"));
        QVERIFY(human.agreement.total() > 0);
        // Selecting the row lists the disagreeing tasks; a click selects one.
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.table()->selectRow(flyingRow);
        QCOMPARE(view.disagreements()->count(), int(flying->disagreeing.size()));
        QSignalSpy activated(&view, &plugins::labeling::AgreementView::taskActivated);
        auto* item = view.disagreements()->item(0);
        QTest::mouseClick(view.disagreements()->viewport(), Qt::LeftButton, {},
                          view.disagreements()->visualItemRect(item).center());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.front().front().toString(), QString::fromStdString(flying->disagreeing.front().taskId));
        // The line says what each side said (alice no, bob yes) and the task's instruction.
        const QString line = item->text();
        QVERIFY2(line.startsWith(QString::fromStdString(flying->disagreeing.front().taskId) + QStringLiteral(" \u2014 ")), qPrintable(line));
        QVERIFY2(line.endsWith(QStringLiteral(": alice no, bob yes")), qPrintable(line));
    }

    // Undefined ratios are "—", never 0.00: no pair compared, or nothing said yes on one side.
    void undefinedRatiosAreShownAsDashes() {
        using plugins::labeling::f1Of;
        using plugins::labeling::kappaOf;
        using plugins::labeling::precisionOf;
        using plugins::labeling::recallOf;
        core::Agreement none;
        QVERIFY(!precisionOf(none) && !recallOf(none) && !f1Of(none) && !kappaOf(none));
        core::Agreement allNo;
        allNo.add(false, false);
        allNo.add(false, false);
        QVERIFY(!precisionOf(allNo) && !recallOf(allNo) && !f1Of(allNo));
        QCOMPARE(*kappaOf(allNo), 1.0);
        core::Agreement some;
        some.add(true, true);
        some.add(true, false);
        QCOMPARE(*precisionOf(some), 0.5);
        QCOMPARE(*recallOf(some), 1.0);
        // In the view: a labeler pair with nothing in common has n = 0 and dashes.
        catalog::SkillLabel l{"", Skill::Tall, true, catalog::LabelSource::Human, "zoe", "", ""};
        l.taskId = cat_->findTasks().back().id;
        cat_->putLabel(l);
        plugins::labeling::AgreementView view(data_.labels());
        view.refresh();
        auto* model = view.table()->model();
        int checked = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->index(r, 2).data().toString() != QStringLiteral("0")) continue;
            for (int c = 7; c <= 10; ++c) QCOMPARE(model->index(r, c).data().toString(), QStringLiteral("\u2014"));
            ++checked;
        }
        QVERIFY(checked > 0);
        cat_->removeLabel(l.taskId, Skill::Tall, catalog::LabelSource::Human, "zoe");
    }

    void exportImportRoundTrip() {
        auto sorted = [](std::vector<catalog::SkillLabel> v) {
            std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
                return std::tie(a.taskId, a.skill, a.source, a.labeler) < std::tie(b.taskId, b.skill, b.source, b.labeler);
            });
            return v;
        };
        const auto before = sorted(cat_->allLabels());
        for (const char* ext : {"csv", "json"}) {
            const QString path = dir_.filePath(QStringLiteral("labels.%1").arg(QLatin1String(ext)));
            const auto out = plugins::labeling::exportLabelFile(*cat_, path);
            QVERIFY2(out.ok, qPrintable(out.message));
            QCOMPARE(out.count, int(before.size()));
            catalog::Catalog copy(dir_.filePath(QStringLiteral("copy-%1.db").arg(QLatin1String(ext))).toStdString());
            test::fillTestCatalog(copy);
            const auto in = plugins::labeling::importLabelFile(path, copy);
            QVERIFY2(in.ok, qPrintable(in.message));
            const auto after = sorted(copy.allLabels());
            QCOMPARE(after.size(), before.size());
            for (std::size_t i = 0; i < before.size(); ++i) {
                QCOMPARE(after[i].taskId, before[i].taskId);
                QCOMPARE(after[i].skill, before[i].skill);
                QCOMPARE(after[i].value, before[i].value);
                QCOMPARE(after[i].source, before[i].source);
                QCOMPARE(after[i].labeler, before[i].labeler);
                QCOMPARE(after[i].reason, before[i].reason);
                QCOMPARE(after[i].time, before[i].time);
            }
        }
    }

    void autoLabelerStoresSuggestions() {
        catalog::Catalog fresh(dir_.filePath(QStringLiteral("fresh.db")).toStdString());
        datasets::ImportOptions opts;
        opts.withRollouts = false;
        datasets::importSingleTurn(std::string(IGLU_SOURCE_DIR) + "/examples/data/iglu-singleturn", fresh, opts);
        QVERIFY(fresh.allLabels(catalog::LabelSource::Auto).empty());
        int calls = 0;
        const int n = plugins::labeling::storeAutoSuggestions(fresh, [&calls](int, int) { return ++calls <= 3; });
        QCOMPARE(n, 3);  // stopped after three tasks
        QCOMPARE(fresh.allLabels(catalog::LabelSource::Auto).size(), std::size_t(3 * core::kNumSkills));
        QCOMPARE(plugins::labeling::storeAutoSuggestions(fresh), fresh.taskCount());
        QCOMPARE(fresh.allLabels(catalog::LabelSource::Auto).size(), std::size_t(fresh.taskCount() * core::kNumSkills));
        // The panel shows and accepts them.
        workbench::DataService freshData;
        QString error;
        QVERIFY2(freshData.open(QString::fromStdString(fresh.path()), &error), qPrintable(error));
        LabelingPanel panel(freshData.labels(), nullptr);
        panel.reload();
        panel.setLabeler(QStringLiteral("gus"));
        const QString id = QString::fromStdString(fresh.findTasks().front().id);
        QVERIFY(panel.selectTask(id));
        panel.acceptSuggestions();
        for (auto s : core::kAllSkills) QCOMPARE(humanLabel(fresh, id, s, "gus"), autoLabel(fresh, id, s));
    }

    void badFilesAreClearErrors() {
        const auto before = cat_->allLabels();
        const QString unwritable = QStringLiteral("/nonexistent-dir/labels.csv");
        const auto out = plugins::labeling::exportLabelFile(*cat_, unwritable);
        QVERIFY(!out.ok);
        QVERIFY2(out.message.contains(unwritable), qPrintable(out.message));

        const QString bad = dir_.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"labels\": [ this is not json");
        f.close();
        const auto in = plugins::labeling::importLabelFile(bad, *cat_);
        QVERIFY(!in.ok);
        QVERIFY2(in.message.contains(bad), qPrintable(in.message));
        QCOMPARE(cat_->allLabels().size(), before.size());
    }
};

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    TestLabeling tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "test_labeling.moc"

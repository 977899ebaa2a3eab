// A selection is scoped to the data it points into (DataService::setSelection): after File > Open
// of another catalog, every panel shows what a fresh start on the new catalog with the re-resolved
// selection shows, never the old catalog's data under the new one's names. Two catalogs whose
// numeric rollout ids collide but belong to other tasks (B holds A's rollouts in another order, one
// of A's tasks with another target, one task fewer); a seeded random sequence of task / rollout /
// step selections, Script steps, random-agent recordings, Compare checks and catalog switches
// (A, B, and a task list); after each switch the selection is checked against the rule (task kept
// by id when present; rollout and step only when B's rollout of that id is the same recording of
// the same, unchanged task; episode cleared) and every panel (3D view, Playback, Compare, Script,
// Play, Experiments, Editor) against the state a fresh start computes from the new data alone.
#include <algorithm>
#include <random>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "core/rollout/rollout_series.hpp"
#include "example_catalog.hpp"
#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/rollout_chart.hpp"
#include "viewers/qt/zone_view.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

class TestCatalogSwitch : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString a_, b_, taskList_;
    QString changedTask_, droppedTask_;

    Selection& selection() { return wb_->context().selection(); }
    DataService& data() { return wb_->context().data(); }
    template <class T>
    T* child(const char* name) {
        return wb_->window().findChild<T*>(QString::fromLatin1(name));
    }

    /// B: A's tasks (one dropped, one with another target) and A's rollouts stored in another order
    /// (the first first, the rest reversed), so most ids name another task's rollout there.
    void makeCollidingCatalog() {
        catalog::Catalog a(a_.toStdString(), catalog::OpenMode::ReadOnly);
        catalog::Catalog b(b_.toStdString());
        auto tasks = a.loadTasks();
        QVERIFY(tasks.size() > 3);
        std::vector<std::int64_t> ids;
        for (const auto& t : tasks)
            for (const auto& r : a.rollouts(t.task.id)) ids.push_back(r.id);
        std::sort(ids.begin(), ids.end());
        QVERIFY2(ids.size() > 3, "the example catalog has rollouts");
        // The first rollout's task stays as it is (its rollout keeps id and recording in B).
        const std::string keep = a.rollout(ids.front())->taskId;
        for (auto& t : tasks) {
            if (t.task.id == keep) continue;
            if (changedTask_.isEmpty() && !a.rollouts(t.task.id).empty()) {
                changedTask_ = QString::fromStdString(t.task.id);
                t.task.target.setCell(0, static_cast<std::int8_t>(t.task.target.cell(0) == 1 ? 2 : 1));
            }
        }
        for (const auto& t : tasks)  // a task without rollouts (its id is simply absent from B)
            if (t.task.id != keep && a.rollouts(t.task.id).empty()) droppedTask_ = QString::fromStdString(t.task.id);
        QVERIFY(!droppedTask_.isEmpty());
        std::erase_if(tasks, [&](const catalog::TaskRecord& t) { return QString::fromStdString(t.task.id) == droppedTask_; });
        b.putTasks(tasks);
        std::vector<std::int64_t> order{ids.front()};
        order.insert(order.end(), ids.rbegin(), ids.rend() - 1);
        int collisions = 0;
        for (std::size_t i = 0; i < order.size(); ++i) {
            const auto r = a.rollout(order[i]);
            const std::int64_t id = b.putRollout(*r);
            if (id != ids[i]) QFAIL("B's ids are not assigned in insertion order");
            collisions += a.rollout(id)->taskId != r->taskId;
        }
        QVERIFY2(collisions > 0, "no numeric id of B names another task's rollout than in A");
    }

    struct Before {
        QString taskId;
        qint64 rolloutId = 0;
        int step = 0;
        std::optional<core::Task> task;
        std::shared_ptr<const core::Rollout> rollout;
    };

    /// The selection a fresh start on the data just opened has, by the rule (computed here from
    /// the catalogs, not by asking the workbench).
    void checkSelection(const Before& before, const QString& where) {
        const auto now = before.taskId.isEmpty() ? std::nullopt : data().task(before.taskId);
        const QString task = now ? before.taskId : QString();
        qint64 rollout = 0;
        int step = 0;
        if (now && before.rollout && before.task && now->starting == before.task->starting && now->target == before.task->target) {
            const auto after = data().rollout(before.rolloutId);
            if (after && after->taskId == now->id && core::sameRecording(*after, *before.rollout)) {
                rollout = before.rolloutId;
                step = before.step;
            }
        }
        QVERIFY2(selection().taskId() == task, qPrintable(where + ": task " + selection().taskId() + " expected " + task));
        QVERIFY2(selection().rolloutId() == rollout,
                 qPrintable(where + QStringLiteral(": rollout %1 expected %2").arg(selection().rolloutId()).arg(rollout)));
        QCOMPARE(selection().step(), step);
        QCOMPARE(selection().episodeId(), qint64(0));
    }

    /// Every panel against a fresh start on the open data with the current selection.
    void checkPanels(const QString& where) {
        const QString taskId = selection().taskId();
        const auto task = taskId.isEmpty() ? std::nullopt : data().task(taskId);
        const auto rollout = data().rollout(selection().rolloutId());
        const auto rollouts = taskId.isEmpty() ? QList<RolloutInfo>{} : data().rollouts(taskId);

        // 3D view: what a fresh scene given only this state draws, its legend (caption, P / R / F1) too.
        viewers::ZoneScene fresh;
        auto* view = child<viewers::ZoneView>("zoneView");
        fresh.setOverlay(view->overlay());
        fresh.setGhost(view->scene().ghost());
        fresh.setTarget(task ? std::optional<core::Grid>(task->target) : std::nullopt);
        fresh.setBuilt(task ? task->starting : core::Grid{});
        fresh.setAgent(core::Pose{});
        QString caption = taskId;
        if (rollout) {
            core::RolloutCursor cursor(*rollout);
            cursor.seek(static_cast<std::size_t>(selection().step()));
            fresh.setBuilt(cursor.grid());
            fresh.setAgent(cursor.pose());
            caption += QStringLiteral("  |  %1 rollout %2  |  step %3 / %4")
                           .arg(QString::fromLatin1(core::rolloutKindName(rollout->kind)))
                           .arg(rollout->id)
                           .arg(cursor.position())
                           .arg(rollout->size());
        }
        fresh.setCaption(caption.toStdString());
        QVERIFY2(view->scene().legendText() == fresh.legendText(),
                 qPrintable(where + ": 3D view legend\n  " + QString::fromStdString(view->scene().legendText()) +
                            "\nfresh:\n  " + QString::fromStdString(fresh.legendText())));
        QVERIFY2(view->scene().drawnState() == fresh.drawnState(), qPrintable(where + ": the 3D view draws other geometry"));

        // Playback: the chooser lists this task's rollouts in this data, the current one chosen; the chart is its curve.
        auto* combo = child<QComboBox>("rolloutCombo");
        QCOMPARE(combo->count(), int(rollouts.size()) + 1);
        for (int i = 0; i < rollouts.size(); ++i) QCOMPARE(combo->itemData(i + 1).toLongLong(), rollouts[i].id);
        QCOMPARE(combo->currentData().toLongLong(), selection().rolloutId());
        auto* chart = child<viewers::RolloutChart>("rolloutChart");
        if (rollout && task) {
            const auto series = core::computeSeries(*rollout, task->target);
            QCOMPARE(chart->returnSeries()->count(), int(rollout->size()) + 1);
            QCOMPARE(chart->returnSeries()->at(chart->returnSeries()->count() - 1).y(), series.returns.back());
        } else {
            QVERIFY2(chart->returnSeries()->count() == 0, qPrintable(where + ": the playback chart keeps a curve"));
        }
        QVERIFY(!child<QLabel>("recordStatus")->isVisibleTo(&wb_->window()));

        // Compare: this task's rollouts, none checked (ids are never carried over by number).
        auto* compare = child<QListWidget>("compareRollouts");
        QCOMPARE(compare->count(), std::max<int>(taskId.isEmpty() ? 0 : 1, int(rollouts.size())));
        for (int i = 0; i < compare->count(); ++i)
            QVERIFY2(compare->item(i)->checkState() != Qt::Checked, qPrintable(where + ": a compared rollout survived"));

        // Script: no episode, no console, the status of a fresh panel.
        QCOMPARE(child<QLabel>("scriptStatus")->text(), task ? QStringLiteral("task %1: press Run").arg(taskId)
                                                             : QStringLiteral("no task selected"));
        QVERIFY2(child<QPlainTextEdit>("scriptConsole")->toPlainText().isEmpty(),
                 qPrintable(where + ": the script console keeps " + child<QPlainTextEdit>("scriptConsole")->toPlainText()));
        QVERIFY(!child<QToolButton>("scriptKeep")->isEnabled());

        // Play: the selected task of this data.
        QCOMPARE(child<QLabel>("playTask")->text(), task ? QStringLiteral("Task %1").arg(taskId) : QStringLiteral("No task selected"));

        // Experiments: this catalog's experiments, no progress or status of another.
        auto* progress = child<QProgressBar>("runProgress");
        QCOMPARE(progress->format(), QStringLiteral("no run"));
        QCOMPARE(progress->value(), 0);
        const QString status = child<QLabel>("runStatus")->text();
        QVERIFY2(data().inMemory() ? status.contains(QStringLiteral("held in memory")) : status.isEmpty(),
                 qPrintable(where + ": experiments status " + status));
        auto* list = child<QTableWidget>("experimentsList");
        const auto stored = data().inMemory() ? std::vector<catalog::ExperimentRecord>{} : catalog::Catalog(data().path().toStdString(), catalog::OpenMode::ReadOnly).experiments();
        QCOMPARE(list->rowCount(), int(stored.size()));
        if (stored.empty()) QCOMPARE(child<QTableWidget>("resultsTable")->rowCount(), 0);

        // Task editor: no status naming the data before.
        QCOMPARE(child<QLabel>("editorStatus")->text(), QString());
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        QString error;
        a_ = dir_.filePath(QStringLiteral("a.db"));
        b_ = dir_.filePath(QStringLiteral("b.db"));
        taskList_ = QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");
        QVERIFY2(createExampleCatalog(a_, &wb_->window(), &error), qPrintable(error));
        makeCollidingCatalog();
        if (QTest::currentTestFailed()) return;
        QVERIFY2(wb_->openData(a_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 900}));
        // A finished run of a tiny experiment in A: its progress and status are A's.
        const QString exp = dir_.filePath(QStringLiteral("tiny.lua"));
        QFile f(exp);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("return { name = 'tiny', agent = '%1', tasks = 'ids:%2', env = { max_steps = 5 }, seeds = { 1 } }")
                    .arg(QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/random.lua"), data().tasks().front().id)
                    .toUtf8());
        f.close();
        QObject* panel = wb_->window().findChild<QObject*>(QStringLiteral("experimentsPanel"));
        QVERIFY(panel != nullptr);
        QSignalSpy finished(panel, SIGNAL(runFinished(bool, bool, QString, QString)));
        bool started = false;
        QVERIFY(QMetaObject::invokeMethod(panel, "runExperimentFile", Q_RETURN_ARG(bool, started), Q_ARG(QString, exp),
                                          Q_ARG(int, 1), Q_ARG(QString, QString())));
        QVERIFY(started);
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(3).toString()));
        QVERIFY(child<QProgressBar>("runProgress")->format() != QStringLiteral("no run"));
    }
    void cleanupTestCase() { wb_.reset(); }

    // The reported case: a rollout of a task played in A, then B opened, where its id is another
    // task's rollout: nothing of A's rollout stays in any panel.
    void reportedCaseClearsTheRollout() {
        QString error;
        QVERIFY2(wb_->openData(a_, &error), qPrintable(error));
        catalog::Catalog a(a_.toStdString(), catalog::OpenMode::ReadOnly), b(b_.toStdString(), catalog::OpenMode::ReadOnly);
        qint64 id = 0;
        for (const auto& t : a.loadTasks())
            for (const auto& r : a.rollouts(t.task.id))
                if (id == 0 && b.hasTask(t.task.id) && b.rollout(r.id) && b.rollout(r.id)->taskId != t.task.id) id = r.id;
        QVERIFY(id != 0);
        const QString task = QString::fromStdString(a.rollout(id)->taskId);
        QVERIFY(wb_->selectTask(task, &error));
        QVERIFY2(wb_->selectRollout(QString::number(id), QStringLiteral("50%"), &error), qPrintable(error));
        child<QToolButton>("scriptStep")->click();  // a Script episode on A's task
        QVERIFY(!child<QPlainTextEdit>("scriptConsole")->toPlainText().isEmpty());
        const Before before{task, id, selection().step(), data().task(task), data().rollout(id)};
        QVERIFY2(wb_->openData(b_, &error), qPrintable(error));
        checkSelection(before, QStringLiteral("A -> B"));
        QCOMPARE(selection().taskId(), task);
        QCOMPARE(selection().rolloutId(), qint64(0));
        checkPanels(QStringLiteral("A -> B"));
        QVERIFY2(child<viewers::ZoneView>("zoneView")->scene().legendText().find("rollout") == std::string::npos,
                 child<viewers::ZoneView>("zoneView")->scene().legendText().c_str());

        // The rollout B holds under the same id, task and recording (A's first): kept, at its step.
        QVERIFY2(wb_->openData(a_, &error), qPrintable(error));
        const auto first = data().rollout(1);
        QVERIFY(first != nullptr);
        const QString firstTask = QString::fromStdString(first->taskId);
        QVERIFY(wb_->selectTask(firstTask, &error));
        QVERIFY2(wb_->selectRollout(QStringLiteral("1"), QStringLiteral("30%"), &error), qPrintable(error));
        const Before same{firstTask, 1, selection().step(), data().task(firstTask), first};
        QVERIFY(same.step > 0);
        QVERIFY2(wb_->openData(b_, &error), qPrintable(error));
        checkSelection(same, QStringLiteral("A -> B, same recording"));
        QCOMPARE(selection().rolloutId(), qint64(1));
        checkPanels(QStringLiteral("A -> B, same recording"));
        // Its task changed in B (another target): the task stays, its rollout does not.
        QVERIFY2(wb_->openData(a_, &error), qPrintable(error));
        const auto changed = data().rollouts(changedTask_);
        QVERIFY(!changed.isEmpty());
        QVERIFY(wb_->selectTask(changedTask_, &error));
        QVERIFY2(wb_->selectRollout(QString::number(changed.front().id), QStringLiteral("0"), &error), qPrintable(error));
        QVERIFY2(wb_->openData(b_, &error), qPrintable(error));
        QCOMPARE(selection().taskId(), changedTask_);
        QCOMPARE(selection().rolloutId(), qint64(0));
        checkPanels(QStringLiteral("A -> B, changed task"));
        // A task B does not have: nothing selected.
        QVERIFY2(wb_->openData(a_, &error), qPrintable(error));
        QVERIFY(wb_->selectTask(droppedTask_, &error));
        QVERIFY2(wb_->openData(b_, &error), qPrintable(error));
        QCOMPARE(selection().taskId(), QString());
        checkPanels(QStringLiteral("A -> B, task absent"));
    }

    // Property: any sequence of actions with catalog switches between A, B and a task list ends,
    // after each switch, in the state of a fresh start on the new data.
    void anySequenceOfSwitchesLooksLikeAFreshStart() {
        QString error;
        QVERIFY2(wb_->openData(a_, &error), qPrintable(error));
        std::mt19937 rng(2681);
        const auto pick = [&rng](int n) { return n <= 0 ? 0 : static_cast<int>(rng() % static_cast<unsigned>(n)); };
        QStringList log;
        int switches = 0, kept = 0;
        const QStringList files{a_, b_, a_, b_, taskList_};
        for (int action = 0; action < 120; ++action) {
            const auto tasks = data().tasks();
            QVERIFY(!tasks.isEmpty());
            // Tasks with rollouts are the interesting ones: two in three picks.
            QString randomTask = tasks.at(pick(int(tasks.size()))).id;
            for (int tries = 0; tries < 20 && pick(3) != 0 && data().rollouts(randomTask).isEmpty(); ++tries)
                randomTask = tasks.at(pick(int(tasks.size()))).id;
            if (pick(4) == 0 && data().hasTask(changedTask_)) randomTask = changedTask_;
            switch (pick(8)) {
                case 0:
                    selection().setTask(randomTask);
                    log << QStringLiteral("task %1").arg(randomTask);
                    break;
                case 1:
                case 2: {
                    if (selection().taskId().isEmpty()) selection().setTask(randomTask);
                    const auto rollouts = data().rollouts(selection().taskId());
                    if (rollouts.isEmpty()) break;
                    const RolloutInfo& which = rollouts.at(pick(int(rollouts.size())));
                    selection().setRollout(which.id, pick(which.frames + 1));  // session rollouts (< 0) too
                    log << QStringLiteral("rollout %1 of %2 at %3").arg(which.id).arg(selection().taskId()).arg(selection().step());
                    break;
                }
                case 3:
                    if (selection().taskId().isEmpty()) break;
                    for (int k = pick(3) + 1; k > 0; --k) child<QToolButton>("scriptStep")->click();
                    log << QStringLiteral("script steps on %1").arg(selection().taskId());
                    break;
                case 4:
                    if (selection().taskId().isEmpty() || pick(2) == 0) break;
                    child<QToolButton>("recordRandom")->click();
                    log << QStringLiteral("random-agent episode %1 of %2").arg(selection().rolloutId()).arg(selection().taskId());
                    break;
                case 5: {
                    auto* list = child<QListWidget>("compareRollouts");
                    for (int i = 0; i < list->count() && i < 2; ++i)
                        if (list->item(i)->flags() & Qt::ItemIsUserCheckable) list->item(i)->setCheckState(Qt::Checked);
                    log << QStringLiteral("compare %1 rollouts").arg(std::min(2, list->count()));
                    break;
                }
                default: {
                    const QString file = files.at(pick(int(files.size())));
                    const QString taskId = selection().taskId();
                    const Before before{taskId, selection().rolloutId(), selection().step(),
                                        taskId.isEmpty() ? std::nullopt : data().task(taskId), data().rollout(selection().rolloutId())};
                    QVERIFY2(wb_->openData(file, &error), qPrintable(error));
                    ++switches;
                    kept += selection().rolloutId() != 0;
                    log << QStringLiteral("open %1 (task %2, rollout %3 -> task %4, rollout %5)")
                               .arg(QFileInfo(file).fileName(), before.taskId)
                               .arg(before.rolloutId)
                               .arg(selection().taskId())
                               .arg(selection().rolloutId());
                    const QString where = QStringLiteral("action %1\n  %2").arg(action).arg(log.join(QStringLiteral("\n  ")));
                    checkSelection(before, where);
                    if (QTest::currentTestFailed()) return;
                    checkPanels(where);
                    if (QTest::currentTestFailed()) return;
                }
            }
        }
        QVERIFY2(switches >= 8, qPrintable(QStringLiteral("only %1 catalog switches").arg(switches)));
        qInfo("%d catalog switches, %d kept the rollout (same recording)", switches, kept);
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestCatalogSwitch)

#include "test_catalog_switch.moc"

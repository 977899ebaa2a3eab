// The Experiments plugin inside the workbench (Xvfb): it loads with its dock and menu; a small
// oracle experiment (bundled tasks, rollouts recorded) run from the panel fills the experiments
// list, the per-skill results table and the chart with exactly what the catalog's episodes say; a
// second (do-nothing) experiment compares with the right deltas and signs (unshaded: 4 pairs are noise); cancelling a
// slow run keeps the finished episodes and a re-run resumes; double-clicking an episode selects its
// task and rollout (a stored one, or a replay when none was stored) for the rollout player.
#include <map>
#include <set>

#include <QComboBox>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QProgressBar>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QCheckBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QDialog>
#include <QFileInfo>
#include <QDir>
#include <QtTest>
#include <QBarSeries>
#include <QBarSet>
#include <QChartView>
#include <QLegendMarker>
#include <QLineSeries>

#include "core/catalog/agent_episodes.hpp"
#include "core/catalog/catalog.hpp"
#include "core/rollout/step_recorder.hpp"
#include "core/metrics/metrics.hpp"
#include "core/metrics/paired_stats.hpp"
#include "support/gui_main.hpp"
#include "scripting/agent.hpp"
#include "scripting/experiment_session.hpp"
#include "widgets/skill_tables.hpp"
#include "support/test_catalog.hpp"
#include "support/workbench_fixture.hpp"
#include "scripting/experiment.hpp"
#include "support/modal_answers.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;
using plugins::experiments::kValueRole;

namespace {

/// What the results table must show for one skill row, computed here from the catalog alone.
struct Expected {
    int episodes = 0, successes = 0;
    double f1 = 0, steps = 0, baselineF1 = 0;
};

std::map<QString, Expected> expectedRows(const catalog::Catalog& cat, const std::string& experiment) {
    const auto e = cat.experiment(experiment);
    std::map<QString, Expected> rows;
    if (!e) return rows;
    for (const auto& ep : cat.episodes(e->id)) {
        const auto task = cat.task(ep.taskId);
        catalog::TaskFilter f;
        f.ids = {ep.taskId};
        const auto summary = cat.findTasks(f).at(0);
        const core::SkillSet skills = summary.humanLabeled ? summary.humanSkills : summary.autoSkills;
        QStringList names{QStringLiteral("all")};
        for (auto s : core::kAllSkills)
            if (skills.has(s)) names << QString::fromStdString(core::skillName(s));
        if (skills.empty()) names << QStringLiteral("unlabeled");
        const double base = core::score(task->task.target, task->task.starting).f1;
        for (const QString& n : names) {
            Expected& x = rows[n];
            ++x.episodes;
            x.successes += ep.success ? 1 : 0;
            x.f1 += ep.f1;
            x.steps += ep.steps;
            x.baselineF1 += base;
        }
    }
    for (auto& [n, x] : rows) x.f1 /= x.episodes, x.steps /= x.episodes, x.baselineF1 /= x.episodes;
    return rows;
}

int rowOf(const QTableWidget* t, const QString& first) {
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0) && t->item(r, 0)->text() == first) return r;
    return -1;
}

double value(const QTableWidget* t, int row, int col) { return t->item(row, col)->data(kValueRole).toDouble(); }

}  // namespace

class TestExperimentsWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString db_;
    QStringList taskIds_;
    QWidget* panel_ = nullptr;

    template <class T>
    T* child(const char* name) {
        return panel_->findChild<T*>(QString::fromLatin1(name));
    }
    const catalog::Catalog& cat() { return wb_->context().data().experiments().catalog(); }

    QString writeExperiment(const QString& file, const QString& body) {
        QFile f(dir_.filePath(file));
        if (!f.open(QIODevice::WriteOnly)) return {};
        f.write(body.toUtf8());
        return f.fileName();
    }
    QString idsLua() const {
        QStringList quoted;
        for (const auto& id : taskIds_) quoted << QStringLiteral("'%1'").arg(id);
        return QStringLiteral("{ ids = { %1 } }").arg(quoted.join(QStringLiteral(", ")));
    }
    /// Runs an experiment file from the panel and waits for the end; returns runFinished's arguments.
    QList<QVariant> runAndWait(const QString& path, int jobs) {
        QSignalSpy finished(panel_, SIGNAL(runFinished(bool, bool, QString, QString)));
        bool started = false;
        QMetaObject::invokeMethod(panel_, "runExperimentFile", Q_RETURN_ARG(bool, started), Q_ARG(QString, path),
                                  Q_ARG(int, jobs));
        if (!started) return {};
        if (!finished.wait(300000) && finished.isEmpty()) return {};
        return finished.takeFirst();
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        db_ = dir_.filePath(QStringLiteral("experiments.db"));
        {
            catalog::Catalog c(db_.toStdString());
            test::fillTestCatalog(c);  // bundled single-turn tasks with auto skill labels
            catalog::TaskFilter f;
            f.limit = 4;
            for (const auto& t : c.findTasks(f)) taskIds_ << QString::fromStdString(t.id);
        }
        QCOMPARE(taskIds_.size(), 4);
        QString error;
        QVERIFY2(wb_->openData(db_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 900}));
        panel_ = wb_->window().findChild<QWidget*>(QStringLiteral("experimentsPanel"));
        QVERIFY(panel_ != nullptr);

    }
    void cleanupTestCase() { wb_.reset(); }

    void pluginLoadsWithDockAndMenu() {
        const PluginSpec* s = wb_->plugins().plugin(QStringLiteral("experiments"));
        QVERIFY(s != nullptr);
        QVERIFY2(s->state == PluginState::Loaded, qPrintable(s->error));
        auto* dock = wb_->window().findChild<QDockWidget*>(QStringLiteral("experiments"));
        QVERIFY(dock != nullptr);
        QVERIFY(dock->isHidden());  // on demand: the 3D view keeps its room
        QMap<QString, QAction*> actions;
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->text() == QStringLiteral("&Experiments"))
                for (QAction* b : a->menu()->actions()) actions[b->text()] = b;
        QVERIFY2(actions.contains(QStringLiteral("Run Experiment…")), qPrintable(actions.keys().join(", ")));
        QVERIFY(actions.contains(QStringLiteral("Cancel Experiment")));
        QVERIFY(actions.contains(QStringLiteral("Show Experiments")));
        actions[QStringLiteral("Show Experiments")]->trigger();
        QTRY_VERIFY(panel_->isVisible());
        wb_->window().resizeDocks({dock}, {520}, Qt::Vertical);
        QCOMPARE(child<QProgressBar>("runProgress")->text(), QStringLiteral("no run"));
        QCOMPARE(child<QTableWidget>("experimentsList")->rowCount(), 0);  // a fresh catalog
    }

    void runFillsListResultsAndChart() {
        const QString exp = writeExperiment(
            QStringLiteral("oracle_test.lua"),
            QStringLiteral("return { name = 'oracle-test', agent = '%1', tasks = %2, record_rollouts = true,\n"
                           "  env = { action_space = 'flying', max_steps = 500, target_in_obs = true } }")
                .arg(QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/oracle.lua"), idsLua()));
        auto* progress = child<QProgressBar>("runProgress");
        const QList<QVariant> r = runAndWait(exp, 2);
        QVERIFY(!r.isEmpty());
        QVERIFY2(r.at(0).toBool(), qPrintable(r.at(3).toString()));
        QVERIFY(!r.at(1).toBool());
        QCOMPARE(r.at(2).toString(), QStringLiteral("oracle-test"));
        QCOMPARE(progress->maximum(), 4);
        QCOMPARE(progress->value(), 4);
        QVERIFY(child<QPushButton>("runExperiment")->isEnabled());
        QVERIFY(!child<QPushButton>("cancelRun")->isEnabled());

        // The list: one experiment with 4 episodes; it is the selected one.
        auto* list = child<QTableWidget>("experimentsList");
        QCOMPARE(list->rowCount(), 1);
        QCOMPARE(list->item(0, 0)->text(), QStringLiteral("oracle-test"));
        QCOMPARE(list->item(0, 1)->text(), QStringLiteral("oracle.lua"));
        QVERIFY(list->item(0, 2)->text().contains(QStringLiteral("flying")));
        QCOMPARE(list->item(0, 3)->text(), QStringLiteral("4"));
        QCOMPARE(list->currentRow(), 0);

        // Results: every skill row and "all" as the catalog's episodes say.
        const auto expected = expectedRows(cat(), "oracle-test");
        QVERIFY(expected.size() >= 2);
        QCOMPARE(expected.at(QStringLiteral("all")).episodes, 4);
        auto* results = child<QTableWidget>("resultsTable");
        QCOMPARE(results->rowCount(), int(expected.size()));
        QCOMPARE(results->item(results->rowCount() - 1, 0)->text(), QStringLiteral("all"));
        for (const auto& [name, x] : expected) {
            const int row = rowOf(results, name);
            QVERIFY2(row >= 0, qPrintable(name));
            QCOMPARE(results->item(row, 1)->text(), QString::number(x.episodes));
            const double rate = double(x.successes) / x.episodes;
            const core::Interval w = core::wilsonInterval(x.successes, x.episodes);
            QCOMPARE(results->item(row, 2)->text(), plugins::experiments::withInterval(rate, w.low, w.high));
            QVERIFY(qAbs(value(results, row, 2) - rate) < 1e-12 && qAbs(value(results, row, 3) - x.f1) < 1e-12);
            QVERIFY(results->item(row, 3)->text().startsWith(QString::number(x.f1, 'f', 2) + QStringLiteral(" [")));
            QVERIFY(qAbs(value(results, row, 4) - x.steps) < 1e-9 && qAbs(value(results, row, 7) - x.baselineF1) < 1e-12);
        }
        // The oracle builds these small tasks; the do-nothing agent does not.
        const int all = rowOf(results, QStringLiteral("all"));
        QVERIFY(value(results, all, 3) > value(results, all, 7));

        // The chart: one category per row, success rate and F1 bars with the table's values.
        auto* chartView = child<QChartView>("resultsChart");
        QVERIFY(chartView != nullptr);
        const auto series = chartView->chart()->series();
        QCOMPARE(series.size(), 1 + 2 * results->rowCount());  // the bars, a whisker per success / F1 bar
        auto* bars = static_cast<QBarSeries*>(series.front());
        // The "all" success whisker spans the Wilson interval of the catalog's successes.
        const core::Interval wAll = core::wilsonInterval(expected.at(QStringLiteral("all")).successes, 4);
        QLineSeries* whisker = nullptr;
        for (auto* s : series) whisker = s->name() == QStringLiteral("success 95%: all") ? qobject_cast<QLineSeries*>(s) : whisker;
        QVERIFY(whisker != nullptr && whisker->count() == 6);
        double lo = 2, hi = -1;
        for (const QPointF& p : whisker->points()) lo = qMin(lo, p.y()), hi = qMax(hi, p.y());
        QVERIFY(qAbs(lo - wAll.low) < 1e-12 && qAbs(hi - wAll.high) < 1e-12);
        for (auto* m : chartView->chart()->legend()->markers(whisker)) QVERIFY(!m->isVisible());
        QCOMPARE(bars->count(), 3);
        QCOMPARE(bars->barSets().at(0)->count(), results->rowCount());
        QVERIFY(qAbs(bars->barSets().at(1)->at(all) - value(results, all, 3)) < 1e-12);

        // The episodes table: the catalog's 4 episodes, each with its rollout.
        auto* episodes = child<QTableWidget>("episodesTable");
        QCOMPARE(episodes->rowCount(), 4);
        for (int row = 0; row < 4; ++row) {
            QVERIFY(taskIds_.contains(episodes->item(row, 0)->text()));
            QVERIFY(episodes->item(row, 0)->data(plugins::experiments::kRolloutIdRole).toLongLong() > 0);
        }
    }

    void compareShowsDeltasWithSignsAndColours() {
        const QString noop = writeExperiment(
            QStringLiteral("noop_test.lua"),
            QStringLiteral("return { name = 'noop-test', agent = '%1', tasks = %2, env = { max_steps = 30 } }")
                .arg(QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/noop.lua"), idsLua()));
        const QList<QVariant> r = runAndWait(noop, 2);
        QVERIFY(!r.isEmpty() && r.at(0).toBool());
        QCOMPARE(child<QTableWidget>("experimentsList")->rowCount(), 2);

        const auto oracle = expectedRows(cat(), "oracle-test");
        const auto nothing = expectedRows(cat(), "noop-test");
        auto check = [&](const QString& a, const QString& b, const std::map<QString, Expected>& ea,
                         const std::map<QString, Expected>& eb, QChar allSign) {
            bool ok = false;
            QMetaObject::invokeMethod(panel_, "selectExperiment", Q_RETURN_ARG(bool, ok), Q_ARG(QString, a));
            QVERIFY(ok);
            QMetaObject::invokeMethod(panel_, "setCompareWith", Q_RETURN_ARG(bool, ok), Q_ARG(QString, b));
            QVERIFY(ok);
            auto* table = child<QTableWidget>("compareTable");
            QCOMPARE(table->rowCount(), int(ea.size()));
            for (const auto& [name, xa] : ea) {
                const int row = rowOf(table, name);
                QVERIFY2(row >= 0, qPrintable(name));
                const Expected& xb = eb.at(name);
                QCOMPARE(int(value(table, row, 1)), xa.episodes);
                QCOMPARE(int(value(table, row, 2)), xb.episodes);
                const double dSuccess = double(xb.successes) / xb.episodes - double(xa.successes) / xa.episodes;
                const double dF1 = xb.f1 - xa.f1;
                QVERIFY(qAbs(value(table, row, 5) - dSuccess) < 1e-12);
                QVERIFY(qAbs(value(table, row, 8) - dF1) < 1e-12);
                QCOMPARE(table->item(row, 8)->text(), plugins::experiments::signedText(dF1, false));
            }
            // 4 pairs cannot show more than noise (p = 0.125, below): the sign says which way, no shade.
            const int all = rowOf(table, QStringLiteral("all"));
            QCOMPARE(table->item(all, 8)->background().style(), Qt::NoBrush);
            QCOMPARE(table->item(all, 8)->text().at(0), allSign);
            QVERIFY(child<QWidget>("compareLegend")->property("text").toString().contains(a));
            // Per task on the common episodes, biggest F1 gain first, signed (no per-task test: unshaded);
            // the verdict with its p-values: the oracle builds all 4 tasks, doing nothing none, yet 4
            // pairs cannot show more than noise (McNemar 2 * 0.5^4) — the dock does not overclaim.
            auto* tasks = child<QTableWidget>("compareTasksTable");
            QVERIFY(tasks->rowCount() > 0);
            for (int row = 1; row < tasks->rowCount(); ++row) QVERIFY(value(tasks, row - 1, 6) >= value(tasks, row, 6));
            for (int row = 0; row < tasks->rowCount(); ++row)
                QVERIFY(qAbs(value(tasks, row, 6) - (value(tasks, row, 5) - value(tasks, row, 4))) < 1e-12);
            const QString stats = child<QWidget>("compareStats")->property("text").toString();
            QVERIFY2(stats.contains(QStringLiteral("paired, 4 common episodes")) &&
                         stats.contains(QStringLiteral("McNemar exact p = 0.125")) && stats.contains(QStringLiteral("(within noise)")),
                     qPrintable(stats));
            QSignalSpy selected(&wb_->context().selection(), &workbench::Selection::taskChanged);
            const QString firstTask = tasks->item(0, 0)->text();
            emit tasks->cellDoubleClicked(0, 0);
            QCOMPARE(wb_->context().selection().taskId(), firstTask);
        };
        // B = do-nothing is worse than A = oracle: a minus sign; the other way round plus.
        check(QStringLiteral("oracle-test"), QStringLiteral("noop-test"), oracle, nothing, QChar(0x2212));
        check(QStringLiteral("noop-test"), QStringLiteral("oracle-test"), nothing, oracle, QLatin1Char('+'));
    }

    void cancelKeepsFinishedEpisodesAndRerunResumes() {
        const QString slow = writeExperiment(
            QStringLiteral("slow_test.lua"),
            QStringLiteral("return { name = 'slow-test', agent = '%1', tasks = 'all', seeds = {1, 2, 3}, env = { max_steps = 300 } }")
                .arg(QStringLiteral(IGLU_SOURCE_DIR "/tests/scripting/lua/agents/slow.lua")));
        const int total = 3 * cat().taskCount();
        QSignalSpy finished(panel_, SIGNAL(runFinished(bool, bool, QString, QString)));
        bool started = false;
        QMetaObject::invokeMethod(panel_, "runExperimentFile", Q_RETURN_ARG(bool, started), Q_ARG(QString, slow), Q_ARG(int, 1));
        QVERIFY(started);
        auto* progress = child<QProgressBar>("runProgress");
        auto* cancel = child<QPushButton>("cancelRun");
        QVERIFY(cancel->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() >= 2, 120000);
        QCOMPARE(progress->maximum(), total);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        const QList<QVariant> r = finished.takeFirst();
        QVERIFY(r.at(0).toBool());
        QVERIFY(r.at(1).toBool());  // cancelled
        const auto e = cat().experiment("slow-test");
        QVERIFY(e.has_value());
        const int kept = int(cat().episodes(e->id).size());
        QVERIFY2(kept >= 2 && kept < total, qPrintable(QString::number(kept)));
        QCOMPARE(int(value(child<QTableWidget>("resultsTable"), rowOf(child<QTableWidget>("resultsTable"), QStringLiteral("all")), 1)),
                 kept);

        // Running it again resumes: it starts at `kept` and ends with every episode stored.
        QSignalSpy startedSpy(panel_, SIGNAL(runStarted(QString, int, int)));
        const QList<QVariant> rest = runAndWait(slow, 2);
        QVERIFY(!rest.isEmpty() && rest.at(0).toBool() && !rest.at(1).toBool());
        QCOMPARE(startedSpy.count(), 1);
        QCOMPARE(startedSpy.at(0).at(1).toInt(), total);
        QCOMPARE(startedSpy.at(0).at(2).toInt(), kept);
        QCOMPARE(int(cat().episodes(e->id).size()), total);
    }

    // The panel runs the same ExperimentSession as `iglu run`, so it obeys the same writer lock:
    // while another session (here: this process's, as `iglu run` would hold it) runs the
    // experiment, the panel's run ends at once with the message naming the holder.
    void runOfALockedExperimentIsRefused() {
        const QString path = writeExperiment(
            QStringLiteral("locked_test.lua"),
            QStringLiteral("return { name = 'locked-test', agent = '%1', tasks = %2, env = { max_steps = 5 } }")
                .arg(QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/noop.lua"), idsLua()));
        {
            scripting::SessionOptions so;
            so.db = db_.toStdString();
            scripting::ExperimentSession holder(path.toStdString(), so);
            const QList<QVariant> r = runAndWait(path, 1);
            QVERIFY(!r.isEmpty());
            QVERIFY(!r.at(0).toBool());  // could not run
            const QString message = r.at(3).toString();
            QVERIFY2(message.contains(QStringLiteral("experiment 'locked-test' is already being run")) &&
                         message.contains(QStringLiteral("process %1 on host").arg(QCoreApplication::applicationPid())),
                     qPrintable(message));
            const auto e = cat().experiment("locked-test");
            QVERIFY(e.has_value());
            QCOMPARE(int(cat().episodes(e->id).size()), 0);
        }
        const QList<QVariant> again = runAndWait(path, 1);  // the holder is gone: it runs
        QVERIFY(!again.isEmpty() && again.at(0).toBool());
        QCOMPARE(int(cat().episodes(cat().experiment("locked-test")->id).size()), 4);
    }

    void doubleClickOpensEpisodeInThePlayer() {
        bool ok = false;
        QMetaObject::invokeMethod(panel_, "selectExperiment", Q_RETURN_ARG(bool, ok), Q_ARG(QString, QStringLiteral("oracle-test")));
        QVERIFY(ok);
        auto* tabs = child<QTabWidget>("experimentTabs");
        auto* episodes = child<QTableWidget>("episodesTable");
        tabs->setCurrentWidget(episodes);
        const auto stored = cat().episodes(cat().experiment("oracle-test")->id);
        const int row = 2;
        const QString task = episodes->item(row, 0)->text();
        const qint64 episodeId = episodes->item(row, 0)->data(plugins::experiments::kEpisodeIdRole).toLongLong();
        const catalog::EpisodeRecord* rec = nullptr;
        for (const auto& e : stored)
            if (e.id == episodeId) rec = &e;
        QVERIFY(rec != nullptr && rec->rolloutId.has_value());
        QCOMPARE(QString::fromStdString(rec->taskId), task);

        episodes->scrollToItem(episodes->item(row, 0));
        const QRect cell = episodes->visualItemRect(episodes->item(row, 0));
        QVERIFY2(episodes->viewport()->rect().contains(cell.center()), "the episode row is not on screen");
        // A widget double-click in QtTest is one event: press first, as a real double-click does.
        QTest::mouseClick(episodes->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(episodes->viewport(), Qt::LeftButton, {}, cell.center());
        Selection& sel = wb_->context().selection();
        QTRY_COMPARE(sel.taskId(), task);
        QCOMPARE(sel.rolloutId(), *rec->rolloutId);
        QCOMPARE(sel.episodeId(), episodeId);
        // The rollout player lists and shows it.
        auto* combo = wb_->window().findChild<QComboBox*>(QStringLiteral("rolloutCombo"));
        QVERIFY(combo != nullptr);
        QCOMPARE(combo->currentData().toLongLong(), *rec->rolloutId);

        // The do-nothing experiment stored no rollouts: the episode is replayed with recording on.
        QMetaObject::invokeMethod(panel_, "selectExperiment", Q_RETURN_ARG(bool, ok), Q_ARG(QString, QStringLiteral("noop-test")));
        QVERIFY(ok);
        QCOMPARE(episodes->item(0, 0)->data(plugins::experiments::kRolloutIdRole).toLongLong(), 0);
        const QString noopTask = episodes->item(0, 0)->text();
        const int steps = int(value(episodes, 0, 5));
        episodes->scrollToItem(episodes->item(0, 0));
        const QPoint first = episodes->visualItemRect(episodes->item(0, 0)).center();
        QTest::mouseClick(episodes->viewport(), Qt::LeftButton, {}, first);
        QTest::mouseDClick(episodes->viewport(), Qt::LeftButton, {}, first);
        QTRY_COMPARE(sel.taskId(), noopTask);
        QVERIFY(sel.rolloutId() < 0);  // a session rollout
        const auto rollout = wb_->context().data().rollout(sel.rolloutId());
        QVERIFY(rollout != nullptr);
        QCOMPARE(int(rollout->size()), steps);
        QCOMPARE(combo->currentData().toLongLong(), sel.rolloutId());
    }

    // An external agent's experiment (a Python agent, an imported rollout file): its script is no
    // Lua file. It is listed with its agent and "rollouts recorded", and an episode opens its stored
    // rollout in the player; nothing tries to run it through Lua.
    void anExternalAgentsExperimentOpensItsStoredRollouts() {
        std::vector<catalog::AgentEpisode> stored;
        {
            catalog::Catalog writer(db_.toStdString(), catalog::OpenMode::ReadWrite);
            for (const QString& id : taskIds_) {
                core::Environment env;
                env.setTask(writer.task(id.toStdString())->task);
                env.reset();
                core::StepRecorder rec;
                rec.begin(env, core::RolloutKind::Agent, "", 40);
                for (int i = 0; i < 40; ++i) {
                    const int action = (i * 7 + 3) % core::kDiscreteActions;
                    rec.record(env, env.step(action), action);
                }
                stored.push_back(catalog::finishedEpisode(env, rec, 5, 0));
            }
            catalog::storeAgentEpisodes(writer, "python-agent", "python:my_agent",
                                        catalog::externalExperimentConfig("my_agent", "python", R"({"discretize": true})"), stored);
        }
        QMetaObject::invokeMethod(panel_, "refresh");
        bool ok = false;
        QMetaObject::invokeMethod(panel_, "selectExperiment", Q_RETURN_ARG(bool, ok), Q_ARG(QString, QStringLiteral("python-agent")));
        QVERIFY(ok);
        auto* list = child<QTableWidget>("experimentsList");
        int row = -1;
        for (int r = 0; r < list->rowCount(); ++r)
            if (list->item(r, 0)->text() == QStringLiteral("python-agent")) row = r;
        QVERIFY(row >= 0);
        QCOMPARE(list->item(row, 1)->text(), QStringLiteral("my_agent"));
        QVERIFY2(list->item(row, 2)->text().contains(QStringLiteral("rollouts recorded")), qPrintable(list->item(row, 2)->text()));
        QVERIFY2(list->item(row, 2)->text().contains(QStringLiteral("250 steps")), qPrintable(list->item(row, 2)->text()));

        auto* tabs = child<QTabWidget>("experimentTabs");
        auto* episodes = child<QTableWidget>("episodesTable");
        tabs->setCurrentWidget(episodes);
        QCOMPARE(episodes->rowCount(), taskIds_.size());
        const qint64 rolloutId = episodes->item(1, 0)->data(plugins::experiments::kRolloutIdRole).toLongLong();
        QVERIFY(rolloutId > 0);
        const QString task = episodes->item(1, 0)->text();
        episodes->scrollToItem(episodes->item(1, 0));
        const QPoint at = episodes->visualItemRect(episodes->item(1, 0)).center();
        QTest::mouseClick(episodes->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(episodes->viewport(), Qt::LeftButton, {}, at);
        Selection& sel = wb_->context().selection();
        QTRY_COMPARE(sel.taskId(), task);
        QCOMPARE(sel.rolloutId(), rolloutId);  // the stored rollout, not a replay (which would be a session rollout < 0)
        const auto rollout = wb_->context().data().rollout(rolloutId);
        QVERIFY(rollout != nullptr);
        QCOMPARE(int(rollout->size()), 40);
        const auto it = std::find_if(stored.begin(), stored.end(),
                                     [&](const catalog::AgentEpisode& e) { return QString::fromStdString(e.taskId) == task; });
        QVERIFY(it != stored.end());
        QVERIFY(rollout->finalGrid() == it->rollout.finalGrid());
    }

    void scriptErrorsAreShownPerEpisode() {
        const QString failing = writeExperiment(
            QStringLiteral("failing_test.lua"),
            QStringLiteral("return { name = 'failing-test', agent = '%1', tasks = %2, env = { max_steps = 20 } }")
                .arg(QStringLiteral(IGLU_SOURCE_DIR "/tests/scripting/lua/agents/failing.lua"), idsLua()));
        const QList<QVariant> r = runAndWait(failing, 2);
        QVERIFY(!r.isEmpty() && r.at(0).toBool());  // the run goes on; the episodes are marked failed
        QVERIFY2(r.at(3).toString().contains(QStringLiteral("4 failed")), qPrintable(r.at(3).toString()));
        auto* list = child<QTableWidget>("experimentsList");
        const int row = rowOf(list, QStringLiteral("failing-test"));
        QVERIFY(row >= 0);
        QCOMPARE(list->item(row, 3)->text(), QStringLiteral("4 (4 failed)"));
        auto* results = child<QTableWidget>("resultsTable");
        QCOMPARE(int(value(results, rowOf(results, QStringLiteral("all")), 5)), 4);  // errors column
        auto* episodes = child<QTableWidget>("episodesTable");
        QCOMPARE(episodes->rowCount(), 4);
        for (int i = 0; i < 4; ++i) {
            // The first line in the Error column, the whole traceback (file:line) in its tooltip.
            QVERIFY2(episodes->item(i, 8)->text().contains(QStringLiteral("failing.lua:6:")), qPrintable(episodes->item(i, 8)->text()));
            QVERIFY(!episodes->item(i, 8)->text().contains(QLatin1Char('\n')));
            QVERIFY(episodes->item(i, 8)->toolTip().contains(QStringLiteral("traceback")));
            QCOMPARE(episodes->item(i, 0)->background().color(), plugins::experiments::kWorseColour);
        }
    }

    // A task list is held in memory: the panel lists no experiments, says runs need a catalog
    // file, and refuses to run; opening the catalog again brings the experiments and Run back.
    void aTaskListCannotRunExperiments() {
        QString error;
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        QCOMPARE(child<QTableWidget>("experimentsList")->rowCount(), 0);
        QVERIFY(!child<QPushButton>("runExperiment")->isEnabled());
        QVERIFY2(child<QLabel>("runStatus")->text().contains(QStringLiteral("held in memory")),
                 qPrintable(child<QLabel>("runStatus")->text()));
        const QString any = writeExperiment(QStringLiteral("memory_test.lua"),
                                            QStringLiteral("return { name = 'memory-test', agent = 'x.lua', tasks = 'all' }"));
        QVERIFY(runAndWait(any, 1).isEmpty());  // not started
        QVERIFY(child<QLabel>("runStatus")->text().contains(QStringLiteral("catalog file")));
        QVERIFY2(wb_->openData(db_, &error), qPrintable(error));
        QVERIFY(child<QTableWidget>("experimentsList")->rowCount() > 0);
        QVERIFY(child<QPushButton>("runExperiment")->isEnabled());
    }

    // Experiments > Run Experiment…: the form (agent, tasks with a live count, action space, steps,
    // seeds, jobs, name, record rollouts) becomes an experiment file beside the catalog that runs
    // at once and that the experiment loader reads back; a bad choice keeps the dialog open with
    // the reason.
    void runDialogMakesAndRunsAnExperiment() {
        QAction* run = nullptr;
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->text() == QStringLiteral("&Experiments"))
                for (QAction* b : a->menu()->actions())
                    if (b->text() == QStringLiteral("Run Experiment…")) run = b;
        QVERIFY(run != nullptr);
        const QString words = QStringLiteral("ids:%1,%2").arg(taskIds_[0], taskIds_[1]);
        QString count, anyCount, badCount, problem;
        testing::ModalAnswers answers(60000);
        answers.answer([&](QWidget* w) {
            auto* d = qobject_cast<QDialog*>(w);
            auto* tasks = d->findChild<QLineEdit*>(QStringLiteral("runTasks"));
            auto* countLabel = d->findChild<QLabel*>(QStringLiteral("runTaskCount"));
            tasks->setText(QStringLiteral("all"));
            anyCount = countLabel->text();
            tasks->setText(QStringLiteral("limit:abc"));
            badCount = countLabel->text();
            tasks->setText(words);
            count = countLabel->text();
            auto* agent = d->findChild<QComboBox*>(QStringLiteral("runAgent"));
            agent->setCurrentIndex(agent->findText(QStringLiteral("random.lua")));
            d->findChild<QComboBox*>(QStringLiteral("runActionSpace"))->setCurrentIndex(1);
            d->findChild<QSpinBox*>(QStringLiteral("runSteps"))->setValue(15);
            d->findChild<QLineEdit*>(QStringLiteral("runSeeds"))->setText(QStringLiteral("1-3"));
            d->findChild<QSpinBox*>(QStringLiteral("runJobs"))->setValue(2);
            d->findChild<QCheckBox*>(QStringLiteral("runRecord"))->setChecked(true);
            auto* name = d->findChild<QLineEdit*>(QStringLiteral("runName"));
            name->setText(QStringLiteral("not a name"));
            d->accept();
            problem = d->findChild<QLabel*>(QStringLiteral("runProblem"))->text();
            if (!d->isVisible()) return;
            name->setText(QStringLiteral("dialog_random"));
            d->accept();
        });
        QSignalSpy finished(panel_, SIGNAL(runFinished(bool, bool, QString, QString)));
        run->trigger();
        QVERIFY(answers.allAnswered());
        QCOMPARE(answers.unexpected(), 0);
        QVERIFY2(problem.startsWith(QStringLiteral("name:")), qPrintable(problem));
        QCOMPARE(count, QStringLiteral("2 tasks"));
        QCOMPARE(anyCount, QStringLiteral("%1 tasks").arg(cat().findTasks().size()));
        QVERIFY2(badCount.contains(QStringLiteral("limit:abc")), qPrintable(badCount));
        QVERIFY(finished.wait(300000) || !finished.isEmpty());
        const auto args = finished.takeFirst();
        QVERIFY2(args[0].toBool(), qPrintable(args[3].toString()));
        QCOMPARE(args[2].toString(), QStringLiteral("dialog_random"));
        // 2 tasks x 3 seeds, each with its rollout; the file beside the catalog reads back as chosen.
        const auto e = cat().experiment("dialog_random");
        QVERIFY(e.has_value());
        const auto episodes = cat().episodes(e->id);
        QCOMPARE(int(episodes.size()), 6);
        for (const auto& ep : episodes) QVERIFY(ep.rolloutId > 0);
        const QString file = QFileInfo(db_).absoluteDir().filePath(QStringLiteral("experiments/dialog_random.lua"));
        const auto spec = scripting::loadExperiment(file.toStdString());
        QCOMPARE(spec.env.actionSpace, core::ActionSpace::Flying);
        QCOMPARE(spec.env.maxSteps, 15);
        QCOMPARE(spec.seeds, (std::vector<std::int64_t>{1, 2, 3}));
        QCOMPARE(QString::fromStdString(spec.tasks.describe()).contains(taskIds_[0]), true);
    }
};

IGLU_GUI_TEST_MAIN(TestExperimentsWorkbench)
#include "test_experiments_workbench.moc"

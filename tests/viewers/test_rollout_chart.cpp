// The return / F1 chart (Playback and Compare) on real random episodes (issue 24): the steps where
// reward and F1 move apart (core::rewardF1Disagreements) are marked on the F1 line with the
// reason in the legend and each marker's tooltip; Compare's extra rollouts get their return line
// (dashed) and F1 line in one colour of their own, and the return axis holds every return.
#include <QApplication>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <QtTest>

#include "core/rollout/random_agent.hpp"
#include "core/rollout/rollout_series.hpp"
#include "core/task/task_list.hpp"
#include "viewers/qt/rollout_chart.hpp"

using namespace iglu;

class TestRolloutChart : public QObject {
    Q_OBJECT
    std::vector<core::Task> tasks_;
    core::RolloutSeries episode(const core::Task& task, std::uint64_t seed) {
        core::RandomEpisodeOptions o;
        o.seed = seed;
        o.steps = 300;
        o.placeProbability = 0.6;
        return core::computeSeries(core::recordRandomEpisode(task, o), task.target);
    }
private slots:
    void initTestCase() { tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"); }

    void disagreementsAreMarkedWithTheReason() {
        int marked = 0;
        for (const core::Task& task : tasks_) {
            viewers::RolloutChart chart;
            chart.resize(600, 300);
            chart.show();  // legend markers are visible only in a shown chart
            QVERIFY(QTest::qWaitForWindowExposed(&chart));
            const core::RolloutSeries s = episode(task, 3);
            chart.setSeries(s);
            const auto parts = core::rewardF1Disagreements(s);
            QCOMPARE(chart.disagreementCount(), static_cast<int>(parts.size()));
            QScatterSeries* m = chart.disagreementSeries();
            QCOMPARE(m->count(), static_cast<int>(parts.size()));
            for (std::size_t i = 0; i < parts.size(); ++i) {
                QCOMPARE(m->at(static_cast<int>(i)), QPointF(static_cast<double>(parts[i].step), s.f1[parts[i].step]));
                const QString tip = chart.disagreementText(0, static_cast<int>(parts[i].step));
                QVERIFY2(tip.contains(QLatin1String(core::kRewardIgnoresPosition)), qPrintable(tip));
            }
            // In the legend only when there is something marked; the note's reason in its name.
            const auto legend = chart.chart()->legend()->markers(m);
            QCOMPARE(legend.size(), 1);
            QCOMPARE(legend.front()->isVisible(), !parts.empty());
            QVERIFY(m->name().contains(QStringLiteral("ignores position")));
            QVERIFY(chart.disagreementText(0, -1).isEmpty());
            marked += static_cast<int>(parts.size());
            chart.clear();
            QCOMPARE(chart.disagreementCount(), 0);
            QCOMPARE(m->count(), 0);
            QVERIFY(!chart.chart()->legend()->markers(m).front()->isVisible());
        }
        QVERIFY2(marked > 0, "the random episodes have steps where reward and F1 part");
    }

    void everyComparedRolloutHasItsReturnAndF1() {
        viewers::RolloutChart chart;
        const core::Task& task = tasks_.front();
        const core::RolloutSeries a = episode(task, 3), b = episode(task, 4), c = episode(task, 5);
        chart.setSeries(a);
        chart.setFirstLabel(QStringLiteral("A"));
        chart.addRollout(QStringLiteral("B"), b, QColor(0, 158, 115));
        chart.addRollout(QStringLiteral("C"), c, QColor(204, 121, 167));
        QCOMPARE(chart.returnLineCount(), 3);
        QCOMPARE(chart.f1LineCount(), 3);
        QStringList names;
        for (auto* l : chart.lines()) names << l->name();
        for (const char* n : {"return of A", "F1 of A", "return of B", "F1 of B", "return of C", "F1 of C"})
            QVERIFY2(names.contains(QLatin1String(n)), qPrintable(names.join(QStringLiteral(", "))));
        double lo = 0, hi = 0;
        for (const auto* s : {&a, &b, &c})
            for (double v : s->returns) lo = std::min(lo, v), hi = std::max(hi, v);
        QVERIFY(chart.returnAxis()->min() <= lo && chart.returnAxis()->max() >= hi);
        int parts = 0;
        for (const auto* s : {&a, &b, &c}) parts += static_cast<int>(core::rewardF1Disagreements(*s).size());
        QCOMPARE(chart.disagreementCount(), parts);
        QCOMPARE(chart.disagreementSeries()->count(), parts);
    }
};

QTEST_MAIN(TestRolloutChart)
#include "test_rollout_chart.moc"

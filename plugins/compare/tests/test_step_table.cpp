// The compare view's step table without a window (logic/step_table.hpp): rows, columns and
// headers for two and three rollouts of one task, the difference roles against
// core::compareRollouts, "(ended)" past a shorter rollout, and the summary sentence.
#include <QtTest>

#include "core/rollout/random_agent.hpp"
#include "core/task/task_list.hpp"
#include "logic/step_table.hpp"

using namespace iglu;
using iglu::plugins::compare::StepTableModel;

class TestStepTable : public QObject {
    Q_OBJECT
    std::vector<core::Task> tasks_;

    std::shared_ptr<const core::Rollout> episode(std::uint64_t seed, int steps) const {
        core::RandomEpisodeOptions o;
        o.seed = seed;
        o.steps = steps;
        o.placeProbability = 0.4;
        return std::make_shared<const core::Rollout>(core::recordRandomEpisode(tasks_.front(), o));
    }

private slots:
    void initTestCase() { tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"); }

    void tableOfTwoRollouts() {
        const auto& target = tasks_.front().target;
        const auto a = episode(1, 120), b = episode(2, 80);
        StepTableModel model;
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.summary().contains("two or more"));
        std::vector<plugins::compare::ComparedRollout> list;
        list.push_back(plugins::compare::makeCompared("A: a", a, target));
        list.push_back(plugins::compare::makeCompared("B: b", b, target));
        model.setRollouts(std::move(list));
        QCOMPARE(model.rowCount(), 121);
        QCOMPARE(model.columnCount(), 1 + 2 * StepTableModel::kColumnsPerRollout);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Step"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("A action"));
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("A blocks"));
        QCOMPARE(model.headerData(6, Qt::Horizontal).toString(), QStringLiteral("B action"));
        QCOMPARE(model.headerData(10, Qt::Horizontal).toString(), QStringLiteral("B F1"));
        QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("start"));
        const core::Rollout* raw[] = {a.get(), b.get()};
        const auto cmp = core::compareRollouts(raw);
        for (int row = 0; row < model.rowCount(); ++row) {
            QCOMPARE(model.data(model.index(row, 3), StepTableModel::DiffersRole).toBool(), bool(cmp.differs[std::size_t(row)]));
            QCOMPARE(model.data(model.index(row, 0), StepTableModel::FirstDifferenceRole).toBool(),
                     cmp.firstDifference && *cmp.firstDifference == std::size_t(row));
            if (row == 0) continue;
            // A's columns follow its frames; B's end after frame 80.
            QCOMPARE(model.data(model.index(row, 1)).toString(), QString::fromStdString(a->frames[std::size_t(row - 1)].action));
            if (row <= 80) {
                QCOMPARE(model.data(model.index(row, 6)).toString(), QString::fromStdString(b->frames[std::size_t(row - 1)].action));
                const auto& r = model.rollouts()[1].rows[std::size_t(row - 1)];
                QCOMPARE(model.data(model.index(row, 10)).toString(), QString::number(r.f1, 'f', 3));
                QCOMPARE(model.data(model.index(row, 7)).toString(), QString::fromStdString(r.changes));
            } else {
                QCOMPARE(model.data(model.index(row, 6)).toString(), QStringLiteral("(ended)"));
            }
        }
        QVERIFY(cmp.firstDifference.has_value());
        QVERIFY2(model.summary().contains(QStringLiteral("first differ after step %1").arg(*cmp.firstDifference)),
                 qPrintable(model.summary()));
    }

    void sameRolloutTwiceNeverDiffers() {
        const auto a = episode(4, 60);
        StepTableModel model;
        std::vector<plugins::compare::ComparedRollout> list;
        for (const char* label : {"A", "B", "C"}) list.push_back(plugins::compare::makeCompared(label, a, tasks_.front().target));
        model.setRollouts(std::move(list));
        QCOMPARE(model.columnCount(), 1 + 3 * StepTableModel::kColumnsPerRollout);
        for (int row = 0; row < model.rowCount(); ++row) QVERIFY(!model.data(model.index(row, 0), StepTableModel::DiffersRole).toBool());
        QVERIFY2(model.summary().contains("the same at every step"), qPrintable(model.summary()));
    }
};

QTEST_GUILESS_MAIN(TestStepTable)
#include "test_step_table.moc"

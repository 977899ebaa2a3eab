// Playback logic without a display: the random-agent episode recorder and per-step series.
#include <QtTest>

#include <algorithm>

#include "core/metrics/metrics.hpp"
#include "core/task/task_list.hpp"
#include "core/rollout/random_agent.hpp"
#include "core/rollout/rollout_series.hpp"
#include "support/beliefs.hpp"

using namespace iglu;

class TestRolloutSeries : public QObject {
    Q_OBJECT
    std::vector<core::Task> tasks_;

private slots:
    void initTestCase() { tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"); }

    void recorderIsDeterministicAndConsistent() {
        const core::Task& task = tasks_.front();
        core::RandomEpisodeOptions o;
        o.seed = 5;
        o.steps = 300;
        const core::Rollout a = core::recordRandomEpisode(task, o);
        const core::Rollout b = core::recordRandomEpisode(task, o);
        QCOMPARE(a.size(), std::size_t(300));
        QCOMPARE(a.kind, core::RolloutKind::Agent);
        QCOMPARE(a.taskId, task.id);
        QVERIFY(a.changes == b.changes);
        QVERIFY(a.finalGrid() == b.finalGrid());
        QVERIFY2(!a.changes.empty(), "a place-biased agent changes the grid in 300 steps");
        // Every change starts from the colour the cell had: replaying the changes is consistent.
        core::Grid g = a.starting;
        for (std::size_t i = 0; i < a.size(); ++i)
            for (const auto& c : a.changesOf(i)) {
                QCOMPARE(int(g.at(c.x, c.y, c.z)), int(c.before));
                g.set(c.x, c.y, c.z, c.after);
            }
        o.seed = 6;
        const core::Rollout c = core::recordRandomEpisode(task, o);
        QVERIFY(!(c.changes == a.changes));
    }

    // Issue 24: reward and F1 disagree where the reference's reward ignores position.
    void disagreementsAreTheStepsWhereRewardAndF1Part() {
        core::RolloutSeries s;
        s.reward = {0, 1, 1, -1, 0, -1, 1};
        s.f1 = {0, 0.2, 0.1, 0.2, 0.1, 0.05, 0.05};
        s.returns = {0, 1, 2, 1, 1, 0, 1};
        const auto d = core::rewardF1Disagreements(s);
        QCOMPARE(d.size(), std::size_t(2));
        QCOMPARE(d[0].step, std::size_t(2));
        QCOMPARE(d[0].kind, core::RewardF1Disagreement::Kind::RewardUpF1Down);
        QCOMPARE(d[1].step, std::size_t(3));
        QCOMPARE(d[1].kind, core::RewardF1Disagreement::Kind::RewardDownF1Up);
        QCOMPARE(d[0].text(), std::string("step 2: reward +1 but F1 0.20 -> 0.10 (the reference's reward counts matches "
                                          "anywhere, ignoring position)"));
        // F1 flat (step 6) or reward 0 with F1 falling (step 4) is no disagreement; nor is step 5 (both fall).
        QVERIFY(core::rewardF1Disagreements(core::RolloutSeries{}).empty());
        // Real episodes: every step where the two part is found, and nothing else.
        std::size_t found = 0;
        for (const core::Task& task : tasks_) {
            core::RandomEpisodeOptions o;
            o.seed = 3;
            o.steps = 300;
            o.placeProbability = 0.6;
            const core::RolloutSeries series = core::computeSeries(core::recordRandomEpisode(task, o), task.target);
            const auto parts = core::rewardF1Disagreements(series);
            std::size_t expected = 0;
            for (std::size_t p = 1; p < series.size(); ++p) {
                const double df = series.f1[p] - series.f1[p - 1];
                const bool part = (series.reward[p] > 0 && df < -1e-9) || (series.reward[p] < 0 && df > 1e-9);
                expected += part ? 1 : 0;
                const bool listed = std::any_of(parts.begin(), parts.end(), [p](const auto& x) { return x.step == p; });
                QCOMPARE(listed, part);
            }
            QCOMPARE(parts.size(), expected);
            found += parts.size();
        }
        qInfo("%zu steps where reward and F1 part in %zu random episodes", found, tasks_.size());
    }

    void seriesMatchesFullRecount() {
        for (const core::Task& task : tasks_) {
            core::RandomEpisodeOptions o;
            o.seed = 9;
            o.steps = 200;
            o.placeProbability = 0.5;
            const core::Rollout r = core::recordRandomEpisode(task, o);
            const core::RolloutSeries s = core::computeSeries(r, task.target);
            QCOMPARE(s.size(), r.size() + 1);
            core::RolloutCursor cursor(r);
            for (std::size_t p = 0; p <= r.size(); ++p) {
                cursor.seek(p);
                const double f1 = core::score(task.target, cursor.grid()).f1;
                QVERIFY2(std::abs(s.f1[p] - f1) < 1e-12, qPrintable(QStringLiteral("%1 step %2").arg(QString::fromStdString(task.id)).arg(p)));
                QVERIFY(std::abs(s.returns[p] - cursor.returnSoFar()) < 1e-9);
                if (p > 0) QCOMPARE(s.reward[p], r.frames[p - 1].reward);
            }
        }
    }

    // Human tapes store no reward: the series replays them in the core environment. A recorded
    // agent episode relabelled as a human tape with its rewards erased must get exactly the
    // rewards the environment gave the agent step by step.
    void humanTapeRewardsAreReplayedInTheEnvironment() {
        for (const core::Task& task : tasks_) {
            core::RandomEpisodeOptions o;
            o.seed = 11;
            o.steps = 300;
            o.placeProbability = 0.5;
            o.breakProbability = 0.2;
            const core::Rollout agent = core::recordRandomEpisode(task, o);
            core::Rollout tape = agent;
            tape.kind = core::RolloutKind::Human;
            for (auto& f : tape.frames) f.reward = 0;
            const core::RolloutSeries s = core::computeSeries(tape, task.target);
            QVERIFY(s.replayedRewards);
            QVERIFY(!core::computeSeries(agent, task.target).replayedRewards);
            bool negative = false, positive = false;
            for (std::size_t p = 1; p <= agent.size(); ++p) {
                QVERIFY2(std::abs(s.reward[p] - agent.frames[p - 1].reward) < 1e-12,
                         qPrintable(QStringLiteral("%1 frame %2: replayed %3, environment gave %4")
                                        .arg(QString::fromStdString(task.id)).arg(p - 1).arg(s.reward[p]).arg(agent.frames[p - 1].reward)));
                negative = negative || s.reward[p] < 0;
                positive = positive || s.reward[p] > 0;
            }
            QVERIFY(std::abs(s.returns.back() - agent.totalReward()) < 1e-9);
            QVERIFY2(negative, "the episode has wrong placements (negative rewards)");
        }
    }

    // The belief series: at every step the prediction F1 (core::score) of the belief in force
    // (Rollout::beliefAt), 0 before the first; no beliefs, no series.
    void predictionF1FollowsTheBeliefInForce() {
        for (const core::Task& task : tasks_) {
            core::Rollout r = test::rolloutWithBeliefs(task, 60);
            QVERIFY(core::computeSeries(core::recordRandomEpisode(task, {}), task.target).predictionF1.empty());
            r.beliefs.erase(r.beliefs.begin());  // the first belief from step 20 on
            const core::RolloutSeries s = core::computeSeries(r, task.target);
            QCOMPARE(s.predictionF1.size(), r.size() + 1);
            for (std::size_t p = 0; p <= r.size(); ++p) {
                const core::Belief* b = r.beliefAt(p);
                QCOMPARE(s.predictionF1[p], b ? core::score(task.target, b->blocks).f1 : 0.0);
            }
            QCOMPARE(s.predictionF1[19], 0.0);
            QCOMPARE(s.predictionF1[20], 1.0);   // the target itself
            QCOMPARE(s.predictionF1[40], 0.0);   // an empty belief
            const core::Grid partial = test::partialBelief(task.target);
            const double f = core::score(task.target, partial).f1;
            QVERIFY2(f > 0.3 && f < 0.9, qPrintable(QString::number(f)));  // a partly right belief
        }
    }

    void emptyRollout() {
        core::Rollout r;
        r.starting = tasks_.front().starting;
        const auto s = core::computeSeries(r, tasks_.front().target);
        QCOMPARE(s.size(), std::size_t(1));
        QCOMPARE(s.returns[0], 0.0);
    }
};

QTEST_GUILESS_MAIN(TestRolloutSeries)
#include "test_rollout_series.moc"

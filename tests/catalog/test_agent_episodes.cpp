// Episodes of external agents stored as experiments (core/catalog/agent_episodes.hpp): random
// discrete agents played on conformance tasks are stored with their metrics and rollouts exactly
// as the environment ended them; a batch naming an unknown task, or an experiment of another
// configuration, stores nothing; the same (task, seed, repetition) replaces the old episode and
// its rollout; the configuration carries what the Experiments dock reads.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/agent_episodes.hpp"
#include "core/env/env_options.hpp"
#include "core/rollout/step_recorder.hpp"
#include "core/task/task_list.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;

namespace {

std::vector<core::Task> conformanceTasks(int n) {
    auto tasks = core::readTaskList((iglu::test::sharedDir() + "/conformance/tasks.jsonl").toStdString());
    tasks.resize(std::min<std::size_t>(tasks.size(), static_cast<std::size_t>(n)));
    return tasks;
}

void putTasks(catalog::Catalog& cat, const std::vector<core::Task>& tasks) {
    std::vector<catalog::TaskRecord> recs;
    for (const auto& t : tasks) {
        catalog::TaskRecord r;
        r.task = t;
        recs.push_back(std::move(r));
    }
    cat.putTasks(recs);
}

/// An episode of a seeded random discrete agent (walking), recorded as every recorder does.
catalog::AgentEpisode play(const core::Task& task, std::int64_t seed, int repetition, int steps) {
    core::Environment env;
    env.setTask(task);
    env.reset();
    core::StepRecorder rec;
    rec.begin(env, core::RolloutKind::Agent, "", static_cast<std::size_t>(steps));
    std::uint64_t state = static_cast<std::uint64_t>(seed) * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(repetition) + 1;
    for (int i = 0; i < steps; ++i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const int id = static_cast<int>((state >> 33) % core::kDiscreteActions);
        rec.record(env, env.step(id), id);
    }
    return catalog::finishedEpisode(env, rec, seed, repetition);
}

const std::string kEnv = R"({"action_space": "walking", "discretize": true, "max_steps": 250})";

}  // namespace

class TestAgentEpisodes : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { IGLU_REQUIRE_SHARED("conformance/tasks.jsonl"); }

    void episodesAreStoredWithTheirMetricsAndRollouts() {
        QTemporaryDir dir;
        catalog::Catalog cat(dir.filePath("c.db").toStdString());
        const auto tasks = conformanceTasks(5);
        putTasks(cat, tasks);
        std::vector<catalog::AgentEpisode> episodes;
        for (const auto& t : tasks)
            for (std::int64_t seed : {1, 2}) episodes.push_back(play(t, seed, 0, 120));
        const std::string config = catalog::externalExperimentConfig("my_agent", "python", kEnv);
        const auto id = catalog::storeAgentEpisodes(cat, "py-random", "python:my_agent", config, episodes);
        QVERIFY(id > 0);
        const auto stored = cat.episodes(id);
        QCOMPARE(stored.size(), episodes.size());
        for (const auto& e : episodes) {
            const auto it = std::find_if(stored.begin(), stored.end(), [&](const catalog::EpisodeRecord& s) {
                return s.taskId == e.taskId && s.seed == e.seed && s.repetition == e.repetition;
            });
            QVERIFY(it != stored.end());
            QCOMPARE(it->steps, 120);
            QCOMPARE(it->totalReturn, e.rollout.totalReward());
            QCOMPARE(it->f1, e.scores.f1);
            QCOMPARE(it->precision, e.scores.precision);
            QCOMPARE(it->recall, e.scores.recall);
            QCOMPARE(it->success, core::exactCompletion(e.scores));
            QVERIFY(it->rolloutId);
            const auto r = cat.rollout(*it->rolloutId);
            QVERIFY(r);
            QCOMPARE(r->kind, core::RolloutKind::Agent);
            QCOMPARE(r->source, std::string("experiment:py-random"));
            QCOMPARE(r->frames.size(), std::size_t(120));
            QVERIFY(r->finalGrid() == e.rollout.finalGrid());
            QCOMPARE(r->frames[0].action, e.rollout.frames[0].action);
        }
        // What the Experiments dock and `iglu experiments` read of the configuration.
        const auto exp = cat.experiment("py-random");
        QCOMPARE(exp->script, std::string("python:my_agent"));
        const QJsonObject cfg = QJsonDocument::fromJson(QByteArray::fromStdString(exp->config)).object();
        QCOMPARE(cfg["agent"].toString(), QString("my_agent"));
        QCOMPARE(cfg["source"].toString(), QString("python"));
        QCOMPARE(cfg["env"].toObject()["action_space"].toString(), QString("walking"));
        QCOMPARE(cfg["env"].toObject()["max_steps"].toInt(), 250);
        QVERIFY(cfg["record_rollouts"].toBool());
        // Options spelled differently but equal give the same configuration text.
        QCOMPARE(catalog::externalExperimentConfig("my_agent", "python", R"({"max_steps": 250, "discretize": true})"), config);
    }

    void anUnknownTaskStoresNothing() {
        QTemporaryDir dir;
        catalog::Catalog cat(dir.filePath("c.db").toStdString());
        auto tasks = conformanceTasks(3);
        putTasks(cat, {tasks[0], tasks[1]});
        const std::vector<catalog::AgentEpisode> episodes{play(tasks[0], 1, 0, 10), play(tasks[2], 1, 0, 10), play(tasks[1], 1, 0, 10)};
        const std::string config = catalog::externalExperimentConfig("a", "python", kEnv);
        try {
            catalog::storeAgentEpisodes(cat, "e", "a", config, episodes);
            QFAIL("stored");
        } catch (const catalog::CatalogError& e) {
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(tasks[2].id)), e.what());
            QVERIFY2(QString(e.what()).contains("episode 2"), e.what());
        }
        QVERIFY(!cat.experiment("e"));
        QVERIFY(cat.rollouts(tasks[0].id).empty());
    }

    void anotherConfigurationIsRefusedAndTheSameKeyReplacedButNeverTwiceInOneStore() {
        QTemporaryDir dir;
        catalog::Catalog cat(dir.filePath("c.db").toStdString());
        const auto tasks = conformanceTasks(1);
        putTasks(cat, tasks);
        const std::string config = catalog::externalExperimentConfig("a", "python", kEnv);
        const auto first = play(tasks[0], 7, 0, 30);
        const auto id = catalog::storeAgentEpisodes(cat, "e", "a", config, {&first, 1});
        // The same key again, another episode: replaced, the old rollout gone.
        const auto second = play(tasks[0], 8, 0, 45);
        catalog::AgentEpisode again = second;
        again.seed = 7;
        catalog::storeAgentEpisodes(cat, "e", "a", config, {&again, 1});
        const auto stored = cat.episodes(id);
        QCOMPARE(stored.size(), std::size_t(1));
        QCOMPARE(stored[0].steps, 45);
        QCOMPARE(cat.rollouts(tasks[0].id).size(), std::size_t(1));
        // Another configuration under the same name: refused, nothing changed.
        const std::string other = catalog::externalExperimentConfig("a", "python", R"({"max_steps": 100})");
        const std::span<const catalog::AgentEpisode> one(&first, 1);
        QVERIFY_THROWS_EXCEPTION(catalog::CatalogError, catalog::storeAgentEpisodes(cat, "e", "a", other, one));
        QCOMPARE(cat.episodes(id)[0].steps, 45);
        QCOMPARE(cat.experiment("e")->config, config);
        // Two episodes of one key in one store: refused naming both, nothing stored; each key once: stored.
        for (const auto& [a, b] : {std::pair{0, 1}, std::pair{0, 2}, std::pair{1, 2}}) {
            std::vector<catalog::AgentEpisode> batch{play(tasks[0], 20, 0, 5), play(tasks[0], 21, 0, 5), play(tasks[0], 22, 0, 5)};
            batch[static_cast<std::size_t>(b)].seed = batch[static_cast<std::size_t>(a)].seed;
            try {
                catalog::storeAgentEpisodes(cat, "e", "a", config, batch);
                QFAIL("a repeated key was stored");
            } catch (const catalog::CatalogError& e) {
                const QString why = e.what();
                QVERIFY2(why.contains(QStringLiteral("episode %1 ").arg(b + 1)) && why.contains(QStringLiteral("episode %1").arg(a + 1)),
                         e.what());
            }
            QCOMPARE(cat.episodes(id).size(), std::size_t(1));
            QCOMPARE(cat.rollouts(tasks[0].id).size(), std::size_t(1));
        }
        const std::vector<catalog::AgentEpisode> distinct{play(tasks[0], 20, 0, 5), play(tasks[0], 20, 1, 5)};
        catalog::storeAgentEpisodes(cat, "e", "a", config, distinct);
        QCOMPARE(cat.episodes(id).size(), std::size_t(3));
        // Bad env options never become a configuration.
        const auto badConfig = [] { return catalog::externalExperimentConfig("a", "python", "{\"max_steps\": 0}"); };
        QVERIFY_THROWS_EXCEPTION(iglu::core::EnvOptionError, badConfig());
    }
};

QTEST_APPLESS_MAIN(TestAgentEpisodes)
#include "test_agent_episodes.moc"

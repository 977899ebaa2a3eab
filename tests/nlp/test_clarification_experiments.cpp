// Clarification experiments (core/nlp/clarification_run, catalog/clarification_experiment,
// scripting/lua_clarification_model): a model's answers checked and scored against hand-computed
// ranks, confusion counts and intervals; runs over the real single-turn sample stored, resumed,
// replaced and cancelled without losing finished tasks; a corpus of bad answers and bad Lua models
// refused per task naming the field, never crashing the run; a name of another kind refused.
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/catalog/clarification_data.hpp"
#include "core/catalog/clarification_experiment.hpp"
#include "core/catalog/experiment_lock.hpp"
#include "datasets/importer.hpp"
#include "scripting/error.hpp"
#include "scripting/lua_clarification_model.hpp"
#include "support/files.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;

namespace {

// A model answering whatever the test says, per task id.
class TableModel final : public core::ClarificationPredictor {
public:
    std::function<core::ClarificationAnswer(const core::ClarificationExample&)> fn;
    core::ClarificationAnswer answer(const core::ClarificationExample& t, const core::QuestionBank&) override { return fn(t); }
};

core::ClarificationExample example(const std::string& id, std::optional<bool> needs, const std::string& gold,
                                   std::vector<std::string> candidates) {
    core::ClarificationExample e;
    e.id = id;
    e.instruction = "place a red block";
    e.needsClarification = needs;
    e.goldQuestion = gold;
    e.candidates = std::move(candidates);
    return e;
}

core::ClarificationPrediction prediction(const std::string& id, std::optional<double> p, std::optional<bool> gold, std::optional<int> rank) {
    core::ClarificationPrediction x;
    x.taskId = id;
    x.needsProbability = p;
    x.goldNeeds = gold;
    x.goldRank = rank;
    return x;
}

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path) << text;
    return path;
}

scripting::SandboxOptions sandbox() {
    scripting::SandboxOptions s;
    s.requireDirs = {scripting::bundledLibraryDir()};
    s.instructionBudget = 5000000;
    s.timeLimit = 10;
    return s;
}

}  // namespace

class TestClarificationExperiments : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    core::QuestionBank bank_{{"q1", "What colour?"}, {"q2", "Where?"}, {"q3", "How many?"}};

    catalog::Catalog importedSample(const char* file) {
        catalog::Catalog cat(dir_.filePath(file).toStdString(), catalog::OpenMode::Create);
        datasets::ImportOptions options;
        options.withRollouts = false;
        datasets::importSingleTurn((iglu::test::sharedDir() + "/data/iglu-singleturn").toStdString(), cat, options);
        return cat;
    }

private slots:
    void predictionRanksTheGoldQuestionByHand() {
        TableModel m;
        m.fn = [](const core::ClarificationExample&) { return core::ClarificationAnswer{0.8, std::vector<double>{0.1, 0.9, 0.5}}; };
        const auto p = core::predictOne(m, example("t", true, "q3", {"q1", "q2", "q3"}), bank_);
        QVERIFY(p.error.empty());
        QCOMPARE(*p.goldRank, 2);  // q2 (0.9), q3 (0.5), q1 (0.1)
        QCOMPARE(p.top, (std::vector<std::string>{"q2", "q3", "q1"}));
        QVERIFY(p.predictedNeeds() && p.scoredWhen());
        // Without a gold question nothing is ranked; without a clarity nothing is scored by "when".
        const auto q = core::predictOne(m, example("u", std::nullopt, "", {"q1", "q2", "q3"}), bank_);
        QVERIFY(!q.goldRank && !q.scoredWhen());
        QCOMPARE(q.top.size(), std::size_t(3));
    }

    void badAnswersAreRefusedNamingTheField_data() {
        QTest::addColumn<double>("probability");
        QTest::addColumn<int>("scores");
        QTest::addColumn<double>("score");
        QTest::addColumn<QString>("expected");
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        QTest::newRow("probability above 1") << 1.5 << 3 << 0.0 << "when: the probability must be a number within 0..1";
        QTest::newRow("negative probability") << -0.1 << 3 << 0.0 << "when: the probability";
        QTest::newRow("NaN probability") << nan << 3 << 0.0 << "when: the probability";
        QTest::newRow("too few scores") << 0.5 << 2 << 0.0 << "what: 2 scores for 3 candidates";
        QTest::newRow("too many scores") << 0.5 << 4 << 0.0 << "what: 4 scores for 3 candidates";
        QTest::newRow("infinite score") << 0.5 << 3 << inf << "what: score 1 is not a finite number";
        QTest::newRow("NaN score") << 0.5 << 3 << nan << "what: score 1 is not a finite number";
    }
    void badAnswersAreRefusedNamingTheField() {
        QFETCH(double, probability);
        QFETCH(int, scores);
        QFETCH(double, score);
        QFETCH(QString, expected);
        TableModel m;
        m.fn = [&](const core::ClarificationExample&) {
            std::vector<double> s(static_cast<std::size_t>(scores), 0.0);
            s[0] = score;
            return core::ClarificationAnswer{probability, s};
        };
        const auto p = core::predictOne(m, example("t", true, "q1", {"q1", "q2", "q3"}), bank_);
        QVERIFY2(QString::fromStdString(p.error).startsWith(expected), p.error.c_str());
        QVERIFY(!p.needsProbability && !p.goldRank && p.top.empty());  // a refused answer scores nothing
        core::ClarificationStats s;
        s.add(p);
        QCOMPARE(s.errors, 1);
        QCOMPARE(s.when.total(), 0);
    }

    void aThrowingModelFailsThatTaskOnly() {
        TableModel m;
        m.fn = [](const core::ClarificationExample& t) -> core::ClarificationAnswer {
            if (t.id == "bad") throw std::runtime_error("model.py:12: KeyError 'x'");
            return {0.2, std::nullopt};
        };
        QCOMPARE(core::predictOne(m, example("bad", true, "", {}), bank_).error, std::string("model.py:12: KeyError 'x'"));
        QVERIFY(core::predictOne(m, example("ok", false, "", {}), bank_).error.empty());
    }

    void statsAndIntervalsByHand() {
        core::ClarificationSummary summary;
        core::SkillSet flat;
        flat.set(core::Skill::Flat);
        // tp, fp, fn, tn, and ranks 1, 2, 0 (gold not ranked), none.
        summary.add(prediction("a", 0.9, true, 1), flat);
        summary.add(prediction("b", 0.6, false, 2), flat);
        summary.add(prediction("c", 0.1, true, 0), {});
        summary.add(prediction("d", 0.4, false, std::nullopt), {});
        const auto& all = summary.overall();
        QCOMPARE(all.when.tp, 1);
        QCOMPARE(all.when.fp, 1);
        QCOMPARE(all.when.fn, 1);
        QCOMPARE(all.when.tn, 1);
        QVERIFY(std::abs(all.what.mrr() - (1 + 0.5 + 0) / 3) < 1e-12);
        QCOMPARE(all.what.recallAt(1), 1.0 / 3);
        QCOMPARE(summary.perSkill().at("flat").when.total(), 2);
        QCOMPARE(summary.perSkill().at("unlabeled").what.n(), 1);
        // Wilson 95% of 2 / 4 right: [0.150, 0.850]; the MRR interval stays within 0..1.
        QVERIFY(std::abs(all.accuracyInterval().low - 0.1500) < 1e-3 && std::abs(all.accuracyInterval().high - 0.8500) < 1e-3);
        QVERIFY(all.mrrInterval().low >= 0 && all.mrrInterval().high <= 1);
        const auto j = summary.toJson();
        QCOMPARE(j["when"]["tp"].get<int>(), 1);
        QVERIFY(j["per_skill"].contains("flat") && j["what"].contains("mrr_interval"));
    }

    void pairedComparisonByHand() {
        // A right on 1, 2; B right on 2, 3, 4; ranks A 1, 4 vs B 2, 1 on the two both ranked.
        const std::vector<core::ClarificationPrediction> a{prediction("1", 0.9, true, 1), prediction("2", 0.1, false, 4),
                                                           prediction("3", 0.9, false, std::nullopt), prediction("4", 0.2, true, std::nullopt)};
        const std::vector<core::ClarificationPrediction> b{prediction("1", 0.1, true, 2), prediction("2", 0.2, false, 1),
                                                           prediction("3", 0.3, false, std::nullopt), prediction("4", 0.7, true, std::nullopt),
                                                           prediction("5", 0.7, true, 1)};  // only in B: not paired
        const auto c = core::compareClarification(a, b);
        QCOMPARE(c.whenPairs, 4);
        QCOMPARE(c.onlyACorrect, 1);
        QCOMPARE(c.onlyBCorrect, 2);
        QCOMPARE(c.accuracyA, 0.5);
        QCOMPARE(c.accuracyB, 0.75);
        QCOMPARE(c.reciprocalRank.n, 2);
        QVERIFY(std::abs(c.mrrA - (1 + 0.25) / 2) < 1e-12 && std::abs(c.mrrB - (0.5 + 1) / 2) < 1e-12);
        QVERIFY(std::abs(c.reciprocalRank.mean - 0.125) < 1e-12);
        QVERIFY(QString::fromStdString(core::clarificationComparisonText(c)).contains("4 common tasks"));
    }

    void runStoresResumesAndCancelsOnTheSharedSample() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        catalog::Catalog cat = importedSample("run.db");
        const auto examples = catalog::clarificationExamples(cat);
        QVERIFY(examples.size() > 400);
        TableModel m;
        int calls = 0;
        m.fn = [&](const core::ClarificationExample& t) {
            ++calls;
            return core::ClarificationAnswer{t.instruction.size() < 40 ? 0.9 : 0.1, std::vector<double>(t.candidates.size(), 1.0)};
        };
        // Cancelled after 100 tasks: the first 100 are stored (batches flushed), nothing else.
        std::atomic<bool> cancel{false};
        catalog::ClarificationRunOptions o;
        o.name = "short-means-unclear";
        o.script = "test:table";
        o.cancel = &cancel;
        // While it runs, it holds the experiment's writer lock: a second writer (a delete takes the
        // lock first, see experiment_admin) is refused, naming the experiment.
        bool lockedOut = false;
        o.progress = [&](int done, int) {
            if (done == 50) {
                catalog::Catalog other(cat.path(), catalog::OpenMode::ReadWrite);
                try {
                    const catalog::ExperimentLock second(other, cat.experiment("short-means-unclear")->id, "short-means-unclear");
                } catch (const std::runtime_error& e) {
                    lockedOut = std::string(e.what()).find("'short-means-unclear' is already being run") != std::string::npos;
                }
            }
            if (done == 100) cancel = true;
        };
        auto r = catalog::runClarification(cat, m, o);
        QVERIFY(lockedOut);
        QVERIFY(r.cancelled);
        {
            catalog::Catalog other(cat.path(), catalog::OpenMode::ReadWrite);
            const catalog::ExperimentLock after(other, r.experiment.id, o.name);  // released when the run ended
        }
        QCOMPARE(r.stored, 100);
        QCOMPARE(cat.clarificationPredictions(r.experiment.id).size(), std::size_t(100));
        // Run again whole: every task once (the 100 replaced, not doubled).
        cancel = false;
        o.progress = nullptr;
        calls = 0;
        r = catalog::runClarification(cat, m, o);
        QVERIFY(!r.cancelled);
        QCOMPARE(calls, static_cast<int>(examples.size()));
        const auto stored = cat.clarificationPredictions(r.experiment.id);
        QCOMPARE(stored.size(), examples.size());
        QCOMPARE(cat.experiment("short-means-unclear")->kind, std::string("clarification"));
        // The summary read back equals the one computed from the answers.
        core::ClarificationStats direct;
        for (const auto& e : examples) direct.add(core::predictOne(m, e, catalog::questionBank(cat)));
        const auto summary = catalog::clarificationSummary(cat, r.experiment.id);
        QCOMPARE(summary.overall().when.tp, direct.when.tp);
        QCOMPARE(summary.overall().when.tn, direct.when.tn);
        QCOMPARE(summary.overall().what.ranks.size(), direct.what.ranks.size());
        // `only`: a subset; a name held by a build experiment is refused and changes nothing.
        const std::set<std::string> few{examples[0].id, examples[1].id};
        o.name = "subset";
        o.only = &few;
        QCOMPARE(catalog::runClarification(cat, m, o).stored, 2);
        cat.ensureExperiment("built", "agent.lua", "{}");
        o.name = "built";
        QVERIFY_THROWS_EXCEPTION(catalog::CatalogError, catalog::runClarification(cat, m, o));
        QCOMPARE(cat.experiment("built")->kind, std::string("build"));
        QVERIFY(cat.clarificationPredictions(cat.experiment("built")->id).empty());
        QVERIFY_THROWS_EXCEPTION(catalog::CatalogError, cat.ensureExperiment("subset", "agent.lua", "{}"));
    }

    void luaModelOnTheSharedSample() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        catalog::Catalog cat = importedSample("lua.db");
        scripting::LuaClarificationModel model(iglu::test::sourcePath("examples/nlp/grounding_model.lua").toStdString(), sandbox());
        catalog::ClarificationRunOptions o;
        o.name = "grounding";
        o.script = model.path();
        const auto r = catalog::runClarification(cat, model, o);
        QCOMPARE(r.errors, 0);
        const auto s = catalog::clarificationSummary(cat, r.experiment.id).overall();
        QCOMPARE(s.tasks, r.tasks);
        QVERIFY(s.when.total() > 400);
        QVERIFY2(s.what.n() > 20 && s.what.mrr() > 0.1, "the shipped Lua ranker beats chance (about 0.03)");
    }

    void badLuaModelsFailPerTaskOrAtLoad_data() {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("atLoad");
        QTest::newRow("returns nothing") << "return nil" << "must return a table" << true;
        QTest::newRow("no functions") << "return {x = 1}" << "neither a when(task) nor a what(task)" << true;
        QTest::newRow("syntax error") << "return {when = function(" << "bad.lua:1" << true;
        QTest::newRow("when returns text") << "return {when = function(t) return 'yes' end}" << "when returned a string" << false;
        QTest::newRow("when out of range") << "return {when = function(t) return 2 end}" << "when: the probability" << false;
        QTest::newRow("what wrong count") << "return {what = function(t) return {1} end}" << "what returned 1 scores for" << false;
        QTest::newRow("what unknown id") << "return {what = function(t) return {'nope'} end}" << "'nope' is not one of the task's candidates" << false;
        QTest::newRow("what not a table") << "return {what = function(t) return 3 end}" << "what returned a number" << false;
        QTest::newRow("error with line") << "return {when = function(t)\n error('boom') end}" << "bad.lua:2: boom" << false;
        QTest::newRow("endless loop") << "return {when = function(t) while true do end end}" << "instruction" << false;
        QTest::newRow("huge table") << "return {when = function(t) local x = {} for i = 1, 1e9 do x[i] = i end end}" << "" << false;
    }
    void badLuaModelsFailPerTaskOrAtLoad() {
        QFETCH(QString, script);
        QFETCH(QString, expected);
        QFETCH(bool, atLoad);
        const std::string path = writeFile(dir_, "bad.lua", script.toStdString());
        auto options = sandbox();
        options.memoryLimit = 32u << 20;
        if (atLoad) {
            try {
                scripting::LuaClarificationModel m(path, options);
                QFAIL("loaded");
            } catch (const scripting::ScriptError& e) {
                QVERIFY2(QString(e.what()).contains(expected), e.what());
            }
            return;
        }
        scripting::LuaClarificationModel m(path, options);
        const auto e = example("t", true, "q1", {"q1", "q2", "q3"});
        for (int i = 0; i < 2; ++i) {  // the state stays usable after a failed task
            const auto p = core::predictOne(m, e, bank_);
            QVERIFY2(!p.error.empty() && QString::fromStdString(p.error).contains(expected), p.error.c_str());
        }
    }

    void luaOrderingsRankAsListed() {
        const std::string path = writeFile(dir_, "order.lua", "return {what = function(t) return {'q3', 'q1'} end}");
        scripting::LuaClarificationModel m(path, sandbox());
        const auto p = core::predictOne(m, example("t", std::nullopt, "q2", {"q1", "q2", "q3"}), bank_);
        QVERIFY2(p.error.empty(), p.error.c_str());
        QCOMPARE(p.top, (std::vector<std::string>{"q3", "q1", "q2"}));
        QCOMPARE(*p.goldRank, 3);
    }
};

QTEST_GUILESS_MAIN(TestClarificationExperiments)
#include "test_clarification_experiments.moc"

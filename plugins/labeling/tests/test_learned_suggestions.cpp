// The labeler that learns, as the Labeling dock uses it, without a window, on the bundled example
// structures (the example catalog's 104 human-labeled tasks and 52 unlabeled ones):
//   - the active-learning order equals a brute-force ordering over the model's probabilities
//     (smallest min |p - 0.5| first, ties in listing order), and walking it skips the tasks that
//     get labeled meanwhile, wrapping once;
//   - the suggestion source per skill follows the CV-F1 rule (model only where its CV F1 is
//     strictly higher than the rules'; ties and unmeasured skills: rules) for a model where some
//     skills win and some lose, in the dock's suggestions and in the stored auto labels alike;
//   - too few human labels: a clear message (how many, how many needed), no model.
#include <cmath>
#include <set>

#include <QtTest>

#include "core/catalog/auto_labels.hpp"
#include "core/catalog/catalog.hpp"
#include "core/skills/auto_labeler.hpp"
#include "core/skills/skill_suggestion.hpp"
#include "datasets/importer.hpp"
#include "logic/learned_suggestions.hpp"
#include "logic/uncertainty_wording.hpp"

using namespace iglu;
using plugins::labeling::UncertainTask;

namespace {
const std::string kStructures = IGLU_SOURCE_DIR "/examples/data/structures.json";

std::vector<std::string> allIds(const catalog::Catalog& cat) {
    std::vector<std::string> ids;
    for (const auto& t : cat.findTasks()) ids.push_back(t.id);
    return ids;
}

void labelFully(catalog::Catalog& cat, const std::string& id, const std::string& who) {
    for (core::Skill s : core::kAllSkills) cat.putLabel({id, s, false, catalog::LabelSource::Human, who, "", ""});
}
}  // namespace

class TestLearnedSuggestions : public QObject {
    Q_OBJECT
    std::unique_ptr<catalog::Catalog> cat_;
    std::optional<core::SkillModelTraining> trained_;

private slots:
    void initTestCase() {
        cat_ = std::make_unique<catalog::Catalog>(catalog::Catalog::inMemory("structures"));
        const auto report = datasets::importStructures(kStructures, *cat_);
        QCOMPARE(report.skipped, 0);
        trained_ = plugins::labeling::trainOnCatalog(*cat_);
        QCOMPARE(trained_->examples, 104);
        QCOMPARE(int(plugins::labeling::fullyLabeledTasks(*cat_).size()), 104);
        QCOMPARE(cat_->taskCount(), 156);
    }

    void orderEqualsBruteForce() {
        const core::SkillModel& model = trained_->model;
        const auto ids = allIds(*cat_);
        const auto ranking = plugins::labeling::rankByUncertainty(*cat_, model, ids);
        // Brute force: every task's probabilities, then repeatedly the remaining task with the
        // smallest distance of any skill's probability from 0.5 (the earliest listed on a tie).
        struct Row {
            std::string id;
            double margin;
            std::array<double, core::kNumSkills> p;
        };
        std::vector<Row> rows;
        for (const auto& id : ids) {
            const auto t = cat_->task(id);
            QVERIFY(t.has_value());
            const auto pred = model.predict(t->task.target, &t->task.starting);
            Row r{id, 1e9, {}};
            for (std::size_t k = 0; k < core::kNumSkills; ++k) {
                r.p[k] = pred[k].probability;
                r.margin = std::min(r.margin, std::abs(pred[k].probability - 0.5));
            }
            rows.push_back(r);
        }
        std::vector<Row> expected;
        while (!rows.empty()) {
            std::size_t best = 0;
            for (std::size_t i = 1; i < rows.size(); ++i)
                if (rows[i].margin < rows[best].margin) best = i;
            expected.push_back(rows[best]);
            rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(best));
        }
        QCOMPARE(ranking.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(ranking[i].taskId, expected[i].id);
            QCOMPARE(ranking[i].margin, expected[i].margin);
            for (std::size_t k = 0; k < core::kNumSkills; ++k) QCOMPARE(ranking[i].probability[k], expected[i].p[k]);
            QCOMPARE(std::abs(ranking[i].probability[static_cast<std::size_t>(ranking[i].mostUncertain)] - 0.5), expected[i].margin);
        }
        QVERIFY2(expected.front().margin + 0.1 < expected.back().margin, "the probabilities must spread for the order to mean anything");
        // Why, in plain words: the most uncertain skill first, by name and probability; the
        // model's features (its own reason) in the details.
        const UncertainTask& top = ranking.front();
        const std::string why = plugins::labeling::describeUncertainty(top);
        const auto k = static_cast<std::size_t>(top.mostUncertain);
        const std::string first = plugins::labeling::modelUnsureReason(top.mostUncertain, top.probability[k]);
        QVERIFY2(why.rfind("The" + first.substr(3) + ".", 0) == 0, why.c_str());
        QVERIFY2(plugins::labeling::uncertaintyDetails(top).find(top.reason[k]) != std::string::npos, why.c_str());
    }

    // Next Uncertain: the unlabeled tasks in ranking order; one labeled meanwhile is skipped; after
    // the last the walk starts over with those still unlabeled; none left: nullptr.
    void walkSkipsLabeledAndWraps() {
        auto cat = catalog::Catalog::inMemory("walk");
        datasets::importStructures(kStructures, cat);
        const auto ranking = plugins::labeling::rankByUncertainty(cat, trained_->model, allIds(cat));
        const auto trainingSet = plugins::labeling::fullyLabeledTasks(cat);
        std::vector<std::string> unlabeled;
        for (const auto& u : ranking)
            if (!trainingSet.count(u.taskId)) unlabeled.push_back(u.taskId);
        QCOMPARE(int(unlabeled.size()), 52);
        plugins::labeling::UncertaintyWalk walk(ranking);
        const auto labeled = [&](const std::string& id) { return plugins::labeling::fullyLabeledTasks(cat).count(id) > 0; };
        QCOMPARE(walk.next(labeled)->taskId, unlabeled[0]);
        labelFully(cat, unlabeled[0], "alice");  // labeled: never visited again
        labelFully(cat, unlabeled[2], "bob");     // labeled by someone else before it was reached
        QCOMPARE(walk.next(labeled)->taskId, unlabeled[1]);
        QCOMPARE(walk.next(labeled)->taskId, unlabeled[3]);
        for (std::size_t i = 4; i < unlabeled.size(); ++i) QCOMPARE(walk.next(labeled)->taskId, unlabeled[i]);
        QCOMPARE(walk.next(labeled)->taskId, unlabeled[1]);  // wrapped: the first still unlabeled
        for (std::size_t i = 1; i < unlabeled.size(); ++i) labelFully(cat, unlabeled[i], "alice");
        QVERIFY(walk.next(labeled) == nullptr);
    }

    // A model that wins on flat and diagonal, loses on flying, ties on tricky and was not measured
    // on tall: the suggestions (and the stored auto labels) come from the model for flat and
    // diagonal only, with the reason naming the source and both scores.
    void sourceFollowsTheCvRule() {
        core::SkillModel model = trained_->model;
        model.setScores({0.90, 0.50, 0.70, -1, 0.80}, {0.50, 0.90, 0.70, 0.60, 0.79});
        const std::array<bool, core::kNumSkills> wins = {true, false, false, false, true};
        int modelYes = 0, modelNo = 0;
        for (const auto& id : allIds(*cat_)) {
            const auto t = cat_->task(id);
            const auto g = core::suggestSkills(t->task.target, &t->task.starting, &model);
            const auto p = model.predict(t->task.target, &t->task.starting);
            const auto rules = core::autoLabel(t->task.target, &t->task.starting);
            for (core::Skill s : core::kAllSkills) {
                const auto k = static_cast<std::size_t>(s);
                QCOMPARE(g[k].fromModel, wins[k]);
                QCOMPARE(g[k].value, wins[k] ? p[k].value : rules[s].value);
                QCOMPARE(std::string(g[k].labeler), std::string(wins[k] ? core::kSkillModelName : core::kAutoLabelerName));
                QVERIFY2(g[k].reason.rfind(wins[k] ? "model (CV F1 " : "rules (", 0) == 0, g[k].reason.c_str());
                if (wins[k]) (p[k].value ? modelYes : modelNo)++;
            }
            QVERIFY2(g[0].reason.rfind("model (CV F1 0.90 > rules 0.50): ", 0) == 0, g[0].reason.c_str());
            QVERIFY2(g[0].reason.find(p[0].reason) != std::string::npos, g[0].reason.c_str());
            QVERIFY2(g[1].reason.rfind("rules (F1 0.90 >= model CV F1 0.50): ", 0) == 0, g[1].reason.c_str());
            QVERIFY2(g[3].reason.rfind("rules (the model has no cross-validated F1 for tall)", 0) == 0, g[3].reason.c_str());
            // Without a model: the rules, with their own reason.
            const auto plain = core::suggestSkills(t->task.target, &t->task.starting, nullptr);
            for (core::Skill s : core::kAllSkills) {
                QVERIFY(!plain[static_cast<std::size_t>(s)].fromModel);
                QCOMPARE(plain[static_cast<std::size_t>(s)].reason, rules[s].reason);
            }
        }
        QVERIFY(modelYes > 0 && modelNo > 0);
        // The stored suggestions (`iglu label auto --model`, Run Auto-Labeler with a model) follow the same rule.
        auto cat = catalog::Catalog::inMemory("stored");
        datasets::importStructures(kStructures, cat);
        catalog::storeAutoLabels(cat, {}, &model);
        for (const auto& l : cat.allLabels(catalog::LabelSource::Auto))
            QCOMPARE(l.labeler, std::string(wins[static_cast<std::size_t>(l.skill)] ? core::kSkillModelName : core::kAutoLabelerName));
        // The real training's choice is the same rule: preferred exactly where CV F1 > rules F1.
        for (core::Skill s : core::kAllSkills) {
            const auto k = static_cast<std::size_t>(s);
            QCOMPARE(trained_->model.preferred(s), trained_->crossValidated[k].f1() > trained_->rules[k].f1());
        }
    }

    void tooFewLabelsSaySo() {
        auto cat = catalog::Catalog::inMemory("few");
        datasets::importStructures(kStructures, cat);
        // Keep the human labels of 3 tasks only.
        const auto ids = allIds(cat);
        std::set<std::string> keep;
        for (const auto& l : cat.allLabels(catalog::LabelSource::Human))
            if (keep.size() < 3 || keep.count(l.taskId)) keep.insert(l.taskId);
        for (const auto& l : cat.allLabels(catalog::LabelSource::Human))
            if (!keep.count(l.taskId)) cat.removeLabel(l.taskId, l.skill, catalog::LabelSource::Human, l.labeler);
        QCOMPARE(int(plugins::labeling::fullyLabeledTasks(cat).size()), 3);
        try {
            plugins::labeling::trainOnCatalog(cat);
            QFAIL("trained on 3 labeled tasks");
        } catch (const std::invalid_argument& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("too few labeled tasks") != std::string::npos && what.find(": 3 with a human label") != std::string::npos &&
                         what.find("at least 10") != std::string::npos,
                     e.what());
        }
        auto empty = catalog::Catalog::inMemory("empty");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, plugins::labeling::trainOnCatalog(empty));
    }
};

QTEST_GUILESS_MAIN(TestLearnedSuggestions)
#include "test_learned_suggestions.moc"

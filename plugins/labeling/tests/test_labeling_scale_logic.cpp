// Labeling at scale, without a window, on the bundled example catalog (examples/data/iglu-singleturn
// with its automatic labels):
//   - the labeler name: when a labeling action must ask, which names are refused and why;
//   - batch labeling: a skill set / cleared for a selection in one transaction, every selected
//     task labeled and nothing else changed (other tasks, skills, labelers, automatic labels);
//     bad input (an unknown task, no name) writes nothing and names the problem;
//   - review: the tasks where two labelers disagree, who said what, final labels resolving them;
//   - the plain-words reasons, one wording each.
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include <QtTest>

#include "core/catalog/auto_labels.hpp"
#include "core/catalog/catalog.hpp"
#include "core/skills/auto_labeler.hpp"
#include "core/skills/skill_model.hpp"
#include "datasets/importer.hpp"
#include "logic/batch_labels.hpp"
#include "logic/label_review.hpp"
#include "logic/labeler_name.hpp"
#include "logic/learned_suggestions.hpp"
#include "logic/skill_guide.hpp"
#include "logic/uncertainty_wording.hpp"

using namespace iglu;
using namespace iglu::plugins::labeling;
using core::Skill;

namespace {
catalog::Catalog exampleCatalog(const std::string& name) {
    auto cat = catalog::Catalog::inMemory(name);
    datasets::ImportOptions opts;
    opts.withRollouts = false;
    datasets::importSingleTurn(std::string(IGLU_SOURCE_DIR) + "/examples/data/iglu-singleturn", cat, opts);
    catalog::storeAutoLabels(cat);
    return cat;
}

// Every label as (task, skill, source, labeler) -> value, to compare before / after.
using LabelKey = std::tuple<std::string, int, int, std::string>;
std::map<LabelKey, bool> snapshot(const catalog::Catalog& cat) {
    std::map<LabelKey, bool> out;
    for (const auto& l : cat.allLabels())
        out[{l.taskId, static_cast<int>(l.skill), static_cast<int>(l.source), l.labeler}] = l.value;
    return out;
}
}  // namespace

class TestLabelingScaleLogic : public QObject {
    Q_OBJECT

private slots:
    // The Skills tab: every skill, in key order, with its definition and an example, worded once
    // (core::skillDefinition / skillExample).
    void skillGuideHoldsEveryDefinitionAndExample() {
        const QString html = skillGuideHtml();
        qsizetype at = 0;
        for (int i = 0; i < core::kNumSkills; ++i) {
            const auto skill = core::kAllSkills[static_cast<std::size_t>(i)];
            const QString name = QString::fromLatin1(core::skillName(skill));
            const qsizetype heading = html.indexOf(QStringLiteral("<h3>%1&nbsp;&nbsp;%2</h3>").arg(i + 1).arg(name));
            QVERIFY2(heading > at, qPrintable(name));
            at = heading;
            const QString definition = QString::fromLatin1(core::skillDefinition(skill)).mid(name.size() + 2);
            QVERIFY2(html.indexOf(definition.toHtmlEscaped(), heading) > heading, qPrintable(definition));
            const QString example = QString::fromLatin1(core::skillExample(skill));
            QVERIFY2(example.size() > 10 && html.indexOf(example.toHtmlEscaped(), heading) > heading, qPrintable(example));
        }
    }

    void askOnlyWithoutAUsableName() {
        // No name typed, none stored: ask.
        QVERIFY(decideLabelerName("", "").ask);
        QVERIFY(decideLabelerName("   ", "").ask);
        // The placeholder and the program's own names are never used silently.
        QVERIFY(decideLabelerName("labeler", "").ask);
        QVERIFY(decideLabelerName(kNoLabelerYet, core::kAutoLabelerName).ask);
        QVERIFY(decideLabelerName(kFinalLabeler, core::kSkillModelName).ask);
        // A stored answer: not asked again.
        auto d = decideLabelerName("", " alice ");
        QVERIFY(!d.ask);
        QCOMPARE(d.name, std::string("alice"));
        // A typed name wins over the stored one.
        d = decideLabelerName("bob", "alice");
        QVERIFY(!d.ask);
        QCOMPARE(d.name, std::string("bob"));
        // Why a name is refused, in a sentence naming it.
        QCOMPARE(labelerNameProblem(""), std::string("The labeler's name cannot be empty."));
        QVERIFY(labelerNameProblem("labeler").find("placeholder") != std::string::npos);
        QVERIFY(labelerNameProblem(core::kAutoLabelerName).find(core::kAutoLabelerName) != std::string::npos);
        QVERIFY(labelerNameProblem("carol").empty());
    }

    void batchLabelsEverySelectedTaskAndNothingElse() {
        auto cat = exampleCatalog("batch");
        const auto tasks = cat.findTasks();
        QVERIFY(tasks.size() >= 10);
        // Another labeler's labels on the same tasks must stay.
        cat.putLabel({tasks[1].id, Skill::Tall, false, catalog::LabelSource::Human, "bob", "", ""});
        cat.putLabel({tasks[2].id, Skill::Flat, true, catalog::LabelSource::Human, "alice", "", ""});
        const std::vector<std::string> selected = {tasks[1].id, tasks[2].id, tasks[5].id, tasks[7].id, tasks[2].id};
        const auto before = snapshot(cat);
        const auto r = applyBatchLabel(cat, selected, Skill::Tall, true, "alice");
        QCOMPARE(r.changed, 4);
        QCOMPARE(r.unchanged, 0);
        auto after = snapshot(cat);
        for (const auto& id : {tasks[1].id, tasks[2].id, tasks[5].id, tasks[7].id}) {
            const LabelKey key{id, static_cast<int>(Skill::Tall), static_cast<int>(catalog::LabelSource::Human), "alice"};
            QVERIFY2(after.count(key) && after[key], id.c_str());
            after.erase(key);
        }
        QCOMPARE(after, before);  // nothing else changed
        QCOMPARE(describeBatch(Skill::Tall, true, 4, r), std::string("tall = yes for 4 tasks (4 changed)"));

        // Again: unchanged. Then "no" on part of them, and clear on all: only alice's tall goes.
        QCOMPARE(applyBatchLabel(cat, selected, Skill::Tall, true, "alice").unchanged, 4);
        QCOMPARE(applyBatchLabel(cat, {tasks[5].id}, Skill::Tall, false, "alice").changed, 1);
        const auto cleared = applyBatchLabel(cat, selected, Skill::Tall, std::nullopt, "alice");
        QCOMPARE(cleared.changed, 4);
        QCOMPARE(snapshot(cat), before);
        QCOMPARE(describeBatch(Skill::Tall, std::nullopt, 4, cleared), std::string("tall cleared on 4 tasks (4 changed)"));
    }

    void batchRefusesBadInputWithoutWriting() {
        auto cat = exampleCatalog("bad");
        const auto tasks = cat.findTasks();
        const auto before = snapshot(cat);
        try {
            applyBatchLabel(cat, {tasks[0].id, "no-such-task"}, Skill::Flat, true, "alice");
            QFAIL("an unknown task must be refused");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("no-such-task") != std::string::npos, e.what());
        }
        try {
            applyBatchLabel(cat, {tasks[0].id}, Skill::Flat, true, "  ");
            QFAIL("no name must be refused");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("name") != std::string::npos, e.what());
        }
        QCOMPARE(snapshot(cat), before);
    }

    void reviewFindsDisagreementsAndFinalLabelsResolveThem() {
        auto cat = exampleCatalog("review");
        const auto tasks = cat.findTasks();
        const std::string a = tasks[0].id, b = tasks[3].id, c = tasks[4].id, d = tasks[6].id;
        const auto put = [&](const std::string& id, Skill s, bool v, const std::string& who) {
            cat.putLabel({id, s, v, catalog::LabelSource::Human, who, "", ""});
        };
        // a: alice and bob disagree on tall, agree on flat.
        put(a, Skill::Tall, true, "alice");
        put(a, Skill::Tall, false, "bob");
        put(a, Skill::Flat, true, "alice");
        put(a, Skill::Flat, true, "bob");
        // b: they agree everywhere; c: one labeler only; d: disagree on flying and diagonal.
        put(b, Skill::Flying, true, "alice");
        put(b, Skill::Flying, true, "bob");
        put(c, Skill::Tricky, true, "alice");
        put(d, Skill::Flying, false, "alice");
        put(d, Skill::Flying, true, "bob");
        put(d, Skill::Diagonal, true, "alice");
        put(d, Skill::Diagonal, false, "bob");
        // An auto label differing from a human one is not a labelers' disagreement (auto labels are stored).
        auto items = findDisagreements(cat);
        std::set<std::string> ids;
        for (const auto& i : items) ids.insert(i.taskId);
        QCOMPARE(ids, (std::set<std::string>{a, d}));
        const ReviewItem& first = items[0].taskId == a ? items[0] : items[1];
        QCOMPARE(first.disputedCount(), 1);
        QVERIFY(!first.resolved());
        const auto tall = std::find_if(first.skills.begin(), first.skills.end(), [](const SkillOpinions& s) { return s.skill == Skill::Tall; });
        QVERIFY(tall != first.skills.end() && tall->disagree);
        QCOMPARE(opinionsText(tall->opinions), std::string("alice says yes, bob says no"));
        const auto flat = std::find_if(first.skills.begin(), first.skills.end(), [](const SkillOpinions& s) { return s.skill == Skill::Flat; });
        QVERIFY(flat != first.skills.end() && !flat->disagree);

        // The reviewer settles a's tall: a is resolved; the final label is no extra opinion.
        setFinalLabel(cat, a, Skill::Tall, false, "carol");
        items = findDisagreements(cat);
        for (const auto& i : items) {
            if (i.taskId == a) {
                QVERIFY(i.resolved());
                for (const auto& s : i.skills)
                    if (s.skill == Skill::Tall) {
                        QCOMPARE(s.opinions.size(), std::size_t(2));
                        QCOMPARE(s.final, std::optional<bool>(false));
                        QCOMPARE(s.finalBy, std::string("carol"));
                    }
            } else {
                QCOMPARE(i.taskId, d);
                QVERIFY(!i.resolved());
                QCOMPARE(i.disputedCount(), 2);
            }
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setFinalLabel(cat, d, Skill::Flying, true, ""));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setFinalLabel(cat, "no-such-task", Skill::Flying, true, "carol"));
    }

    void eachReasonInPlainWords() {
        QCOMPARE(modelUnsureReason(Skill::Tricky, 0.48), std::string("the model is unsure about tricky: probability 0.48 is near 0.5"));
        QCOMPARE(modelAgainstRulesReason(Skill::Flat, 0.713, false),
                 std::string("the model and the rules disagree about flat: the model says yes (probability 0.71), the rules say no"));
        QCOMPARE(labelersDisagreeReason(Skill::Tall, {{"alice", true}, {"bob", false}}),
                 std::string("labelers disagree about tall: alice says yes, bob says no"));
        QCOMPARE(finalLabelReason(true, "carol"), std::string("final label: yes, set by carol"));
        QCOMPARE(sentences({modelUnsureReason(Skill::Tall, 0.5), "", finalLabelReason(false, "")}),
                 std::string("The model is unsure about tall: probability 0.50 is near 0.5. Final label: no."));

        // describeUncertainty: the unsure skills, least sure first, then where model and rules differ.
        UncertainTask t;
        t.probability = {0.9, 0.1, 0.55, 0.3, 0.95};   // flat, flying, tricky, tall, diagonal
        t.rules = {true, false, false, false, true};
        QCOMPARE(describeUncertainty(t), std::string("The model is unsure about tricky: probability 0.55 is near 0.5. "
                                                     "The model is unsure about tall: probability 0.30 is near 0.5. "
                                                     "The model and the rules disagree about tricky: the model says yes "
                                                     "(probability 0.55), the rules say no."));
    }
};

QTEST_GUILESS_MAIN(TestLabelingScaleLogic)
#include "test_labeling_scale_logic.moc"

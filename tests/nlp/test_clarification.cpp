// The clarifying-question track (core/nlp): the metrics against hand-computed rankings and
// confusion counts; the baselines trained on the real single-turn sample (imported with its
// question bank): training is deterministic, a model file round-trips to the same scores, and a
// corpus of bad model files is refused naming the field, never crashing.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <set>
#include <functional>

#include <nlohmann/json.hpp>

#include "core/catalog/clarification_data.hpp"
#include "core/nlp/clarification_model.hpp"
#include "core/util/file_read.hpp"
#include "datasets/importer.hpp"
#include "support/files.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;

class TestClarification : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::vector<core::ClarificationExample> examples_;
    core::QuestionBank bank_;

    void loadShared() {
        if (!examples_.empty()) return;
        auto cat = catalog::Catalog::inMemory("shared");
        datasets::ImportOptions options;
        options.withRollouts = false;
        datasets::importSingleTurn((iglu::test::sharedDir() + "/data/iglu-singleturn").toStdString(), cat, options);
        examples_ = catalog::clarificationExamples(cat);
        bank_ = catalog::questionBank(cat);
    }
    std::vector<const core::ClarificationExample*> pointers() const {
        std::vector<const core::ClarificationExample*> out;
        for (const auto& e : examples_) out.push_back(&e);
        return out;
    }

private slots:
    void rankingMetricsByHand() {
        QCOMPARE(core::rankOf({"q1", "q2", "q3"}, "q3"), 3);
        QCOMPARE(core::rankOf({"q1", "q2"}, "q9"), 0);
        // Ties keep the candidates' order; NaN ranks last.
        const auto order = core::orderByScore({0.5, 2.0, 0.5, std::nan(""), 3.0});
        QCOMPARE(order, (std::vector<std::size_t>{4, 1, 0, 2, 3}));
        core::RankingScores r;
        for (int rank : {1, 2, 4, 0, 25, 5}) r.add(rank);
        // (1 + 1/2 + 1/4 + 0 + 1/25 + 1/5) / 6
        QVERIFY(std::abs(r.mrr() - (1 + 0.5 + 0.25 + 0.04 + 0.2) / 6) < 1e-12);
        QCOMPARE(r.recallAt(1), 1.0 / 6);
        QCOMPARE(r.recallAt(5), 4.0 / 6);
        QCOMPARE(r.recallAt(20), 4.0 / 6);
        QCOMPARE(core::RankingScores{}.mrr(), 0.0);
    }

    void whenMetricsByHand() {
        core::Agreement a;  // predicted, reference (true = needs a clarification)
        for (auto [p, y] : std::vector<std::pair<bool, bool>>{{true, true}, {true, true}, {true, false}, {false, true}, {false, false},
                                                              {false, false}, {false, false}})
            a.add(p, y);
        QCOMPARE(a.tp, 2);
        QCOMPARE(a.precision(), 2.0 / 3);
        QCOMPARE(a.recall(), 2.0 / 3);
        QCOMPARE(a.f1(), 2.0 / 3);
        QCOMPARE(a.accuracy(), 5.0 / 7);
    }

    void classBalancedSubset() {
        std::vector<core::ClarificationExample> ex(10);
        for (int i = 0; i < 10; ++i) {
            ex[i].id = "t" + std::to_string(i);
            ex[i].needsClarification = i < 3;
        }
        ex[9].needsClarification.reset();
        std::vector<const core::ClarificationExample*> p;
        for (const auto& e : ex) p.push_back(&e);
        const auto b = core::classBalanced(p);
        QCOMPARE(b.size(), std::size_t(6));
        int pos = 0;
        for (const auto* e : b) pos += *e->needsClarification ? 1 : 0;
        QCOMPARE(pos, 3);
        QCOMPARE(core::classBalanced(p).size(), b.size());
        for (std::size_t i = 0; i < b.size(); ++i) QCOMPARE(core::classBalanced(p)[i], b[i]);
    }

    void catalogHoldsTheTrack() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        loadShared();
        QCOMPARE(examples_.size(), std::size_t(451));
        int unclear = 0, ranked = 0;
        for (const auto& e : examples_) {
            unclear += e.needsClarification.value_or(false) ? 1 : 0;
            ranked += core::rankable(e, bank_) ? 1 : 0;
        }
        QCOMPARE(unclear, 38);
        QCOMPARE(ranked, 38);
        QCOMPARE(bank_.size(), std::size_t(835));
        QCOMPARE(bank_.at("q_149"), std::string("Which color blocks?"));
    }

    void trainingIsDeterministicAndRoundTrips() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        loadShared();
        const auto all = pointers();
        const auto a = core::ClarificationModel::train(all, bank_);
        const auto b = core::ClarificationModel::train(all, bank_);
        const QString pa = dir_.filePath("a.json"), pb = dir_.filePath("b.json");
        a.save(pa.toStdString());
        b.save(pb.toStdString());
        QCOMPARE(iglu::test::readAll(pa), iglu::test::readAll(pb));
        const auto loaded = core::ClarificationModel::load(pa.toStdString());
        QCOMPARE(loaded.trainedTaskIds().size(), std::size_t(451));
        const auto s1 = core::evaluateClarification(a, all, bank_);
        const auto s2 = core::evaluateClarification(loaded, all, bank_);
        QCOMPARE(s1.when.tp, s2.when.tp);
        QCOMPARE(s1.when.fp, s2.when.fp);
        QCOMPARE(s1.what.ranks, s2.what.ranks);
        for (const auto& e : examples_)
            if (core::rankable(e, bank_)) QCOMPARE(a.rankScores(e, bank_), loaded.rankScores(e, bank_));
        // Cross-validation is deterministic too, and beats chance on held-out tasks.
        const auto cv1 = core::crossValidateClarification(examples_, bank_, 5);
        const auto cv2 = core::crossValidateClarification(examples_, bank_, 5);
        QCOMPARE(cv1.what.ranks, cv2.what.ranks);
        QCOMPARE(cv1.when.tp, cv2.when.tp);
        QCOMPARE(cv1.what.n(), 38);
        QVERIFY2(cv1.what.mrr() > 0.1, qPrintable(QString::number(cv1.what.mrr())));  // chance: about 0.03 over 166 candidates
    }

    // "When to ask" on a class-balanced held-out set beats asking always (F1 2/3, accuracy 1/2) and
    // the probability it reports puts its decision at 0.5 whatever its threshold (the one rule of
    // every clarification model).
    void whenBeatsAskingAlwaysOnBalancedHeldOutTasks() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        loadShared();
        std::set<std::string> balanced;
        for (const auto* e : core::classBalanced(pointers())) balanced.insert(e->id);
        const auto cv = core::crossValidateClarification(examples_, bank_, 5, &balanced);
        QCOMPARE(cv.when.total(), 76);
        QVERIFY2(cv.when.f1() > 2.0 / 3.0 && cv.when.accuracy() > 0.6,
                 qPrintable(QStringLiteral("F1 %1 accuracy %2").arg(cv.when.f1()).arg(cv.when.accuracy())));
        const auto model = core::ClarificationModel::train(pointers(), bank_);
        int asked = 0;
        for (const auto& e : examples_) asked += model.needsClarificationProbability(e) >= 0.5 ? 1 : 0;
        QVERIFY2(asked > 38 && asked < 451, qPrintable(QString::number(asked)));  // neither never nor always
    }

    void badModelFiles() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        loadShared();
        const QString good = dir_.filePath("good.json");
        core::ClarificationModel::train(pointers(), bank_).save(good.toStdString());
        const nlohmann::json model = nlohmann::json::parse(iglu::test::readAll(good).toStdString());
        const auto edited = [&](const std::function<void(nlohmann::json&)>& edit) {
            nlohmann::json j = model;
            edit(j);
            return j.dump(1);
        };
        const std::vector<std::pair<std::string, std::string>> corpus = {
            {"", "JSON"},
            {"{", "JSON"},
            {"[1, 2]", "JSON"},
            {"{\"kind\": 1e999}", "JSON"},
            {"{}", "kind"},
            {R"({"kind": "iglu-skill-model", "version": 1})", "kind"},
            {edited([](auto& j) { j["kind"] = "iglu-skill-model/1"; }), "kind"},
            {edited([](auto& j) { j["kind"] = 3; }), "kind"},
            {edited([](auto& j) { j["version"] = 1; }), "version"},  // the n-gram model of before: retrain
            {edited([](auto& j) { j["version"] = 3; }), "version"},
            {edited([](auto& j) { j["version"] = "1"; }), "version"},
            {edited([](auto& j) { j.erase("version"); }), "version"},
            {edited([](auto& j) { j.erase("classifier"); }), "classifier"},
            {edited([](auto& j) { j["classifier"]["features"] = 12; }), "classifier.features"},
            {edited([](auto& j) { j["classifier"]["bias"] = "x"; }), "classifier.bias"},
            {edited([](auto& j) { j["classifier"]["weights"][0][0] = 99999999; }), "classifier.weights[0]"},
            {edited([](auto& j) { j["classifier"]["weights"][0] = "a"; }), "classifier.weights[0]"},
            {edited([](auto& j) { j["classifier"]["weights"][1][1] = nullptr; }), "classifier.weights[1]"},
            {edited([](auto& j) { j["classifier"].erase("cue_mean"); }), "classifier.cue_mean"},
            {edited([](auto& j) { j["classifier"]["cue_mean"].erase(0); }), "classifier.cue_mean"},
            {edited([](auto& j) { j["classifier"]["cue_mean"][3] = "x"; }), "classifier.cue_mean[3]"},
            {edited([](auto& j) { j["classifier"]["cue_scale"][0] = 0; }), "classifier.cue_scale[0]"},
            {edited([](auto& j) { j["classifier"]["cue_scale"][14] = -1; }), "classifier.cue_scale[14]"},
            {edited([](auto& j) { j["classifier"]["offset"] = nullptr; }), "classifier.offset"},
            {edited([](auto& j) { j["classifier"].erase("offset"); }), "classifier.offset"},
            {edited([](auto& j) { j["ranker"]["weights"].erase(0); }), "ranker.weights"},
            {edited([](auto& j) { j["ranker"]["weights"][2] = true; }), "ranker.weights[2]"},
            {edited([](auto& j) { j["trained_task_ids"][0] = 7; }), "trained_task_ids[0]"},
            {edited([](auto& j) { j["trained_task_ids"] = "all"; }), "trained_task_ids"},
        };
        for (std::size_t i = 0; i < corpus.size(); ++i) {
            const QString path = dir_.filePath(QStringLiteral("bad%1.json").arg(i));
            QVERIFY(iglu::test::writeAll(path, QByteArray::fromStdString(corpus[i].first)));
            try {
                core::ClarificationModel::load(path.toStdString());
                QFAIL(qPrintable(QStringLiteral("bad file %1 was accepted").arg(i)));
            } catch (const std::runtime_error& e) {
                const std::string msg = e.what();
                QVERIFY2(msg.rfind(path.toStdString() + ": " + corpus[i].second, 0) == 0, qPrintable(QString::number(i) + ": " + e.what()));
            }
        }
        // A folder, a missing file and a file above the bound: FileError naming the path.
        QVERIFY_THROWS_EXCEPTION(core::FileError, core::ClarificationModel::load(dir_.path().toStdString()));
        QVERIFY_THROWS_EXCEPTION(core::FileError, core::ClarificationModel::load(dir_.filePath("none.json").toStdString()));
        const QString big = dir_.filePath("big.json");
        {
            std::ofstream out(big.toStdString());
            out.seekp(static_cast<std::streamoff>(core::ClarificationModel::kMaxFileBytes) + 1);
            out << ' ';
        }
        QVERIFY_THROWS_EXCEPTION(core::FileError, core::ClarificationModel::load(big.toStdString()));
    }
};

QTEST_GUILESS_MAIN(TestClarification)
#include "test_clarification.moc"

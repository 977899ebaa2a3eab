#include "core/nlp/clarification_model.hpp"
#include "core/util/json_parse.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "clarification_features.hpp"
#include "core/util/file_read.hpp"

namespace iglu::core {

namespace {

using nlp::kClassifierFeatures;
using nlp::kRankerFeatures;

LogisticOptions classifierOptions() {
    LogisticOptions o;
    o.iterations = 1500;
    o.learningRate = 0.3;
    o.l2 = 0.8;  // strong: 38 tasks of the shared sample need a clarification; cross-validated AUC 0.66 at 0.08, 0.70 at 0.8
    return o;
}

LogisticOptions rankerOptions() {
    LogisticOptions o;
    o.iterations = 1500;
    o.learningRate = 0.3;
    o.l2 = 0.01;
    return o;
}

/// The threshold maximising the F1 of the positive class with the negatives weighted to count as
/// many as the positives (a class-balanced set); ties go to the higher threshold (fewer questions).
double balancedF1Threshold(const std::vector<double>& p, const std::vector<bool>& y) {
    double positives = 0;
    for (bool v : y) positives += v ? 1 : 0;
    const double negativeWeight = positives / std::max(1.0, static_cast<double>(y.size()) - positives);
    double best = -1, threshold = 0.5;
    for (int step = 5; step <= 95; ++step) {
        const double t = step / 100.0;
        double tp = 0, fp = 0, fn = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            const bool says = p[i] >= t;
            if (says && y[i]) ++tp;
            else if (says) fp += negativeWeight;
            else if (y[i]) ++fn;
        }
        const double f1 = 2 * tp / std::max(1e-12, 2 * tp + fp + fn);
        if (f1 >= best) best = f1, threshold = t;
    }
    return threshold;
}

}  // namespace

ClarificationModel ClarificationModel::train(const std::vector<const ClarificationExample*>& examples, const QuestionBank& bank) {
    std::vector<const ClarificationExample*> known;
    std::vector<std::array<double, kCues>> cues;
    std::vector<bool> y;
    int positives = 0;
    for (const ClarificationExample* e : examples) {
        if (!e->needsClarification) continue;
        known.push_back(e);
        cues.push_back(nlp::cueValues(*e));
        y.push_back(*e->needsClarification);
        positives += *e->needsClarification ? 1 : 0;
    }
    if (positives == 0 || positives == static_cast<int>(known.size()))
        throw std::invalid_argument("train: the classifier needs tasks of both classes (clear and needing a clarification), got " +
                                    std::to_string(positives) + " needing one of " + std::to_string(known.size()) + " with a known clarity");
    ClarificationModel m;
    for (const ClarificationExample* e : examples) m.trainedIds_.push_back(e->id);
    std::sort(m.trainedIds_.begin(), m.trainedIds_.end());
    const double n = static_cast<double>(known.size());
    for (std::size_t j = 0; j < kCues; ++j) {
        double sum = 0, squares = 0;
        for (const auto& c : cues) sum += c[j];
        m.cueMean_[j] = sum / n;
        for (const auto& c : cues) squares += (c[j] - m.cueMean_[j]) * (c[j] - m.cueMean_[j]);
        const double deviation = std::sqrt(squares / n);
        m.cueScale_[j] = deviation > 1e-9 ? deviation : 1.0;
    }
    std::vector<SparseRow> rows;
    for (std::size_t i = 0; i < known.size(); ++i) rows.push_back(nlp::classifierRow(*known[i], cues[i], m.cueMean_, m.cueScale_));
    m.classifier_ = trainLogistic(rows, y, kClassifierFeatures, classifierOptions());
    m.trainedClassifier_ = static_cast<int>(rows.size());
    std::vector<double> fitted;
    for (const auto& row : rows) fitted.push_back(m.classifier_.probability(row));
    const double threshold = balancedF1Threshold(fitted, y);
    m.offset_ = std::log(threshold / (1 - threshold));

    const nlp::Bm25 bm25(bank);
    rows.clear();
    std::vector<bool> gold;
    for (const ClarificationExample* e : examples) {
        if (!rankable(*e, bank)) continue;
        auto candidateRows = nlp::rankerRows(*e, bank, bm25);
        for (std::size_t i = 0; i < candidateRows.size(); ++i) {
            rows.push_back(std::move(candidateRows[i]));
            gold.push_back(e->candidates[i] == e->goldQuestion);
        }
        ++m.trainedRanker_;
    }
    if (m.trainedRanker_ == 0)
        throw std::invalid_argument("train: no task to train the ranker on (a gold question and a question bank with its candidates)");
    m.ranker_ = trainLogistic(rows, gold, kRankerFeatures, rankerOptions());
    return m;
}

bool ClarificationModel::trainedOn(const std::string& id) const {
    return std::binary_search(trainedIds_.begin(), trainedIds_.end(), id);
}

double ClarificationModel::needsClarificationProbability(const ClarificationExample& e) const {
    return sigmoid(classifier_.score(nlp::classifierRow(e, nlp::cueValues(e), cueMean_, cueScale_)) - offset_);
}

std::vector<double> ClarificationModel::rankScores(const ClarificationExample& e, const QuestionBank& bank) const {
    const nlp::Bm25 bm25(bank);
    std::vector<double> out;
    for (const auto& row : nlp::rankerRows(e, bank, bm25)) out.push_back(ranker_.score(row));
    return out;
}

void ClarificationModel::save(const std::string& path) const {
    nlohmann::json sparse = nlohmann::json::array();
    for (std::size_t f = 0; f < classifier_.weights.size(); ++f)
        if (classifier_.weights[f] != 0) sparse.push_back({f, classifier_.weights[f]});
    const nlohmann::json j = {{"kind", kKind},
                              {"version", kVersion},
                              {"classifier", {{"features", kClassifierFeatures}, {"weights", sparse}, {"bias", classifier_.bias},
                                              {"cue_mean", cueMean_}, {"cue_scale", cueScale_}, {"offset", offset_},
                                              {"trained_on", trainedClassifier_}}},
                              {"ranker", {{"features", kRankerFeatures}, {"weights", ranker_.weights}, {"bias", ranker_.bias},
                                          {"trained_on", trainedRanker_}}},
                              {"trained_task_ids", trainedIds_}};
    const std::string temp = path + ".part";
    {
        std::ofstream out(temp);
        out << j.dump(1) << "\n";
        if (!out) throw std::runtime_error(path + ": cannot write the model");
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) throw std::runtime_error(path + ": cannot move the model into place");
}

ClarificationModel ClarificationModel::load(const std::string& path) {
    const std::string text = readRegularFile(path, kMaxFileBytes);  // FileError names the path
    const auto fail = [&](const std::string& field, const std::string& what) -> void {
        throw std::runtime_error(path + ": " + field + ": " + what);
    };
    nlohmann::json j;
    try {
        j = parseJson(text);
    } catch (const JsonError& e) {
        fail("JSON", e.what());  // line and column, e.g. nesting deeper than 128 levels
    }
    if (!j.is_object()) fail("JSON", "not an object");
    if (!j.contains("kind") || !j["kind"].is_string()) fail("kind", std::string("missing (expected \"") + kKind + "\")");
    if (j["kind"].get<std::string>() != kKind)
        fail("kind", "\"" + j["kind"].get<std::string>() + "\" is not a clarification model (expected \"" + kKind + "\")");
    if (!j.contains("version") || !j["version"].is_number_integer()) fail("version", "missing or not an integer");
    if (j["version"].get<std::int64_t>() != kVersion)
        fail("version", std::to_string(j["version"].get<std::int64_t>()) + " is not supported (this program reads version " +
                            std::to_string(kVersion) + "; retrain with iglu nlp train)");
    ClarificationModel m;
    const auto part = [&](const char* name, std::size_t features, LogisticWeights& w, int& trainedOn, bool sparse) {
        const std::string at = name;
        if (!j.contains(name) || !j[name].is_object()) fail(at, "missing");
        const auto& o = j[name];
        if (!o.contains("features") || !o["features"].is_number_unsigned() || o["features"].get<std::uint64_t>() != features)
            fail(at + ".features", "must be " + std::to_string(features) + " (a model of other features: retrain)");
        if (!o.contains("bias") || !o["bias"].is_number() || !std::isfinite(o["bias"].get<double>()))
            fail(at + ".bias", "must be a finite number");
        w.bias = o["bias"].get<double>();
        if (o.contains("trained_on") && o["trained_on"].is_number_integer()) trainedOn = o["trained_on"].get<int>();
        if (!o.contains("weights") || !o["weights"].is_array()) fail(at + ".weights", "missing or not an array");
        const auto& ws = o["weights"];
        w.weights.assign(features, 0.0);
        if (!sparse && ws.size() != features) fail(at + ".weights", "must be " + std::to_string(features) + " numbers");
        for (std::size_t i = 0; i < ws.size(); ++i) {
            const std::string where = at + ".weights[" + std::to_string(i) + "]";
            const nlohmann::json* value = &ws[i];
            std::size_t index = i;
            if (sparse) {
                if (!ws[i].is_array() || ws[i].size() != 2 || !ws[i][0].is_number_unsigned()) fail(where, "must be [index, weight]");
                if (ws[i][0].get<std::uint64_t>() >= features) fail(where, "index outside 0.." + std::to_string(features - 1));
                index = static_cast<std::size_t>(ws[i][0].get<std::uint64_t>());
                value = &ws[i][1];
            }
            if (!value->is_number() || !std::isfinite(value->get<double>())) fail(where, "must be a finite number");
            w.weights[index] = value->get<double>();
        }
    };
    if (j.contains("trained_task_ids")) {
        const auto& ids = j["trained_task_ids"];
        if (!ids.is_array()) fail("trained_task_ids", "must be an array of task ids");
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (!ids[i].is_string()) fail("trained_task_ids[" + std::to_string(i) + "]", "must be a string");
            m.trainedIds_.push_back(ids[i].get<std::string>());
        }
        std::sort(m.trainedIds_.begin(), m.trainedIds_.end());
    }
    part("classifier", kClassifierFeatures, m.classifier_, m.trainedClassifier_, true);
    const auto& classifier = j["classifier"];
    const auto cueArray = [&](const char* name, std::array<double, kCues>& out, bool positive) {
        const std::string at = std::string("classifier.") + name;
        if (!classifier.contains(name) || !classifier[name].is_array() || classifier[name].size() != kCues)
            fail(at, "must be " + std::to_string(kCues) + " numbers");
        for (std::size_t i = 0; i < kCues; ++i) {
            const auto& v = classifier[name][i];
            if (!v.is_number() || !std::isfinite(v.get<double>()) || (positive && v.get<double>() <= 0))
                fail(at + "[" + std::to_string(i) + "]", positive ? "must be a finite number above 0" : "must be a finite number");
            out[i] = v.get<double>();
        }
    };
    cueArray("cue_mean", m.cueMean_, false);
    cueArray("cue_scale", m.cueScale_, true);
    if (!classifier.contains("offset") || !classifier["offset"].is_number() || !std::isfinite(classifier["offset"].get<double>()))
        fail("classifier.offset", "must be a finite number");
    m.offset_ = classifier["offset"].get<double>();
    part("ranker", kRankerFeatures, m.ranker_, m.trainedRanker_, false);
    return m;
}

ClarificationScores evaluateClarification(const ClarificationModel& model, const std::vector<const ClarificationExample*>& examples,
                                          const QuestionBank& bank) {
    ClarificationScores s;
    for (const ClarificationExample* e : examples) {
        if (e->needsClarification) s.when.add(model.needsClarificationProbability(*e) >= 0.5, *e->needsClarification);
        if (e->goldQuestion.empty()) continue;
        if (!rankable(*e, bank)) {
            ++s.withoutBank;
            continue;
        }
        const auto order = orderByScore(model.rankScores(*e, bank));
        std::vector<std::string> ranking;
        for (std::size_t i : order) ranking.push_back(e->candidates[i]);
        s.what.add(rankOf(ranking, e->goldQuestion));
    }
    return s;
}

int foldOf(const std::string& id, int folds) {
    return folds <= 1 ? 0 : static_cast<int>(nlp::stableHash(id) % static_cast<std::uint64_t>(folds));
}

ClarificationScores crossValidateClarification(const std::vector<ClarificationExample>& examples, const QuestionBank& bank, int folds,
                                               const std::set<std::string>* scoreOnly) {
    if (folds < 2) throw std::invalid_argument("cross-validation needs at least 2 folds, got " + std::to_string(folds));
    ClarificationScores total;
    for (int f = 0; f < folds; ++f) {
        std::vector<const ClarificationExample*> train, test;
        for (const auto& e : examples) {
            if (foldOf(e.id, folds) != f) train.push_back(&e);
            else if (!scoreOnly || scoreOnly->count(e.id)) test.push_back(&e);
        }
        if (test.empty()) continue;
        const ClarificationModel m = ClarificationModel::train(train, bank);
        const ClarificationScores s = evaluateClarification(m, test, bank);
        total.when.tp += s.when.tp;
        total.when.fp += s.when.fp;
        total.when.fn += s.when.fn;
        total.when.tn += s.when.tn;
        for (int r : s.what.ranks) total.what.add(r);
        total.withoutBank += s.withoutBank;
    }
    return total;
}

std::vector<const ClarificationExample*> classBalanced(const std::vector<const ClarificationExample*>& examples) {
    std::vector<const ClarificationExample*> positives, negatives;
    for (const ClarificationExample* e : examples)
        if (e->needsClarification) (*e->needsClarification ? positives : negatives).push_back(e);
    std::stable_sort(negatives.begin(), negatives.end(), [](const auto* a, const auto* b) {
        return nlp::stableHash("balanced:" + a->id) < nlp::stableHash("balanced:" + b->id);
    });
    if (negatives.size() > positives.size()) negatives.resize(positives.size());
    std::vector<const ClarificationExample*> out;
    for (const ClarificationExample* e : examples)
        if (std::find(positives.begin(), positives.end(), e) != positives.end() ||
            std::find(negatives.begin(), negatives.end(), e) != negatives.end())
            out.push_back(e);
    return out;
}

}  // namespace iglu::core

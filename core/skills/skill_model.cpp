#include "core/skills/skill_model.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/learn/logistic_regression.hpp"
#include "core/util/file_read.hpp"
#include "core/util/json_parse.hpp"

#include "core/skills/auto_labeler.hpp"

namespace iglu::core {

namespace {

constexpr int kIterations = 3000;
constexpr double kLearningRate = 0.3;
constexpr double kL2 = 0.03;
// What a model file may hold (checked at load, naming the field): numbers whose products stay
// finite, so no prediction is ever NaN.
constexpr std::size_t kMaxModelFileBytes = std::size_t(16) << 20;
constexpr double kMaxModelValue = 1e6;
constexpr double kMinModelScale = 1e-6;

}  // namespace

const std::vector<std::string>& skillFeatureNames() {
    static const std::vector<std::string> names = {
        "blocks (log)", "x span", "y span", "z span", "thinnest span", "footprint columns", "height",
        "floating blocks", "floating share", "high blocks", "hidden blocks", "hidden share", "diagonal chain",
        "colours", "blocks per column", "rule: flat", "rule: flying", "rule: tricky", "rule: tall", "rule: diagonal"};
    return names;
}

std::vector<double> skillFeatures(const Grid& target, const Grid* starting) {
    const SkillMeasures m = measureSkills(target, starting);
    const SkillReport rules = autoLabel(target, starting);  // the rules' verdicts: the model corrects them
    const double n = std::max(1, m.blocks);
    const auto rule = [&](Skill k) { return rules[k].value ? 1.0 : 0.0; };
    return {std::log1p(m.blocks),
            double(m.spanX),
            double(m.spanY),
            double(m.spanZ),
            double(std::min({m.spanX, m.spanY, m.spanZ})),
            double(m.footprint),
            double(m.maxY),
            double(m.floating),
            m.floating / n,
            double(m.high),
            double(m.hidden),
            m.hidden / n,
            double(m.diagonalChain),
            double(m.colours),
            m.footprint ? m.blocks / double(m.footprint) : 0.0,
            rule(Skill::Flat),
            rule(Skill::Flying),
            rule(Skill::Tricky),
            rule(Skill::Tall),
            rule(Skill::Diagonal)};
}

SkillModel SkillModel::train(const std::vector<LabeledExample>& examples) {
    if (examples.size() < 2) throw std::invalid_argument("train: need at least 2 labeled examples, got " + std::to_string(examples.size()));
    const std::size_t nf = skillFeatureNames().size();
    std::vector<std::vector<double>> x;
    x.reserve(examples.size());
    for (const auto& e : examples) x.push_back(skillFeatures(e.target, &e.starting));
    SkillModel m;
    m.trainedOn_ = static_cast<int>(examples.size());
    m.mean_.assign(nf, 0);
    m.scale_.assign(nf, 1);
    for (std::size_t f = 0; f < nf; ++f) {
        double s = 0, ss = 0;
        for (const auto& row : x) s += row[f];
        const double mean = s / static_cast<double>(x.size());
        for (const auto& row : x) ss += (row[f] - mean) * (row[f] - mean);
        const double sd = std::sqrt(ss / static_cast<double>(x.size()));
        m.mean_[f] = mean;
        m.scale_[f] = sd > kMinModelScale ? sd : 1.0;
    }
    for (auto& row : x)
        for (std::size_t f = 0; f < nf; ++f) row[f] = (row[f] - m.mean_[f]) / m.scale_[f];
    // Dense rows through the one logistic-regression trainer (learn/logistic_regression.hpp).
    std::vector<SparseRow> rows(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t f = 0; f < nf; ++f) rows[i].emplace_back(static_cast<std::uint32_t>(f), x[i][f]);
    LogisticOptions options;
    options.iterations = kIterations;
    options.learningRate = kLearningRate;
    options.l2 = kL2;
    for (std::size_t k = 0; k < kNumSkills; ++k) {
        std::vector<bool> y(examples.size());
        for (std::size_t i = 0; i < examples.size(); ++i) y[i] = examples[i].labels[k];
        LogisticWeights trained = trainLogistic(rows, y, nf, options);
        m.weights_[k] = std::move(trained.weights);
        m.bias_[k] = trained.bias;
    }
    return m;
}

std::array<SkillPrediction, kNumSkills> SkillModel::predict(const Grid& target, const Grid* starting) const {
    std::array<SkillPrediction, kNumSkills> out;
    const std::vector<double> raw = skillFeatures(target, starting);
    const auto& names = skillFeatureNames();
    for (std::size_t k = 0; k < kNumSkills; ++k) {
        double z = bias_[k];
        std::vector<std::pair<double, std::size_t>> push;
        for (std::size_t f = 0; f < raw.size(); ++f) {
            const double c = weights_[k][f] * (raw[f] - mean_[f]) / scale_[f];
            z += c;
            push.emplace_back(c, f);
        }
        SkillPrediction& p = out[k];
        p.probability = sigmoid(z);
        p.value = p.probability >= 0.5;
        // The features that pushed toward the decision most, with their values.
        std::sort(push.begin(), push.end(), [&](const auto& a, const auto& b) {
            return (p.value ? a.first > b.first : a.first < b.first);
        });
        char buf[96];
        for (std::size_t i = 0; i < push.size() && i < 2; ++i) {
            if ((p.value && push[i].first <= 0) || (!p.value && push[i].first >= 0)) break;
            std::snprintf(buf, sizeof buf, "%s%s %g (%+.1f)", i ? ", " : "", names[push[i].second].c_str(), raw[push[i].second],
                          push[i].first);
            p.reason += buf;
        }
        std::snprintf(buf, sizeof buf, "%s%s p = %.2f", p.reason.empty() ? "" : "; ", p.value ? "yes," : "no,", p.probability);
        p.reason += buf;
    }
    return out;
}

void SkillModel::setScores(const std::array<double, kNumSkills>& modelF1, const std::array<double, kNumSkills>& rulesF1) noexcept {
    modelF1_ = modelF1;
    rulesF1_ = rulesF1;
}

void SkillModel::save(const std::string& path) const {
    nlohmann::json skills = nlohmann::json::object();
    for (std::size_t k = 0; k < kNumSkills; ++k) {
        skills[skillName(kAllSkills[k])] = {{"weights", weights_[k]}, {"bias", bias_[k]}};
        if (modelF1_[k] >= 0) skills[skillName(kAllSkills[k])]["cv_f1"] = modelF1_[k];
        if (rulesF1_[k] >= 0) skills[skillName(kAllSkills[k])]["rules_f1"] = rulesF1_[k];
    }
    const nlohmann::json j = {{"format", "iglu-skill-model/1"}, {"features", skillFeatureNames()}, {"mean", mean_},
                              {"scale", scale_}, {"trained_on", trainedOn_}, {"skills", skills}};
    const std::string temp = path + ".part";
    {
        std::ofstream out(temp);
        out << j.dump(2) << "\n";
        if (!out) throw std::runtime_error(path + ": cannot write the model");
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) throw std::runtime_error(path + ": cannot move the model into place");
}

SkillModel SkillModel::load(const std::string& path) {
    const auto fail = [&](const std::string& field, const std::string& what) {
        throw std::runtime_error(path + ": " + field + ": " + what);
    };
    nlohmann::json j;
    try {
        // One regular file of bounded size (never a FIFO or a device), then the bounded parser.
        j = parseJson(readRegularFile(path, kMaxModelFileBytes));
    } catch (const FileError& e) {
        throw std::runtime_error(path + ": cannot read the model file: " + e.message());
    } catch (const JsonError& e) {
        throw std::runtime_error(path + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.reason());
    }
    if (!j.is_object() || j.value("format", "") != "iglu-skill-model/1") fail("format", "not an iglu-skill-model/1 file");
    const std::size_t nf = skillFeatureNames().size();
    if (!j.contains("features") || j["features"] != nlohmann::json(skillFeatureNames()))
        fail("features", "made for other features (retrain with this version: iglu label train)");
    const auto numbers = [&](const nlohmann::json& v, const std::string& field) {
        if (!v.is_array() || v.size() != nf) fail(field, "must be " + std::to_string(nf) + " numbers");
        std::vector<double> out;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const auto& x = v[i];
            if (!x.is_number() || !std::isfinite(x.get<double>()) || std::abs(x.get<double>()) > kMaxModelValue)
                fail(field + "[" + std::to_string(i) + "]", "must be a finite number in -1e6..1e6");
            out.push_back(x.get<double>());
        }
        return out;
    };
    SkillModel m;
    m.mean_ = numbers(j.value("mean", nlohmann::json()), "mean");
    m.scale_ = numbers(j.value("scale", nlohmann::json()), "scale");
    for (std::size_t i = 0; i < m.scale_.size(); ++i)
        if (!(m.scale_[i] >= kMinModelScale)) fail("scale[" + std::to_string(i) + "]", "must be at least 1e-6");
    if (j.contains("trained_on")) {
        const auto& t = j["trained_on"];
        if (!t.is_number_integer() || t.get<long long>() < 0 || (t.is_number_unsigned() && t.get<unsigned long long>() > 1000000000ULL) ||
            t.get<long long>() > 1000000000LL)
            fail("trained_on", "must be an integer in 0..1000000000");
        m.trainedOn_ = t.get<int>();
    }
    if (!j.contains("skills") || !j["skills"].is_object()) fail("skills", "missing");
    for (std::size_t k = 0; k < kNumSkills; ++k) {
        const std::string name = skillName(kAllSkills[k]);
        const auto& s = j["skills"];
        if (!s.contains(name) || !s[name].is_object()) fail("skills." + name, "missing");
        m.weights_[k] = numbers(s[name].value("weights", nlohmann::json()), "skills." + name + ".weights");
        if (!s[name].contains("bias") || !s[name]["bias"].is_number() || !std::isfinite(s[name]["bias"].get<double>()) ||
            std::abs(s[name]["bias"].get<double>()) > kMaxModelValue)
            fail("skills." + name + ".bias", "must be a finite number in -1e6..1e6");
        m.bias_[k] = s[name]["bias"].get<double>();
        for (const auto& [key, slot] : {std::pair<const char*, double*>{"cv_f1", &m.modelF1_[k]}, {"rules_f1", &m.rulesF1_[k]}}) {
            if (!s[name].contains(key)) continue;
            const auto& v = s[name][key];
            if (!v.is_number() || v.get<double>() < 0 || v.get<double>() > 1) fail("skills." + name + "." + key, "must be a number in 0..1");
            *slot = v.get<double>();
        }
    }
    return m;
}

std::array<Agreement, kNumSkills> crossValidate(const std::vector<LabeledExample>& examples, int folds) {
    std::array<Agreement, kNumSkills> out{};
    folds = std::max(2, std::min(folds, static_cast<int>(examples.size())));
    for (int f = 0; f < folds; ++f) {
        std::vector<LabeledExample> train;
        std::vector<const LabeledExample*> test;
        for (std::size_t i = 0; i < examples.size(); ++i)
            (static_cast<int>(i % static_cast<std::size_t>(folds)) == f ? (void)test.push_back(&examples[i]) : train.push_back(examples[i]));
        if (train.size() < 2 || test.empty()) continue;
        const SkillModel m = SkillModel::train(train);
        for (const LabeledExample* e : test) {
            const auto p = m.predict(e->target, &e->starting);
            for (std::size_t k = 0; k < kNumSkills; ++k) out[k].add(p[k].value, e->labels[k]);
        }
    }
    return out;
}

std::array<Agreement, kNumSkills> rulesAgreement(const std::vector<LabeledExample>& examples) {
    std::array<Agreement, kNumSkills> agree{};
    for (const auto& e : examples) {
        const auto predicted = autoLabel(e.target, &e.starting);
        for (Skill s : kAllSkills) agree[static_cast<std::size_t>(s)].add(predicted[s].value, e.labels[static_cast<std::size_t>(s)]);
    }
    return agree;
}

SkillModelTraining trainSkillModel(const std::vector<LabeledExample>& examples, int folds) {
    const std::size_t needed = static_cast<std::size_t>(std::max(kMinTrainingExamples, folds));
    if (examples.size() < needed)
        throw std::invalid_argument("too few labeled tasks to train the skill model: " + std::to_string(examples.size()) +
                                    " with a human label for every skill, at least " + std::to_string(needed) +
                                    " needed (label more tasks, all five skills each)");
    SkillModelTraining out;
    out.folds = folds;
    out.examples = static_cast<int>(examples.size());
    out.rules = rulesAgreement(examples);
    out.crossValidated = crossValidate(examples, folds);
    out.model = SkillModel::train(examples);
    std::array<double, kNumSkills> cvF1{}, rulesF1{};
    for (std::size_t k = 0; k < kNumSkills; ++k) {
        cvF1[k] = out.crossValidated[k].f1();
        rulesF1[k] = out.rules[k].f1();
    }
    out.model.setScores(cvF1, rulesF1);
    return out;
}

}  // namespace iglu::core

#pragma once
// The labeler that learns: per skill, a logistic regression on structural features of the blocks
// to place (measureSkills, auto_labeler.hpp), trained on human labels. Deterministic (fixed
// iterations, no randomness), stored as JSON ("iglu-skill-model/1"), cross-validated (k folds in a
// fixed order) so its F1 can be set beside the rules'. Each prediction has a probability (how
// sure: 0.5 is least sure, what active learning asks about first) and a reason (the features
// that pushed it most). Qt-free.
#include <array>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/skills/agreement.hpp"
#include "core/skills/skill.hpp"

namespace iglu::core {

/// One labeled example: a target (and start, for tasks that modify a world) with its human labels.
struct LabeledExample {
    std::string id;
    Grid target;
    Grid starting;
    std::array<bool, kNumSkills> labels{};
};

/// Feature values of a task (the model's inputs, unscaled) and their names.
std::vector<double> skillFeatures(const Grid& target, const Grid* starting = nullptr);
const std::vector<std::string>& skillFeatureNames();

struct SkillPrediction {
    bool value = false;
    double probability = 0;   ///< of the skill being present
    std::string reason;       ///< "height 6 layers (+1.9), 3 floating blocks (+1.2)"
};

class SkillModel {
public:
    /// Trains one classifier per skill on `examples` (at least 2; both classes are not required:
    /// a skill with one class predicts its base rate). Throws std::invalid_argument for too few.
    static SkillModel train(const std::vector<LabeledExample>& examples);
    /// Reads a model file; throws std::runtime_error naming the file and field.
    static SkillModel load(const std::string& path);
    void save(const std::string& path) const;

    std::array<SkillPrediction, kNumSkills> predict(const Grid& target, const Grid* starting = nullptr) const;
    int trainedOn() const noexcept { return trainedOn_; }

    /// The model's cross-validated F1 and the rules' F1 on the same labels, per skill (-1: not
    /// measured), stored in the model file by `iglu label train`.
    void setScores(const std::array<double, kNumSkills>& modelF1, const std::array<double, kNumSkills>& rulesF1) noexcept;
    double modelF1(Skill s) const noexcept { return modelF1_[static_cast<std::size_t>(s)]; }
    double rulesF1(Skill s) const noexcept { return rulesF1_[static_cast<std::size_t>(s)]; }
    /// True when the model should suggest this skill instead of the rules: it scored higher.
    bool preferred(Skill s) const noexcept { return modelF1(s) >= 0 && rulesF1(s) >= 0 && modelF1(s) > rulesF1(s); }

private:
    std::vector<double> mean_, scale_;
    std::array<std::vector<double>, kNumSkills> weights_;
    std::array<double, kNumSkills> bias_{};
    int trainedOn_ = 0;
    std::array<double, kNumSkills> modelF1_{-1, -1, -1, -1, -1}, rulesF1_{-1, -1, -1, -1, -1};
};

/// Labeler name of the suggestions the model makes (`iglu label auto --model`).
inline constexpr const char* kSkillModelName = "skill-model v1";

/// k-fold cross-validation of the model (fold i = examples with index % k == i, in the given
/// order): the agreement of its held-out predictions with the labels, per skill.
std::array<Agreement, kNumSkills> crossValidate(const std::vector<LabeledExample>& examples, int folds = 5);

/// The rules' (autoLabel) agreement with the labels of `examples`, per skill.
std::array<Agreement, kNumSkills> rulesAgreement(const std::vector<LabeledExample>& examples);

/// Fewest labeled examples trainSkillModel accepts (fewer cannot be cross-validated usefully).
inline constexpr int kMinTrainingExamples = 10;

/// A trained model with the measurements that decide where it is used.
struct SkillModelTraining {
    SkillModel model;  ///< trained on every example; its scores set (cv F1, rules F1)
    std::array<Agreement, kNumSkills> crossValidated{};  ///< the model's held-out predictions
    std::array<Agreement, kNumSkills> rules{};           ///< the rules on the same labels
    int folds = 5;
    int examples = 0;
};

/// The one training procedure (`iglu label train`, the Labeling dock's Train Model): k-fold
/// cross-validation, the rules on the same labels, the model trained on all examples with both
/// F1s stored in it (SkillModel::preferred then says where it suggests). Throws
/// std::invalid_argument saying how many labeled examples there are and how many are needed
/// (at least kMinTrainingExamples and `folds`).
SkillModelTraining trainSkillModel(const std::vector<LabeledExample>& examples, int folds = 5);

}  // namespace iglu::core

#pragma once
// The one rule for where a suggested skill label comes from: with a trained model
// (skill_model.hpp), each skill is suggested by the model exactly where its cross-validated F1 is
// higher than the rules' (SkillModel::preferred), otherwise by the rules (autoLabel). Used by
// catalog::storeAutoLabels (`iglu label auto --model`) and the Labeling dock. Qt-free.
#include <array>
#include <string>

#include "core/grid/grid.hpp"
#include "core/skills/auto_labeler.hpp"
#include "core/skills/skill.hpp"
#include "core/skills/skill_model.hpp"

namespace iglu::core {

struct SkillSuggestion {
    bool value = false;
    bool fromModel = false;
    double probability = -1;              ///< the model's probability of the skill (-1: no model)
    const char* labeler = kAutoLabelerName;  ///< or kSkillModelName
    /// Which source and why, then its reason: "model (CV F1 0.60 > rules 0.58): height 6 (+1.9);
    /// yes, p = 0.91", "rules (F1 0.88 >= model CV F1 0.75): ..."; without a model the rules' reason.
    std::string reason;
};

/// Suggestions for a task's skills; `model` may be null (the rules alone).
std::array<SkillSuggestion, kNumSkills> suggestSkills(const Grid& target, const Grid* starting, const SkillModel* model);

}  // namespace iglu::core

#include "core/skills/skill_suggestion.hpp"

#include <cstdio>

namespace iglu::core {

std::array<SkillSuggestion, kNumSkills> suggestSkills(const Grid& target, const Grid* starting, const SkillModel* model) {
    std::array<SkillSuggestion, kNumSkills> out;
    const SkillReport rules = autoLabel(target, starting);
    std::array<SkillPrediction, kNumSkills> learned{};
    if (model) learned = model->predict(target, starting);
    for (Skill s : kAllSkills) {
        const auto k = static_cast<std::size_t>(s);
        SkillSuggestion& g = out[k];
        char why[112];
        if (model && model->preferred(s)) {
            g.value = learned[k].value;
            g.fromModel = true;
            g.probability = learned[k].probability;
            g.labeler = kSkillModelName;
            std::snprintf(why, sizeof why, "model (CV F1 %.2f > rules %.2f): ", model->modelF1(s), model->rulesF1(s));
            g.reason = why + learned[k].reason;
            continue;
        }
        g.value = rules[s].value;
        g.labeler = kAutoLabelerName;
        if (!model) {
            g.reason = rules[s].reason;
            continue;
        }
        g.probability = learned[k].probability;
        if (model->modelF1(s) < 0 || model->rulesF1(s) < 0)
            std::snprintf(why, sizeof why, "rules (the model has no cross-validated F1 for %s): ", skillName(s));
        else
            std::snprintf(why, sizeof why, "rules (F1 %.2f >= model CV F1 %.2f): ", model->rulesF1(s), model->modelF1(s));
        g.reason = why + rules[s].reason;
    }
    return out;
}

}  // namespace iglu::core

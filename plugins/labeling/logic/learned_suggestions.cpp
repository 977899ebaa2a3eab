#include "learned_suggestions.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/catalog/auto_labels.hpp"
#include "core/skills/auto_labeler.hpp"
#include "logic/uncertainty_wording.hpp"

namespace iglu::plugins::labeling {

core::SkillModelTraining trainOnCatalog(const catalog::Catalog& catalog, int folds) {
    return core::trainSkillModel(catalog::humanLabeledExamples(catalog), folds);
}

std::unordered_set<std::string> fullyLabeledTasks(const catalog::Catalog& catalog) {
    std::map<std::string, std::array<bool, core::kNumSkills>> seen;
    for (const auto& l : catalog.allLabels(catalog::LabelSource::Human)) seen[l.taskId][static_cast<std::size_t>(l.skill)] = true;
    std::unordered_set<std::string> out;
    for (const auto& [id, skills] : seen)
        if (std::all_of(skills.begin(), skills.end(), [](bool b) { return b; })) out.insert(id);
    return out;
}

std::vector<UncertainTask> rankByUncertainty(const catalog::Catalog& catalog, const core::SkillModel& model,
                                             const std::vector<std::string>& taskIds) {
    std::vector<UncertainTask> out;
    out.reserve(taskIds.size());
    for (const auto& id : taskIds) {
        const auto t = catalog.task(id);
        if (!t) continue;
        const auto p = model.predict(t->task.target, &t->task.starting);
        const auto rules = core::autoLabel(t->task.target, &t->task.starting);
        UncertainTask u;
        u.taskId = id;
        for (core::Skill s : core::kAllSkills) {
            const auto k = static_cast<std::size_t>(s);
            u.probability[k] = p[k].probability;
            u.reason[k] = p[k].reason;
            u.rules[k] = rules[s].value;
            const double m = std::abs(p[k].probability - 0.5);
            if (m < u.margin) {
                u.margin = m;
                u.mostUncertain = s;
            }
        }
        out.push_back(std::move(u));
    }
    std::stable_sort(out.begin(), out.end(), [](const UncertainTask& a, const UncertainTask& b) { return a.margin < b.margin; });
    return out;
}

namespace {
// The skills describeUncertainty names: least sure first, those within 0.25 of 0.5 (at least one, at most three).
std::vector<core::Skill> unsureSkills(const UncertainTask& task) {
    std::vector<core::Skill> order(core::kAllSkills.begin(), core::kAllSkills.end());
    const auto margin = [&](core::Skill s) { return std::abs(task.probability[static_cast<std::size_t>(s)] - 0.5); };
    std::stable_sort(order.begin(), order.end(), [&](core::Skill a, core::Skill b) { return margin(a) < margin(b); });
    std::vector<core::Skill> out;
    for (std::size_t i = 0; i < order.size() && i < 3; ++i) {
        if (i > 0 && margin(order[i]) >= 0.25) break;
        out.push_back(order[i]);
    }
    return out;
}
}  // namespace

std::string describeUncertainty(const UncertainTask& task) {
    const auto skills = unsureSkills(task);
    std::vector<std::string> reasons;
    for (core::Skill s : skills) reasons.push_back(modelUnsureReason(s, task.probability[static_cast<std::size_t>(s)]));
    for (core::Skill s : skills) {
        const auto k = static_cast<std::size_t>(s);
        if ((task.probability[k] >= 0.5) != task.rules[k]) reasons.push_back(modelAgainstRulesReason(s, task.probability[k], task.rules[k]));
    }
    return sentences(reasons);
}

std::string uncertaintyDetails(const UncertainTask& task) {
    std::string out;
    for (core::Skill s : unsureSkills(task))
        out += (out.empty() ? "" : "\n") + std::string(core::skillName(s)) + ": " + task.reason[static_cast<std::size_t>(s)];
    return out;
}

const UncertainTask* UncertaintyWalk::next(const std::function<bool(const std::string&)>& isLabeled) {
    const int n = static_cast<int>(ranking_.size());
    for (int k = 1; k <= n; ++k) {
        const int i = (cursor_ + k) % n;
        if (!isLabeled(ranking_[static_cast<std::size_t>(i)].taskId)) {
            cursor_ = i;
            return &ranking_[static_cast<std::size_t>(i)];
        }
    }
    return nullptr;
}

}  // namespace iglu::plugins::labeling

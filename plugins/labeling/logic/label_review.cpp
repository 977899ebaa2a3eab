#include "label_review.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

#include "logic/labeler_name.hpp"

namespace iglu::plugins::labeling {

namespace {
const std::string kReviewedBy = "reviewed by ";
}

bool ReviewItem::resolved() const {
    return std::all_of(skills.begin(), skills.end(), [](const SkillOpinions& s) { return !s.disagree || s.final; });
}

int ReviewItem::disputedCount() const {
    return static_cast<int>(std::count_if(skills.begin(), skills.end(), [](const SkillOpinions& s) { return s.disagree; }));
}

std::vector<ReviewItem> findDisagreements(const catalog::Catalog& catalog) {
    // Per task and skill: each labeler's newest label (allLabels is ordered by task, time) and the final one.
    struct Task {
        std::array<std::map<std::string, bool>, core::kNumSkills> byLabeler;
        std::array<std::optional<bool>, core::kNumSkills> final;
        std::array<std::string, core::kNumSkills> finalBy;
    };
    std::map<std::string, Task> tasks;
    for (const auto& l : catalog.allLabels(catalog::LabelSource::Human)) {
        Task& t = tasks[l.taskId];
        const auto k = static_cast<std::size_t>(l.skill);
        if (l.labeler == kFinalLabeler) {
            t.final[k] = l.value;
            t.finalBy[k] = l.reason.rfind(kReviewedBy, 0) == 0 ? l.reason.substr(kReviewedBy.size()) : l.reason;
        } else {
            t.byLabeler[k][l.labeler] = l.value;
        }
    }
    std::vector<ReviewItem> out;
    for (auto& [id, t] : tasks) {
        ReviewItem item;
        item.taskId = id;
        for (core::Skill s : core::kAllSkills) {
            const auto k = static_cast<std::size_t>(s);
            if (t.byLabeler[k].empty() && !t.final[k]) continue;
            SkillOpinions o;
            o.skill = s;
            for (const auto& [who, value] : t.byLabeler[k]) o.opinions.push_back({who, value});
            o.disagree = std::any_of(o.opinions.begin(), o.opinions.end(),
                                     [&](const LabelerOpinion& x) { return x.value != o.opinions.front().value; });
            o.final = t.final[k];
            o.finalBy = t.finalBy[k];
            item.skills.push_back(std::move(o));
        }
        if (item.disputedCount() > 0) out.push_back(std::move(item));
    }
    return out;
}

void setFinalLabel(catalog::Catalog& catalog, const std::string& taskId, core::Skill skill, bool value,
                   const std::string& reviewer) {
    if (const std::string problem = labelerNameProblem(reviewer); !problem.empty())
        throw std::invalid_argument("final label of " + taskId + ": " + problem);
    if (!catalog.hasTask(taskId)) throw std::invalid_argument("final label: task " + taskId + " is not in the catalog");
    catalog.putLabel({taskId, skill, value, catalog::LabelSource::Human, kFinalLabeler, kReviewedBy + trimmedLabelerName(reviewer), ""});
}

}  // namespace iglu::plugins::labeling

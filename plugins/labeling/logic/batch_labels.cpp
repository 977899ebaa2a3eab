#include "batch_labels.hpp"

#include <set>
#include <stdexcept>

#include "logic/labeler_name.hpp"

namespace iglu::plugins::labeling {

BatchLabelResult applyBatchLabel(catalog::Catalog& catalog, const std::vector<std::string>& taskIds, core::Skill skill,
                                 std::optional<bool> value, const std::string& labeler) {
    if (const std::string problem = labelerNameProblem(labeler); !problem.empty())
        throw std::invalid_argument("batch labeling: " + problem);
    const std::string who = trimmedLabelerName(labeler);
    std::vector<std::string> ids;
    std::set<std::string> seen;
    for (const auto& id : taskIds) {
        if (!seen.insert(id).second) continue;
        if (!catalog.hasTask(id)) throw std::invalid_argument("batch labeling: task " + id + " is not in the catalog");
        ids.push_back(id);
    }
    BatchLabelResult result;
    catalog.transaction([&] {
        for (const auto& id : ids) {
            std::optional<bool> now;
            for (const auto& l : catalog.labels(id))
                if (l.source == catalog::LabelSource::Human && l.labeler == who && l.skill == skill) now = l.value;
            if (now == value) {
                ++result.unchanged;
                continue;
            }
            ++result.changed;
            if (value) catalog.putLabel({id, skill, *value, catalog::LabelSource::Human, who, "", ""});
            else catalog.removeLabel(id, skill, catalog::LabelSource::Human, who);
        }
    });
    return result;
}

std::string describeBatch(core::Skill skill, std::optional<bool> value, int tasks, const BatchLabelResult& result) {
    const std::string name = core::skillName(skill);
    const std::string count = std::to_string(tasks) + (tasks == 1 ? " task" : " tasks");
    const std::string changed = " (" + std::to_string(result.changed) + " changed)";
    if (!value) return name + " cleared on " + count + changed;
    return name + " = " + (*value ? "yes" : "no") + " for " + count + changed;
}

}  // namespace iglu::plugins::labeling

#include "core/catalog/custom_task.hpp"

#include <vector>

namespace iglu::catalog {

void addCustomTask(Catalog& catalog, TaskRecord record, core::SkillSet skills, const std::string& labeler) {
    const std::string& id = record.task.id;
    if (id.empty()) throw CatalogError(catalog.path() + ": id: a custom task needs an id");
    record.source = TaskSource::Custom;
    std::vector<SkillLabel> labels;
    for (core::Skill s : core::kAllSkills)
        labels.push_back({id, s, skills.has(s), LabelSource::Human, labeler, "set by the task's author", ""});
    catalog.transaction([&] {
        // Checked inside the transaction: another writer cannot slip the same id in between.
        if (catalog.hasTask(id))
            throw CatalogError(catalog.path() + ": id: a task \"" + id + "\" already exists (a custom task is always new)");
        catalog.putTask(record, TaskWrite::New);
        catalog.putLabels(labels);
    });
}

}  // namespace iglu::catalog

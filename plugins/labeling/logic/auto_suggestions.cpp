#include "auto_suggestions.hpp"

#include <vector>

#include "core/skills/auto_labeler.hpp"

namespace iglu::plugins::labeling {

int storeAutoSuggestions(catalog::Catalog& catalog, const std::function<bool(int, int)>& progress) {
    const auto ids = catalog.findTasks();
    const int total = static_cast<int>(ids.size());
    std::vector<catalog::SkillLabel> batch;
    int done = 0;
    for (const auto& summary : ids) {
        if (progress && !progress(done, total)) break;
        const auto t = catalog.task(summary.id);
        if (!t) continue;
        const auto report = core::autoLabel(t->task.target, &t->task.starting);
        for (core::Skill s : core::kAllSkills)
            batch.push_back({t->task.id, s, report[s].value, catalog::LabelSource::Auto, core::kAutoLabelerName, report[s].reason, ""});
        ++done;
        if (batch.size() >= 500) {
            catalog.putLabels(batch);
            batch.clear();
        }
    }
    catalog.putLabels(batch);
    return done;
}

}  // namespace iglu::plugins::labeling

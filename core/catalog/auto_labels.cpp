#include "core/catalog/auto_labels.hpp"

#include <vector>

#include "core/skills/auto_labeler.hpp"

namespace iglu::catalog {

namespace {
constexpr std::size_t kBatch = 500;
}  // namespace

AutoLabelRun storeAutoLabels(Catalog& catalog, const std::function<bool(int, int)>& progress) {
    const auto ids = catalog.findTasks();
    AutoLabelRun run;
    run.total = static_cast<int>(ids.size());
    std::vector<SkillLabel> batch;
    for (const auto& summary : ids) {
        if (progress && !progress(run.labeled, run.total)) break;
        const auto t = catalog.task(summary.id);
        if (!t) continue;
        const core::SkillReport report = core::autoLabel(t->task.target, &t->task.starting);
        for (core::Skill s : core::kAllSkills) {
            batch.push_back({t->task.id, s, report[s].value, LabelSource::Auto, core::kAutoLabelerName, report[s].reason, ""});
            run.positives[static_cast<std::size_t>(s)] += report[s].value;
        }
        ++run.labeled;
        if (batch.size() >= kBatch) {
            catalog.putLabels(batch);
            batch.clear();
        }
    }
    catalog.putLabels(batch);
    return run;
}

}  // namespace iglu::catalog

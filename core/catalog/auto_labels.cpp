#include "core/catalog/auto_labels.hpp"

#include <cstdio>
#include <vector>

#include "core/skills/auto_labeler.hpp"

namespace iglu::catalog {

namespace {
constexpr std::size_t kBatch = 500;
}  // namespace

AutoLabelRun storeAutoLabels(Catalog& catalog, const std::function<bool(int, int)>& progress, const core::SkillModel* model) {
    const auto ids = catalog.findTasks();
    AutoLabelRun run;
    run.total = static_cast<int>(ids.size());
    std::vector<SkillLabel> batch;
    for (const auto& summary : ids) {
        if (progress && !progress(run.labeled, run.total)) break;
        const auto t = catalog.task(summary.id);
        if (!t) continue;
        const core::SkillReport report = core::autoLabel(t->task.target, &t->task.starting);
        std::array<core::SkillPrediction, core::kNumSkills> learned{};
        if (model) learned = model->predict(t->task.target, &t->task.starting);
        for (core::Skill s : core::kAllSkills) {
            const auto k = static_cast<std::size_t>(s);
            if (model && model->preferred(s)) {
                char why[96];
                std::snprintf(why, sizeof why, "learned model (CV F1 %.2f > rules %.2f): ", model->modelF1(s), model->rulesF1(s));
                batch.push_back({t->task.id, s, learned[k].value, LabelSource::Auto, core::kSkillModelName, why + learned[k].reason, ""});
                run.positives[k] += learned[k].value;
                continue;
            }
            batch.push_back({t->task.id, s, report[s].value, LabelSource::Auto, core::kAutoLabelerName, report[s].reason, ""});
            run.positives[k] += report[s].value;
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

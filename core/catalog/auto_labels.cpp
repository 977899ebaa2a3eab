#include "core/catalog/auto_labels.hpp"
#include "core/catalog/task_filter.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "core/skills/skill_suggestion.hpp"

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
        const auto suggested = core::suggestSkills(t->task.target, &t->task.starting, model);
        for (core::Skill s : core::kAllSkills) {
            const auto& g = suggested[static_cast<std::size_t>(s)];
            batch.push_back({t->task.id, s, g.value, LabelSource::Auto, g.labeler, g.reason, ""});
            run.positives[static_cast<std::size_t>(s)] += g.value;
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

std::vector<core::LabeledExample> humanLabeledExamples(const Catalog& catalog) {
    std::map<std::string, std::array<std::optional<bool>, core::kNumSkills>> human;
    for (const auto& l : catalog.allLabels(LabelSource::Human)) human[l.taskId][static_cast<std::size_t>(l.skill)] = l.value;
    std::vector<core::LabeledExample> out;
    for (const auto& [id, labels] : human) {
        if (std::any_of(labels.begin(), labels.end(), [](const auto& v) { return !v.has_value(); })) continue;
        const auto t = catalog.task(id);
        if (!t || !hasContent(static_cast<int>(t->task.starting.blocks().size()), static_cast<int>(t->task.target.blocks().size()),
                              t->task.instruction))
            continue;  // nothing to learn from (and nothing a person saw)
        core::LabeledExample e;
        e.id = id;
        e.target = t->task.target;
        e.starting = t->task.starting;
        for (std::size_t k = 0; k < core::kNumSkills; ++k) e.labels[k] = *labels[k];
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace iglu::catalog

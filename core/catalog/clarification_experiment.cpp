#include "core/catalog/clarification_experiment.hpp"

#include <map>

#include "core/catalog/clarification_data.hpp"
#include "core/catalog/experiment_lock.hpp"
#include "core/catalog/task_filter.hpp"

namespace iglu::catalog {

ClarificationRunReport runClarification(Catalog& catalog, core::ClarificationPredictor& model, const ClarificationRunOptions& options) {
    const auto examples = clarificationExamples(catalog);
    const auto bank = questionBank(catalog);
    std::vector<const core::ClarificationExample*> tasks;
    for (const auto& e : examples)
        if (!options.only || options.only->count(e.id)) tasks.push_back(&e);
    if (tasks.empty())
        throw CatalogError(catalog.path() + ": no task to run the clarification model on" +
                           (examples.empty() ? std::string(" (no task has IsInstructionClear or a gold question: import the single-turn data)")
                                             : std::string(" (none of the catalog's clarification tasks is among those selected)")));
    ClarificationRunReport report;
    report.experiment = catalog.ensureExperiment(options.name, options.script, options.config, kClarificationExperiment);
    const ExperimentLock lock(catalog, report.experiment.id, options.name);  // one writer; a delete waits for it
    report.tasks = static_cast<int>(tasks.size());
    constexpr std::size_t kBatch = 64;
    std::vector<core::ClarificationPrediction> batch;
    const auto flush = [&] {
        catalog.putClarificationPredictions(report.experiment.id, batch);
        report.stored += static_cast<int>(batch.size());
        batch.clear();
    };
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        if (options.cancel && options.cancel->load()) {
            report.cancelled = true;
            break;
        }
        batch.push_back(core::predictOne(model, *tasks[i], bank));
        if (!batch.back().error.empty()) ++report.errors;
        if (batch.size() == kBatch) flush();
        if (options.progress) options.progress(static_cast<int>(i + 1), report.tasks);
    }
    if (!batch.empty()) flush();
    return report;
}

core::ClarificationSummary clarificationSummary(const Catalog& catalog, std::int64_t experimentId) {
    const auto predictions = catalog.clarificationPredictions(experimentId);
    TaskFilter f;
    for (const auto& p : predictions) f.ids.push_back(p.taskId);
    std::map<std::string, core::SkillSet> skills;
    if (!f.ids.empty())
        for (const auto& s : catalog.findTasks(f)) skills[s.id] = effectiveSkills(s);
    core::ClarificationSummary summary;
    for (const auto& p : predictions) summary.add(p, skills[p.taskId]);
    return summary;
}

}  // namespace iglu::catalog

#pragma once
// A small catalog for the labeling / browser GUI tests: the bundled single-turn tasks (no tapes)
// with the automatic labeler's suggestions stored as source auto (as `iglu label auto` does).
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/skills/auto_labeler.hpp"
#include "datasets/importer.hpp"

namespace iglu::tests {

inline void fillTestCatalog(catalog::Catalog& cat) {
    datasets::ImportOptions opts;
    opts.withRollouts = false;
    datasets::importSingleTurn(std::string(IGLU_SOURCE_DIR) + "/examples/data/iglu-singleturn", cat, opts);
    std::vector<catalog::SkillLabel> labels;
    for (const auto& t : cat.loadTasks()) {
        const auto report = core::autoLabel(t.task.target, &t.task.starting);
        for (auto s : core::kAllSkills)
            labels.push_back({t.task.id, s, report[s].value, catalog::LabelSource::Auto, core::kAutoLabelerName, report[s].reason, ""});
    }
    cat.putLabels(labels);
}

}  // namespace iglu::tests

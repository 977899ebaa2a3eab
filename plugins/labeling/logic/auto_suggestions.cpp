#include "auto_suggestions.hpp"

#include "core/catalog/auto_labels.hpp"

namespace iglu::plugins::labeling {

int storeAutoSuggestions(catalog::Catalog& catalog, const std::function<bool(int, int)>& progress, const core::SkillModel* model) {
    return catalog::storeAutoLabels(catalog, progress, model).labeled;
}

}  // namespace iglu::plugins::labeling

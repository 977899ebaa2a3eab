#pragma once
// A small catalog for the labeling / browser GUI tests: the bundled single-turn tasks (no tapes)
// with the automatic labeler's suggestions stored as source auto (as `iglu label auto` does).
#include <string>

#include "core/catalog/auto_labels.hpp"
#include "core/catalog/catalog.hpp"
#include "datasets/importer.hpp"

namespace iglu::test {

inline void fillTestCatalog(catalog::Catalog& cat) {
    datasets::ImportOptions opts;
    opts.withRollouts = false;
    datasets::importSingleTurn(std::string(IGLU_SOURCE_DIR) + "/examples/data/iglu-singleturn", cat, opts);
    catalog::storeAutoLabels(cat);
}

}  // namespace iglu::test

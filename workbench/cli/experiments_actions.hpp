#pragma once
// The actions of `iglu experiments` beyond list / show / compare of build experiments:
// clarification experiments (experiments_clarification.cpp) and managing experiments
// (experiments_admin.cpp: delete, rename, tag, note) and training curves (experiments_scalars.cpp).
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::cli {

/// `iglu experiments show` of a clarification experiment: per-skill table or JSON.
void showClarificationExperiment(const catalog::Catalog& cat, const catalog::ExperimentRecord& e, bool json);
/// `iglu experiments compare` of two clarification experiments: paired on their common tasks.
void compareClarificationExperiments(const catalog::Catalog& cat, const catalog::ExperimentRecord& a,
                                     const catalog::ExperimentRecord& b, bool json);

/// delete NAME | rename NAME NEW | tag NAME [TAG ...] | note NAME TEXT, on the catalog `db`.
void manageExperiment(const std::string& db, const std::string& action, const std::vector<std::string>& args, bool json);

/// `iglu experiments scalars`: the runs with scalars (only `run` when given) and their tags' last
/// values, as a table or JSON. An unknown `run` is an error naming it.
void listScalars(const catalog::Catalog& cat, const std::string& run, bool json);

}  // namespace iglu::cli

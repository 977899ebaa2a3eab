#pragma once
// Skill labels to and from files, for sharing labels between catalogs and with other tools.
//   CSV:  task_id,skill,value,source,labeler,reason,time   (value 1/0; RFC 4180 quoting)
//   JSON: {"labels": [{"task_id", "skill", "value" (bool), "source", "labeler", "reason", "time"}]}
// The format follows the file extension (.csv or .json). Import validates every row (unknown
// skill or source, bad value: the row is skipped and reported with its line or index) and writes
// the valid ones in one transaction; importing a file exported from a catalog reproduces its
// labels exactly (same keys, values, reasons and times).
#include <optional>
#include <string>

#include "core/catalog/catalog.hpp"
#include "datasets/import_report.hpp"

namespace iglu::datasets {

/// Writes every label (or only one source's) and returns how many. Throws DatasetError
/// (MissingFile) when the file cannot be written, or for an extension other than .csv/.json.
int exportLabels(const catalog::Catalog& catalog, const std::string& path,
                 std::optional<catalog::LabelSource> source = std::nullopt);

ImportReport importLabels(const std::string& path, catalog::Catalog& catalog);

}  // namespace iglu::datasets

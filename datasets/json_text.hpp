#pragma once
// A whole JSON document read with nlohmann-json (structures.json, label files), with the checks
// every JSON input gets: malformed text and text that is not UTF-8 name the line and column, and
// a key written twice in one object is an error (nlohmann would keep the last one silently).
#include <string>

#include <nlohmann/json.hpp>

#include "datasets/import_report.hpp"

namespace iglu::datasets {

/// Throws DatasetError (MalformedJson, InvalidUtf8, DuplicateKey) naming `path`, line and column.
nlohmann::json parseJsonText(const std::string& text, const std::string& path);

}  // namespace iglu::datasets

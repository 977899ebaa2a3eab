#pragma once
// Checks core/intersection and core/metrics against shared/conformance/max_intersection.jsonl.
#include <string>
#include <vector>

#include "core/conformance/report.hpp"

namespace iglu::core::conformance {

/// Reads every line of a max_intersection.jsonl file and checks value, argmax (with tie-breaking),
/// sizes, precision/recall/F1, intersection without invariance, admissible counts, the synthetic
/// (diff) task and the IGLU-2022 evaluator variant. One CheckResult per case, in file order.
/// Throws std::runtime_error naming the file and line for an unreadable file or malformed line.
std::vector<CheckResult> checkIntersectionCases(const std::string& jsonlPath);

}  // namespace iglu::core::conformance

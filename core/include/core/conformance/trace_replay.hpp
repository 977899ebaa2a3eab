#pragma once
// Replays golden traces recorded from the reference gridworld (shared/conformance/traces) and
// compares every step: pose (within 1e-9), vertical speed, sub-step count, active colour,
// inventory, reward, done, synthetic and real maximal intersection, grid.
#include <string>
#include <vector>

#include "core/conformance/report.hpp"

namespace iglu::core::conformance {

inline constexpr double kPoseTolerance = 1e-9;

struct TraceResult : CheckResult {
    double maxPoseError = 0;  ///< largest |pos/rot/dy difference| seen over the trace
};

/// Replays one trace file (formats iglu-gridworld-golden-trace/1 and /1+resets).
/// Throws std::runtime_error naming the file (and field) when the file cannot be read or parsed.
TraceResult replayTrace(const std::string& path);

/// Trace files of a folder: every *.json except index.json, sorted by name.
std::vector<std::string> traceFiles(const std::string& dir);

}  // namespace iglu::core::conformance

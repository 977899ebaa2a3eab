#pragma once
// Results of checking this implementation against recordings of the reference environment.
#include <string>
#include <vector>

namespace iglu::core::conformance {

/// One mismatch: which recording, where in it, which field, and what differed.
struct Failure {
    std::string source;   ///< trace file name or intersection case id
    int step = -1;        ///< trace step t (-1: not step-specific, 0: after reset)
    std::string field;    ///< e.g. "pos[1]", "reward", "argmax"
    std::string message;  ///< expected vs actual
    std::string toString() const;
};

/// Outcome of one recording (a trace or a case): passed when it has no failures.
struct CheckResult {
    std::string source;
    int checkedSteps = 0;
    std::vector<Failure> failures;  ///< capped (see kMaxFailuresPerSource); `more` counts the rest
    int more = 0;
    bool passed() const { return failures.empty(); }
};
inline constexpr int kMaxFailuresPerSource = 5;

/// Adds a failure unless the cap is reached (then counts it in `more`).
void addFailure(CheckResult& r, int step, std::string field, std::string message);

}  // namespace iglu::core::conformance

#pragma once
// `iglu import rollouts FILE --db DB`: agent episodes from a rollout file (import_rollouts.cpp).
#include <string>

namespace iglu::cli {

struct RolloutImportOptions {
    std::string file;
    std::string db;
    std::string experiment;   ///< store every episode under this experiment (default: each line's agent)
    bool keepDivergent = false;
    bool json = false;
};

/// Replays, verifies and stores the file's episodes (one transaction); sets exitCode() to 1 when
/// an episode diverged, 130 when interrupted. Throws (nothing stored) for a malformed file.
void importRollouts(const RolloutImportOptions& options);

}  // namespace iglu::cli

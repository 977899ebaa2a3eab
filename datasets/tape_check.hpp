#pragma once
// Turning a world-state file's tape into a human rollout, with the checks every importer makes:
// the recovered world equals the starting world, and the replay ends at worldEndingState.
#include <optional>
#include <string>

#include "core/rollout/rollout.hpp"
#include "datasets/import_report.hpp"
#include "world_state.hpp"

namespace iglu::datasets {

/// The rollout of `end.tape` replayed from `starting`, or nullopt when the file has no tape or the
/// tape is malformed (a warning in `report`). A mismatch with the recovery or the end world is a
/// warning (TapeMismatch): the rollout is still the builder's real behaviour and is returned.
std::optional<core::Rollout> replayTape(const WorldState& end, const core::Grid& starting, const core::Pose& pose,
                                        const std::string& taskId, const std::string& path, const std::string& source,
                                        ImportReport& report);

}  // namespace iglu::datasets

#pragma once
// The behaviour tape of an IGLU world-state file: one event per line,
//   <tick> action <name> <args...>
//   <tick> block_change (x, y, z, old, new) (x, y, z, old, new) ...   (voxel coordinates, block ids)
//   <tick> pos_change (x, y, z)
//   <tick> set_look (yaw, pitch)
// The tape opens with a world recovery (`action start_recover_world_state` ...
// `action finish_recover_world_state`) that rebuilds the world the turn started from; the
// builder's behaviour follows. parseTape turns the behaviour into a rollout (one frame per line)
// from a given starting grid, and reports the recovered world so callers can check it. A recovery
// that never finishes (the first turn of a session, from the empty world) is an empty recovery.
#include <optional>
#include <string>
#include <string_view>

#include "core/rollout/rollout.hpp"
#include "datasets/import_report.hpp"

namespace iglu::datasets {

struct ParsedTape {
    core::Rollout rollout;                 ///< starting grid, start pose, frames after the recovery
    std::optional<core::Grid> recovered;   ///< world rebuilt by the recovery section, when present
    int staleOldValues = 0;                ///< block changes whose stated old block differs from the replayed grid
};

/// Parses a tape. `starting` is the grid the behaviour is replayed from (the rollout's `before`
/// values come from that replay, so a rollout always seeks back exactly). Throws DatasetError
/// (BadTape with the tape line; UnknownBlockId; OutOfZone) naming `path`.
ParsedTape parseTape(std::string_view tape, const core::Grid& starting, const core::Pose& startPose,
                     const std::string& path);

}  // namespace iglu::datasets

#pragma once
// Packing of rollout frames into the catalog's `rollouts.frames` blob.
//
// Format 1 (little-endian): the bytes "IRF" and a format byte 1, then per frame:
//   f64 tick, f64 reward, f64 x, y, z, yaw, pitch, u16 action length, action bytes (UTF-8),
//   u16 change count, then 5 signed bytes per change (x, y, z, before, after).
#include <cstdint>
#include <string>
#include <vector>

#include "core/rollout/rollout.hpp"

namespace iglu::catalog {

std::vector<std::uint8_t> encodeFrames(const core::Rollout& rollout);
/// Appends the frames of a blob to `rollout`. Throws CatalogError (naming `what`) for a truncated
/// blob, an unknown format, or a change outside the zone / colour range.
void decodeFrames(const std::uint8_t* data, std::size_t size, core::Rollout& rollout, const std::string& what);

}  // namespace iglu::catalog

#pragma once
// Internal (iglu_core): block lists [[x, y, z, colour], ...] in JSON, as task lists and rollout
// files write them. One reader, so every JSON input names the same field the same way.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/grid/grid.hpp"

namespace iglu::core::detail {

/// The blocks of `j`; throws std::runtime_error "FIELD: expected a list of [x, y, z, colour]" or
/// "FIELD[i]: expected [x, y, z, colour] integers" (integers beyond +-1,000,000 included).
std::vector<Block> blocksFromJson(const nlohmann::json& j, const std::string& field);
/// blocksFromJson + Grid::fromBlocks; its GridError becomes std::runtime_error "FIELD: block #i ...".
Grid gridFromJson(const nlohmann::json& j, const std::string& field);
/// The grid's blocks as [[x, y, z, colour], ...] (sorted as Grid::blocks()).
nlohmann::ordered_json gridJson(const Grid& g);

}  // namespace iglu::core::detail

#pragma once
// One cell of the zone changing colour: what a step or a tape line did to the grid. The
// environment's `applyChanges`, rollouts and the viewers share it, so it lives beside the grid.
#include <cstdint>

namespace iglu::core {

struct BlockChange {
    std::int8_t x = 0, y = 0, z = 0;       ///< IGLU coordinates, inside the zone
    std::int8_t before = 0, after = 0;     ///< colours 0..6
    friend bool operator==(const BlockChange&, const BlockChange&) = default;
};

}  // namespace iglu::core

#pragma once
// The IGLU inventory, the one rule for the environment and for whoever checks that a task can be
// built (the task editor). An episode starts with 20 blocks of each colour minus the blocks of that
// colour already on the starting grid; placing takes one, breaking gives one back. So at every
// step the inventory of a colour is 20 minus the blocks of that colour on the grid, and a colour
// can only be placed while fewer than 20 of it are on the grid: a target can hold more than 20
// blocks of a colour only where all of them are already in the start (none has to be placed).
#include <array>
#include <string>
#include <vector>

#include "core/env/physics.hpp"
#include "core/grid/grid.hpp"

namespace iglu::core {

/// Blocks of each colour (index colour - 1) the agent holds at the start of an episode on `start`.
/// Allocation-free (Environment::reset).
inline std::array<int, kNumColours> initialInventory(const Grid& start) noexcept {
    std::array<int, kNumColours> inventory;
    inventory.fill(physics::kInitialInventory);
    for (int i = 0; i < kCells; ++i)
        if (const int c = start.cell(i); c >= 1 && c <= kNumColours) --inventory[static_cast<std::size_t>(c - 1)];
    return inventory;
}

/// A colour a target asks for beyond what the inventory allows.
struct InventoryShortfall {
    int colour = 0;        ///< 1..6
    int inTarget = 0;      ///< blocks of the colour in the target
    int toPlace = 0;       ///< target cells of the colour the start does not already hold in that colour
    std::string message;   ///< e.g. "23 red blocks in the target (3 to place): at most 20 fit the inventory"
};

/// The colours whose target blocks cannot be built with the inventory (see above): more than
/// kInitialInventory blocks of the colour in the target while at least one of them must be placed.
/// Empty when the inventory suffices.
std::vector<InventoryShortfall> inventoryShortfalls(const Grid& start, const Grid& target);

}  // namespace iglu::core

#include "core/env/inventory.hpp"

namespace iglu::core {

std::vector<InventoryShortfall> inventoryShortfalls(const Grid& start, const Grid& target) {
    std::array<int, kNumColours> inTarget{}, toPlace{};
    for (int i = 0; i < kCells; ++i) {
        const int c = target.cell(i);
        if (c < 1 || c > kNumColours) continue;
        ++inTarget[static_cast<std::size_t>(c - 1)];
        if (start.cell(i) != c) ++toPlace[static_cast<std::size_t>(c - 1)];
    }
    std::vector<InventoryShortfall> out;
    for (int c = 1; c <= kNumColours; ++c) {
        const auto k = static_cast<std::size_t>(c - 1);
        if (inTarget[k] <= physics::kInitialInventory || toPlace[k] == 0) continue;
        out.push_back({c, inTarget[k], toPlace[k],
                       std::to_string(inTarget[k]) + " " + colourName(c) + " blocks in the target (" + std::to_string(toPlace[k]) +
                           " to place): at most " + std::to_string(physics::kInitialInventory) + " " + colourName(c) +
                           " blocks can be on the grid once one is placed (the inventory holds 20 per colour, minus those on the grid)"});
    }
    return out;
}

}  // namespace iglu::core

#include "core/grid/grid.hpp"

#include <algorithm>
#include <string_view>

namespace iglu::core {

const char* colourName(int colour) {
    static constexpr const char* names[] = {"air", "blue", "green", "red", "orange", "purple", "yellow"};
    return colour >= 0 && colour <= kNumColours ? names[colour] : "?";
}

std::string toString(const Block& b) {
    return "(" + std::to_string(b.x) + ", " + std::to_string(b.y) + ", " + std::to_string(b.z) + ")";
}

void Grid::set(int x, int y, int z, int value) {
    if (!inZone(x, y, z))
        throw GridError("block " + toString({x, y, z, 0}) + " is outside the build zone (x, z in -5..5, y in -1..7)");
    cells_[static_cast<std::size_t>(index(x, y, z))] = static_cast<std::int8_t>(value);
}

int Grid::count() const noexcept {
    return static_cast<int>(kCells - std::count(cells_.begin(), cells_.end(), std::int8_t{0}));
}

int Grid::count(int value) const noexcept {
    return static_cast<int>(std::count(cells_.begin(), cells_.end(), static_cast<std::int8_t>(value)));
}

std::vector<Block> Grid::blocks() const {
    std::vector<Block> out;
    // Index order is (y, x, z); the reference's lists are sorted by (x, y, z).
    for (int x = kMinX; x <= kMaxX; ++x)
        for (int y = kMinY; y <= kMaxY; ++y)
            for (int z = kMinZ; z <= kMaxZ; ++z)
                if (int c = cells_[static_cast<std::size_t>(index(x, y, z))]; c != 0) out.push_back({x, y, z, c});
    return out;
}

Grid Grid::fromBlocks(std::span<const Block> blocks) {
    Grid g;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const Block& b = blocks[i];
        const std::string where = "block #" + std::to_string(i) + " at " + toString(b);
        if (!inZone(b.x, b.y, b.z)) throw GridError(where + " is outside the build zone (x, z in -5..5, y in -1..7)");
        if (b.colour < 1 || b.colour > kNumColours)
            throw GridError(where + " has colour " + std::to_string(b.colour) + ", expected 1..6");
        auto& c = g.cells_[static_cast<std::size_t>(index(b.x, b.y, b.z))];
        if (c != 0) throw GridError(where + " repeats a position already in the list");
        c = static_cast<std::int8_t>(b.colour);
    }
    return g;
}

Grid Grid::minus(const Grid& other) const noexcept {
    Grid d;
    for (std::size_t i = 0; i < cells_.size(); ++i)
        d.cells_[i] = static_cast<std::int8_t>(cells_[i] - other.cells_[i]);
    return d;
}

std::size_t Grid::hash() const noexcept {
    return std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char*>(cells_.data()), cells_.size()));
}

}  // namespace iglu::core

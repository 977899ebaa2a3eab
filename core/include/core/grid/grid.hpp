#pragma once
// The IGLU build zone: a dense (9, 11, 11) array indexed [y, x, z].
//
// World coordinates: x, z in -5..5, y in -1..7 (+y up). Block (x, y, z) lives at
// cells[(y + 1) * 121 + (x + 5) * 11 + (z + 5)], exactly the reference's grid[y+1, x+5, z+5].
// Cell values are colours 1..6 (0 = air). Diff grids (built - start) use the same type and
// hold values in -6..6.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace iglu::core {

inline constexpr int kSizeY = 9;
inline constexpr int kSizeX = 11;
inline constexpr int kSizeZ = 11;
inline constexpr int kLayer = kSizeX * kSizeZ;   // 121 cells in one horizontal layer
inline constexpr int kCells = kSizeY * kLayer;   // 1089 cells in the zone
inline constexpr int kMinX = -5, kMaxX = 5;
inline constexpr int kMinY = -1, kMaxY = 7;
inline constexpr int kMinZ = -5, kMaxZ = 5;
inline constexpr int kNumColours = 6;

enum Colour : std::int8_t { Air = 0, Blue = 1, Green = 2, Red = 3, Orange = 4, Purple = 5, Yellow = 6 };

/// Name of a colour id ("blue", ...); "air" for 0 and "?" outside 0..6.
const char* colourName(int colour);

/// A block in world coordinates with its colour, as in the reference's sparse lists [x, y, z, colour].
struct Block {
    int x = 0, y = 0, z = 0;
    int colour = 0;
    friend bool operator==(const Block&, const Block&) = default;
    friend auto operator<=>(const Block&, const Block&) = default;
};

/// Thrown for a block outside the zone or a colour outside 1..6; the message names the block.
class GridError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Grid {
public:
    Grid() { cells_.fill(0); }

    static constexpr bool inZone(int x, int y, int z) noexcept {
        return x >= kMinX && x <= kMaxX && y >= kMinY && y <= kMaxY && z >= kMinZ && z <= kMaxZ;
    }
    /// Flat cell index of an in-zone world position.
    static constexpr int index(int x, int y, int z) noexcept {
        return (y - kMinY) * kLayer + (x - kMinX) * kSizeZ + (z - kMinZ);
    }
    /// World position of a flat cell index.
    static constexpr Block position(int idx) noexcept {
        return Block{idx % kLayer / kSizeZ + kMinX, idx / kLayer + kMinY, idx % kSizeZ + kMinZ, 0};
    }

    /// Colour at a world position; 0 outside the zone.
    std::int8_t at(int x, int y, int z) const noexcept { return inZone(x, y, z) ? cells_[index(x, y, z)] : 0; }
    /// Sets a cell; throws GridError outside the zone.
    void set(int x, int y, int z, int value);

    std::int8_t cell(int idx) const noexcept { return cells_[static_cast<std::size_t>(idx)]; }
    void setCell(int idx, std::int8_t value) noexcept { cells_[static_cast<std::size_t>(idx)] = value; }
    const std::int8_t* data() const noexcept { return cells_.data(); }
    std::int8_t* data() noexcept { return cells_.data(); }

    /// Number of non-zero cells.
    int count() const noexcept;
    /// Number of cells holding a given value.
    int count(int value) const noexcept;
    bool empty() const noexcept { return count() == 0; }
    void clear() noexcept { cells_.fill(0); }

    /// Sparse list sorted ascending by (x, y, z), like the reference's state lists.
    std::vector<Block> blocks() const;
    /// Builds a grid from a block list. Throws GridError naming the offending entry
    /// (index, position, colour) for a position outside the zone, a colour outside 1..6,
    /// or a duplicate position.
    static Grid fromBlocks(std::span<const Block> blocks);

    /// Element-wise this - other (a diff grid, values -6..6).
    Grid minus(const Grid& other) const noexcept;

    std::size_t hash() const noexcept;
    friend bool operator==(const Grid& a, const Grid& b) noexcept { return a.cells_ == b.cells_; }

private:
    std::array<std::int8_t, kCells> cells_;
};

std::string toString(const Block& b);

}  // namespace iglu::core

template <>
struct std::hash<iglu::core::Grid> {
    std::size_t operator()(const iglu::core::Grid& g) const noexcept { return g.hash(); }
};

#pragma once
// The IGLU voxel-world conventions of the raw datasets (shared/data/README.md):
// block ids 57/86 blue, 59/88 green, 60/91 red, 47/89 orange, 56/90 purple, 50/87 yellow;
// IGLU coordinates keep x and z and take y = voxel y - 64 (voxel 63, the lowest buildable
// layer, is IGLU y = -1).
namespace iglu::datasets {

inline constexpr int kVoxelYOffset = 64;

/// IGLU colour (1..6) of a voxel block id; 0 for air (id 0); -1 for an unknown id.
constexpr int colourOfBlockId(long long id) noexcept {
    switch (id) {
        case 0: return 0;
        case 57: case 86: return 1;
        case 59: case 88: return 2;
        case 60: case 91: return 3;
        case 47: case 89: return 4;
        case 56: case 90: return 5;
        case 50: case 87: return 6;
        default: return -1;
    }
}

constexpr int igluYFromVoxel(long long voxelY) noexcept { return static_cast<int>(voxelY - kVoxelYOffset); }

}  // namespace iglu::datasets

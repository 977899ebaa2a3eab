#pragma once
// The floor under the build zone: a layer of unbreakable blocks at y = kFloorY over x, z in
// -kFloorHalf..kFloorHalf. One definition for the line of sight (env/line_of_sight.hpp), the
// first-person view (pov/) and the voxel ray (grid/voxel_ray.hpp).
namespace iglu::core {

inline constexpr int kFloorY = -2;
inline constexpr int kFloorHalf = 18;     ///< the floor covers x, z in -kFloorHalf..kFloorHalf
inline constexpr int kFloorColour = -1;   ///< solidAt() of a floor cell

}  // namespace iglu::core

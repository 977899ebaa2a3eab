#pragma once
// Where the agent is and where it looks: the vocabulary the environment, the first-person view,
// rollouts and the viewers share. Lives beside the grid (the lowest folder) so none of them has to
// include another's header for it.
namespace iglu::core {

struct Pose {
    double x = 0, y = 0, z = 0;  ///< IGLU coordinates (y = voxel y - 64), agent head point
    double yaw = 0, pitch = 0;   ///< degrees
    friend bool operator==(const Pose&, const Pose&) = default;
};

}  // namespace iglu::core

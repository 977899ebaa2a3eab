#pragma once
// Compass directions in the reference's convention (shared/conformance/README.md): yaw 0 looks
// toward -z, which IGLU instructions call north ("Facing North, build ..."); yaw 90 toward +x
// (east), 180 toward +z (south), 270 toward -x (west). One rule for every view that names a
// direction: the 3D view's floor markers and facing line, the Play panel's readout.
#include <array>
#include <cmath>
#include <string_view>

namespace iglu::core {

struct CompassMark {
    std::string_view name;  ///< "N", "E", "S", "W"
    double x, z;            ///< a unit direction on the floor
};
/// The four directions with their floor vectors: N (0, -1), E (1, 0), S (0, 1), W (-1, 0).
inline constexpr std::array<CompassMark, 4> kCompass{{{"N", 0, -1}, {"E", 1, 0}, {"S", 0, 1}, {"W", -1, 0}}};

/// The nearest of the eight directions (N, NE, E, SE, S, SW, W, NW) a yaw in degrees looks
/// toward; any yaw (negative, above 360) is accepted.
std::string_view facingName(double yawDegrees) noexcept;
/// An angle as whole degrees for display: rounded, and 0 rather than -0 ("pitch -0").
inline double wholeDegrees(double degrees) noexcept {
    const double r = std::round(degrees);
    return r == 0 ? 0.0 : r;
}

}  // namespace iglu::core

#include "core/env/compass.hpp"

#include <cmath>

namespace iglu::core {

std::string_view facingName(double yawDegrees) noexcept {
    static constexpr std::array<std::string_view, 8> kNames{"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    if (!std::isfinite(yawDegrees)) return "?";
    double y = std::fmod(yawDegrees, 360.0);
    if (y < 0) y += 360.0;
    const int sector = static_cast<int>(std::floor((y + 22.5) / 45.0)) % 8;
    return kNames[static_cast<std::size_t>(sector)];
}

}  // namespace iglu::core

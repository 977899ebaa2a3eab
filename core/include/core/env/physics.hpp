#pragma once
// The reference gridworld's physical constants and its angle arithmetic, named once for the
// environment (core/env/environment.cpp), the line of sight (core/env/line_of_sight.hpp) and the
// Lua geometry helpers (scripting/geometry.cpp).
#include <numbers>

namespace iglu::core {

namespace physics {
inline constexpr double kWalkingSpeed = 5.0;
inline constexpr double kFlyingSpeed = 15.0;
inline constexpr double kGravity = 20.0;
inline constexpr double kMaxJumpHeight = 1.2;
inline constexpr double kJumpSpeed = 6.928203230275509;  // sqrt(2 * 20 * 1.2)
inline constexpr double kTerminalVelocity = 50.0;
inline constexpr double kPad = 0.25;
inline constexpr double kStepDt = 1.0 / 20.0;
inline constexpr int kHitSamples = 40;      // reach 8 blocks, 5 samples per unit
inline constexpr int kInitialInventory = 20;
}  // namespace physics

// Python's math.radians / math.degrees multiply by these precomputed factors; the operation
// order is part of the specification (one ulp can flip a collision later on).
inline constexpr double kDegToRad = std::numbers::pi / 180.0;
inline constexpr double kRadToDeg = 180.0 / std::numbers::pi;

/// Round half to even, as Python's round() (the reference's normalize). Adding and subtracting
/// 1.5 * 2^52 rounds under the default rounding mode without a libm call; exact for |x| < 2^51.
inline int roundHalfEven(double v) noexcept {
    constexpr double kMagic = 6755399441055744.0;
    return static_cast<int>((v + kMagic) - kMagic);  // not folded: no -ffast-math
}

}  // namespace iglu::core

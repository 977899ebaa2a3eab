#pragma once
// The agent's first-person view (the reference environment's `pov` observation), rendered on the
// CPU: the IGLU block colours with simple directional shading and darkened edges, the floor with
// its unit grid, the build zone's edges, and the sky. Deterministic: the same grid and pose give
// the same bytes on every machine (float arithmetic in a fixed order, no threads).
//
// Geometry follows the environment: block (x, y, z) is the unit cube centred on (x, y, z); the
// floor's top is y = -1.5 over x, z in [-18.5, 18.5]; the camera sits at the agent's head point
// (pose x, y, z) and looks along the environment's sight vector for (yaw, pitch).
#include <cstdint>
#include <span>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::core {

struct PovConfig {
    int width = 64;
    int height = 64;
    float fovYDegrees = 70.0f;   ///< vertical field of view

    /// The largest side an observation view may have (scripts and experiments choose the size).
    static constexpr int kMaxSide = 4096;
    constexpr bool sizeValid() const noexcept { return width >= 1 && height >= 1 && width <= kMaxSide && height <= kMaxSide; }
};

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

/// Base colour of a block colour id (1..6) in the POV and viewers; colour 0 gives the sky colour.
Rgb povBlockColour(int colour) noexcept;

class PovRenderer {
public:
    /// The largest side the renderer accepts (`iglu render --pov`); environments stay within
    /// PovConfig::kMaxSide.
    static constexpr int kMaxSide = 8192;
    explicit PovRenderer(PovConfig config = {});

    int width() const noexcept { return config_.width; }
    int height() const noexcept { return config_.height; }
    /// Bytes of one frame: width * height * 3 (RGB, rows top to bottom).
    std::size_t frameBytes() const noexcept { return std::size_t(config_.width) * std::size_t(config_.height) * 3; }

    /// Renders into `out` (frameBytes() long). Allocation-free.
    void render(const Grid& grid, const Pose& eye, std::span<std::uint8_t> out);
    std::vector<std::uint8_t> render(const Grid& grid, const Pose& eye);

private:
    PovConfig config_;
    float tanX_ = 1, tanY_ = 1;        // half-extent of the view plane at distance 1
    std::vector<float> rayX_, rayY_;   // camera-space ray offsets per column / row
    std::vector<float> depth_;         // distance along the ray of the nearest surface, per pixel
};

}  // namespace iglu::core

#pragma once
// The agent's first-person view (the reference environment's `pov` observation), rendered on the
// CPU. By default (PovStyle::Reference) it reproduces the reference's frames: 90 degree vertical
// field of view, near plane 0.1, far plane 30, flat block colours with a darker border and a fixed
// brightness per face, the white build zone with grey cell borders, the dark floor outside it with
// black borders, the reference's sky (see pov_look.hpp; checked against shared/conformance/pov by
// `iglu conformance`). PovStyle::Clean is the workbench's earlier, softer look. Deterministic: the
// same grid and pose give the same bytes on every machine (float arithmetic in a fixed order, no
// threads).
//
// Geometry follows the environment: block (x, y, z) is the unit cube centred on (x, y, z); the
// floor's top is y = -1.5 over x, z in [-18.5, 18.5]; the camera sits exactly at the agent's
// position (pose x, y, z; no eye-height offset) and looks along the environment's sight vector
// (sin yaw cos pitch, sin pitch, -cos yaw cos pitch); "right" is horizontal.
#include <cstdint>
#include <span>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/pov/pov_look.hpp"
#include "core/grid/pose.hpp"

namespace iglu::core {

struct PovConfig {
    int width = 64;
    int height = 64;
    float fovYDegrees = 90.0f;   ///< vertical field of view (the reference's: 90)
    PovStyle style = PovStyle::Reference;

    /// The largest side an observation view may have (scripts and experiments choose the size).
    static constexpr int kMaxSide = 4096;
    constexpr bool sizeValid() const noexcept { return width >= 1 && height >= 1 && width <= kMaxSide && height <= kMaxSide; }
};

/// Top-face colour of a block colour id (1..6) in the POV of `style`; colour 0 gives the sky colour.
Rgb povBlockColour(int colour, PovStyle style = PovStyle::Reference) noexcept;

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
    const PovLook* look_ = nullptr;
    float tanX_ = 1, tanY_ = 1;        // half-extent of the view plane at distance 1
    std::vector<float> rayX_, rayY_;   // camera-space ray offsets per column / row
    std::vector<float> depth_;         // distance along the ray of the nearest surface, per pixel
};

}  // namespace iglu::core

#pragma once
// How the first-person view looks: its colours, floor pattern, face shading and clipping planes,
// per style. The `reference` style reproduces the reference environment's `pov` frames
// (shared/conformance/pov: measured from its frames, not taken from its code or texture); `clean`
// is the workbench's earlier look (softer colours, directional shading, a grey floor with a zone
// line, no far plane).
#include <cstdint>
#include <optional>
#include <string_view>

namespace iglu::core {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

enum class PovStyle : std::uint8_t {
    Reference,  ///< the reference environment's view (the default)
    Clean,      ///< the workbench's earlier, softer look
};

/// "reference" / "clean".
std::string_view povStyleName(PovStyle style) noexcept;
/// The style called `name` ("reference" or "clean"), or nothing.
std::optional<PovStyle> parsePovStyle(std::string_view name) noexcept;
/// "reference, clean": for error messages and help texts.
inline constexpr std::string_view kPovStyleNames = "reference, clean";

/// Faces of a block in the order the renderer visits them: +x, -x, +y (top), -y (bottom), +z, -z.
inline constexpr int kPovFaces = 6;

struct PovLook {
    Rgb sky;
    Rgb zoneFloor, zoneLine;          ///< inside the 11 x 11 build zone: cell colour, cell border colour
    Rgb outsideFloor, outsideLine;    ///< the rest of the floor
    Rgb zoneEdge;                     ///< the build zone's outline (clean style; equal to zoneLine otherwise)
    bool zoneOutline = false;         ///< draw the zone outline (clean) instead of per-zone floor colours
    float floorLine = 1.0f / 32;      ///< half-width of a cell border, in cells
    float faceBorder = 1.0f / 16;     ///< width of a block face's darker border, in blocks
    float nearPlane = 0.1f;           ///< eye-space depth below which nothing is drawn
    float farPlane = 30.0f;           ///< eye-space depth beyond which nothing is drawn (sky shows)
    /// Colour of block colour c (1..6; 0 unused) on face f (kPovFaces order): [c][f][0] the face,
    /// [c][f][1] its border.
    Rgb face[7][kPovFaces][2];
};

/// The look of a style (a static table: cheap to call, never changes).
const PovLook& povLook(PovStyle style) noexcept;

}  // namespace iglu::core

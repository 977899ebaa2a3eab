#pragma once
// Colours of the 3D view: the IGLU block palette and the intersection-overlay styles.
// The overlay uses the Okabe-Ito colour-blind-safe palette and, on top of colour, a distinct
// shape cue per category (matched: solid; missing: translucent ghost; extra: solid + white edges),
// so the three stay apart in grey scale too.
#include <cstdint>

namespace iglu::viewers {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

/// Colour of an IGLU block id 1..6 (blue, green, red, orange, purple, yellow); grey otherwise.
Rgb blockColour(int colour) noexcept;

/// What a translucent colour looks like over another: opacity * c + (1 - opacity) * under.
Rgb seenThrough(Rgb c, double opacity, Rgb under) noexcept;
/// CIE 1976 colour difference (Delta E in CIELAB, sRGB D65): ~2.3 just noticeable, > 20 clearly apart.
double colourDistance(Rgb a, Rgb b) noexcept;
/// Hue angle in degrees (0..360, HSV) of a colour.
double hueDegrees(Rgb c) noexcept;

enum class OverlayCategory : std::uint8_t { Matched = 0, Missing = 1, Extra = 2 };
Rgb overlayColour(OverlayCategory c) noexcept;
const char* overlayCategoryName(OverlayCategory c) noexcept;  ///< "matched", "missing", "extra"

inline constexpr Rgb kBackground{38, 41, 46};
inline constexpr Rgb kAgentBody{225, 225, 225};
inline constexpr Rgb kAgentArrow{240, 228, 66};   ///< Okabe-Ito yellow
inline constexpr Rgb kBeliefLegend{204, 121, 167}; ///< Okabe-Ito reddish purple: the belief legend (belief_layer.hpp)
inline constexpr double kGhostOpacity = 0.30;     ///< target ghost fill (overlay off)
inline constexpr double kGhostEdgeWidth = 1.0;    ///< the ghost's edges, in its own colour at full strength (1.5 rasterized differently on screen and offscreen)
inline constexpr Rgb kFootprint{8, 9, 11};        ///< the floor square under a shown column
inline constexpr double kFootprintOpacity = 0.6;
inline constexpr double kMissingOpacity = 0.45;   ///< missing blocks (overlay on)

}  // namespace iglu::viewers

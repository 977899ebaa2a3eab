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

enum class OverlayCategory : std::uint8_t { Matched = 0, Missing = 1, Extra = 2 };
Rgb overlayColour(OverlayCategory c) noexcept;
const char* overlayCategoryName(OverlayCategory c) noexcept;  ///< "matched", "missing", "extra"

inline constexpr Rgb kBackground{38, 41, 46};
inline constexpr Rgb kAgentBody{225, 225, 225};
inline constexpr Rgb kAgentArrow{240, 228, 66};   ///< Okabe-Ito yellow
inline constexpr Rgb kBeliefLegend{204, 121, 167}; ///< Okabe-Ito reddish purple: the belief legend (belief_layer.hpp)
inline constexpr double kGhostOpacity = 0.30;     ///< target ghost (overlay off)
inline constexpr double kMissingOpacity = 0.45;   ///< missing blocks (overlay on)

}  // namespace iglu::viewers

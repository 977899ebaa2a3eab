#pragma once
// Where the 3D view's legends go, decided without VTK: in a corner of the view outside the
// projection of the zone (the floor grid and everything shown on it), shrunk when no corner is
// free at full size, and never on another legend. ZoneScene projects the zone's corners and
// measures its text; this file only does the geometry (tests need no display).
#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace iglu::viewers {

using Point2 = std::array<double, 2>;  ///< display pixels, origin bottom-left

struct LegendBox {
    double x = 0, y = 0, width = 0, height = 0;  ///< bottom-left corner and size
    bool intersects(const LegendBox& o) const noexcept;
};

enum class Corner : std::uint8_t { TopLeft, TopRight, BottomLeft, BottomRight };
const char* cornerName(Corner c) noexcept;  ///< "top left", ...

struct LegendPlacement {
    LegendBox box;
    double scale = 1;    ///< of the full-size text
    Corner corner = Corner::TopLeft;
    double overlap = 0;  ///< square pixels of the zone's projection under the legend (0 when it found room)
};

/// Convex hull of points (counter-clockwise, no repeated point).
std::vector<Point2> convexHull(std::vector<Point2> points);
/// Area of the intersection of a convex polygon (counter-clockwise) and a box.
double overlapArea(std::span<const Point2> convex, const LegendBox& box);

inline constexpr std::array<double, 3> kLegendScales{1.0, 0.85, 0.7};

/// The first corner of `preference`, at the largest of kLegendScales, where a legend of
/// `width` x `height` (full size) stays `margin` pixels inside the view, leaves the zone's
/// projection `zone` (convex, counter-clockwise) uncovered and meets none of `taken`. When no
/// corner is free at any scale: the smallest scale at the corner covering least of the zone.
LegendPlacement placeLegend(std::span<const Point2> zone, double viewWidth, double viewHeight, double width,
                            double height, std::span<const Corner> preference, std::span<const LegendBox> taken,
                            double margin = 12);

}  // namespace iglu::viewers

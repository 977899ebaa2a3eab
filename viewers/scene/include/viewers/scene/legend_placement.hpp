#pragma once
// Where the 3D view's legends go, decided without VTK: in a corner of the view outside the
// projection of the zone (the floor grid and everything shown on it), shrunk when no corner is
// free at full size, and never on another legend. ZoneScene projects the zone's corners and
// measures its text; this file only does the geometry (tests need no display).
#include <algorithm>
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

/// Moving the picture (the camera's window centre, in half-viewports: +x right... as VTK's
/// vtkCamera::SetWindowCenter) when no corner is free: narrow views side by side (compare) or a
/// top view fill the view with the zone. `project(shift)` gives the zone's projection (convex,
/// counter-clockwise) with the picture shifted by `shift`. The first of kPictureShifts (smallest
/// first) that frees the legend while the zone stays inside the view wins; none: no shift and
/// the best placement without one.
struct ShiftedPlacement {
    LegendPlacement legend;
    Point2 shift{0, 0};
    std::vector<Point2> zone;  ///< the projection with that shift
};
inline constexpr std::array<Point2, 9> kPictureShifts{
    {{0, 0}, {0, -0.12}, {0.12, 0}, {-0.12, 0}, {0.12, -0.12}, {-0.12, -0.12}, {0, -0.24}, {0.24, 0}, {-0.24, 0}}};
template <class Project>
ShiftedPlacement placeLegendShifting(Project&& project, double viewWidth, double viewHeight, double width, double height,
                                     std::span<const Corner> preference) {
    ShiftedPlacement first;
    for (const Point2& shift : kPictureShifts) {
        ShiftedPlacement c{{}, shift, project(shift)};
        c.legend = placeLegend(c.zone, viewWidth, viewHeight, width, height, preference, {});
        if (shift == kPictureShifts[0]) first = c;
        if (c.legend.overlap > 0) continue;
        const bool inside = std::all_of(c.zone.begin(), c.zone.end(), [&](const Point2& p) {
            return p[0] >= 0 && p[0] <= viewWidth && p[1] >= 0 && p[1] <= viewHeight;
        });
        if (inside || shift == kPictureShifts[0]) return c;
    }
    first.zone = project(kPictureShifts[0]);
    return first;
}

}  // namespace iglu::viewers

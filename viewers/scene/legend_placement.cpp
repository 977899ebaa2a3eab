#include "viewers/scene/legend_placement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iglu::viewers {

bool LegendBox::intersects(const LegendBox& o) const noexcept {
    return x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height;
}

const char* cornerName(Corner c) noexcept {
    switch (c) {
        case Corner::TopLeft: return "top left";
        case Corner::TopRight: return "top right";
        case Corner::BottomLeft: return "bottom left";
        case Corner::BottomRight: return "bottom right";
    }
    return "?";
}

namespace {
double cross(const Point2& o, const Point2& a, const Point2& b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

double area(const std::vector<Point2>& poly) {
    double s = 0;
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const Point2& a = poly[i];
        const Point2& b = poly[(i + 1) % poly.size()];
        s += a[0] * b[1] - b[0] * a[1];
    }
    return std::abs(s) / 2;
}

/// Keeps the part of `poly` where coordinate `axis` is >= bound (sign +1) or <= bound (sign -1).
std::vector<Point2> clip(const std::vector<Point2>& poly, int axis, double bound, double sign) {
    std::vector<Point2> out;
    const auto inside = [&](const Point2& p) { return sign * (p[axis] - bound) >= 0; };
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const Point2& a = poly[i];
        const Point2& b = poly[(i + 1) % poly.size()];
        const bool ina = inside(a), inb = inside(b);
        if (ina) out.push_back(a);
        if (ina != inb) {
            const double t = (bound - a[axis]) / (b[axis] - a[axis]);
            out.push_back({a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])});
        }
    }
    return out;
}

LegendBox boxAt(Corner c, double viewWidth, double viewHeight, double w, double h, double margin) {
    const bool left = c == Corner::TopLeft || c == Corner::BottomLeft;
    const bool top = c == Corner::TopLeft || c == Corner::TopRight;
    return {left ? margin : viewWidth - margin - w, top ? viewHeight - margin - h : margin, w, h};
}
}  // namespace

std::vector<Point2> convexHull(std::vector<Point2> p) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
    if (p.size() < 3) return p;
    std::vector<Point2> h(2 * p.size());
    std::size_t k = 0;
    for (const auto& q : p) {
        while (k >= 2 && cross(h[k - 2], h[k - 1], q) <= 0) --k;
        h[k++] = q;
    }
    for (std::size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
        while (k >= t && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
        h[k++] = p[i];
    }
    h.resize(k - 1);
    return h;
}

double overlapArea(std::span<const Point2> convex, const LegendBox& box) {
    std::vector<Point2> poly(convex.begin(), convex.end());
    poly = clip(poly, 0, box.x, 1);
    poly = clip(poly, 0, box.x + box.width, -1);
    poly = clip(poly, 1, box.y, 1);
    poly = clip(poly, 1, box.y + box.height, -1);
    return poly.size() < 3 ? 0.0 : area(poly);
}

LegendPlacement placeLegend(std::span<const Point2> zone, double viewWidth, double viewHeight, double width,
                            double height, std::span<const Corner> preference, std::span<const LegendBox> taken,
                            double margin) {
    LegendPlacement best;
    double bestCost = std::numeric_limits<double>::infinity();
    for (const double scale : kLegendScales)
        for (const Corner c : preference) {
            const LegendBox box = boxAt(c, viewWidth, viewHeight, width * scale, height * scale, margin);
            const double overlap = overlapArea(zone, box);
            const bool clash = std::any_of(taken.begin(), taken.end(), [&](const LegendBox& t) { return t.intersects(box); });
            const bool fits = box.x >= 0 && box.y >= 0;
            if (overlap <= 0.5 && !clash && fits) return {box, scale, c, overlap};
            if (scale != kLegendScales.back()) continue;
            // No room anywhere: least zone covered; a clash with another legend counts as worse.
            // Near-ties (within 5 % of the box) keep the earlier corner, so a view and a fresh copy
            // of it whose projections differ in the last bits put the legend in the same place.
            const double cost = overlap + (clash ? 1e9 : 0);
            if (cost < bestCost - 0.05 * box.width * box.height) {
                bestCost = cost;
                best = {box, scale, c, overlap};
            }
        }
    return best;
}

}  // namespace iglu::viewers

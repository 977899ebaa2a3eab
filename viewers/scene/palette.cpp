#include "viewers/scene/palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace iglu::viewers {

Rgb blockColour(int colour) noexcept {
    switch (colour) {
        case 1: return {46, 92, 214};    // blue
        case 2: return {84, 160, 44};    // green
        case 3: return {200, 40, 40};    // red
        case 4: return {245, 130, 20};   // orange
        case 5: return {140, 60, 190};   // purple
        case 6: return {245, 205, 40};   // yellow
        default: return {150, 150, 150};
    }
}

Rgb overlayColour(OverlayCategory c) noexcept {
    switch (c) {
        case OverlayCategory::Matched: return {0, 158, 115};   // Okabe-Ito bluish green
        case OverlayCategory::Missing: return {86, 180, 233};  // Okabe-Ito sky blue
        case OverlayCategory::Extra: return {213, 94, 0};      // Okabe-Ito vermillion
    }
    return {150, 150, 150};
}

Rgb seenThrough(Rgb c, double opacity, Rgb under) noexcept {
    const auto mix = [opacity](std::uint8_t a, std::uint8_t b) {
        return static_cast<std::uint8_t>(std::lround(opacity * a + (1 - opacity) * b));
    };
    return {mix(c.r, under.r), mix(c.g, under.g), mix(c.b, under.b)};
}

namespace {
std::array<double, 3> lab(Rgb c) {
    const auto linear = [](std::uint8_t v) {
        const double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    const double r = linear(c.r), g = linear(c.g), b = linear(c.b);
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}
}  // namespace

double colourDistance(Rgb a, Rgb b) noexcept {
    const auto p = lab(a), q = lab(b);
    return std::sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
}

double hueDegrees(Rgb c) noexcept {
    const double r = c.r, g = c.g, b = c.b;
    const double mx = std::max({r, g, b}), mn = std::min({r, g, b}), d = mx - mn;
    if (d <= 0) return 0;
    double h = mx == r ? std::fmod((g - b) / d, 6.0) : mx == g ? (b - r) / d + 2 : (r - g) / d + 4;
    h *= 60;
    return h < 0 ? h + 360 : h;
}

const char* overlayCategoryName(OverlayCategory c) noexcept {
    switch (c) {
        case OverlayCategory::Matched: return "matched";
        case OverlayCategory::Missing: return "missing";
        case OverlayCategory::Extra: return "extra";
    }
    return "?";
}

}  // namespace iglu::viewers

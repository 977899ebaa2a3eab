#pragma once
// Pixel checks for rendered views: does a pixel show a given base colour under some shading
// (scaled by lighting), optionally blended over the background (translucent ghosts)?
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

#include "viewers/scene/palette.hpp"

namespace iglu::tests {

inline bool shadedMatch(viewers::Rgb p, viewers::Rgb c, double alpha = 1.0, viewers::Rgb bg = viewers::kBackground,
                        int tolerance = 14) {
    for (double s = 0.30; s <= 1.30; s += 0.025) {
        const auto blend = [&](std::uint8_t cc, std::uint8_t bb) {
            return alpha * std::min(255.0, s * cc) + (1.0 - alpha) * bb;
        };
        if (std::abs(p.r - blend(c.r, bg.r)) <= tolerance && std::abs(p.g - blend(c.g, bg.g)) <= tolerance &&
            std::abs(p.b - blend(c.b, bg.b)) <= tolerance)
            return true;
    }
    return false;
}

/// Number of pixels (outside the legend box at the top left) for which `pred` holds.
/// `at(x, y)` returns the pixel at (x, y), rows top to bottom.
inline int countPixels(int width, int height, const std::function<viewers::Rgb(int, int)>& at,
                       const std::function<bool(viewers::Rgb)>& pred) {
    int n = 0;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            if (x < 380 && y < 160) continue;  // legend text uses the category colours
            n += pred(at(x, y)) ? 1 : 0;
        }
    return n;
}

}  // namespace iglu::tests

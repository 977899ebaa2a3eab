#pragma once
// Pixel checks for rendered 3D views (header only; the test links a viewers library): does a
// pixel show a palette colour under some shading (scaled by lighting), optionally blended over
// the background (translucent ghosts)? How many pixels of an image (outside the legend) do?
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>

#include <QImage>

#include "viewers/scene/palette.hpp"

namespace iglu::test {

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

/// countPixels over a QImage (a grabbed widget or a saved PNG).
inline int countPixels(const QImage& img, const std::function<bool(viewers::Rgb)>& pred) {
    const QImage rgb = img.convertToFormat(QImage::Format_RGB888);
    return countPixels(rgb.width(), rgb.height(), [&rgb](int x, int y) {
        const QRgb p = rgb.pixel(x, y);
        return viewers::Rgb{static_cast<std::uint8_t>(qRed(p)), static_cast<std::uint8_t>(qGreen(p)),
                            static_cast<std::uint8_t>(qBlue(p))};
    }, pred);
}

}  // namespace iglu::test

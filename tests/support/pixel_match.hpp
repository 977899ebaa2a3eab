#pragma once
// Pixel checks for rendered views: does a pixel show a given base colour under some shading
// (scaled by lighting), optionally blended over the background (translucent ghosts)? And whole
// image comparison with a tolerance: on a mismatch the actual, the expected and a diff image are
// written next to the test executable (image-diffs/) and their paths returned (as F3D's tests do).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QString>

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

/// How two images of the same size differ: pixels whose largest channel difference exceeds the
/// tolerance, and the largest difference seen.
struct ImageDiff {
    bool sameSize = false;
    int differing = 0;
    int maxDelta = 0;
    QImage diff;  ///< black where equal within the tolerance, red where not (brighter = larger)
};

inline ImageDiff diffImages(const QImage& actual, const QImage& expected, int tolerance) {
    ImageDiff d;
    const QImage a = actual.convertToFormat(QImage::Format_RGB888);
    const QImage b = expected.convertToFormat(QImage::Format_RGB888);
    d.sameSize = a.size() == b.size() && !a.isNull();
    if (!d.sameSize) return d;
    d.diff = QImage(a.size(), QImage::Format_RGB888);
    for (int y = 0; y < a.height(); ++y) {
        const uchar* pa = a.constScanLine(y);
        const uchar* pb = b.constScanLine(y);
        uchar* pd = d.diff.scanLine(y);
        for (int x = 0; x < a.width() * 3; x += 3) {
            int delta = 0;
            for (int c = 0; c < 3; ++c) delta = std::max(delta, std::abs(int(pa[x + c]) - int(pb[x + c])));
            d.maxDelta = std::max(d.maxDelta, delta);
            const bool bad = delta > tolerance;
            d.differing += bad ? 1 : 0;
            pd[x] = bad ? static_cast<uchar>(std::min(255, 96 + delta)) : 0;
            pd[x + 1] = 0;
            pd[x + 2] = 0;
        }
    }
    return d;
}

/// Folder for images of failed comparisons: image-diffs/ beside the test executable (build dir).
inline QString imageDiffDir() {
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/image-diffs");
    QDir().mkpath(dir);
    return dir;
}

/// True when `actual` equals `expected` within `tolerance` per channel except for at most
/// `maxDiffering` pixels. Otherwise writes NAME-actual.png, NAME-expected.png and NAME-diff.png
/// into imageDiffDir() and puts the counts and the three paths in `report`.
inline bool imagesMatch(const QImage& actual, const QImage& expected, const QString& name, QString* report,
                        int tolerance = 24, int maxDiffering = 40) {
    const ImageDiff d = diffImages(actual, expected, tolerance);
    if (d.sameSize && d.differing <= maxDiffering) return true;
    const QString base = imageDiffDir() + QLatin1Char('/') + name;
    actual.save(base + QStringLiteral("-actual.png"));
    expected.save(base + QStringLiteral("-expected.png"));
    if (d.sameSize) d.diff.save(base + QStringLiteral("-diff.png"));
    if (report != nullptr) {
        *report = d.sameSize
                      ? QStringLiteral("%1: %2 pixels differ by more than %3 (largest difference %4)")
                            .arg(name).arg(d.differing).arg(tolerance).arg(d.maxDelta)
                      : QStringLiteral("%1: sizes differ (%2x%3 vs %4x%5)")
                            .arg(name).arg(actual.width()).arg(actual.height()).arg(expected.width()).arg(expected.height());
        *report += QStringLiteral("\n  actual:   %1-actual.png\n  expected: %1-expected.png").arg(base);
        if (d.sameSize) *report += QStringLiteral("\n  diff:     %1-diff.png").arg(base);
    }
    return false;
}

}  // namespace iglu::tests

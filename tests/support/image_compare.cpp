#include "support/image_compare.hpp"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>
#include <cstdlib>

namespace iglu::test {

ImageDiff diffImages(const QImage& actual, const QImage& expected, int tolerance) {
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

QString imageDiffDir() {
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/image-diffs");
    QDir().mkpath(dir);
    return dir;
}

bool imagesMatch(const QImage& actual, const QImage& expected, const QString& name, QString* report, int tolerance,
                 int maxDiffering) {
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

}  // namespace iglu::test

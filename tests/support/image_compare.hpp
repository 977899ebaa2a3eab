#pragma once
// Whole-image comparison with a tolerance (as F3D's tests do): on a mismatch the actual, the
// expected and a diff image are written next to the test executable (image-diffs/) and their
// paths returned for the failure message. Library iglu_test_images (Qt Gui).
#include <QImage>
#include <QString>

namespace iglu::test {

/// How two images of the same size differ: pixels whose largest channel difference exceeds the
/// tolerance, and the largest difference seen.
struct ImageDiff {
    bool sameSize = false;
    int differing = 0;
    int maxDelta = 0;
    QImage diff;  ///< black where equal within the tolerance, red where not (brighter = larger)
};

ImageDiff diffImages(const QImage& actual, const QImage& expected, int tolerance);

/// Folder for images of failed comparisons: image-diffs/ beside the test executable (build dir).
QString imageDiffDir();

/// True when `actual` equals `expected` within `tolerance` per channel except for at most
/// `maxDiffering` pixels. Otherwise writes NAME-actual.png, NAME-expected.png and NAME-diff.png
/// into imageDiffDir() and puts the counts and the three paths in `report`.
bool imagesMatch(const QImage& actual, const QImage& expected, const QString& name, QString* report,
                 int tolerance = 24, int maxDiffering = 40);

}  // namespace iglu::test

#include "core/metrics/metrics.hpp"

namespace iglu::core {

Scores scoreFromCounts(int intersection, int targetSize, int builtSize) {
    Scores s;
    s.intersection = intersection;
    s.targetSize = targetSize;
    s.builtSize = builtSize;
    const double i = intersection;
    if (builtSize != 0) s.precision = i / builtSize;
    if (targetSize != 0) s.recall = i / targetSize;
    if (builtSize + targetSize != 0) s.f1 = 2.0 * i / (builtSize + targetSize);
    return s;
}

Scores score(const Grid& target, const Grid& built) {
    MaximalIntersection mi(target);
    mi.reset(built);
    Scores s = scoreFromCounts(mi.value(), mi.targetSize(), built.count());
    s.alignment = mi.argmax();
    return s;
}

Iglu2022Scores iglu2022Evaluate(const Grid& target, const Grid& start, const Grid& built) {
    // The synthetic task (target - start) is its own full grid, as the environment builds it.
    const Grid synthetic = target.minus(start);
    const Grid diff = built.minus(start);
    MaximalIntersection mi(synthetic);
    mi.reset(built);  // the starter kit takes the argmax on the raw grid ...
    Iglu2022Scores s;
    s.argmaxOnRawGrid = mi.argmax();
    s.intersection = mi.intersectionAt(diff, s.argmaxOnRawGrid);  // ... and applies it to the diff
    const double i = s.intersection;
    // Same operation order as the Python expressions, so the doubles agree bit for bit.
    s.precision = i / (static_cast<double>(synthetic.count()) + 1e-10);
    s.recall = i / (static_cast<double>(diff.count()) + 1e-10);
    s.f1 = 2.0 * s.precision * s.recall / (s.precision + s.recall + 1e-10);
    return s;
}

}  // namespace iglu::core

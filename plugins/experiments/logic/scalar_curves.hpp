#pragma once
// What the Curves tab draws (headless): the runs with training curves (catalog/scalars.hpp), a
// run's tags, each tag's points by step, and the exponential moving average TensorBoard's
// smoothing slider draws over them (debiased, so the curve starts at the first value, not at 0).
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

namespace iglu::catalog {
class Catalog;
}

namespace iglu::plugins::experiments {

/// One tag's curve: (step, value) by step, and the same smoothed (equal to it when the weight is 0).
struct Curve {
    QString tag;
    QList<QPointF> raw;
    QList<QPointF> smoothed;
};

/// The largest smoothing weight (the slider's end): 0.99 keeps ~100 points of memory.
inline constexpr double kMaxSmoothing = 0.99;

/// The debiased exponential moving average: s_i = (w s_{i-1} + (1 - w) v_i) / (1 - w^(i+1)) with
/// s_{-1} = 0; `weight` is clamped to [0, kMaxSmoothing] (0: the points unchanged).
QList<QPointF> smoothCurve(const QList<QPointF>& points, double weight);

/// Runs with scalars, the one logged to last first (the run a training script is writing).
QStringList curveRuns(const catalog::Catalog& cat);
/// A run's tags by name.
QStringList curveTags(const catalog::Catalog& cat, const QString& run);
/// The curves of `tags` (in that order; a tag without points gives an empty curve) smoothed by `weight`.
QList<Curve> loadCurves(const catalog::Catalog& cat, const QString& run, const QStringList& tags, double weight);

}  // namespace iglu::plugins::experiments

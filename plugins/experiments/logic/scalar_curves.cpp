#include "scalar_curves.hpp"

#include <algorithm>
#include <cmath>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::experiments {

QList<QPointF> smoothCurve(const QList<QPointF>& points, double weight) {
    const double w = std::clamp(std::isfinite(weight) ? weight : 0.0, 0.0, kMaxSmoothing);
    QList<QPointF> out;
    out.reserve(points.size());
    double last = 0, wPow = 1;
    for (const QPointF& p : points) {
        last = w * last + (1 - w) * p.y();
        wPow *= w;
        out.append({p.x(), last / (1 - wPow)});
    }
    return out;
}

QStringList curveRuns(const catalog::Catalog& cat) {
    auto runs = cat.scalarRuns();
    std::stable_sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.lastWallTime > b.lastWallTime; });
    QStringList out;
    for (const auto& r : runs) out.append(QString::fromStdString(r.name));
    return out;
}

QStringList curveTags(const catalog::Catalog& cat, const QString& run) {
    QStringList out;
    for (const auto& t : cat.scalarTags(run.toStdString())) out.append(QString::fromStdString(t.tag));
    return out;
}

QList<Curve> loadCurves(const catalog::Catalog& cat, const QString& run, const QStringList& tags, double weight) {
    QList<Curve> out;
    for (const QString& tag : tags) {
        Curve c;
        c.tag = tag;
        for (const auto& p : cat.scalarSeries(run.toStdString(), tag.toStdString()))
            c.raw.append({static_cast<double>(p.step), p.value});
        c.smoothed = smoothCurve(c.raw, weight);
        out.append(std::move(c));
    }
    return out;
}

}  // namespace iglu::plugins::experiments

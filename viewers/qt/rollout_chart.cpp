#include "viewers/qt/rollout_chart.hpp"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

namespace iglu::viewers {

RolloutChart::RolloutChart(QWidget* parent)
    : QChartView(parent),
      reward_(new QLineSeries),
      f1_(new QLineSeries),
      marker_(new QLineSeries),
      prediction_(new QLineSeries),
      axisX_(new QValueAxis),
      axisReward_(new QValueAxis),
      axisF1_(new QValueAxis),
      disagree_(new QScatterSeries) {
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignTop);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    chart->legend()->setFont(legendFont);
    reward_->setName(tr("return (cumulative reward)"));
    f1_->setName(tr("F1"));
    marker_->setName(tr("current step"));
    reward_->setColor(QColor(230, 159, 0));   // Okabe-Ito orange
    f1_->setColor(QColor(0, 114, 178));       // Okabe-Ito blue
    QPen markerPen(QColor(120, 120, 120));
    markerPen.setWidth(2);
    markerPen.setStyle(Qt::DashLine);
    marker_->setPen(markerPen);
    prediction_->setName(tr("prediction F1 (belief)"));
    QPen predictionPen(QColor(204, 121, 167));  // Okabe-Ito reddish purple, as the 3D view's belief legend
    predictionPen.setWidthF(2);
    predictionPen.setStyle(Qt::DashDotLine);
    prediction_->setPen(predictionPen);
    chart->addSeries(reward_);
    chart->addSeries(f1_);
    chart->addSeries(marker_);
    chart->addSeries(prediction_);
    disagree_->setName(tr("reward \u2260 F1 (reward ignores position)"));
    disagree_->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    disagree_->setMarkerSize(9);
    disagree_->setColor(QColor(213, 94, 0));  // Okabe-Ito vermillion
    disagree_->setBorderColor(QColor(40, 40, 40));
    chart->addSeries(disagree_);
    connect(disagree_, &QScatterSeries::hovered, this, [this](const QPointF& p, bool on) {
        if (!on) return QToolTip::hideText();
        QToolTip::showText(QCursor::pos(), disagreementAt(p), this);
    });
    axisX_->setTitleText(tr("step"));
    axisX_->setLabelFormat("%d");
    axisReward_->setTitleText(tr("return"));
    axisF1_->setTitleText(tr("F1"));
    axisF1_->setRange(0, 1);
    chart->addAxis(axisX_, Qt::AlignBottom);
    chart->addAxis(axisReward_, Qt::AlignLeft);
    chart->addAxis(axisF1_, Qt::AlignRight);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{reward_, f1_, marker_, prediction_, disagree_}) s->attachAxis(axisX_);
    disagree_->attachAxis(axisF1_);
    reward_->attachAxis(axisReward_);
    f1_->attachAxis(axisF1_);
    marker_->attachAxis(axisF1_);
    prediction_->attachAxis(axisF1_);
    setChart(chart);
    updateLegend();
    setToolTip(tr("Return and F1 can move apart: %1. Marked steps: the reward and F1 moved in opposite directions.")
                   .arg(QString::fromLatin1(core::kRewardIgnoresPosition)));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(210);
}

void RolloutChart::clear() {
    for (QAbstractSeries* s : QList<QAbstractSeries*>(extraF1_.begin(), extraF1_.end()) +
                                  QList<QAbstractSeries*>(extraReturns_.begin(), extraReturns_.end())) {
        chart()->removeSeries(s);
        delete s;
    }
    extraF1_.clear();
    extraReturns_.clear();
    disagree_->clear();
    disagreements_.clear();
    allReturns_.clear();
    steps_ = 0;
    reward_->clear();
    f1_->clear();
    marker_->clear();
    prediction_->clear();
    updateLegend();
    setStepRange(1);
    axisReward_->setRange(0, 1);
    reward_->setName(tr("return (cumulative reward)"));
    f1_->setName(tr("F1"));
}

// Whole steps only, about six ticks at a round interval (1, 2, 5 x 10^k): an integer format over
// five fractional ticks used to read "0 0 0 0 1".
void RolloutChart::setStepRange(int steps) {
    axisX_->setRange(0, steps);
    double interval = 1;
    for (double scale = 1; interval * 6 < steps; scale *= 10)
        for (double m : {1.0, 2.0, 5.0})
            if ((interval = m * scale) * 6 >= steps) break;
    axisX_->setTickType(QValueAxis::TicksDynamic);
    axisX_->setTickAnchor(0);
    axisX_->setTickInterval(interval);
}

void RolloutChart::setSeries(const core::RolloutSeries& s) {
    clear();
    QList<QPointF> r, f;
    r.reserve(static_cast<qsizetype>(s.size()));
    f.reserve(static_cast<qsizetype>(s.size()));
    for (std::size_t i = 0; i < s.size(); ++i) {
        r.append(QPointF(static_cast<double>(i), s.returns[i]));
        f.append(QPointF(static_cast<double>(i), s.f1[i]));
    }
    reward_->replace(r);
    f1_->replace(f);
    QList<QPointF> p;
    p.reserve(static_cast<qsizetype>(s.predictionF1.size()));
    for (std::size_t i = 0; i < s.predictionF1.size(); ++i) p.append(QPointF(static_cast<double>(i), s.predictionF1[i]));
    prediction_->replace(p);
    showPredictionInLegend(!p.isEmpty());
    reward_->setName(s.replayedRewards ? tr("return (tape replayed in the environment)") : tr("return (cumulative reward)"));
    steps_ = std::max(0, static_cast<int>(s.size()) - 1);
    setStepRange(std::max(1, steps_));
    allReturns_ = s.returns;
    const auto [lo, hi] = returnAxisRange(allReturns_);
    axisReward_->setRange(lo, hi);
    addDisagreements(s);
    setPosition(position_);
}

void RolloutChart::addDisagreements(const core::RolloutSeries& s) {
    auto found = core::rewardF1Disagreements(s);
    for (const auto& d : found) disagree_->append(QPointF(static_cast<double>(d.step), d.f1After));
    disagreements_.push_back(std::move(found));
    updateLegend();
}

QString RolloutChart::disagreementAt(const QPointF& p) const {
    QStringList out;
    for (std::size_t r = 0; r < disagreements_.size(); ++r)
        for (const auto& d : disagreements_[r])
            if (std::abs(static_cast<double>(d.step) - p.x()) < 0.5 && std::abs(d.f1After - p.y()) < 1e-6)
                out << (disagreements_.size() > 1 ? QStringLiteral("%1: ").arg(QChar(u'A' + static_cast<int>(r))) : QString()) +
                           QString::fromStdString(d.text());
    return out.join(QLatin1Char('\n'));
}

QString RolloutChart::disagreementText(int rollout, int step) const {
    if (rollout < 0 || rollout >= static_cast<int>(disagreements_.size())) return {};
    for (const auto& d : disagreements_[static_cast<std::size_t>(rollout)])
        if (static_cast<int>(d.step) == step) return QString::fromStdString(d.text());
    return {};
}

int RolloutChart::disagreementCount() const noexcept {
    int n = 0;
    for (const auto& d : disagreements_) n += static_cast<int>(d.size());
    return n;
}

QList<QLineSeries*> RolloutChart::lines() const {
    QList<QLineSeries*> out{reward_, f1_};
    if (!prediction_->points().isEmpty()) out.append(prediction_);
    out += extraReturns_;
    out += extraF1_;
    return out;
}

void RolloutChart::setFirstLabel(const QString& label) {
    reward_->setName(tr("return of %1").arg(label));
    f1_->setName(tr("F1 of %1").arg(label));
}

void RolloutChart::showPredictionInLegend(bool on) {
    for (QLegendMarker* m : chart()->legend()->markers(prediction_)) m->setVisible(on);
}

void RolloutChart::updateLegend() {
    showPredictionInLegend(!prediction_->points().isEmpty());
    for (QLegendMarker* m : chart()->legend()->markers(disagree_)) m->setVisible(disagree_->count() > 0);
}

std::pair<double, double> RolloutChart::returnAxisRange(const std::vector<double>& returns) {
    // The whole line with a margin (a line on the plot's edge is cut in half), 0 always shown.
    double lo = 0, hi = 0;
    for (double v : returns) {
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    const double span = hi - lo;
    if (span < 1e-9) return {lo - (lo < 0 ? 1.0 : 0.0), hi + (lo < 0 ? 0.0 : 1.0)};
    const double margin = span * 0.08;
    return {lo < 0 ? lo - margin : lo, hi > 0 ? hi + margin : hi};
}

void RolloutChart::addRollout(const QString& label, const core::RolloutSeries& series, const QColor& colour) {
    const auto lineOf = [&](const std::vector<double>& values, const QString& name, Qt::PenStyle style, QValueAxis* axis) {
        auto* line = new QLineSeries;
        line->setName(name);
        QPen pen(colour);
        pen.setWidthF(style == Qt::SolidLine ? 1.8 : 1.5);
        pen.setStyle(style);
        line->setPen(pen);
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(values.size()));
        for (std::size_t i = 0; i < values.size(); ++i) points.append(QPointF(static_cast<double>(i), values[i]));
        line->replace(points);
        chart()->addSeries(line);
        line->attachAxis(axisX_);
        line->attachAxis(axis);
        return line;
    };
    extraReturns_.append(lineOf(series.returns, tr("return of %1").arg(label), Qt::DashLine, axisReward_));
    extraF1_.append(lineOf(series.f1, tr("F1 of %1").arg(label), Qt::SolidLine, axisF1_));
    addDisagreements(series);
    allReturns_.insert(allReturns_.end(), series.returns.begin(), series.returns.end());
    const auto [lo, hi] = returnAxisRange(allReturns_);
    axisReward_->setRange(lo, hi);
    steps_ = std::max(steps_, static_cast<int>(series.size()) - 1);
    setStepRange(std::max(1, steps_));
    updateLegend();  // a series added makes the legend anew
}

int RolloutChart::stepAt(const QPoint& viewPos) const {
    const QPointF scenePos = mapToScene(viewPos);
    const QPointF chartPos = chart()->mapFromScene(scenePos);
    if (!chart()->plotArea().contains(chartPos)) return -1;
    const double x = chart()->mapToValue(chartPos, f1_).x();
    return std::clamp(static_cast<int>(std::lround(x)), 0, steps_);
}

void RolloutChart::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && steps_ > 0) {
        const int step = stepAt(event->position().toPoint());
        if (step >= 0) {
            emit stepClicked(step);
            event->accept();
            return;
        }
    }
    QChartView::mousePressEvent(event);
}

void RolloutChart::setPosition(int position) {
    position_ = position;
    marker_->replace(QList<QPointF>{QPointF(position, 0), QPointF(position, 1)});
}

}  // namespace iglu::viewers

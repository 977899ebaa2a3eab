#include "viewers/qt/rollout_chart.hpp"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
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
      axisF1_(new QValueAxis) {
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
    axisX_->setTitleText(tr("step"));
    axisX_->setLabelFormat("%d");
    axisReward_->setTitleText(tr("return"));
    axisF1_->setTitleText(tr("F1"));
    axisF1_->setRange(0, 1);
    chart->addAxis(axisX_, Qt::AlignBottom);
    chart->addAxis(axisReward_, Qt::AlignLeft);
    chart->addAxis(axisF1_, Qt::AlignRight);
    for (auto* s : {reward_, f1_, marker_, prediction_}) s->attachAxis(axisX_);
    reward_->attachAxis(axisReward_);
    f1_->attachAxis(axisF1_);
    marker_->attachAxis(axisF1_);
    prediction_->attachAxis(axisF1_);
    showPredictionInLegend(false);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(210);
}

void RolloutChart::clear() {
    for (auto* s : extraF1_) {
        chart()->removeSeries(s);
        delete s;
    }
    extraF1_.clear();
    steps_ = 0;
    reward_->clear();
    f1_->clear();
    marker_->clear();
    prediction_->clear();
    showPredictionInLegend(false);
    setStepRange(1);
    axisReward_->setRange(0, 1);
    reward_->setName(tr("return (cumulative reward)"));
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
    const auto [lo, hi] = returnAxisRange(s.returns);
    axisReward_->setRange(lo, hi);
    setPosition(position_);
}

void RolloutChart::showPredictionInLegend(bool on) {
    for (QLegendMarker* m : chart()->legend()->markers(prediction_)) m->setVisible(on);
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

void RolloutChart::addF1Line(const QString& name, const std::vector<double>& f1, const QColor& colour) {
    auto* line = new QLineSeries;
    line->setName(name);
    QPen pen(colour);
    pen.setWidthF(1.5);
    line->setPen(pen);
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(f1.size()));
    for (std::size_t i = 0; i < f1.size(); ++i) points.append(QPointF(static_cast<double>(i), f1[i]));
    line->replace(points);
    chart()->addSeries(line);
    line->attachAxis(axisX_);
    line->attachAxis(axisF1_);
    extraF1_.append(line);
    steps_ = std::max(steps_, static_cast<int>(f1.size()) - 1);
    setStepRange(std::max(1, steps_));
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

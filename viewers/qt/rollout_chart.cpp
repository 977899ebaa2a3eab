#include "viewers/qt/rollout_chart.hpp"

#include <algorithm>

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

namespace iglu::viewers {

RolloutChart::RolloutChart(QWidget* parent)
    : QChartView(parent),
      reward_(new QLineSeries),
      f1_(new QLineSeries),
      marker_(new QLineSeries),
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
    chart->addSeries(reward_);
    chart->addSeries(f1_);
    chart->addSeries(marker_);
    axisX_->setTitleText(tr("step"));
    axisX_->setLabelFormat("%d");
    axisReward_->setTitleText(tr("return"));
    axisF1_->setTitleText(tr("F1"));
    axisF1_->setRange(0, 1);
    chart->addAxis(axisX_, Qt::AlignBottom);
    chart->addAxis(axisReward_, Qt::AlignLeft);
    chart->addAxis(axisF1_, Qt::AlignRight);
    for (auto* s : {reward_, f1_, marker_}) s->attachAxis(axisX_);
    reward_->attachAxis(axisReward_);
    f1_->attachAxis(axisF1_);
    marker_->attachAxis(axisF1_);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(210);
}

void RolloutChart::clear() {
    reward_->clear();
    f1_->clear();
    marker_->clear();
    axisX_->setRange(0, 1);
    axisReward_->setRange(0, 1);
}

void RolloutChart::setSeries(const RolloutSeries& s) {
    QList<QPointF> r, f;
    r.reserve(static_cast<qsizetype>(s.size()));
    f.reserve(static_cast<qsizetype>(s.size()));
    double lo = 0, hi = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        r.append(QPointF(static_cast<double>(i), s.returns[i]));
        f.append(QPointF(static_cast<double>(i), s.f1[i]));
        lo = std::min(lo, s.returns[i]);
        hi = std::max(hi, s.returns[i]);
    }
    reward_->replace(r);
    f1_->replace(f);
    axisX_->setRange(0, std::max<double>(1, static_cast<double>(s.size()) - 1));
    if (hi - lo < 1e-9) hi = lo + 1;
    axisReward_->setRange(lo, hi);
    setPosition(position_);
}

void RolloutChart::setPosition(int position) {
    position_ = position;
    marker_->replace(QList<QPointF>{QPointF(position, 0), QPointF(position, 1)});
}

}  // namespace iglu::viewers

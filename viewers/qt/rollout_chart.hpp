#pragma once
// Reward and F1 of a rollout over time (Qt Charts), with the current step marked.
#include <QChartView>

#include "viewers/playback/rollout_series.hpp"

class QLineSeries;
class QValueAxis;

namespace iglu::viewers {

class RolloutChart : public QChartView {
    Q_OBJECT
public:
    explicit RolloutChart(QWidget* parent = nullptr);
    void setSeries(const RolloutSeries& series);
    void clear();
    /// Moves the current-step marker.
    void setPosition(int position);
    int position() const noexcept { return position_; }

private:
    QLineSeries* reward_;
    QLineSeries* f1_;
    QLineSeries* marker_;
    QValueAxis* axisX_;
    QValueAxis* axisReward_;
    QValueAxis* axisF1_;
    int position_ = 0;
};

}  // namespace iglu::viewers

#pragma once
// Return and F1 of a rollout over time (Qt Charts), with the current step marked. The legend says
// where the return comes from (stored rewards, or a human tape replayed in the environment).
#include "viewers/qt/export.hpp"

#include <utility>
#include <vector>

#include <QChartView>

#include "core/rollout/rollout_series.hpp"

class QLineSeries;
class QValueAxis;

namespace iglu::viewers {

class IGLU_VIEWERS_EXPORT RolloutChart : public QChartView {
    Q_OBJECT
public:
    explicit RolloutChart(QWidget* parent = nullptr);
    void setSeries(const core::RolloutSeries& series);
    void clear();
    /// Moves the current-step marker.
    void setPosition(int position);
    int position() const noexcept { return position_; }
    /// The return line and its (left) axis, whose range always holds the whole line.
    QLineSeries* returnSeries() const noexcept { return reward_; }
    QValueAxis* returnAxis() const noexcept { return axisReward_; }
    /// The return axis range for a series of returns: every finite value with a margin, and 0.
    static std::pair<double, double> returnAxisRange(const std::vector<double>& returns);

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

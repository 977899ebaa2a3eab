#pragma once
// Return and F1 of a rollout over time (Qt Charts), with the current step marked, and the
// prediction F1 of the agent's belief (dashed) when the rollout has beliefs. The legend says
// where the return comes from (stored rewards, or a human tape replayed in the environment).
// More rollouts' return and F1 lines can be drawn beside it (the compare view). Steps where the
// reward and F1 move apart (core::rewardF1Disagreements) are marked on the F1 line, the reason
// (the reference's reward ignores position) in the legend and in the marker's tooltip. A click on
// the plot asks to seek to the step under the mouse (stepClicked).
#include "viewers/qt/export.hpp"

#include <utility>
#include <vector>

#include <QList>

#include <QChartView>

#include "core/rollout/rollout_series.hpp"

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace iglu::viewers {

class IGLU_VIEWERS_EXPORT RolloutChart : public QChartView {
    Q_OBJECT
public:
    explicit RolloutChart(QWidget* parent = nullptr);
    /// Shows `series`, with its prediction F1 line (the agent's belief, dashed) when it has one;
    /// removes the extra F1 lines.
    void setSeries(const core::RolloutSeries& series);
    /// Adds another rollout's F1 line (solid), return line (dashed, on the return axis) and its
    /// reward / F1 disagreement markers, all in `colour`, named "F1 of <label>", "return of <label>".
    void addRollout(const QString& label, const core::RolloutSeries& series, const QColor& colour);
    /// Names the first rollout's lines "return of <label>" and "F1 of <label>" (the compare view).
    void setFirstLabel(const QString& label);
    int f1LineCount() const noexcept { return static_cast<int>(extraF1_.size()) + 1; }
    int returnLineCount() const noexcept { return static_cast<int>(extraReturns_.size()) + 1; }
    /// Every line of the chart (returns, F1, prediction), in the order added, for tests.
    QList<QLineSeries*> lines() const;
    /// The steps marked where reward and F1 disagree, of every rollout shown.
    int disagreementCount() const noexcept;
    /// What the tooltip of the marker at `step` of rollout `rollout` (0 = first) says; "" if none.
    QString disagreementText(int rollout, int step) const;
    void clear();
    /// The step at a position in the view's coordinates (clamped to the steps shown); -1 outside the plot.
    int stepAt(const QPoint& viewPos) const;
    /// Moves the current-step marker.
    void setPosition(int position);
    int position() const noexcept { return position_; }
    /// The return line and its (left) axis, whose range always holds the whole line.
    QLineSeries* returnSeries() const noexcept { return reward_; }
    /// The prediction F1 of the belief in force per step (empty without beliefs).
    QLineSeries* predictionSeries() const noexcept { return prediction_; }
    /// The steps where reward and F1 disagree, of every rollout shown (on the F1 axis).
    QScatterSeries* disagreementSeries() const noexcept { return disagree_; }
    QValueAxis* returnAxis() const noexcept { return axisReward_; }
    /// The return axis range for a series of returns: every finite value with a margin, and 0.
    static std::pair<double, double> returnAxisRange(const std::vector<double>& returns);

signals:
    /// The plot was clicked at this step.
    void stepClicked(int step);

protected:
    void mousePressEvent(QMouseEvent* event) override;

private:
    void setStepRange(int steps);
    void showPredictionInLegend(bool on);
    void updateLegend();  ///< prediction and disagreement entries shown only when they have points
    QLineSeries* reward_;
    QLineSeries* f1_;
    QLineSeries* marker_;
    QLineSeries* prediction_;
    QValueAxis* axisX_;
    QValueAxis* axisReward_;
    QValueAxis* axisF1_;
    QList<QLineSeries*> extraF1_, extraReturns_;
    QScatterSeries* disagree_;  ///< the marked steps of every rollout shown
    std::vector<std::vector<core::RewardF1Disagreement>> disagreements_;  ///< per rollout, [0] the first
    std::vector<double> allReturns_;   ///< of every rollout shown (the return axis holds them all)
    void addDisagreements(const core::RolloutSeries& series);
    QString disagreementAt(const QPointF& point) const;  ///< the tooltip of a marker
    int position_ = 0;
    int steps_ = 0;  ///< the last step shown (0 when empty)
};

}  // namespace iglu::viewers

#pragma once
// Success rate and mean F1 per skill of one experiment as grouped bars (Qt Charts), beside the
// do-nothing agent's mean F1; blue / orange / grey, readable without red-green vision.
#include <QChartView>

class QBarSeries;
class QBarCategoryAxis;

namespace iglu::scripting {
class Summary;
}

namespace iglu::plugins::experiments {

class ResultsChart : public QChartView {
    Q_OBJECT
public:
    explicit ResultsChart(QWidget* parent = nullptr);
    void setSummary(const QString& title, const scripting::Summary& summary);
    void clear();
    /// The bars (tests): sets "success" (rate), "mean F1", "do-nothing F1"; one category per skill, then "all".
    QBarSeries* series() const noexcept { return series_; }
    QBarCategoryAxis* categories() const noexcept { return categories_; }

private:
    QBarSeries* series_;
    QBarCategoryAxis* categories_;
};

}  // namespace iglu::plugins::experiments

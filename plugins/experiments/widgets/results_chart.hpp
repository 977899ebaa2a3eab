#pragma once
// Success rate and mean F1 per skill of one experiment as grouped bars (Qt Charts), beside the
// do-nothing agent's mean F1; blue / orange / grey, readable without red-green vision. Each
// success and mean-F1 bar carries its 95% interval (skill_intervals.hpp) as a dark whisker: a
// QLineSeries per bar (Qt Charts has no error bars), kept out of the legend.
#include <QChartView>
#include <QList>

class QBarSeries;
class QBarCategoryAxis;
class QLineSeries;
class QValueAxis;

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
    /// The whiskers (tests): named "success 95%: SKILL" / "mean F1 95%: SKILL"; the lowest and
    /// highest y of a whisker's points are the interval's ends.
    const QList<QLineSeries*>& intervals() const noexcept { return intervals_; }

private:
    void addWhisker(const QString& name, double x, double low, double high);

    QBarSeries* series_;
    QBarCategoryAxis* categories_;
    QValueAxis* values_;
    QList<QLineSeries*> intervals_;
};

}  // namespace iglu::plugins::experiments

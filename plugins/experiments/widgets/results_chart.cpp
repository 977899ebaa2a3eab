#include "results_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include "logic/skill_intervals.hpp"
#include "scripting/summary.hpp"

namespace iglu::plugins::experiments {

namespace {
constexpr double kBarWidth = 0.75;  ///< of a category, shared by its 3 bars
constexpr int kSets = 3;
/// The centre of bar `set` (0..2) of category `index` on the category axis (categories at 0, 1, ...).
double barCentre(int index, int set) { return index - kBarWidth / 2 + (set + 0.5) * kBarWidth / kSets; }
}  // namespace

ResultsChart::ResultsChart(QWidget* parent)
    : QChartView(parent), series_(new QBarSeries), categories_(new QBarCategoryAxis), values_(new QValueAxis) {
    auto* chart = new QChart;
    series_->setBarWidth(kBarWidth);
    chart->addSeries(series_);
    chart->addAxis(categories_, Qt::AlignBottom);
    auto* y = values_;
    y->setRange(0, 1);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.1f"));
    chart->addAxis(y, Qt::AlignLeft);
    series_->attachAxis(categories_);
    series_->attachAxis(y);
    chart->legend()->setAlignment(Qt::AlignBottom);
    // Small text: the chart sits beside the table in a short dock.
    QFont small = chart->legend()->font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    chart->legend()->setFont(small);
    categories_->setLabelsFont(small);
    categories_->setLabelsAngle(-40);
    y->setLabelsFont(small);
    chart->setTitleFont(small);
    chart->setMargins(QMargins(2, 2, 2, 2));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);
    setMinimumWidth(220);
}

void ResultsChart::addWhisker(const QString& name, double x, double low, double high) {
    const double cap = kBarWidth / kSets / 4;
    auto* line = new QLineSeries;
    line->setName(name);
    // Bottom cap, the stem, top cap: one connected path.
    line->append({{x - cap, low}, {x + cap, low}, {x, low}, {x, high}, {x - cap, high}, {x + cap, high}});
    QPen pen(QColor(0x30, 0x30, 0x30));
    pen.setWidthF(1.2);
    line->setPen(pen);
    chart()->addSeries(line);
    line->attachAxis(categories_);
    line->attachAxis(values_);
    for (QLegendMarker* m : chart()->legend()->markers(line)) m->setVisible(false);
    intervals_ << line;
}

void ResultsChart::clear() {
    for (QLineSeries* line : intervals_) {
        chart()->removeSeries(line);
        delete line;
    }
    intervals_.clear();
    series_->clear();
    categories_->clear();
    chart()->setTitle(QString());
}

void ResultsChart::setSummary(const QString& title, const scripting::Summary& summary) {
    clear();
    auto* success = new QBarSet(tr("success"));
    auto* f1 = new QBarSet(tr("mean F1"));
    auto* baseline = new QBarSet(tr("do-nothing F1"));
    success->setColor(QColor(0x1f, 0x77, 0xb4));   // blue
    f1->setColor(QColor(0xff, 0x7f, 0x0e));        // orange
    baseline->setColor(QColor(0xa0, 0xa0, 0xa0));  // grey
    QStringList names;
    auto add = [&](const QString& name, const scripting::SkillStats& s) {
        names << name;  // episode counts are in the table beside
        *success << s.successRate();
        *f1 << s.meanF1();
        *baseline << s.baselineMeanF1();
    };
    for (const auto& [name, s] : summary.perSkill()) add(QString::fromStdString(name), s);
    add(tr("all"), summary.overall());
    categories_->append(names);
    series_->append(success);
    series_->append(f1);
    series_->append(baseline);
    const auto rows = skillIntervals(summary);
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const SkillIntervals& r = rows[static_cast<std::size_t>(i)];
        if (r.episodes == 0) continue;
        const QString skill = names.at(i);
        addWhisker(tr("success 95%: %1").arg(skill), barCentre(i, 0), r.success.low, r.success.high);
        addWhisker(tr("mean F1 95%: %1").arg(skill), barCentre(i, 1), r.f1.low, r.f1.high);
    }
    chart()->setTitle(title);
}

}  // namespace iglu::plugins::experiments

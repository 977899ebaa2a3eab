#include "results_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QValueAxis>

#include "scripting/summary.hpp"

namespace iglu::plugins::experiments {

ResultsChart::ResultsChart(QWidget* parent)
    : QChartView(parent), series_(new QBarSeries), categories_(new QBarCategoryAxis) {
    auto* chart = new QChart;
    chart->addSeries(series_);
    chart->addAxis(categories_, Qt::AlignBottom);
    auto* y = new QValueAxis;
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

void ResultsChart::clear() {
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
    chart()->setTitle(title);
}

}  // namespace iglu::plugins::experiments

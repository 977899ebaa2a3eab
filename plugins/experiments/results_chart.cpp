#include "results_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
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
    chart->setMargins(QMargins(2, 2, 2, 2));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(180);
}

void ResultsChart::clear() {
    series_->clear();
    categories_->clear();
    chart()->setTitle(QString());
}

void ResultsChart::setSummary(const QString& title, const scripting::Summary& summary) {
    clear();
    auto* success = new QBarSet(tr("success rate"));
    auto* f1 = new QBarSet(tr("mean F1"));
    auto* baseline = new QBarSet(tr("do-nothing F1"));
    success->setColor(QColor(0x1f, 0x77, 0xb4));   // blue
    f1->setColor(QColor(0xff, 0x7f, 0x0e));        // orange
    baseline->setColor(QColor(0xa0, 0xa0, 0xa0));  // grey
    QStringList names;
    auto add = [&](const QString& name, const scripting::SkillStats& s) {
        names << QStringLiteral("%1 (%2)").arg(name).arg(s.episodes);
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

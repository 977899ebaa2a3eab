#include "curves_view.hpp"

#include <cmath>

#include <QChart>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QValueAxis>
#include <QVBoxLayout>

namespace iglu::plugins::experiments {

namespace {

// Okabe-Ito: told apart without red-green vision (as the results chart's blue / orange).
const QColor kPalette[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                           QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00), QColor(0xF0, 0xE4, 0x42), QColor(0x00, 0x00, 0x00)};

}  // namespace

CurvesView::CurvesView(Reader read, QWidget* parent) : QWidget(parent), read_(std::move(read)) {
    setObjectName(QStringLiteral("curvesView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Run:"), this));
    runs_ = new QComboBox(this);
    runs_->setObjectName(QStringLiteral("curvesRun"));
    runs_->setToolTip(tr("The runs a training script logged scalars for (iglu.Catalog.log_scalar), the latest first"));
    top->addWidget(runs_, 1);
    top->addWidget(new QLabel(tr("Smoothing:"), this));
    smoothing_ = new QSlider(Qt::Horizontal, this);
    smoothing_->setObjectName(QStringLiteral("curvesSmoothing"));
    smoothing_->setRange(0, static_cast<int>(std::lround(kMaxSmoothing * 100)));
    smoothing_->setValue(60);
    smoothing_->setToolTip(tr("Exponential moving average, as TensorBoard's (0: the raw points); the raw points stay as a faint line"));
    top->addWidget(smoothing_, 1);
    smoothingLabel_ = new QLabel(this);
    smoothingLabel_->setMinimumWidth(32);
    top->addWidget(smoothingLabel_);
    layout->addLayout(top);

    empty_ = new QLabel(tr("No training curves in this catalog. A training script logs them, e.g. in Python: "
                           "iglu.Catalog(db).log_scalar(run, \"train/loss\", step, loss); they appear here as they are stored."),
                        this);
    empty_->setObjectName(QStringLiteral("curvesEmpty"));
    empty_->setWordWrap(true);
    layout->addWidget(empty_);

    auto* split = new QSplitter(Qt::Horizontal, this);
    tags_ = new QListWidget(split);
    tags_->setObjectName(QStringLiteral("curvesTags"));
    tags_->setToolTip(tr("The run's tags: tick the curves to draw"));
    chart_ = new QChart;
    chart_->legend()->setAlignment(Qt::AlignBottom);
    chart_->setMargins(QMargins(2, 2, 2, 2));
    view_ = new QChartView(chart_, split);
    view_->setObjectName(QStringLiteral("curvesChart"));
    view_->setRenderHint(QPainter::Antialiasing);
    view_->setMinimumHeight(160);
    split->addWidget(tags_);
    split->addWidget(view_);
    split->setSizes({160, 640});
    layout->addWidget(split, 1);

    connect(runs_, &QComboBox::currentIndexChanged, this, [this] {
        QStringList tags;
        read_([&](const catalog::Catalog& cat) { tags = curveTags(cat, currentRun()); });
        fillTags(tags);
        draw();
    });
    connect(tags_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        hidden_.removeAll(item->text());
        if (item->checkState() != Qt::Checked) hidden_.append(item->text());
        draw();
    });
    connect(smoothing_, &QSlider::valueChanged, this, [this] { draw(); });
}

QString CurvesView::currentRun() const { return runs_->currentText(); }
double CurvesView::smoothing() const { return smoothing_->value() / 100.0; }

bool CurvesView::selectRun(const QString& run) {
    const int i = runs_->findText(run);
    if (i < 0) return false;
    runs_->setCurrentIndex(i);
    return true;
}

bool CurvesView::showTag(const QString& tag, bool shown) {
    const auto items = tags_->findItems(tag, Qt::MatchExactly);
    if (items.isEmpty()) return false;
    items.front()->setCheckState(shown ? Qt::Checked : Qt::Unchecked);  // itemChanged redraws
    return true;
}

void CurvesView::setSmoothing(double weight) { smoothing_->setValue(static_cast<int>(std::lround(weight * 100))); }

void CurvesView::refresh() {
    const QString keep = currentRun();
    QStringList runs, tags;
    read_([&](const catalog::Catalog& cat) {
        runs = curveRuns(cat);
        const QString run = runs.contains(keep) ? keep : runs.value(0);
        tags = curveTags(cat, run);
    });
    {
        const QSignalBlocker block(runs_);
        runs_->clear();
        runs_->addItems(runs);
        runs_->setCurrentIndex(runs.contains(keep) ? static_cast<int>(runs.indexOf(keep)) : runs.isEmpty() ? -1 : 0);
    }
    empty_->setVisible(runs.isEmpty());
    fillTags(tags);
    draw();
}

void CurvesView::fillTags(const QStringList& tags) {
    const QSignalBlocker block(tags_);
    tags_->clear();
    for (const QString& tag : tags) {
        auto* item = new QListWidgetItem(tag, tags_);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(hidden_.contains(tag) ? Qt::Unchecked : Qt::Checked);
    }
}

QStringList CurvesView::shownTags() const {
    QStringList out;
    for (int i = 0; i < tags_->count(); ++i)
        if (tags_->item(i)->checkState() == Qt::Checked) out.append(tags_->item(i)->text());
    return out;
}

void CurvesView::draw() {
    const double weight = smoothing();
    smoothingLabel_->setText(QString::number(weight, 'f', 2));
    curves_.clear();
    if (!currentRun().isEmpty())
        read_([&](const catalog::Catalog& cat) { curves_ = loadCurves(cat, currentRun(), shownTags(), weight); });
    chart_->removeAllSeries();
    for (QAbstractAxis* axis : chart_->axes()) {
        chart_->removeAxis(axis);
        delete axis;
    }
    chart_->setTitle(currentRun());
    if (curves_.isEmpty()) return;
    auto* x = new QValueAxis;
    x->setTitleText(tr("step"));
    x->setLabelFormat(QStringLiteral("%.0f"));
    auto* y = new QValueAxis;
    chart_->addAxis(x, Qt::AlignBottom);
    chart_->addAxis(y, Qt::AlignLeft);
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    bool any = false;
    const auto add = [&](const QList<QPointF>& points, const QString& name, QColor colour, bool legend) {
        auto* s = new QLineSeries;
        s->setName(name);
        s->replace(points);
        QPen pen(colour);
        pen.setWidthF(legend ? 2.0 : 1.0);
        s->setPen(pen);
        chart_->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        for (QLegendMarker* m : chart_->legend()->markers(s)) m->setVisible(legend);
        for (const QPointF& p : points) {
            x0 = any ? std::min(x0, p.x()) : p.x(), x1 = any ? std::max(x1, p.x()) : p.x();
            y0 = any ? std::min(y0, p.y()) : p.y(), y1 = any ? std::max(y1, p.y()) : p.y();
            any = true;
        }
    };
    for (qsizetype i = 0; i < curves_.size(); ++i) {
        const Curve& c = curves_[i];
        const QColor colour = kPalette[i % static_cast<qsizetype>(std::size(kPalette))];
        if (weight > 0) {
            QColor faint = colour;
            faint.setAlphaF(0.3f);
            add(c.raw, c.tag + tr(" (raw)"), faint, false);
        }
        add(c.smoothed, c.tag, colour, true);
    }
    if (x1 <= x0) x1 = x0 + 1;
    if (y1 <= y0) y0 -= 0.5, y1 += 0.5;
    const double pad = (y1 - y0) * 0.05;
    x->setRange(x0, x1);
    y->setRange(y0 - pad, y1 + pad);
}

}  // namespace iglu::plugins::experiments

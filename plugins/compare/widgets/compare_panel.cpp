#include "widgets/compare_panel.hpp"

#include <algorithm>

#include <QChart>
#include <QCheckBox>
#include <QColor>
#include <QLegend>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "logic/step_table.hpp"
#include "viewers/qt/camera_link.hpp"
#include "viewers/qt/pov_frame_view.hpp"
#include "viewers/qt/rollout_chart.hpp"
#include "viewers/qt/rollout_timeline.hpp"
#include "viewers/qt/zone_view.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"

namespace iglu::plugins::compare {

namespace {
// Okabe-Ito colours of rollouts B, C, D (return dashed, F1 solid); A keeps the chart's orange
// return and blue F1. None near A's orange (B's old vermillion read as "return").
const QColor kLineColours[] = {QColor(0, 158, 115), QColor(204, 121, 167), QColor(90, 90, 90)};

/// The step table with the rows where the worlds differ in light red, the first one stronger.
class DifferenceColours : public QIdentityProxyModel {
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex& index, int role) const override {
        if (role == Qt::BackgroundRole) {
            if (QIdentityProxyModel::data(index, StepTableModel::FirstDifferenceRole).toBool()) return QColor(244, 169, 160);
            if (QIdentityProxyModel::data(index, StepTableModel::DiffersRole).toBool()) return QColor(253, 224, 220);
        }
        return QIdentityProxyModel::data(index, role);
    }
};
}  // namespace

ComparePanel::ComparePanel(workbench::DataService& dataService, workbench::Selection& selection, QWidget* parent)
    : QWidget(parent),
      data_(dataService),
      selection_(selection),
      list_(new QListWidget(this)),
      summary_(new QLabel(this)),
      viewsBox_(new QSplitter(Qt::Horizontal, this)),
      timeline_(new viewers::RolloutTimeline(this)),
      table_(new QTableView(this)),
      chart_(new viewers::RolloutChart(this)),
      model_(new StepTableModel(this)),
      link_(new viewers::CameraLink(this)) {
    list_->setObjectName(QStringLiteral("compareRollouts"));
    list_->setToolTip(tr("Check two to four rollouts of this task to see them side by side"));
    summary_->setObjectName(QStringLiteral("compareSummary"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);
    summary_->setToolTip(tr("Click the step to go there"));
    connect(summary_, &QLabel::linkActivated, this, [this](const QString& link) { seek(link.mid(1).toInt()); });
    viewsBox_->setObjectName(QStringLiteral("compareViews"));
    viewsBox_->setChildrenCollapsible(false);
    timeline_->setObjectName(QStringLiteral("compareTimeline"));
    table_->setObjectName(QStringLiteral("compareTable"));
    auto* colours = new DifferenceColours(this);
    colours->setSourceModel(model_);
    table_->setModel(colours);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->setWordWrap(false);
    chart_->setObjectName(QStringLiteral("compareChart"));
    chart_->setMinimumHeight(120);
    // Beside the plot, not above it: a legend of 2 x 4 lines plus markers above the plot left it
    // ~60 px and its axis labels as "...".
    chart_->chart()->legend()->setAlignment(Qt::AlignRight);
    table_->setMinimumHeight(80);
    list_->setMinimumHeight(40);
    // The views take the left and the whole height of the dock (a view under ~150 px cannot be
    // read); the list, summary and the chart / table (as tabs: each gets the column's height)
    // share the right. A splitter between the two gives room either way.
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(summary_);
    povToggle_ = new QCheckBox(tr("First-person view"), side);
    povToggle_->setObjectName(QStringLiteral("comparePovToggle"));
    povToggle_->setToolTip(tr("Under each view, what its agent saw at this step"));
    sideLayout->addWidget(povToggle_);
    tabs_ = new QTabWidget(side);
    tabs_->setObjectName(QStringLiteral("compareTabs"));
    tabs_->setDocumentMode(true);
    tabs_->addTab(list_, tr("Rollouts"));
    tabs_->addTab(chart_, tr("Return and F1"));
    tabs_->addTab(table_, tr("Steps"));
    sideLayout->addWidget(tabs_, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("compareSplit"));
    split->setChildrenCollapsible(false);
    // The views over their agents' first-person views (hidden until asked for).
    auto* viewsColumn = new QSplitter(Qt::Vertical, this);
    viewsColumn->setChildrenCollapsible(false);
    viewsColumn->addWidget(viewsBox_);
    povBox_ = new QWidget(viewsColumn);
    povBox_->setObjectName(QStringLiteral("comparePovs"));
    new QHBoxLayout(povBox_);
    povBox_->layout()->setContentsMargins(0, 0, 0, 0);
    povBox_->hide();
    viewsColumn->addWidget(povBox_);
    viewsColumn->setStretchFactor(0, 3);
    viewsColumn->setStretchFactor(1, 2);
    connect(povToggle_, &QCheckBox::toggled, this, [this](bool on) {
        povBox_->setVisible(on);
        showStep(timeline_->position());
    });
    split->addWidget(viewsColumn);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    viewsBox_->setMinimumHeight(kViewMinHeight);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split, 1);
    layout->addWidget(timeline_);

    connect(list_, &QListWidget::itemChanged, this, [this] {
        if (!refreshing_) rebuild();
    });
    connect(timeline_, &viewers::RolloutTimeline::positionChanged, this, &ComparePanel::showStep);
    connect(table_, &QTableView::clicked, this, [this](const QModelIndex& index) { seek(index.row()); });
    connect(chart_, &viewers::RolloutChart::stepClicked, this, &ComparePanel::seek);
    connect(&selection_, &workbench::Selection::taskChanged, this, &ComparePanel::refresh);
    // Other data: no rollout stays checked by its number (ids belong to the data they came from).
    connect(&data_, &workbench::DataService::opened, this, [this] {
        {
            const QSignalBlocker block(list_);
            list_->clear();
        }
        refresh();
    });
    connect(&data_, &workbench::DataService::rolloutsChanged, this, [this](const QString& taskId) {
        if (taskId == selection_.taskId()) refresh();
    });
    refresh();
}

ComparePanel::~ComparePanel() = default;

void ComparePanel::refresh() {
    const QList<qint64> keep = checkedIds();
    {
        refreshing_ = true;
        const QSignalBlocker block(list_);
        list_->clear();
        const QString taskId = selection_.taskId();
        if (!taskId.isEmpty()) {
            const auto rollouts = data_.rollouts(taskId);
            for (const auto& r : rollouts) {
                auto* item = new QListWidgetItem(
                    tr("%1 %2, %3 frames (%4)")
                        .arg(r.id > 0 ? QStringLiteral("#%1").arg(r.id) : tr("unsaved:"), r.kind)
                        .arg(r.frames)
                        .arg(r.source),
                    list_);
                item->setData(Qt::UserRole, r.id);
                item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
                item->setCheckState(keep.contains(r.id) ? Qt::Checked : Qt::Unchecked);
            }
            if (rollouts.isEmpty()) {
                auto* item = new QListWidgetItem(tr("(this task has no rollouts: record one in Playback or Play, "
                                                    "or run an experiment that records rollouts)"),
                                                 list_);
                item->setFlags(Qt::NoItemFlags);
            }
        }
        refreshing_ = false;
    }
    rebuild();
}

QList<qint64> ComparePanel::checkedIds() const {
    QList<qint64> ids;
    for (int i = 0; i < list_->count(); ++i)
        if (list_->item(i)->checkState() == Qt::Checked) ids.append(list_->item(i)->data(Qt::UserRole).toLongLong());
    return ids;
}

void ComparePanel::compare(const QList<qint64>& rolloutIds) {
    if (rolloutIds.size() >= 2) tabs_->setCurrentWidget(chart_);  // chosen for the user: the result
    {
        refreshing_ = true;
        const QSignalBlocker block(list_);
        for (int i = 0; i < list_->count(); ++i) {
            auto* item = list_->item(i);
            if (item->flags() & Qt::ItemIsUserCheckable)
                item->setCheckState(rolloutIds.contains(item->data(Qt::UserRole).toLongLong()) ? Qt::Checked : Qt::Unchecked);
        }
        refreshing_ = false;
    }
    rebuild();
}

void ComparePanel::rebuild() {
    QList<qint64> ids = checkedIds();
    if (ids.size() > kMaxViews) ids = ids.mid(0, kMaxViews);
    const auto task = selection_.taskId().isEmpty() ? std::nullopt : data_.task(selection_.taskId());
    std::vector<ComparedRollout> list;
    if (task) {
        for (qint64 id : ids) {
            auto rollout = data_.rollout(id);
            if (rollout == nullptr) continue;
            const QString label = tr("%1: #%2 %3")
                                      .arg(letterOf(static_cast<int>(list.size())))
                                      .arg(id)
                                      .arg(QString::fromLatin1(core::rolloutKindName(rollout->kind)));
            list.push_back(makeCompared(label, std::move(rollout), task->target));
        }
    }
    // One view per compared rollout (at least one, so the panel never collapses).
    const int wanted = std::max<int>(1, static_cast<int>(list.size()));
    while (views_.size() > wanted) delete views_.takeLast();
    while (povs_.size() > wanted) delete povs_.takeLast();
    while (povs_.size() < wanted) {
        auto* p = new viewers::PovFrameView(povBox_);
        p->setObjectName(QStringLiteral("comparePov%1").arg(povs_.size()));
        povBox_->layout()->addWidget(p);
        povs_.append(p);
    }
    while (views_.size() < wanted) {
        auto* v = new viewers::ZoneView(viewsBox_);
        v->setObjectName(QStringLiteral("compareView%1").arg(views_.size()));
        v->setMinimumSize(120, kViewMinHeight);
        viewsBox_->addWidget(v);
        views_.append(v);
    }
    cursors_.clear();
    for (std::size_t i = 0; i < list.size(); ++i) cursors_.push_back(std::make_unique<core::RolloutCursor>(*list[i].rollout));
    for (int i = 0; i < views_.size(); ++i) {
        views_[i]->setTarget(task ? std::optional<core::Grid>(task->target) : std::nullopt);
        views_[i]->setBuilt(task ? task->starting : core::Grid{});
        views_[i]->setAgent(core::Pose{});
        views_[i]->setBelief(std::nullopt);
    }
    if (list.size() < 2) views_.front()->setCaption(list.empty() ? QString() : list.front().label);
    link_->setViews(views_);

    chart_->clear();
    if (!list.empty()) {
        chart_->setSeries(list.front().series);
        if (list.size() > 1) chart_->setFirstLabel(letterOf(0));
        for (std::size_t i = 1; i < list.size(); ++i)
            chart_->addRollout(letterOf(static_cast<int>(i)), list[i].series, kLineColours[(i - 1) % 3]);
    }
    model_->setRollouts(std::move(list));
    fitTable();
    // The first differing step as a link that seeks there.
    QString summary = model_->summary().toHtmlEscaped();
    if (const auto first = model_->comparison().firstDifference; first && *first > 0) {
        const QString step = tr("step %1").arg(*first);
        summary.replace(step, QStringLiteral("<a href=\"#%1\">%2</a>").arg(*first).arg(step));
    }
    summary_->setText(summary);
    {
        const QSignalBlocker block(timeline_);
        timeline_->setFrameCount(static_cast<int>(model_->comparison().steps));
        timeline_->setPosition(0);
    }
    showStep(0);
    emit compared(ids);
}

// Every rollout's columns in the table's width, never scrolled sideways: with three or four
// rollouts only blocks, reward and F1 (StepTableModel::fieldShown; the row's tooltip has the
// rest); the text columns share what the numbers leave, their text elided.
void ComparePanel::fitTable() {
    const int rollouts = static_cast<int>(model_->rollouts().size());
    auto* header = table_->horizontalHeader();
    header->setMinimumSectionSize(24);
    for (int c = 0; c < model_->columnCount(); ++c) {
        const int field = c == 0 ? -1 : (c - 1) % StepTableModel::kColumnsPerRollout;
        table_->setColumnHidden(c, field >= 0 && !StepTableModel::fieldShown(field, rollouts));
        header->setSectionResizeMode(c, field < 0 || StepTableModel::isNumber(field) ? QHeaderView::ResizeToContents
                                                                                     : QHeaderView::Stretch);
    }
    table_->setTextElideMode(Qt::ElideRight);
}

void ComparePanel::seek(int step) { timeline_->setPosition(step); }

int ComparePanel::position() const { return timeline_->position(); }

void ComparePanel::showStep(int step) {
    const auto& rollouts = model_->rollouts();
    for (std::size_t i = 0; i < cursors_.size() && i < static_cast<std::size_t>(views_.size()); ++i) {
        auto& cursor = *cursors_[i];
        cursor.seek(static_cast<std::size_t>(std::max(0, step)));
        auto* v = views_[static_cast<int>(i)];
        v->setBuilt(cursor.grid());
        v->setAgent(cursor.pose());
        // Each view shows its own rollout's belief in force at this step (none: no layer).
        const core::Belief* belief = rollouts[i].rollout->beliefAt(cursor.position());
        v->setBelief(belief ? std::optional<core::Belief>(*belief) : std::nullopt);
        const bool ended = static_cast<std::size_t>(step) > rollouts[i].rollout->size();
        v->setCaption(tr("%1  |  step %2 / %3%4")
                          .arg(rollouts[i].label)
                          .arg(cursor.position())
                          .arg(rollouts[i].rollout->size())
                          .arg(ended ? tr(" (ended)") : QString()));
        if (povToggle_->isChecked() && static_cast<int>(i) < povs_.size()) povs_[static_cast<int>(i)]->showPose(cursor.grid(), cursor.pose());
    }
    for (int i = static_cast<int>(cursors_.size()); i < povs_.size(); ++i) povs_[i]->clear();
    chart_->setPosition(step);
    if (step >= 0 && step < model_->rowCount()) {
        table_->selectRow(step);
        table_->scrollTo(table_->model()->index(step, 0));
    }
}

}  // namespace iglu::plugins::compare

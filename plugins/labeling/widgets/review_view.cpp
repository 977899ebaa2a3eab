#include "review_view.hpp"

#include <QCheckBox>
#include <QColor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include "logic/uncertainty_wording.hpp"

namespace iglu::plugins::labeling {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
}

ReviewView::ReviewView(const workbench::LabelStore& labels, std::function<QString()> reviewer, QWidget* parent)
    : QWidget(parent), labels_(labels), reviewer_(std::move(reviewer)) {
    setObjectName(QStringLiteral("reviewView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("reviewSummary"));
    top->addWidget(summary_, 1);
    showResolved_ = new QCheckBox(tr("Show resolved"), this);
    showResolved_->setObjectName(QStringLiteral("reviewShowResolved"));
    top->addWidget(showResolved_);
    layout->addLayout(top);
    queue_ = new QTableWidget(0, 3, this);
    queue_->setObjectName(QStringLiteral("reviewQueue"));
    queue_->setHorizontalHeaderLabels({tr("task"), tr("labelers disagree on"), tr("state")});
    queue_->setSelectionBehavior(QAbstractItemView::SelectRows);
    queue_->setSelectionMode(QAbstractItemView::SingleSelection);
    queue_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    queue_->verticalHeader()->hide();
    queue_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    layout->addWidget(queue_, 2);
    details_ = new QTableWidget(0, 5, this);
    details_->setObjectName(QStringLiteral("reviewDetails"));
    details_->setHorizontalHeaderLabels({tr("skill"), tr("who said what"), tr("final"), QString(), QString()});
    details_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    details_->setSelectionMode(QAbstractItemView::NoSelection);
    details_->verticalHeader()->hide();
    details_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    layout->addWidget(details_, 1);
    status_ = new QLabel(tr("A final label is stored under \"%1\", naming you.").arg(QString::fromLatin1(kFinalLabeler)), this);
    status_->setObjectName(QStringLiteral("reviewStatus"));
    status_->setWordWrap(true);
    layout->addWidget(status_);

    connect(showResolved_, &QCheckBox::toggled, this, &ReviewView::refresh);
    connect(queue_, &QTableWidget::itemSelectionChanged, this, [this] {
        showDetails();
        if (!currentTask().isEmpty()) emit taskActivated(currentTask());
    });
}

QString ReviewView::currentTask() const {
    const int r = queue_->currentRow();
    return r >= 0 && r < static_cast<int>(shown_.size()) && queue_->item(r, 0)->isSelected() ? q(shown_[static_cast<std::size_t>(r)].taskId)
                                                                                               : QString();
}

QString ReviewView::statusText() const { return status_->text(); }

void ReviewView::refresh() {
    const QString keep = currentTask();
    const int keepRow = queue_->currentRow();
    std::vector<ReviewItem> all;
    try {
        if (labels_.isOpen()) all = findDisagreements(labels_.catalog());
    } catch (const std::exception& e) {
        status_->setText(QString::fromLocal8Bit(e.what()));
    }
    shown_.clear();
    int open = 0;
    for (auto& item : all) {
        open += item.resolved() ? 0 : 1;
        if (showResolved_->isChecked() || !item.resolved()) shown_.push_back(std::move(item));
    }
    summary_->setText(tr("%1 task(s) where labelers disagree, %2 still open").arg(all.size()).arg(open));
    const QSignalBlocker block(queue_);
    queue_->setRowCount(static_cast<int>(shown_.size()));
    int select = -1;
    for (int r = 0; r < static_cast<int>(shown_.size()); ++r) {
        const ReviewItem& item = shown_[static_cast<std::size_t>(r)];
        QStringList disputed;
        for (const auto& s : item.skills)
            if (s.disagree) disputed << QString::fromLatin1(core::skillName(s.skill));
        queue_->setItem(r, 0, new QTableWidgetItem(q(item.taskId)));
        queue_->setItem(r, 1, new QTableWidgetItem(disputed.join(QStringLiteral(", "))));
        queue_->setItem(r, 2, new QTableWidgetItem(item.resolved() ? tr("resolved") : tr("open")));
        if (q(item.taskId) == keep) select = r;
    }
    // The task reviewed last, else the one that took its place in the queue.
    if (select < 0 && !keep.isEmpty() && !shown_.empty()) select = std::min(keepRow, static_cast<int>(shown_.size()) - 1);
    if (select >= 0) queue_->selectRow(select);
    else queue_->clearSelection();
    showDetails();
    if (!keep.isEmpty() && !currentTask().isEmpty() && currentTask() != keep) emit taskActivated(currentTask());
}

void ReviewView::showDetails() {
    details_->setRowCount(0);
    const int r = queue_->currentRow();
    if (currentTask().isEmpty()) return;
    const ReviewItem& item = shown_[static_cast<std::size_t>(r)];
    details_->setRowCount(static_cast<int>(item.skills.size()));
    for (int i = 0; i < static_cast<int>(item.skills.size()); ++i) {
        const SkillOpinions& s = item.skills[static_cast<std::size_t>(i)];
        const QString name = QString::fromLatin1(core::skillName(s.skill));
        const QString said = s.disagree ? q(sentences({labelersDisagreeReason(s.skill, s.opinions)})) : q(opinionsText(s.opinions));
        details_->setItem(i, 0, new QTableWidgetItem(name));
        auto* who = new QTableWidgetItem(said);
        who->setToolTip(said);
        if (s.disagree) who->setForeground(QColor(0xc6, 0x28, 0x28));
        details_->setItem(i, 1, who);
        details_->setItem(i, 2, new QTableWidgetItem(s.final ? q(sentences({finalLabelReason(*s.final, s.finalBy)})) : QStringLiteral("–")));
        if (!s.disagree) continue;
        for (bool value : {true, false}) {
            auto* b = new QPushButton(value ? tr("Final yes") : tr("Final no"), details_);
            b->setObjectName((value ? QStringLiteral("finalYes_") : QStringLiteral("finalNo_")) + name);
            b->setFocusPolicy(Qt::NoFocus);
            connect(b, &QPushButton::clicked, this, [this, skill = s.skill, value] { setFinal(skill, value); });
            details_->setCellWidget(i, value ? 3 : 4, b);
        }
    }
    details_->resizeColumnToContents(0);
}

bool ReviewView::setFinal(core::Skill skill, bool value) {
    const QString task = currentTask();
    if (task.isEmpty()) return false;
    const QString reviewer = reviewer_ ? reviewer_() : QString();
    if (reviewer.isEmpty()) {
        status_->setText(tr("No final label set: it is stored naming you."));
        return false;
    }
    try {
        setFinalLabel(labels_.catalog(), task.toStdString(), skill, value, reviewer.toStdString());
        status_->setText(tr("%1 of %2: %3").arg(QString::fromLatin1(core::skillName(skill)), task,
                                               q(sentences({finalLabelReason(value, reviewer.toStdString())}))));
    } catch (const std::exception& e) {
        status_->setText(tr("Not saved: %1").arg(QString::fromLocal8Bit(e.what())));
        return false;
    }
    refresh();
    emit labelsChanged(task);
    return true;
}

}  // namespace iglu::plugins::labeling

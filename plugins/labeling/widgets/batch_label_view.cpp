#include "batch_label_view.hpp"

#include <map>
#include <set>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "logic/batch_labels.hpp"

namespace iglu::plugins::labeling {

namespace {
core::Skill skillAt(int index) { return core::kAllSkills[static_cast<std::size_t>(index)]; }
}

BatchLabelView::BatchLabelView(const workbench::LabelStore& labels, std::function<QString(bool ask)> labeler, QWidget* parent)
    : QWidget(parent), labels_(labels), labeler_(std::move(labeler)) {
    setObjectName(QStringLiteral("batchLabelView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    filter_ = new QLineEdit(this);
    filter_->setObjectName(QStringLiteral("batchFilter"));
    filter_->setPlaceholderText(tr("Filter: words in the id or instruction"));
    filter_->setClearButtonEnabled(true);
    layout->addWidget(filter_);
    table_ = new QTableWidget(0, 3, this);
    table_->setObjectName(QStringLiteral("batchTable"));
    table_->setHorizontalHeaderLabels({tr("task"), tr("yours"), tr("instruction")});
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setToolTip(tr("Shift / Ctrl + click (or Ctrl+A) select several tasks; double-click selects one in the workbench"));
    layout->addWidget(table_, 1);

    auto* row = new QHBoxLayout;
    skill_ = new QComboBox(this);
    skill_->setObjectName(QStringLiteral("batchSkill"));
    for (core::Skill s : core::kAllSkills) skill_->addItem(QString::fromLatin1(core::skillName(s)));
    row->addWidget(skill_);
    for (auto [text, object, value] : {std::tuple{tr("Yes"), "batchYes", 1}, std::tuple{tr("No"), "batchNo", 0},
                                       std::tuple{tr("Clear"), "batchClear", -1}}) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(QString::fromLatin1(object));
        b->setToolTip(value < 0 ? tr("Remove your label of the skill from every selected task")
                                : tr("Label the skill %1 on every selected task, as you").arg(text.toLower()));
        connect(b, &QPushButton::clicked, this, [this, v = value] { apply(v); });
        row->addWidget(b);
    }
    row->addStretch(1);
    layout->addLayout(row);
    status_ = new QLabel(tr("One transaction per click, no undo."), this);
    status_->setObjectName(QStringLiteral("batchStatus"));
    status_->setWordWrap(true);
    layout->addWidget(status_);

    connect(filter_, &QLineEdit::textChanged, this, &BatchLabelView::filter);
    connect(skill_, &QComboBox::currentIndexChanged, this, &BatchLabelView::refresh);
    connect(table_, &QTableWidget::cellDoubleClicked, this,
            [this](int r, int) { emit taskActivated(table_->item(r, 0)->text()); });
}

QStringList BatchLabelView::selectedTasks() const {
    std::set<int> rows;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows())
        if (!table_->isRowHidden(i.row())) rows.insert(i.row());
    QStringList out;
    for (int r : rows) out << table_->item(r, 0)->text();
    return out;
}

QString BatchLabelView::statusText() const { return status_->text(); }

void BatchLabelView::refresh() {
    const QStringList keep = selectedTasks();
    table_->setRowCount(0);
    if (!labels_.isOpen()) return;
    try {
        const auto tasks = labels_.catalog().findTasks();
        std::map<std::string, bool> mine;
        const core::Skill skill = skillAt(skill_->currentIndex());
        const QString name = labeler_ ? labeler_(false) : QString();
        for (const auto& l : labels_.catalog().allLabels(catalog::LabelSource::Human))
            if (l.skill == skill && QString::fromStdString(l.labeler) == name) mine[l.taskId] = l.value;
        table_->setRowCount(static_cast<int>(tasks.size()));
        for (int r = 0; r < static_cast<int>(tasks.size()); ++r) {
            const auto& t = tasks[static_cast<std::size_t>(r)];
            const auto it = mine.find(t.id);
            const QString yours = it == mine.end() ? QStringLiteral("–") : it->second ? tr("yes") : tr("no");
            table_->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(t.id)));
            table_->setItem(r, 1, new QTableWidgetItem(yours));
            table_->setItem(r, 2, new QTableWidgetItem(QString::fromStdString(t.instruction)));
        }
        QItemSelection again;  // the rows selected before, by task id
        for (int r = 0; r < table_->rowCount(); ++r)
            if (keep.contains(table_->item(r, 0)->text())) again.select(table_->model()->index(r, 0), table_->model()->index(r, 2));
        table_->selectionModel()->select(again, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        table_->horizontalHeaderItem(1)->setText(name.isEmpty() ? tr("yours") : name);
    } catch (const std::exception& e) {
        status_->setText(QString::fromLocal8Bit(e.what()));
    }
    filter();
}

void BatchLabelView::filter() {
    const QStringList words = filter_->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int r = 0; r < table_->rowCount(); ++r) {
        const QString hay = table_->item(r, 0)->text() + QLatin1Char(' ') + table_->item(r, 2)->text();
        bool show = true;
        for (const QString& w : words) show = show && hay.contains(w, Qt::CaseInsensitive);
        table_->setRowHidden(r, !show);
    }
}

void BatchLabelView::apply(int value) {
    const QStringList ids = selectedTasks();
    if (ids.isEmpty()) {
        status_->setText(tr("Select tasks in the table first (Shift / Ctrl + click, Ctrl+A)."));
        return;
    }
    const QString who = labeler_ ? labeler_(true) : QString();
    if (who.isEmpty()) {
        status_->setText(tr("Nothing labeled: labels are stored under your name."));
        return;
    }
    std::vector<std::string> list;
    for (const QString& id : ids) list.push_back(id.toStdString());
    const core::Skill skill = skillAt(skill_->currentIndex());
    const std::optional<bool> v = value < 0 ? std::nullopt : std::optional<bool>(value == 1);
    try {
        const auto result = applyBatchLabel(labels_.catalog(), list, skill, v, who.toStdString());
        status_->setText(QString::fromStdString(describeBatch(skill, v, static_cast<int>(list.size()), result)) +
                         (labels_.inMemory() ? tr(": kept for this session only, NOT saved") : tr(": saved")));
    } catch (const std::exception& e) {
        status_->setText(tr("Not saved: %1").arg(QString::fromLocal8Bit(e.what())));
    }
    refresh();
    emit labelsChanged(QString());
}

}  // namespace iglu::plugins::labeling

#include "agreement_view.hpp"

#include <map>

#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

namespace iglu::plugins::labeling {

namespace {
QStandardItem* number(double v, int decimals = -1) {
    auto* item = new QStandardItem(decimals < 0 ? QString::number(static_cast<int>(v)) : QString::number(v, 'f', decimals));
    item->setData(v, Qt::UserRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// A ratio, or "—" where it is undefined (sorted below every number).
QStandardItem* ratio(std::optional<double> v) {
    if (v) return number(*v, 2);
    auto* item = new QStandardItem(QStringLiteral("\u2014"));
    item->setData(-1.0, Qt::UserRole);
    item->setToolTip(QObject::tr("undefined: no task has both labels, or nothing on one side says yes"));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}
}  // namespace

AgreementView::AgreementView(const workbench::LabelStore& labels, QWidget* parent) : QWidget(parent), labels_(labels) {
    setObjectName(QStringLiteral("agreementView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* refresh = new QPushButton(tr("Recompute"), this);
    connect(refresh, &QPushButton::clicked, this, &AgreementView::refresh);
    layout->addWidget(refresh, 0, Qt::AlignLeft);
    auto* split = new QSplitter(Qt::Vertical, this);
    model_ = new QStandardItemModel(0, 12, this);
    model_->setHorizontalHeaderLabels({tr("Comparison"), tr("Skill"), tr("n"), tr("TP"), tr("FP"), tr("FN"), tr("TN"),
                                       tr("Precision"), tr("Recall"), tr("F1"), tr("Kappa"), tr("Disagree")});
    table_ = new QTableView(split);
    table_->setObjectName(QStringLiteral("agreementTable"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    auto* lower = new QWidget(split);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(new QLabel(tr("Disagreeing tasks (click to select):"), lower));
    list_ = new QListWidget(lower);
    list_->setObjectName(QStringLiteral("disagreeingTasks"));
    lowerLayout->addWidget(list_);
    layout->addWidget(split);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showDisagreements(current.row()); });
    // Items show "id — instruction: auto yes, human no"; the task id is their Qt::UserRole.
    const auto activate = [this](QListWidgetItem* item) { emit taskActivated(item->data(Qt::UserRole).toString()); };
    connect(list_, &QListWidget::itemClicked, this, activate);
    // Return on an item too (styles that activate on a single click already emitted itemClicked).
    if (!style()->styleHint(QStyle::SH_ItemView_ActivateItemOnSingleClick, nullptr, list_))
        connect(list_, &QListWidget::itemActivated, this, activate);
}

void AgreementView::refresh() {
    rows_.clear();
    try {
        rows_ = computeAgreement(labels_.catalog());
    } catch (const std::exception&) {
        rows_.clear();
    }
    model_->removeRows(0, model_->rowCount());
    for (const auto& r : rows_) {
        const auto& a = r.agreement;
        model_->appendRow({new QStandardItem(QString::fromStdString(r.comparison)),
                           new QStandardItem(QString::fromLatin1(core::skillName(r.skill))), number(a.total()),
                           number(a.tp), number(a.fp), number(a.fn), number(a.tn), ratio(precisionOf(a)),
                           ratio(recallOf(a)), ratio(f1Of(a)), ratio(kappaOf(a)),
                           number(static_cast<double>(r.disagreeing.size()))});
    }
    table_->resizeColumnsToContents();
    list_->clear();
}

void AgreementView::showDisagreements(int row) {
    list_->clear();
    if (row < 0 || row >= static_cast<int>(rows_.size())) return;
    const AgreementRow& r = rows_[static_cast<std::size_t>(row)];
    std::map<std::string, std::string> instructions;
    try {
        catalog::TaskFilter f;
        for (const auto& d : r.disagreeing) f.ids.push_back(d.taskId);
        if (!f.ids.empty())
            for (const auto& t : labels_.catalog().findTasks(f)) instructions[t.id] = t.instruction;
    } catch (const std::exception&) {
        // the ids alone then
    }
    for (const auto& d : r.disagreeing) {
        const auto it = instructions.find(d.taskId);
        auto* item = new QListWidgetItem(QString::fromStdString(describeDisagreement(r, d, it == instructions.end() ? std::string() : it->second)));
        item->setData(Qt::UserRole, QString::fromStdString(d.taskId));
        if (it != instructions.end()) item->setToolTip(QString::fromStdString(it->second));
        list_->addItem(item);
    }
}

}  // namespace iglu::plugins::labeling

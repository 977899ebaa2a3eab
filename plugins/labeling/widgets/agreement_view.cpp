#include "agreement_view.hpp"

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
    connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { emit taskActivated(item->text()); });
    // Return on an item too (styles that activate on a single click already emitted itemClicked).
    if (!style()->styleHint(QStyle::SH_ItemView_ActivateItemOnSingleClick, nullptr, list_))
        connect(list_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { emit taskActivated(item->text()); });
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
                           number(a.tp), number(a.fp), number(a.fn), number(a.tn), number(a.precision(), 2),
                           number(a.recall(), 2), number(a.f1(), 2), number(a.kappa(), 2),
                           number(static_cast<double>(r.disagreeing.size()))});
    }
    table_->resizeColumnsToContents();
    list_->clear();
}

void AgreementView::showDisagreements(int row) {
    list_->clear();
    if (row < 0 || row >= static_cast<int>(rows_.size())) return;
    for (const auto& id : rows_[static_cast<std::size_t>(row)].disagreeing) list_->addItem(QString::fromStdString(id));
}

}  // namespace iglu::plugins::labeling

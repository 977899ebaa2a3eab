#pragma once
// The agreement view: per skill, human vs auto and every pair of human labelers (counts,
// precision, recall, F1, Cohen's kappa); selecting a row lists the tasks where the two disagree,
// and clicking one emits taskActivated (the workbench selects it).
#include <QWidget>

#include "logic/agreement_table.hpp"
#include "workbench/api/catalog_services.hpp"

class QListWidget;
class QStandardItemModel;
class QTableView;

namespace iglu::plugins::labeling {

class AgreementView : public QWidget {
    Q_OBJECT
public:
    /// Shows the labels of the data service's open catalog; empty until refresh().
    explicit AgreementView(const workbench::LabelStore& labels, QWidget* parent = nullptr);
    const std::vector<AgreementRow>& rows() const noexcept { return rows_; }
    QTableView* table() const noexcept { return table_; }
    QListWidget* disagreements() const noexcept { return list_; }

public slots:
    /// Recomputes from the catalog.
    void refresh();

signals:
    void taskActivated(const QString& taskId);

private:
    void showDisagreements(int row);

    const workbench::LabelStore& labels_;
    std::vector<AgreementRow> rows_;
    QStandardItemModel* model_ = nullptr;
    QTableView* table_ = nullptr;
    QListWidget* list_ = nullptr;
};

}  // namespace iglu::plugins::labeling

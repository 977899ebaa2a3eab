#pragma once
// The agreement view: per skill, human vs auto and every pair of human labelers (counts,
// precision, recall, F1, Cohen's kappa); selecting a row lists the tasks where the two disagree,
// and clicking one emits taskActivated (the workbench selects it).
#include <QWidget>

#include "logic/agreement_table.hpp"

class QListWidget;
class QStandardItemModel;
class QTableView;

namespace iglu::plugins::labeling {

class AgreementView : public QWidget {
    Q_OBJECT
public:
    explicit AgreementView(QWidget* parent = nullptr);
    void setCatalog(const catalog::Catalog* catalog);
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

    const catalog::Catalog* catalog_ = nullptr;
    std::vector<AgreementRow> rows_;
    QStandardItemModel* model_ = nullptr;
    QTableView* table_ = nullptr;
    QListWidget* list_ = nullptr;
};

}  // namespace iglu::plugins::labeling

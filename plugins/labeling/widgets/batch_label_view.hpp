#pragma once
// The Labeling dock's Batch tab: the catalog's tasks in a table (filtered by words in the id or
// instruction, several rows selectable), a skill, and Yes / No / Clear for every selected task at
// once, as the labeler (logic/batch_labels.hpp: one transaction, no undo). Double-clicking a row
// emits taskActivated (the workbench selects it).
#include <functional>

#include <QStringList>
#include <QWidget>

#include "workbench/api/catalog_services.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace iglu::plugins::labeling {

class BatchLabelView : public QWidget {
    Q_OBJECT
public:
    /// `labeler(ask)` gives the labeler's name, asking for it when `ask` and there is none ("": no
    /// name, nothing is written).
    BatchLabelView(const workbench::LabelStore& labels, std::function<QString(bool ask)> labeler, QWidget* parent = nullptr);
    QTableWidget* table() const noexcept { return table_; }
    /// The selected rows' task ids, in table order.
    QStringList selectedTasks() const;
    QString statusText() const;

public slots:
    /// Re-reads the tasks and the labeler's labels (keeps the selection).
    void refresh();
    /// Sets the chosen skill to `value` on the selected tasks (-1: clears it).
    void apply(int value);

signals:
    void labelsChanged(const QString& taskId);
    void taskActivated(const QString& taskId);

private:
    void filter();

    const workbench::LabelStore& labels_;
    std::function<QString(bool ask)> labeler_;
    QLineEdit* filter_ = nullptr;
    QComboBox* skill_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace iglu::plugins::labeling

#pragma once
// Table model over catalog task summaries (one vector, no per-row objects): id, source /
// structure, instruction, clear?, start and target blocks, blocks to add / remove, human and
// auto skills, labeled?. Sorting reorders the vector (numbers numerically).
#include <vector>

#include <QAbstractTableModel>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::dataset {

class TaskTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Source, Instruction, Clear, Start, Target, Add, Remove, HumanSkills, AutoSkills, Labeled, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    /// Replaces the rows (one model reset), keeping the current sort.
    void setTasks(std::vector<catalog::TaskSummary> tasks);
    /// Replaces one row in place (after its labels changed); false when the task is not listed.
    bool updateTask(const catalog::TaskSummary& task);
    const catalog::TaskSummary& task(int row) const { return tasks_[static_cast<std::size_t>(row)]; }
    int rowOf(const QString& taskId) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void sort(int column, Qt::SortOrder order) override;

private:
    void sortRows();
    std::vector<catalog::TaskSummary> tasks_;
    int sortColumn_ = -1;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
};

}  // namespace iglu::plugins::dataset

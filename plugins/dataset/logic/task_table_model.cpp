#include "task_table_model.hpp"

#include <algorithm>
#include <tuple>

#include "core/util/text_rules.hpp"

namespace iglu::plugins::dataset {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

QString sourceText(const catalog::TaskSummary& t) {
    const QString src = QString::fromLatin1(catalog::taskSourceName(t.source));
    return t.structureId.empty() ? src : src + QStringLiteral(" · ") + q(t.structureId);
}
QString clearText(const std::optional<bool>& c) { return !c ? QString() : *c ? QStringLiteral("yes") : QStringLiteral("no"); }

/// A key for sorting: numbers compare numerically, the rest as strings.
QVariant sortKey(const catalog::TaskSummary& t, int column) {
    switch (column) {
    case TaskTableModel::Id: return q(t.id);
    case TaskTableModel::Source: return sourceText(t);
    case TaskTableModel::Instruction: return q(t.instruction);
    case TaskTableModel::Clear: return t.clear ? (*t.clear ? 2 : 1) : 0;
    case TaskTableModel::Start: return t.startingBlocks;
    case TaskTableModel::Target: return t.targetBlocks;
    case TaskTableModel::Add: return t.blocksToAdd;
    case TaskTableModel::Remove: return t.blocksToRemove;
    case TaskTableModel::HumanSkills: return q(t.humanSkills.toString());
    case TaskTableModel::AutoSkills: return q(t.autoSkills.toString());
    case TaskTableModel::Labeled: return t.humanLabeled ? 1 : 0;
    default: return {};
    }
}

bool lessBy(const catalog::TaskSummary& a, const catalog::TaskSummary& b, int column) {
    switch (column) {
    case TaskTableModel::Id: return core::naturalLess(a.id, b.id);
    case TaskTableModel::Instruction:  // tasks without an instruction after those with one
        if (a.instruction.empty() != b.instruction.empty()) return b.instruction.empty();
        return a.instruction < b.instruction;
    case TaskTableModel::Start: return a.startingBlocks < b.startingBlocks;
    case TaskTableModel::Target: return a.targetBlocks < b.targetBlocks;
    case TaskTableModel::Add: return a.blocksToAdd < b.blocksToAdd;
    case TaskTableModel::Remove: return a.blocksToRemove < b.blocksToRemove;
    case TaskTableModel::Labeled: return a.humanLabeled < b.humanLabeled;
    case TaskTableModel::Clear: return sortKey(a, column).toInt() < sortKey(b, column).toInt();
    case TaskTableModel::Source: return std::tie(a.source, a.structureId) < std::tie(b.source, b.structureId);
    case TaskTableModel::HumanSkills: return a.humanSkills.bits() < b.humanSkills.bits();
    case TaskTableModel::AutoSkills: return a.autoSkills.bits() < b.autoSkills.bits();
    default: return sortKey(a, column).toString() < sortKey(b, column).toString();
    }
}

// The column's order, ties broken by the id in natural order (a total, repeatable order).
bool less(const catalog::TaskSummary& a, const catalog::TaskSummary& b, int column) {
    if (lessBy(a, b, column)) return true;
    if (lessBy(b, a, column)) return false;
    return column != TaskTableModel::Id && core::naturalLess(a.id, b.id);
}
}  // namespace

void TaskTableModel::setTasks(std::vector<catalog::TaskSummary> tasks) {
    beginResetModel();
    tasks_ = std::move(tasks);
    sortRows();
    endResetModel();
}

bool TaskTableModel::updateTask(const catalog::TaskSummary& task) {
    const int row = rowOf(q(task.id));
    if (row < 0) return false;
    tasks_[static_cast<std::size_t>(row)] = task;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return true;
}

int TaskTableModel::rowOf(const QString& taskId) const {
    const std::string id = taskId.toStdString();
    for (std::size_t i = 0; i < tasks_.size(); ++i)
        if (tasks_[i].id == id) return static_cast<int>(i);
    return -1;
}

int TaskTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(tasks_.size()); }
int TaskTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TaskTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& t = tasks_[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Id: return q(t.id);
        case Source: return sourceText(t);
        case Instruction: return t.instruction.empty() ? tr("(no instruction recorded)") : q(t.instruction).simplified();
        case Clear: return clearText(t.clear);
        case Start: return t.startingBlocks;
        case Target: return t.targetBlocks;
        case Add: return t.blocksToAdd;
        case Remove: return t.blocksToRemove;
        case HumanSkills: return q(t.humanSkills.toString());
        case AutoSkills: return q(t.autoSkills.toString());
        case Labeled: return t.humanLabeled ? QStringLiteral("✔") : QString();
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Instruction)
        return t.instruction.empty() ? tr("The dataset holds no instruction for this task (multi-turn session turns carry "
                                          "none of their own)")
                                     : q(t.instruction);

    if (role == Qt::TextAlignmentRole && index.column() >= Start && index.column() <= Remove)
        return QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::UserRole) return q(t.id);
    return {};
}

QVariant TaskTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* const names[] = {"Task", "Source", "Instruction", "Clear", "Start", "Target", "+Add", "−Remove",
                                        "Human skills", "Auto skills", "Labeled"};
    static const char* const tips[] = {"task id", "where the task comes from · structure", "the instruction",
                                       "is the instruction clear (IsInstructionClear)", "blocks at the start",
                                       "blocks in the target", "blocks to add", "blocks to remove",
                                       "newest human label per skill", "automatic labels", "has a human label"};
    if (section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return tr(names[section]);
    if (role == Qt::ToolTipRole) return tr(tips[section]);
    return {};
}

void TaskTableModel::sort(int column, Qt::SortOrder order) {
    sortColumn_ = column;
    sortOrder_ = order;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const auto old = persistentIndexList();
    std::vector<std::string> oldIds;
    for (const auto& i : old) oldIds.push_back(tasks_[static_cast<std::size_t>(i.row())].id);
    sortRows();
    QModelIndexList now;
    for (std::size_t k = 0; k < oldIds.size(); ++k) now.append(index(rowOf(q(oldIds[k])), old[static_cast<int>(k)].column()));
    changePersistentIndexList(old, now);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void TaskTableModel::sortRows() {
    if (sortColumn_ < 0 || sortColumn_ >= ColumnCount) return;
    const int c = sortColumn_;
    if (sortOrder_ == Qt::AscendingOrder)
        std::stable_sort(tasks_.begin(), tasks_.end(), [c](const auto& a, const auto& b) { return less(a, b, c); });
    else
        std::stable_sort(tasks_.begin(), tasks_.end(), [c](const auto& a, const auto& b) { return less(b, a, c); });
}

}  // namespace iglu::plugins::dataset

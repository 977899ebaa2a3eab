#include "tasklist_plugin.hpp"

#include <QAction>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

bool TaskListPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    auto* panel = new QWidget;
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(2, 2, 2, 2);
    filter_ = new QLineEdit(panel);
    filter_->setObjectName(QStringLiteral("taskFilter"));
    filter_->setPlaceholderText(tr("Filter tasks (id or instruction)"));
    filter_->setClearButtonEnabled(true);
    layout->addWidget(filter_);

    model_ = new QStandardItemModel(0, 3, panel);
    model_->setHorizontalHeaderLabels({tr("Task"), tr("Blocks"), tr("Instruction")});
    proxy_ = new QSortFilterProxyModel(panel);
    proxy_->setSourceModel(model_);
    proxy_->setFilterKeyColumn(-1);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    table_ = new QTableView(panel);
    table_->setObjectName(QStringLiteral("taskTable"));
    table_->setModel(proxy_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSortingEnabled(true);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    layout->addWidget(table_);
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);

    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid()) return;
                const QString id = proxy_->index(current.row(), 0).data().toString();
                context_->selection().setTask(id);
            });
    connect(&context.data(), &workbench::DataService::opened, this, &TaskListPlugin::reload);
    connect(&context.selection(), &workbench::Selection::taskChanged, this, &TaskListPlugin::showSelected);

    context.shell().addDock(QStringLiteral("tasks"), tr("Tasks"), panel, Qt::LeftDockWidgetArea);
    auto* find = context.shell().menu(tr("&View"))->addAction(tr("Find Task"));
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, this, [this] {
        filter_->setFocus();
        filter_->selectAll();
    });
    if (context.data().isOpen()) reload();
    return true;
}

void TaskListPlugin::reload() {
    const QSignalBlocker block(table_->selectionModel());
    model_->removeRows(0, model_->rowCount());
    const auto tasks = context_->data().tasks();
    for (const auto& t : tasks) {
        auto* id = new QStandardItem(t.id);
        auto* blocks = new QStandardItem(QStringLiteral("%1 → %2").arg(t.startingBlocks).arg(t.targetBlocks));
        blocks->setToolTip(tr("blocks at the start → blocks in the target"));
        auto* instruction = new QStandardItem(t.instruction.simplified());
        instruction->setToolTip(t.instruction);
        model_->appendRow({id, blocks, instruction});
    }
    table_->resizeColumnToContents(0);
    table_->resizeColumnToContents(1);
    showSelected(context_->selection().taskId());
}

void TaskListPlugin::showSelected(const QString& taskId) {
    const QSignalBlocker block(table_->selectionModel());
    for (int row = 0; row < proxy_->rowCount(); ++row) {
        if (proxy_->index(row, 0).data().toString() != taskId) continue;
        table_->selectRow(row);
        // Deferred: before the dock is laid out scrolling has no effect.
        QTimer::singleShot(0, table_, [this, row] { table_->scrollTo(proxy_->index(row, 0), QAbstractItemView::PositionAtCenter); });
        return;
    }
    table_->clearSelection();
}

}  // namespace iglu::plugins

#include "tasklist_plugin.hpp"

#include <QAction>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
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
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        syncing_ = true;  // rows filtered out must not change the selected task
        proxy_->setFilterFixedString(text);
        syncing_ = false;
        showSelected(context_->selection().taskId());
        context_->selection().setTaskFilter(text);  // the Dataset browser's search follows
    });
    // The filter text is shared (Selection::taskFilter): the same text is never set again, so no echo.
    connect(&context.selection(), &workbench::Selection::taskFilterChanged, filter_, [this](const QString& text) {
        if (filter_->text() != text) filter_->setText(text);
    });
    filter_->setText(context.selection().taskFilter());

    // The table mirrors Selection::taskId both ways. A click (or a key that moves the current
    // row) selects that row's task, even when the row is already current or highlighted.
    connect(table_, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) { selectRowTask(index.row()); });
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) selectRowTask(current.row());
            });
    connect(&context.data(), &workbench::DataService::opened, this, &TaskListPlugin::reload);
    connect(&context.data(), &workbench::DataService::tasksChanged, this, &TaskListPlugin::reload);  // e.g. a custom task saved
    connect(&context.selection(), &workbench::Selection::taskChanged, this, &TaskListPlugin::showSelected);

    context.shell().addDock(QStringLiteral("tasklist"), tr("Tasks"), panel, Qt::LeftDockWidgetArea);
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
    syncing_ = true;
    model_->removeRows(0, model_->rowCount());
    const auto tasks = context_->data().tasks();
    for (const auto& t : tasks) {
        auto* id = new QStandardItem(t.id);
        auto* blocks = new QStandardItem(QStringLiteral("%1 → %2").arg(t.startingBlocks).arg(t.targetBlocks));
        blocks->setToolTip(tr("blocks at the start → blocks in the target"));
        const bool none = t.instruction.trimmed().isEmpty();
        auto* instruction = new QStandardItem(none ? tr("(no instruction recorded)") : t.instruction.simplified());
        instruction->setToolTip(none ? tr("The dataset holds no instruction for this task") : t.instruction);
        model_->appendRow({id, blocks, instruction});
    }
    table_->resizeColumnToContents(0);
    table_->resizeColumnToContents(1);
    syncing_ = false;
    showSelected(context_->selection().taskId());
}

void TaskListPlugin::selectRowTask(int row) {
    if (syncing_ || row < 0 || row >= proxy_->rowCount()) return;
    const QString id = proxy_->index(row, 0).data().toString();
    context_->selection().setTask(id);
    // The selection may not change (same task): the table still shows exactly that one row.
    showSelected(context_->selection().taskId());
}

void TaskListPlugin::showSelected(const QString& taskId) {
    // The selection model's signals stay connected (blocking them would leave the view painting
    // rows that are no longer selected); syncing_ keeps the change from echoing back.
    const bool wasSyncing = syncing_;
    syncing_ = true;
    auto* selection = table_->selectionModel();
    int found = -1;
    for (int row = 0; row < proxy_->rowCount() && found < 0 && !taskId.isEmpty(); ++row)
        if (proxy_->index(row, 0).data().toString() == taskId) found = row;
    if (found >= 0) {
        const QModelIndex index = proxy_->index(found, 0);
        selection->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Deferred: before the dock is laid out scrolling has no effect.
        QTimer::singleShot(0, table_, [this, index = QPersistentModelIndex(index)] {
            if (index.isValid()) table_->scrollTo(index, QAbstractItemView::PositionAtCenter);
        });
    } else {
        // No row for the task (none selected, or filtered out): nothing highlighted, no current
        // row, so the next click on any row is a change.
        selection->clear();
    }
    syncing_ = wasSyncing;
}

}  // namespace iglu::plugins

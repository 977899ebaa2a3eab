#pragma once
// Task list dock: the tasks of the open data with a filter; drives Selection::setTask. Its filter
// text is Selection::taskFilter, shared with the Dataset browser's search.
#include <QObject>

#include "workbench/api/plugin.hpp"

class QLineEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace iglu::plugins {

class TaskListPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;

private:
    void reload();
    void showSelected(const QString& taskId);  // Selection -> table: exactly that row, or none
    void selectRowTask(int row);               // table -> Selection: the task of a proxy row

    bool syncing_ = false;  // the table is being set from the selection: its changes are not clicks

    workbench::PluginContext* context_ = nullptr;
    QStandardItemModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QTableView* table_ = nullptr;
    QLineEdit* filter_ = nullptr;
};

}  // namespace iglu::plugins

#include "dataset_plugin.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "widgets/dataset_browser.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

bool DatasetPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    browser_ = new dataset::DatasetBrowser(context.data().queries());
    auto* dock = context.shell().addDock(QStringLiteral("dataset"), tr("Dataset"), browser_, Qt::BottomDockWidgetArea);
    connect(browser_, &dataset::DatasetBrowser::taskActivated, this,
            [this](const QString& id) { context_->selection().setTask(id); });
    connect(&context.selection(), &workbench::Selection::taskChanged, browser_, &dataset::DatasetBrowser::showTask);
    connect(&context.data(), &workbench::DataService::opened, browser_, &dataset::DatasetBrowser::requery);
    connect(&context.data(), &workbench::DataService::tasksChanged, browser_, &dataset::DatasetBrowser::requery);  // e.g. a custom task saved
    connect(&context.data(), &workbench::DataService::labelsChanged, browser_, &dataset::DatasetBrowser::refreshTask);
    connect(browser_, &dataset::DatasetBrowser::readFailed, this,
            [this](const QString& message) { context_->log().error(QStringLiteral("dataset"), message); });
    auto* find = context.shell().menu(tr("&View"))->addAction(tr("Search the Dataset"));
    find->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(find, &QAction::triggered, this, [this, dock] {
        dock->show();
        dock->raise();
        browser_->focusSearch();
    });
    if (context.data().isOpen()) browser_->requery();
    return true;
}

}  // namespace iglu::plugins

#include "dataset_plugin.hpp"

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QTabWidget>

#include "widgets/dataset_browser.hpp"
#include "widgets/session_view.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

bool DatasetPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    browser_ = new dataset::DatasetBrowser(context.data().queries());
    sessions_ = new dataset::SessionView(context.data().architect());
    auto* tabs = new QTabWidget;
    tabs->setObjectName(QStringLiteral("dataset.tabs"));
    tabs->addTab(browser_, tr("Tasks"));
    tabs->addTab(sessions_, tr("Architect Sessions"));
    auto* dock = context.shell().addDock(QStringLiteral("dataset"), tr("Dataset"), tabs, Qt::BottomDockWidgetArea);
    connect(browser_, &dataset::DatasetBrowser::taskActivated, this,
            [this](const QString& id) { context_->selection().setTask(id); });
    connect(&context.selection(), &workbench::Selection::taskChanged, browser_, &dataset::DatasetBrowser::showTask);
    // The search text is the shared task filter (the Tasks dock's filter): equal text is not set
    // again, so typing in either moves the other once, no echo.
    auto* search = browser_->searchField();
    search->setText(context.selection().taskFilter());
    connect(search, &QLineEdit::textChanged, &context.selection(), &workbench::Selection::setTaskFilter);
    connect(&context.selection(), &workbench::Selection::taskFilterChanged, search, [search](const QString& text) {
        if (search->text() != text) search->setText(text);
    });
    connect(&context.data(), &workbench::DataService::opened, browser_, &dataset::DatasetBrowser::requery);
    connect(&context.data(), &workbench::DataService::tasksChanged, browser_, &dataset::DatasetBrowser::requery);  // e.g. a custom task saved
    connect(&context.data(), &workbench::DataService::labelsChanged, browser_, &dataset::DatasetBrowser::refreshTask);
    connect(browser_, &dataset::DatasetBrowser::readFailed, this,
            [this](const QString& message) { context_->log().error(QStringLiteral("dataset"), message); });
    // Architect sessions: the list follows the data; a turn shown is selected for the 3D view and Playback.
    connect(&context.data(), &workbench::DataService::opened, sessions_, &dataset::SessionView::requery);
    connect(&context.data(), &workbench::DataService::changedElsewhere, sessions_, &dataset::SessionView::requery);
    connect(&context.data(), &workbench::DataService::architectSessionsChanged, sessions_, &dataset::SessionView::requery);
    connect(sessions_, &dataset::SessionView::turnShown, this, &DatasetPlugin::showTurn);
    connect(sessions_, &dataset::SessionView::stepChosen, &context.selection(), &workbench::Selection::setStep);
    connect(&context.selection(), &workbench::Selection::stepChanged, sessions_,
            [this](int step) { sessions_->followStep(context_->selection().rolloutId(), step); });
    connect(sessions_, &dataset::SessionView::readFailed, this,
            [this](const QString& message) { context_->log().error(QStringLiteral("dataset"), message); });
    auto* find = context.shell().menu(tr("&View"))->addAction(tr("Search the Dataset"));
    find->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(find, &QAction::triggered, this, [this, dock] {
        dock->show();
        dock->raise();
        browser_->focusSearch();
    });
    if (context.data().isOpen()) {
        browser_->requery();
        sessions_->requery();
    }
    return true;
}

void DatasetPlugin::showTurn(const QString& taskId, qint64 rolloutId, int step) {
    auto& sel = context_->selection();
    if (!context_->data().hasTask(taskId)) {
        context_->log().warning(QStringLiteral("dataset"),
                                tr("The session's task %1 is not in %2: only its dialogue can be shown").arg(taskId, context_->data().path()));
        return;
    }
    if (sel.taskId() != taskId) sel.setTask(taskId);
    sel.setRollout(rolloutId, step);
}

}  // namespace iglu::plugins

#include "hello_plugin.hpp"

#include <QAction>
#include <QMenu>

#include "widgets/hello_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

bool HelloPlugin::initialize(workbench::PluginContext& context, QString*) {
    auto* panel = new hello::HelloPanel;
    panel->setTask(context.selection().taskId());
    connect(&context.selection(), &workbench::Selection::taskChanged, panel, &hello::HelloPanel::setTask);
    context.shell().addDock(QStringLiteral("hello"), tr("Hello"), panel, Qt::RightDockWidgetArea);
    QAction* again = context.shell().menu(tr("&Hello"))->addAction(tr("Greet Again"));
    again->setObjectName(QStringLiteral("hello.greetAgain"));
    connect(again, &QAction::triggered, panel, &hello::HelloPanel::greetAgain);
    return true;
}

}  // namespace iglu::plugins

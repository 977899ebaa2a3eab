#include "editor_plugin.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "widgets/editor_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

bool EditorPlugin::initialize(workbench::PluginContext& context, QString*) {
    panel_ = new editor::EditorPanel(context.data(), context.selection());
    panel_->setObjectName(QStringLiteral("editorPanel"));
    dock_ = context.shell().addDock(QStringLiteral("editor"), tr("Task Editor"), panel_, Qt::BottomDockWidgetArea);
    QMenu* menu = context.shell().menu(tr("&Tasks"));
    const auto add = [&](const QString& text, const QString& name, auto slot) {
        auto* action = menu->addAction(text, panel_, [this, slot] {
            dock_->show();
            dock_->raise();
            (panel_->*slot)();
        });
        action->setObjectName(name);
        return action;
    };
    add(tr("&New Task"), QStringLiteral("editor.new"), &editor::EditorPanel::newTask);
    add(tr("&Edit Copy of Selected Task"), QStringLiteral("editor.editCopy"), &editor::EditorPanel::editCopyOfSelected);
    add(tr("&Save as Custom Task"), QStringLiteral("editor.save"), &editor::EditorPanel::save);
    context.shell().addCloseGuard(panel_, [this] { return panel_->maybeSave(); });
    return true;
}

}  // namespace iglu::plugins

#include "script_plugin.hpp"

#include <QDockWidget>
#include <QMenu>

#include "script_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"
#include "workbench/api/viewer_service.hpp"

namespace iglu::plugins {

bool ScriptPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    panel_ = new ScriptPanel;
    panel_->setObjectName(QStringLiteral("scriptPanel"));
    dock_ = context.shell().addDock(QStringLiteral("script"), tr("Script"), panel_, Qt::RightDockWidgetArea);
    auto retitle = [this](const QString& title) {
        if (dock_ != nullptr) dock_->setWindowTitle(tr("Script: %1").arg(title));
    };
    retitle(panel_->title());
    connect(panel_, &ScriptPanel::titleChanged, this, retitle);

    QMenu* menu = context.shell().menu(tr("&Script"));
    menu->addActions(panel_->fileMenu()->actions());
    menu->addSeparator();
    menu->addActions(panel_->runMenu()->actions());
    if (dock_ != nullptr) {
        menu->addSeparator();
        menu->addAction(dock_->toggleViewAction());
    }

    connect(&context.selection(), &workbench::Selection::taskChanged, this, &ScriptPlugin::followTask);
    connect(&context.data(), &workbench::DataService::opened, this,
            [this] { followTask(context_->selection().taskId()); });
    connect(panel_, &ScriptPanel::liveFrame, this,
            [this](const core::Grid& target, const core::Grid& built, const core::Pose& agent, const QString& caption) {
                if (auto* viewer = context_->service<workbench::ViewerService>())
                    viewer->showLive(target, built, agent, caption);
            });
    connect(panel_, &ScriptPanel::liveEnded, this, [this] {
        if (auto* viewer = context_->service<workbench::ViewerService>()) viewer->endLive();
    });
    connect(panel_, &ScriptPanel::keepRollout, this, &ScriptPlugin::keepRollout);
    followTask(context.selection().taskId());
    return true;
}

void ScriptPlugin::shutdown() {
    if (panel_ != nullptr) panel_->stop();
}

void ScriptPlugin::followTask(const QString& taskId) {
    panel_->setTask(taskId.isEmpty() ? std::nullopt : context_->data().task(taskId));
}

void ScriptPlugin::keepRollout() {
    auto rollout = panel_->episode().takeRollout();
    if (!rollout) return;
    const QString taskId = QString::fromStdString(rollout->taskId);
    const int frames = static_cast<int>(rollout->size());
    const qint64 id = context_->data().addRollout(std::move(*rollout));
    context_->log().info(QStringLiteral("script"),
                         tr("kept the %1 episode of %2 (%3 steps) as rollout %4").arg(panel_->title(), taskId).arg(frames).arg(id));
    if (context_->selection().taskId() == taskId) context_->selection().setRollout(id);
}

}  // namespace iglu::plugins

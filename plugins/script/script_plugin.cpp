#include "script_plugin.hpp"

#include <QFrame>
#include <QScrollArea>
#include <QDateTime>
#include <QDockWidget>
#include <QMenu>

#include "widgets/script_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"
#include "workbench/api/viewer_service.hpp"

namespace iglu::plugins {

namespace {
const QString kSource = QStringLiteral("script");
}

bool ScriptPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    panel_ = new script::ScriptPanel;
    panel_->setObjectName(QStringLiteral("scriptPanel"));
    // In a scroll area like the other side panels: its run and settings rows would otherwise hold
    // the whole right column at their width (~580 px) and starve the 3D view.
    auto* scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(panel_);
    dock_ = context.shell().addDock(QStringLiteral("script"), tr("Script"), scroll, Qt::RightDockWidgetArea);
    auto retitle = [this](const QString& title) {
        if (dock_ != nullptr) dock_->setWindowTitle(tr("Script: %1").arg(title));
    };
    retitle(panel_->title());
    connect(panel_, &script::ScriptPanel::titleChanged, this, retitle);

    QMenu* menu = context.shell().menu(tr("&Script"));
    menu->addActions(panel_->fileMenu()->actions());
    menu->addSeparator();
    menu->addActions(panel_->runMenu()->actions());
    if (dock_ != nullptr) {
        menu->addSeparator();
        menu->addAction(dock_->toggleViewAction());
    }

    connect(&context.selection(), &workbench::Selection::taskChanged, this, &ScriptPlugin::followTask);
    // Other data: the episode, its rollout and the console belonged to the old data.
    connect(&context.data(), &workbench::DataService::opened, this, [this] {
        const QString id = context_->selection().taskId();
        panel_->resetForData(id.isEmpty() ? std::nullopt : context_->data().task(id));
    });
    connect(panel_, &script::ScriptPanel::liveFrame, this,
            [this](const core::Grid& target, const core::Grid& built, const core::Pose& agent, const QString& caption,
                   const core::Belief* belief) {
                if (auto* viewer = context_->service<workbench::ViewerService>())
                    viewer->showLive(target, built, agent, caption, belief);
            });
    connect(panel_, &script::ScriptPanel::liveEnded, this, [this] {
        if (auto* viewer = context_->service<workbench::ViewerService>()) viewer->endLive();
    });
    connect(panel_, &script::ScriptPanel::keepRollout, this, &ScriptPlugin::keepRollout);
    // Quitting with unsaved edits asks Save / Discard / Cancel (Cancel keeps the workbench open).
    context.shell().addCloseGuard(panel_, [this] { return panel_->maybeSave(); });
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
    const core::Rollout* finished = panel_->episode().finishedRollout();
    if (finished == nullptr) return;
    core::Rollout rollout = *finished;  // taken from the episode only once stored
    // "script:oracle.lua 2026-11-23T22:50:01.123Z": the file and when it was kept.
    rollout.source += " " + QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    const QString taskId = QString::fromStdString(rollout.taskId);
    const QString source = QString::fromStdString(rollout.source);
    const int frames = static_cast<int>(rollout.size());
    QString error;
    const qint64 id = context_->data().storeRollout(std::move(rollout), &error);
    if (id == 0) {
        const QString text = tr("Keep as Rollout failed, the episode is not stored: %1").arg(error);
        context_->log().error(kSource, text);
        panel_->showKeepResult(text, false);
        return;
    }
    panel_->episode().takeRollout();
    const QString text =
        id > 0 ? tr("kept the episode of %1 (%2 steps) as rollout #%3 \"%4\" in %5")
                     .arg(taskId)
                     .arg(frames)
                     .arg(id)
                     .arg(source, context_->data().path())
               : tr("kept the episode of %1 (%2 steps) for this session only, NOT saved: a task list is held "
                    "in memory, not in a catalog file (open a catalog to keep episodes)")
                     .arg(taskId)
                     .arg(frames);
    id > 0 ? context_->log().info(kSource, text) : context_->log().warning(kSource, text);
    panel_->showKeepResult(text, true);
    if (context_->selection().taskId() == taskId) context_->selection().setRollout(id);
}

}  // namespace iglu::plugins

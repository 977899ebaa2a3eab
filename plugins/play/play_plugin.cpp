#include "play_plugin.hpp"

#include <QAction>
#include <QDateTime>
#include <QDockWidget>
#include <QMenu>
#include <QScrollArea>

#include "widgets/play_panel.hpp"
#include "core/rollout/step_recorder.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"
#include "workbench/api/viewer_service.hpp"

namespace iglu::plugins {

namespace {
const QString kSource = QStringLiteral("play");
}

bool PlayPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    panel_ = new play::PlayPanel;
    // In a scroll area: the panel's natural height must not force the window taller.
    auto* scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(panel_);
    dock_ = context.shell().addDock(QStringLiteral("play"), tr("Play"), scroll, Qt::RightDockWidgetArea);

    connect(&context.selection(), &workbench::Selection::taskChanged, this, &PlayPlugin::followTask);
    connect(&context.data(), &workbench::DataService::opened, this, &PlayPlugin::followTask);
    connect(panel_, &play::PlayPanel::changed, this, &PlayPlugin::showInViewer);
    connect(panel_, &play::PlayPanel::recordRequested, this, &PlayPlugin::record);

    QMenu* menu = context.shell().menu(tr("P&lay"));
    auto* play = menu->addAction(tr("Play the Current Task"));
    play->setObjectName(QStringLiteral("play.capture"));
    play->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y));
    connect(play, &QAction::triggered, this, [this] {
        dock_->show();
        dock_->raise();
        panel_->capture();
    });
    auto* reset = menu->addAction(tr("Reset the Episode"), panel_, &play::PlayPanel::reset);
    reset->setObjectName(QStringLiteral("play.reset"));
    // Ctrl+Shift+N ("new episode"): Ctrl+Shift+R is Experiments > Run Experiment (one key, one action).
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    auto* flying = menu->addAction(tr("Flying"));
    flying->setCheckable(true);
    flying->setObjectName(QStringLiteral("play.flying"));
    connect(flying, &QAction::toggled, panel_, &play::PlayPanel::setFlying);
    connect(panel_, &play::PlayPanel::flyingChanged, flying, &QAction::setChecked);
    connect(menu->addAction(tr("Save the Episode as a Rollout")), &QAction::triggered, this,
            [this] { record(panel_->playerName()); });
    followTask();
    return true;
}

void PlayPlugin::followTask() {
    const QString id = context_->selection().taskId();
    panel_->setTask(id.isEmpty() ? std::nullopt : context_->data().task(id));
}

void PlayPlugin::showInViewer() {
    const auto& session = panel_->session();
    if (!session.hasTask() || context_->selection().taskId().isEmpty()) return;
    auto* viewer = context_->service<workbench::ViewerService>();
    if (viewer == nullptr) return;
    const auto& env = session.environment();
    viewer->showLive(env.task().target, env.grid(), core::StepRecorder::poseOf(env),
                     tr("%1  |  playing (%2)  |  step %3  |  return %4%5")
                         .arg(context_->selection().taskId(), QString::fromLatin1(core::toString(session.options().actionSpace)))
                         .arg(session.step())
                         .arg(session.episodeReturn(), 0, 'g', 4)
                         .arg(session.done() ? tr("  |  done") : QString()));
}

void PlayPlugin::record(const QString& playerName) {
    const auto& session = panel_->session();
    const QString taskId = context_->selection().taskId();
    if (!session.hasTask() || taskId.isEmpty()) return;
    if (session.rollout().size() == 0) {
        panel_->showRecordResult(tr("Nothing to save yet: play a few steps first"), false);
        return;
    }
    core::Rollout r = session.rollout();
    const QString source = QStringLiteral("play:%1 %2")
                               .arg(playerName, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    r.source = source.toStdString();
    QString error;
    const qint64 id = context_->data().storeRollout(std::move(r), &error);
    if (id == 0) {
        context_->log().error(kSource, error);
        panel_->showRecordResult(error, false);
        return;
    }
    if (id < 0) {
        // A task list is held in memory: the rollout lives in this session only; say so, never "#-1".
        const QString text = tr("Kept %1 steps (return %2) for this session only, NOT saved: a task list is held "
                                "in memory, not in a catalog file (replay it in the Playback dock until the workbench closes)")
                                 .arg(session.step())
                                 .arg(session.episodeReturn(), 0, 'g', 4);
        context_->log().warning(kSource, tr("%1: %2").arg(taskId, text));
        panel_->showRecordResult(text, false);
        return;
    }
    const QString text = tr("Saved %1 steps (return %2) as rollout #%3 \"%4\": replay it in the Playback dock")
                             .arg(session.step())
                             .arg(session.episodeReturn(), 0, 'g', 4)
                             .arg(id)
                             .arg(source);
    context_->log().info(kSource, tr("%1: %2").arg(taskId, text));
    panel_->showRecordResult(text, true);
}

}  // namespace iglu::plugins

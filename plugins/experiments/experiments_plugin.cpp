#include "experiments_plugin.hpp"

#include <exception>

#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "core/util/resource_dirs.hpp"
#include "logic/episode_replay.hpp"
#include "scripting/experiment_session.hpp"
#include "workbench/api/catalog_services.hpp"
#include "widgets/experiments_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

namespace {
const QString kSource = QStringLiteral("experiments");
}

bool ExperimentsPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    panel_ = new experiments::ExperimentsPanel(context.data().experiments());
    panel_->setExperimentsDir(QString::fromStdString(core::resourceDir("examples") + "/experiments"));
    panel_->setAgentsDir(QString::fromStdString(core::resourceDir("examples") + "/agents"));
    panel_->setModelsDir(QString::fromStdString(core::resourceDir("examples") + "/nlp"));
    // The Run Experiment dialog's live count: the same task-set rules a session runs with.
    panel_->setTaskCounter([this](const QString& words) -> QString {
        try {
            const auto set = scripting::parseTaskSet(words.toStdString());
            if (set.kind == scripting::TaskSetSpec::Kind::File) return tr("a task list file");
            const auto n = context_->data().queries().findTasks(scripting::taskFilterOf(set)).size();
            return n == 0 ? tr("no task matches") : n == 1 ? tr("1 task") : tr("%1 tasks").arg(n);
        } catch (const std::exception& e) {
            return QString::fromUtf8(e.what());
        }
    });
    auto* dock = context.shell().addDock(QStringLiteral("experiments"), tr("Experiments"), panel_, Qt::BottomDockWidgetArea);
    dock->hide();  // on demand (Experiments menu, View > Panels): the 3D view keeps its room

    connect(&context.data(), &workbench::DataService::opened, panel_, &experiments::ExperimentsPanel::reload);
    // Episodes and experiments another program stores (a Python agent, `iglu run`, `iglu nlp run`)
    // appear without pressing Refresh (the selection is kept by name).
    connect(&context.data(), &workbench::DataService::changedElsewhere, panel_, &experiments::ExperimentsPanel::refresh);
    connect(panel_, &experiments::ExperimentsPanel::episodeActivated, this, &ExperimentsPlugin::openEpisode);
    connect(panel_, &experiments::ExperimentsPanel::taskActivated, this,
            [this](const QString& taskId) { context_->selection().setTask(taskId); });
    connect(panel_, &experiments::ExperimentsPanel::readFailed, this,
            [this](const QString& message) { context_->log().error(kSource, message); });
    connect(panel_, &experiments::ExperimentsPanel::runFinished, this,
            [this](bool ok, bool, const QString&, const QString& message) {
                ok ? context_->log().info(kSource, message) : context_->log().error(kSource, message);
                context_->shell().showStatus(message, 8000);
                // New agent rollouts may belong to the task on show.
                const QString task = context_->selection().taskId();
                if (!task.isEmpty()) emit context_->data().rolloutsChanged(task);
            });

    QMenu* menu = context.shell().menu(tr("&Experiments"));
    auto* show = menu->addAction(tr("Show Experiments"));
    show->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(show, &QAction::triggered, this, [dock] {
        dock->show();
        dock->raise();
    });
    auto* run = menu->addAction(tr("Run Experiment…"));
    run->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(run, &QAction::triggered, this, [this, dock] {
        dock->show();
        dock->raise();
        panel_->chooseAndRun();
    });
    connect(menu->addAction(tr("Run Clarification Model…")), &QAction::triggered, this, [this, dock] {
        dock->show();
        dock->raise();
        panel_->chooseClarificationModel();
    });
    connect(menu->addAction(tr("Cancel Experiment")), &QAction::triggered, panel_, &experiments::ExperimentsPanel::cancelRun);

    if (context.data().isOpen()) panel_->reload();
    return true;
}

void ExperimentsPlugin::shutdown() {
    if (panel_ != nullptr) panel_->cancelRun();  // the job waits for its thread when the panel goes
}

void ExperimentsPlugin::openEpisode(const experiments::EpisodeRef& e) {
    auto& sel = context_->selection();
    sel.setTask(e.taskId);
    qint64 rollout = e.rolloutId;
    if (rollout == 0) {
        // Not stored (the experiment did not record rollouts): replay it, one episode on this thread.
        const auto task = context_->data().task(e.taskId);
        try {
            if (!task) throw std::runtime_error("task " + e.taskId.toStdString() + " is not in the open data");
            rollout = context_->data().addRollout(experiments::replayEpisode(e.script.toStdString(), e.config.toStdString(),
                                                                             *task, e.seed, e.repetition));
            context_->log().info(kSource, tr("episode %1 (%2, seed %3) had no stored rollout: replayed it as rollout %4")
                                              .arg(e.episodeId)
                                              .arg(e.taskId)
                                              .arg(e.seed)
                                              .arg(rollout));
        } catch (const std::exception& ex) {
            const QString msg = tr("episode %1 (%2) has no stored rollout (record_rollouts = false) and could not be "
                                   "replayed: %3")
                                    .arg(e.episodeId)
                                    .arg(e.taskId, QString::fromStdString(ex.what()));
            context_->log().warning(kSource, msg);
            context_->shell().showStatus(msg, 10000);
        }
    }
    if (rollout != 0) sel.setRollout(rollout);
    sel.setEpisode(e.episodeId);
}

}  // namespace iglu::plugins

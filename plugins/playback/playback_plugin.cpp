#include "playback_plugin.hpp"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/rollout/random_agent.hpp"
#include "logic/belief_status.hpp"
#include "core/rollout/rollout_series.hpp"
#include "viewers/qt/pov_frame_view.hpp"
#include "viewers/qt/rollout_chart.hpp"
#include "viewers/qt/rollout_timeline.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

namespace {
const QString kSource = QStringLiteral("playback");
}

bool PlaybackPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    auto* panel = new QWidget;
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Rollout:"), panel));
    rollouts_ = new QComboBox(panel);
    rollouts_->setObjectName(QStringLiteral("rolloutCombo"));
    rollouts_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    top->addWidget(rollouts_, 1);
    record_ = new QToolButton(panel);
    record_->setObjectName(QStringLiteral("recordRandom"));
    record_->setText(tr("Record random-agent episode"));
    record_->setToolTip(tr("Run 250 steps of a seeded random agent (place-biased) in the core environment on this "
                           "task, store the episode in the catalog and play it back"));
    top->addWidget(record_);
    auto* povButton = new QToolButton(panel);
    povButton->setObjectName(QStringLiteral("povToggle"));
    top->addWidget(povButton);
    layout->addLayout(top);
    recordStatus_ = new QLabel(panel);
    recordStatus_->setObjectName(QStringLiteral("recordStatus"));
    recordStatus_->setWordWrap(true);
    recordStatus_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    recordStatus_->hide();
    layout->addWidget(recordStatus_);
    timeline_ = new viewers::RolloutTimeline(panel);
    timeline_->setObjectName(QStringLiteral("timeline"));
    layout->addWidget(timeline_);
    beliefStatus_ = new QLabel(panel);
    beliefStatus_->setObjectName(QStringLiteral("beliefStatus"));
    beliefStatus_->setToolTip(tr("The agent's belief in force at this step (the last one it published) and its "
                                 "prediction precision / recall / F1 against the target; the 3D view draws it"));
    beliefStatus_->setStyleSheet(QStringLiteral("color: #a0527a;"));  // the 3D view's belief legend colour, darker
    beliefStatus_->hide();
    layout->addWidget(beliefStatus_);
    chart_ = new viewers::RolloutChart(panel);
    chart_->setObjectName(QStringLiteral("rolloutChart"));
    layout->addWidget(chart_, 1);
    context.shell().addDock(QStringLiteral("playback"), tr("Playback"), panel, Qt::BottomDockWidgetArea);
    // The first-person view: its own dock beside the 3D view (right of it, not tabbed behind a
    // panel there), hidden until asked for; the dock's toggle is the First-Person View action.
    pov_ = new viewers::PovFrameView;
    pov_->setObjectName(QStringLiteral("playbackPov"));
    QDockWidget* povDock = context.shell().addDock(QStringLiteral("playback.pov"), tr("First-Person View"), pov_, Qt::RightDockWidgetArea);
    if (QMainWindow* window = context.shell().mainWindow()) {
        window->removeDockWidget(povDock);
        window->addDockWidget(Qt::RightDockWidgetArea, povDock, Qt::Horizontal);
    }
    povDock->hide();
    QAction* povAction = povDock->toggleViewAction();
    povAction->setObjectName(QStringLiteral("playback.povAction"));
    povAction->setToolTip(tr("Show what the agent saw at this step (its first-person view) beside the 3D view"));
    povButton->setDefaultAction(povAction);
    connect(povDock, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown) showPov();
    });

    auto& sel = context.selection();
    connect(&sel, &workbench::Selection::taskChanged, this, &PlaybackPlugin::refreshRollouts);
    connect(&sel, &workbench::Selection::taskChanged, recordStatus_, &QWidget::hide);
    connect(&sel, &workbench::Selection::rolloutChanged, this, &PlaybackPlugin::showRollout);
    connect(&sel, &workbench::Selection::stepChanged, this, [this](int step) {
        timeline_->setPosition(step);
        chart_->setPosition(step);
        showBeliefStatus(step);
        showPov();
    });
    connect(&context.data(), &workbench::DataService::rolloutsChanged, this, [this](const QString& taskId) {
        if (taskId == context_->selection().taskId()) refreshRollouts();
    });
    // Another program (a Python agent recording episodes, `iglu run`) stored rollouts: listed without a refresh.
    connect(&context.data(), &workbench::DataService::changedElsewhere, this, [this] { refreshRollouts(); });
    // Other data: nothing of the old data stays (the selection is already re-resolved in the new one).
    connect(&context.data(), &workbench::DataService::opened, this, [this] {
        recordStatus_->hide();
        refreshRollouts();
        showRollout(context_->selection().rolloutId());
    });
    connect(rollouts_, &QComboBox::activated, this, [this](int index) {
        context_->selection().setRollout(rollouts_->itemData(index).toLongLong());
    });
    connect(record_, &QToolButton::clicked, this, &PlaybackPlugin::recordRandomEpisode);
    connect(chart_, &viewers::RolloutChart::stepClicked, timeline_, &viewers::RolloutTimeline::setPosition);
    connect(timeline_, &viewers::RolloutTimeline::positionChanged, this, [this](int p) {
        context_->selection().setStep(p);
        chart_->setPosition(p);
    });

    QMenu* menu = context.shell().menu(tr("&Playback"));
    auto* play = menu->addAction(tr("Play / Pause"), timeline_, &viewers::RolloutTimeline::togglePlay);
    play->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    auto* fwd = menu->addAction(tr("Step Forward"), timeline_, &viewers::RolloutTimeline::stepForward);
    fwd->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Right));
    auto* back = menu->addAction(tr("Step Back"), timeline_, &viewers::RolloutTimeline::stepBack);
    back->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Left));
    menu->addAction(povAction);
    menu->addSeparator();
    menu->addAction(tr("Record Random-Agent Episode"), this, &PlaybackPlugin::recordRandomEpisode);
    refreshRollouts();
    return true;
}

void PlaybackPlugin::shutdown() {
    if (timeline_ != nullptr) timeline_->pause();
}

void PlaybackPlugin::refreshRollouts() {
    const QSignalBlocker block(rollouts_);
    rollouts_->clear();
    const QString taskId = context_->selection().taskId();
    record_->setEnabled(!taskId.isEmpty());
    if (taskId.isEmpty()) {
        rollouts_->addItem(tr("(no task selected)"), 0);
    } else {
        rollouts_->addItem(tr("(none: task start)"), 0);
        for (const auto& r : context_->data().rollouts(taskId)) {
            // Human tapes store no reward (the chart replays them for it): no stored return to show.
            const QString ret = r.kind == QLatin1String("human") ? QString() : tr(", return %1").arg(r.totalReward, 0, 'g', 4);
            rollouts_->addItem(tr("%1 %2, %3 frames%4 (%5)")
                                   .arg(r.id > 0 ? QStringLiteral("#%1").arg(r.id) : tr("unsaved (this session only):"))
                                   .arg(r.kind)
                                   .arg(r.frames)
                                   .arg(ret, r.source),
                               r.id);
        }
    }
    const int index = rollouts_->findData(context_->selection().rolloutId());
    rollouts_->setCurrentIndex(std::max(0, index));
    if (context_->selection().rolloutId() == 0) showRollout(0);
}

void PlaybackPlugin::showRollout(qint64 id) {
    {
        const QSignalBlocker block(rollouts_);
        const int index = rollouts_->findData(id);
        if (index >= 0) rollouts_->setCurrentIndex(index);
    }
    const auto rollout = id == 0 ? nullptr : context_->data().rollout(id);
    const auto task = context_->data().task(context_->selection().taskId());
    rollout_ = rollout;
    povCursor_ = rollout ? std::make_unique<core::RolloutCursor>(*rollout) : nullptr;
    target_ = task ? std::optional<core::Grid>(task->target) : std::nullopt;
    if (rollout == nullptr || !task) {
        timeline_->setFrameCount(0);
        chart_->clear();
        showBeliefStatus(0);
        showPov();
        return;
    }
    chart_->setSeries(core::computeSeries(*rollout, task->target));
    {
        const QSignalBlocker block(timeline_);
        timeline_->setFrameCount(static_cast<int>(rollout->size()));
        timeline_->setPosition(context_->selection().step());
    }
    chart_->setPosition(timeline_->position());
    showBeliefStatus(timeline_->position());
    showPov();
}

void PlaybackPlugin::showPov() {
    if (pov_ == nullptr || !pov_->isVisible()) return;  // drawn when its dock is shown again
    if (!povCursor_) {
        pov_->clear();
        return;
    }
    povCursor_->seek(static_cast<std::size_t>(std::max(0, context_->selection().step())));
    pov_->showPose(povCursor_->grid(), povCursor_->pose());
}

void PlaybackPlugin::showBeliefStatus(int step) {
    const QString text = rollout_ && target_ ? playback::beliefStatus(*rollout_, *target_, static_cast<std::size_t>(std::max(0, step)))
                                             : QString();
    beliefStatus_->setText(text);
    beliefStatus_->setVisible(!text.isEmpty());
}

void PlaybackPlugin::recordRandomEpisode() {
    const QString taskId = context_->selection().taskId();
    const auto task = context_->data().task(taskId);
    if (!task) return;
    core::RandomEpisodeOptions o;
    o.seed = nextSeed_++;
    core::Rollout rollout = core::recordRandomEpisode(*task, o);
    // "random-agent:seed=3 2026-11-23T22:50:01.123Z": seeds restart at 1 in every session.
    rollout.source += " " + QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    const QString source = QString::fromStdString(rollout.source);
    QString error;
    const qint64 id = context_->data().storeRollout(std::move(rollout), &error);
    QString text;
    if (id == 0) {
        text = tr("The random-agent episode of %1 (seed %2) was not stored: %3").arg(taskId, QString::number(o.seed), error);
        context_->log().error(kSource, text);
    } else if (id > 0) {
        text = tr("Recorded a random-agent episode of %1 (seed %2) as rollout #%3 \"%4\" in %5")
                   .arg(taskId)
                   .arg(o.seed)
                   .arg(id)
                   .arg(source, context_->data().path());
        context_->log().info(kSource, text);
    } else {
        text = tr("Recorded a random-agent episode of %1 (seed %2) for this session only, NOT saved: a task list "
                  "is held in memory, not in a catalog file")
                   .arg(taskId)
                   .arg(o.seed);
        context_->log().warning(kSource, text);
    }
    recordStatus_->setText(text);
    recordStatus_->setStyleSheet(id > 0 ? QString() : id < 0 ? QStringLiteral("color: #b26a00;") : QStringLiteral("color: #c62828;"));
    recordStatus_->show();
    if (id != 0) context_->selection().setRollout(id);
}

}  // namespace iglu::plugins

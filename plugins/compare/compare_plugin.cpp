#include "compare_plugin.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "widgets/compare_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

bool ComparePlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    panel_ = new compare::ComparePanel(context.data(), context.selection());
    panel_->setObjectName(QStringLiteral("comparePanel"));
    dock_ = context.shell().addDock(QStringLiteral("compare"), tr("Compare"), panel_, Qt::BottomDockWidgetArea);
    QMenu* menu = context.shell().menu(tr("&Playback"));
    auto* action = menu->addAction(tr("&Compare Rollouts"), this, &ComparePlugin::compareSelected);
    action->setObjectName(QStringLiteral("compare.rollouts"));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    action->setToolTip(tr("Show the selected rollout beside another rollout of the task, in sync"));
    // Shown with nothing checked (View > Panels, --panel compare): start from the selected rollout
    // and the human tape rather than an empty dock.
    connect(dock_, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && panel_->checkedIds().isEmpty() && !context_->selection().taskId().isEmpty()) preselect();
    });
    return true;
}

void ComparePlugin::compareSelected() {
    preselect();
    dock_->show();
    dock_->raise();
}

void ComparePlugin::preselect() {
    const auto& sel = context_->selection();
    QList<qint64> ids;
    if (sel.rolloutId() != 0) ids.append(sel.rolloutId());
    const auto rollouts = context_->data().rollouts(sel.taskId());
    // A human tape first (the usual question: the agent against the human), then any other.
    for (const bool human : {true, false})
        for (const auto& r : rollouts)
            if (ids.size() < 2 && !ids.contains(r.id) && (r.kind == QLatin1String("human")) == human) ids.append(r.id);
    panel_->compare(ids);
    panel_->seek(sel.step());  // where the user was looking in Playback
}

}  // namespace iglu::plugins

#include "labeling_plugin.hpp"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QScrollArea>
#include <QTabWidget>
#include <QTextBrowser>

#include "logic/skill_guide.hpp"
#include "widgets/agreement_view.hpp"
#include "widgets/batch_label_view.hpp"
#include "widgets/review_view.hpp"
#include "logic/auto_suggestions.hpp"
#include "logic/label_files.hpp"
#include "widgets/labeling_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"

namespace iglu::plugins {

namespace {
const QString kSource = QStringLiteral("labeling");
}

bool LabelingPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    panel_ = new labeling::LabelingPanel(context.data().labels(), &context.undoStack());  // reads the stored name
    // In a scroll area: the panel's natural height must not force the window taller.
    auto* scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(panel_);
    // One dock, four tabs: label the current task, label a selection at once, review
    // disagreements, and what each skill means.
    tabs_ = new QTabWidget;
    tabs_->setObjectName(QStringLiteral("labelingTabs"));
    tabs_->addTab(scroll, tr("Label"));
    batch_ = new labeling::BatchLabelView(context.data().labels(),
                                          [this](bool ask) { return ask ? panel_->ensureLabeler() : panel_->labeler(); });
    tabs_->addTab(batch_, tr("Batch"));
    review_ = new labeling::ReviewView(context.data().labels(), [this] { return panel_->ensureLabeler(); });
    tabs_->addTab(review_, tr("Review"));
    auto* guide = new QTextBrowser;
    guide->setObjectName(QStringLiteral("skillGuide"));
    guide->setHtml(labeling::skillGuideHtml());
    tabs_->addTab(guide, tr("Skills"));
    auto* dock = context.shell().addDock(QStringLiteral("labeling"), tr("Labeling"), tabs_, Qt::RightDockWidgetArea);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] { refreshTab(); });
    connect(batch_, &labeling::BatchLabelView::taskActivated, &context.selection(), &workbench::Selection::setTask);
    connect(review_, &labeling::ReviewView::taskActivated, &context.selection(), &workbench::Selection::setTask);
    const auto changedHere = [this](const QString& id) {
        panel_->reloadFromCatalog();
        if (agreementDock_->isVisible()) agreement_->refresh();
        emit context_->data().labelsChanged(id);
    };
    connect(batch_, &labeling::BatchLabelView::labelsChanged, this, changedHere);
    connect(review_, &labeling::ReviewView::labelsChanged, this, changedHere);
    agreement_ = new labeling::AgreementView(context.data().labels());
    agreementDock_ = context.shell().addDock(QStringLiteral("agreement"), tr("Label Agreement"), agreement_, Qt::BottomDockWidgetArea);
    agreementDock_->hide();

    connect(panel_, &labeling::LabelingPanel::currentTaskChanged, this,
            [this](const QString& id) { context_->selection().setTask(id); });
    connect(panel_, &labeling::LabelingPanel::labelsChanged, this,
            [this](const QString& id) { emit context_->data().labelsChanged(id); });
    connect(panel_, &labeling::LabelingPanel::saveFailed, this,
            [this](const QString& message) { context_->log().error(kSource, message); });
    connect(&context.selection(), &workbench::Selection::taskChanged, panel_,
            [this](const QString& id) { panel_->selectTask(id); });
    connect(&context.data(), &workbench::DataService::opened, this, &LabelingPlugin::catalogOpened);
    connect(&context.data(), &workbench::DataService::changedElsewhere, this, [this] {
        panel_->reloadFromCatalog();
        if (agreementDock_->isVisible()) agreement_->refresh();
        refreshTab();
    });
    connect(agreement_, &labeling::AgreementView::taskActivated, this,
            [this](const QString& id) { context_->selection().setTask(id); });
    connect(agreementDock_, &QDockWidget::visibilityChanged, agreement_, [this](bool visible) {
        if (visible) agreement_->refresh();
    });

    QMenu* menu = context.shell().menu(tr("&Labels"));
    auto* focus = menu->addAction(tr("Label the Current Task"));
    focus->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(focus, &QAction::triggered, this, [this, dock] {
        dock->show();
        dock->raise();
        tabs_->setCurrentIndex(0);
        panel_->setFocus();
    });
    menu->addActions(panel_->labelingActions());
    for (auto [text, index] : {std::pair{tr("Batch Labeling…"), 1}, std::pair{tr("Review Disagreements…"), 2}})
        connect(menu->addAction(text), &QAction::triggered, this, [this, dock, i = index] {
            dock->show();
            dock->raise();
            tabs_->setCurrentIndex(i);
        });
    menu->addSeparator();
    connect(menu->addAction(tr("Run Auto-Labeler on All Tasks")), &QAction::triggered, this, &LabelingPlugin::runAutoLabeler);
    auto* agreement = menu->addAction(tr("Agreement…"));
    connect(agreement, &QAction::triggered, this, [this] {
        agreementDock_->show();
        agreementDock_->raise();
        agreement_->refresh();
    });
    menu->addSeparator();
    connect(menu->addAction(tr("Export Labels…")), &QAction::triggered, this, &LabelingPlugin::exportLabels);
    connect(menu->addAction(tr("Import Labels…")), &QAction::triggered, this, &LabelingPlugin::importLabels);

    if (context.data().isOpen()) catalogOpened();
    return true;
}

void LabelingPlugin::shutdown() {
    if (panel_) panel_->saveNote();  // the labeler's name was stored when given
}

void LabelingPlugin::refreshTab() {
    if (tabs_->currentWidget() == batch_) batch_->refresh();
    else if (tabs_->currentWidget() == review_) review_->refresh();
}

void LabelingPlugin::catalogOpened() {
    panel_->reload();
    panel_->forgetModel();  // trained and scored on the previous catalog's labels (after reload: no stale session)
    agreement_->refresh();
    refreshTab();
    const QString current = context_->selection().taskId();
    if (!current.isEmpty()) panel_->selectTask(current);
}

void LabelingPlugin::runAutoLabeler() {
    const workbench::LabelStore& labels = context_->data().labels();
    QWidget* parent = context_->shell().mainWindow();
    if (!labels.isOpen()) {
        QMessageBox::information(parent, tr("Auto-Labeler"), tr("Open a catalog first."));
        return;
    }
    QProgressDialog progress(tr("Running the automatic skill labeler…"), tr("Stop"), 0, 100, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    try {
        const auto* trained = panel_->training();  // a trained model suggests where it scored higher
        const int n = labeling::storeAutoSuggestions(
            labels.catalog(),
            [&progress](int done, int total) {
                progress.setMaximum(total);
                progress.setValue(done);
                return !progress.wasCanceled();
            },
            trained ? &trained->model : nullptr);
        progress.reset();
        const QString msg = labels.inMemory()
                                ? tr("Auto-labeler: suggestions for %1 tasks, kept for this session only (a task list is "
                                     "held in memory, NOT saved)")
                                      .arg(n)
                                : tr("Auto-labeler: suggestions stored for %1 tasks").arg(n);
        context_->log().info(kSource, msg);
        context_->shell().showStatus(msg, 5000);
    } catch (const std::exception& e) {
        progress.reset();
        const QString msg = tr("Auto-labeler failed on %1: %2").arg(labels.path(), QString::fromStdString(e.what()));
        context_->log().error(kSource, msg);
        QMessageBox::warning(parent, tr("Auto-Labeler"), msg);
    }
    panel_->reload();
    panel_->selectTask(context_->selection().taskId());
    agreement_->refresh();
    refreshTab();
    emit context_->data().labelsChanged(QString());
}

void LabelingPlugin::exportLabels() {
    const workbench::LabelStore& labels = context_->data().labels();
    QWidget* parent = context_->shell().mainWindow();
    if (!labels.isOpen()) {
        QMessageBox::information(parent, tr("Export Labels"), tr("Open a catalog first."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(parent, tr("Export Labels"), QStringLiteral("labels.csv"),
                                                      tr("Labels (*.csv *.json)"));
    if (path.isEmpty()) return;
    const auto r = labeling::exportLabelFile(labels.catalog(), path);
    if (r.ok) {
        context_->log().info(kSource, r.message);
        context_->shell().showStatus(r.message, 5000);
    } else {
        context_->log().error(kSource, r.message);
        QMessageBox::warning(parent, tr("Export Labels"), r.message);
    }
}

void LabelingPlugin::importLabels() {
    const workbench::LabelStore& labels = context_->data().labels();
    QWidget* parent = context_->shell().mainWindow();
    if (!labels.isOpen()) {
        QMessageBox::information(parent, tr("Import Labels"), tr("Open a catalog first."));
        return;
    }
    const QString path = QFileDialog::getOpenFileName(parent, tr("Import Labels"), QString(), tr("Labels (*.csv *.json)"));
    if (path.isEmpty()) return;
    const auto r = labeling::importLabelFile(path, labels.catalog());
    (r.ok ? context_->log().info(kSource, r.message) : context_->log().warning(kSource, r.message));
    if (!r.ok) QMessageBox::warning(parent, tr("Import Labels"), r.message);
    else context_->shell().showStatus(r.message, 5000);
    // Labels of the open task may have changed: re-read.
    panel_->reload();
    panel_->selectTask(context_->selection().taskId());
    agreement_->refresh();
    refreshTab();
    emit context_->data().labelsChanged(QString());
}

}  // namespace iglu::plugins

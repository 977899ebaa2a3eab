#include "workbench/app/main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

#include "viewers/qt/surface_format.hpp"
#include "workbench/api/plugin.hpp"
#include "plugin_manager.hpp"
#include "plugins_dialog.hpp"
#include "workbench/app/workbench_context.hpp"

namespace iglu::workbench {

MainWindow::MainWindow(WorkbenchContext& context, PluginManager& plugins) : context_(context), plugins_(plugins) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("IGLU Workbench"));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    resize(1280, 800);

    fileMenu_ = menuBar()->addMenu(tr("&File"));
    auto* open = fileMenu_->addAction(tr("&Open Catalog or Task List..."), this, &MainWindow::openDataDialog);
    open->setShortcut(QKeySequence::Open);
    fileMenu_->addSeparator();
    auto* undo = context_.undoStack().createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    auto* redo = context_.undoStack().createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    fileMenu_->addAction(undo);
    fileMenu_->addAction(redo);
    fileMenu_->addSeparator();
    auto* quit = fileMenu_->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    panelsMenu_ = viewMenu_->addMenu(tr("&Panels"));
    viewMenu_->addSeparator();

    helpMenu_ = menuBar()->addMenu(tr("&Help"));
    helpMenu_->addAction(tr("&Plugins..."), this, &MainWindow::showPluginsDialog);
    helpMenu_->addAction(tr("&About IGLU Workbench"), this, &MainWindow::showAbout);

    messages_ = new QPlainTextEdit(this);
    messages_->setReadOnly(true);
    messages_->setMaximumBlockCount(5000);
    for (const auto& e : context_.log().entries())
        messages_->appendPlainText(QStringLiteral("%1 %2: %3").arg(levelName(e.level), e.source, e.text));
    connect(&context_.log(), &MessageLog::added, this, [this](const LogEntry& e) {
        messages_->appendPlainText(QStringLiteral("%1 %2: %3").arg(levelName(e.level), e.source, e.text));
        if (e.level == LogEntry::Level::Error) statusBar()->showMessage(e.source + QStringLiteral(": ") + e.text, 8000);
    });
    auto* messagesDock = addDock(QStringLiteral("messages"), tr("Messages"), messages_, Qt::BottomDockWidgetArea);
    messagesDock->hide();

    dataLabel_ = new QLabel(tr("no data open"), this);
    statusBar()->addPermanentWidget(dataLabel_);
    connect(&context_.data(), &DataService::opened, this, [this](const QString& path) {
        dataLabel_->setText(tr("%1: %2 (%3 tasks)")
                                .arg(context_.data().kind(), QFileInfo(path).fileName())
                                .arg(context_.data().tasks().size()));
        dataLabel_->setToolTip(path);
        setWindowTitle(tr("IGLU Workbench - %1").arg(QFileInfo(path).fileName()));
    });
    statusBar()->showMessage(tr("Ready"));
}

QDockWidget* MainWindow::addDock(const QString& id, const QString& title, QWidget* content, Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(id);
    dock->setWidget(content);
    addDockWidget(area, dock);
    // Share the area as tabs with the first dock there that is not hidden; it stays in front.
    for (QDockWidget* other : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        const bool hiddenOnPurpose = other->testAttribute(Qt::WA_WState_ExplicitShowHide) && other->isHidden();
        if (other == dock || hiddenOnPurpose || dockWidgetArea(other) != area) continue;
        tabifyDockWidget(other, dock);
        other->raise();
        break;
    }
    panelsMenu_->addAction(dock->toggleViewAction());
    return dock;
}

bool MainWindow::setCentralWidget(QWidget* widget) {
    if (centralTaken_) return false;
    centralTaken_ = true;
    QMainWindow::setCentralWidget(widget);
    return true;
}

QMenu* MainWindow::menu(const QString& title) {
    for (QAction* a : menuBar()->actions())
        if (a->menu() != nullptr && a->text() == title) return a->menu();
    auto* m = new QMenu(title, this);
    menuBar()->insertMenu(helpMenu_->menuAction(), m);
    return m;
}

QToolBar* MainWindow::toolBar(const QString& id, const QString& title) {
    if (auto* existing = findChild<QToolBar*>(id)) return existing;
    auto* bar = addToolBar(title);
    bar->setObjectName(id);
    viewMenu_->addAction(bar->toggleViewAction());
    return bar;
}

void MainWindow::showStatus(const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); }

void MainWindow::addCloseGuard(QObject* owner, std::function<bool()> canClose) {
    if (owner == nullptr || !canClose) return;
    closeGuards_.push_back({owner, std::move(canClose)});
}

bool MainWindow::canClose() {
    std::erase_if(closeGuards_, [](const CloseGuard& g) { return g.owner.isNull(); });
    // A guard may show a dialog whose event loop adds or drops guards: iterate over a copy.
    const std::vector<CloseGuard> guards = closeGuards_;
    for (const CloseGuard& g : guards)
        if (!g.owner.isNull() && !g.canClose()) return false;
    return true;
}

void MainWindow::restoreLayout() {
    QSettings s;
    if (const auto g = s.value(QStringLiteral("window/geometry")).toByteArray(); !g.isEmpty()) restoreGeometry(g);
    if (const auto st = s.value(QStringLiteral("window/state")).toByteArray(); !st.isEmpty()) restoreState(st, 1);
}

void MainWindow::saveLayout() {
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState(1));
    if (context_.data().isOpen()) s.setValue(QStringLiteral("data/last"), context_.data().path());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!canClose()) {
        event->ignore();  // unsaved work kept: the application stays open
        showStatus(tr("Quit cancelled"), 4000);
        return;
    }
    if (saveOnClose_) saveLayout();
    QMainWindow::closeEvent(event);
}

bool MainWindow::openData(const QString& path, bool interactive) {
    QString error;
    if (!context_.data().open(path, &error)) {
        context_.log().error(QStringLiteral("workbench"), error);
        if (interactive) QMessageBox::warning(this, tr("Cannot open data"), error);
        return false;
    }
    context_.log().info(QStringLiteral("workbench"),
                        tr("opened %1 %2 (%3 tasks)").arg(context_.data().kind(), path).arg(context_.data().tasks().size()));
    return true;
}

void MainWindow::openDataDialog() {
    const QString dir = context_.data().isOpen() ? QFileInfo(context_.data().path()).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open catalog or task list"), dir,
        tr("Catalogs and task lists (*.db *.sqlite *.iglu *.jsonl);;All files (*)"));
    if (!path.isEmpty()) openData(path);
}

void MainWindow::showPluginsDialog() {
    PluginsDialog dialog(plugins_, this);
    if (dialog.exec() != QDialog::Accepted) return;
    const QStringList disabled = dialog.disabledNames();
    QSettings().setValue(disabledPluginsSettingsKey(), disabled);
    if (disabled != plugins_.disabled())
        showStatus(tr("Plugin changes take effect at the next start"), 8000);
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About IGLU Workbench"),
                       tr("<h3>IGLU Workbench %1</h3>"
                          "<p>Inspect, label and script grounded block-building agents.</p>"
                          "<p>Qt %2 (built with %3), VTK %4, plugin API %5.<br>Data: %6</p>")
                           .arg(QStringLiteral(IGLU_VERSION), QString::fromLatin1(qVersion()),
                                QStringLiteral(QT_VERSION_STR), viewers::vtkVersion())
                           .arg(kPluginApiVersion)
                           .arg(context_.data().isOpen() ? context_.data().path() : tr("none")));
}

}  // namespace iglu::workbench

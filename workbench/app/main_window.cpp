#include "workbench/app/main_window.hpp"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QToolBar>

#include "viewers/qt/surface_format.hpp"
#include "workbench/app/workspaces.hpp"
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
    recentMenu_ = fileMenu_->addMenu(tr("Open &Recent"));
    recentMenu_->setObjectName(QStringLiteral("recentMenu"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fillRecentMenu();
    fileMenu_->addSeparator();
    auto* quit = fileMenu_->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    // Edit: the application's undo stack (label changes, ...), where people look for it.
    editMenu_ = menuBar()->addMenu(tr("&Edit"));
    auto* undo = context_.undoStack().createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    auto* redo = context_.undoStack().createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    editMenu_->addAction(undo);
    editMenu_->addAction(redo);

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    panelsMenu_ = viewMenu_->addMenu(tr("&Panels"));
    auto* reset = viewMenu_->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    reset->setObjectName(QStringLiteral("resetLayoutAction"));
    viewMenu_->addSeparator();
    addWorkspaceActions();
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
    dataLabel_->setObjectName(QStringLiteral("dataLabel"));
    statusBar()->addPermanentWidget(dataLabel_);
    // The task count follows the data: opened, and tasks added to it (a custom task saved by the
    // task editor left the count of the catalog as it was opened).
    const auto showData = [this] {
        const QString path = context_.data().path();
        dataLabel_->setText(tr("%1: %2 (%3 tasks)")
                                .arg(context_.data().kind(), QFileInfo(path).fileName())
                                .arg(context_.data().tasks().size()));
        dataLabel_->setToolTip(path);
    };
    connect(&context_.data(), &DataService::opened, this, [this, showData](const QString& path) {
        rememberRecent(path);
        showData();
        setWindowTitle(tr("IGLU Workbench - %1").arg(QFileInfo(path).fileName()));
    });
    connect(&context_.data(), &DataService::tasksChanged, this, showData);
    statusBar()->showMessage(tr("Ready"));
    // Double-clicks that maximize a view and Esc that restores it (main_window_maximize.cpp) arrive
    // at the docks' title bars, their tab bars and the 3D views: one filter sees them all.
    qApp->installEventFilter(this);
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
    // The central view (the 3D view) keeps a usable size: docks give way, not it.
    widget->setMinimumSize(kCentralMinimum);
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

void MainWindow::captureDefaultLayout() { defaultState_ = saveState(1); }

void MainWindow::restoreLayout() {
    QSettings s;
    if (const auto g = s.value(QStringLiteral("window/geometry")).toByteArray(); !g.isEmpty()) restoreGeometry(g);
    if (const auto st = s.value(QStringLiteral("window/state")).toByteArray(); !st.isEmpty())
        restoredSavedLayout_ = restoreState(st, 1);
    unsquashDocks();
    // The workspace the saved layout was in (its docks are part of the restored state).
    workspace_ = restoredSavedLayout_ ? s.value(QStringLiteral("layout/workspace")).toString() : QString();
    if (workspaceActions_ != nullptr)
        for (QAction* a : workspaceActions_->actions()) a->setChecked(a->objectName() == QStringLiteral("workspace.") + workspace_);
}

void MainWindow::resetLayout() {
    if (defaultState_.isEmpty()) return;
    restoreMaximized();
    // Without animation: an animated restore lands after the proportions and undoes them.
    const bool animated = isAnimated();
    setAnimated(false);
    restoreState(defaultState_, 1);
    arrangeDocks();
    setAnimated(animated);
    showStatus(tr("Layout reset"), 4000);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (arranged_) return;
    arranged_ = true;
    if (!restoredSavedLayout_) arrangeDocks();  // a first start (or a scripted one): the default proportions
}

namespace {
// The panels in front of their tab groups at start: what serves a session before anything runs
// (Playback under the view, Labeling beside it), not a Compare with nothing checked or an idle Play.
constexpr const char* kFrontDocks[] = {"playback", "labeling"};
}  // namespace

void MainWindow::arrangeDocks(double bottomShare) {
    for (const char* id : kFrontDocks)
        if (auto* dock = findChild<QDockWidget*>(QLatin1String(id), Qt::FindDirectChildrenOnly); dock != nullptr && !dock->isHidden())
            dock->raise();
    if (auto* l = layout()) l->activate();
    // A side column is as wide as its panels ask (their size hints), between kSideShare and
    // kSideShareMax of the window; the bottom area kBottomShare of its height.
    QList<QDockWidget*> left, right, bottom;
    int leftWant = 0, rightWant = 0;
    for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (dock->isHidden() || dock->isFloating()) continue;
        const Qt::DockWidgetArea area = dockWidgetArea(dock);
        if (area == Qt::LeftDockWidgetArea) {
            left << dock;
            leftWant = std::max(leftWant, dock->sizeHint().width());
        } else if (area == Qt::RightDockWidgetArea) {
            right << dock;
            rightWant = std::max(rightWant, dock->sizeHint().width());
        } else {
            bottom << dock;
        }
    }
    const auto columnWidth = [this](int want) {
        return std::max(kDockMinimum, std::clamp(want, static_cast<int>(width() * kSideShare), static_cast<int>(width() * kSideShareMax)));
    };
    QList<QDockWidget*> side = left + right;
    QList<int> widths, heights;
    for (int i = 0; i < left.size(); ++i) widths << columnWidth(leftWant);
    for (int i = 0; i < right.size(); ++i) widths << columnWidth(rightWant);
    for (int i = 0; i < bottom.size(); ++i) heights << std::max(kDockMinimum, static_cast<int>(height() * bottomShare));
    if (!side.isEmpty()) resizeDocks(side, widths, Qt::Horizontal);
    if (!bottom.isEmpty()) resizeDocks(bottom, heights, Qt::Vertical);
}

// A dock dragged (or saved) thinner than it can show its content is given its preferred size
// back, so a squashed dock does not stay squashed across restarts.
void MainWindow::unsquashDocks() {
    QList<QDockWidget*> wide, tall;
    QList<int> widths, heights;
    for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (dock->isHidden() || dock->isFloating() || dock->widget() == nullptr) continue;
        const QSize want = dock->widget()->minimumSizeHint().expandedTo(QSize(kDockMinimum, kDockMinimum));
        const Qt::DockWidgetArea area = dockWidgetArea(dock);
        const bool sideways = area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea;
        if (sideways && dock->width() < want.width()) {
            wide << dock;
            widths << std::max(want.width(), dock->sizeHint().width());
        } else if (!sideways && dock->height() < want.height()) {
            tall << dock;
            heights << std::max(want.height(), dock->sizeHint().height());
        }
    }
    if (!wide.isEmpty()) resizeDocks(wide, widths, Qt::Horizontal);
    if (!tall.isEmpty()) resizeDocks(tall, heights, Qt::Vertical);
}

void MainWindow::addWorkspaceActions() {
    // View > Workspaces and the Workspace tool bar share one exclusive group (Alt+1..Alt+6; Ctrl+1..4 are the view presets).
    QMenu* menu = viewMenu_->addMenu(tr("&Workspaces"));
    QToolBar* bar = toolBar(QStringLiteral("workspaces"), tr("Workspace"));
    workspaceActions_ = new QActionGroup(this);
    workspaceActions_->setExclusive(true);
    int n = 0;
    for (const Workspace& w : workspaces()) {
        const QString id = QString::fromUtf8(w.id.data(), static_cast<qsizetype>(w.id.size()));
        auto* a = new QAction(QString::fromUtf8(w.title.data(), static_cast<qsizetype>(w.title.size())), workspaceActions_);
        a->setObjectName(QStringLiteral("workspace.") + id);
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + n++)));
        a->setToolTip(tr("%1 workspace (%2): its panels shown, the others hidden (View > Panels)")
                          .arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
        connect(a, &QAction::triggered, this, [this, id] { applyWorkspace(id); });
        menu->addAction(a);
        bar->addAction(a);
    }
}

bool MainWindow::applyWorkspace(const QString& id) {
    const Workspace* w = findWorkspace(id.toStdString());
    if (w == nullptr) return false;
    restoreMaximized();
    const bool animated = isAnimated();
    setAnimated(false);
    const auto listed = [](std::span<const std::string_view> ids, const QString& name) {
        for (auto s : ids)
            if (name == QLatin1String(s.data(), static_cast<qsizetype>(s.size()))) return true;
        return false;
    };
    for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
        if (!dock->isFloating()) dock->setVisible(listed(w->docks, dock->objectName()));
    arrangeDocks(w->bottomShare);  // raises the default front panels: the workspace's go over them
    for (auto front : w->front)
        if (auto* dock = findChild<QDockWidget*>(QLatin1String(front.data(), static_cast<qsizetype>(front.size())), Qt::FindDirectChildrenOnly))
            dock->raise();
    setAnimated(animated);
    workspace_ = id;
    if (workspaceActions_ != nullptr)
        for (QAction* a : workspaceActions_->actions()) a->setChecked(a->objectName() == QStringLiteral("workspace.") + id);
    QSettings().setValue(QStringLiteral("layout/workspace"), id);
    showStatus(tr("%1 workspace").arg(QString::fromUtf8(w->title.data(), static_cast<qsizetype>(w->title.size()))), 3000);
    return true;
}

QStringList MainWindow::recentData() const {
    return QSettings().value(QStringLiteral("data/recent")).toStringList();
}

void MainWindow::rememberRecent(const QString& path) {
    const QString full = QFileInfo(path).absoluteFilePath();
    QStringList recent = recentData();
    recent.removeAll(full);
    recent.prepend(full);
    while (recent.size() > kRecentMax) recent.removeLast();
    QSettings().setValue(QStringLiteral("data/recent"), recent);
}

void MainWindow::fillRecentMenu() {
    recentMenu_->clear();
    const QStringList recent = recentData();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent[i];
        auto* a = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()),
                                         this, [this, path] { openData(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
        // A file that is gone stays listed (a network drive may come back) but cannot be chosen.
        if (!QFileInfo::exists(path)) {
            a->setEnabled(false);
            a->setText(a->text() + tr(" (missing)"));
        }
    }
    if (recent.isEmpty()) recentMenu_->addAction(tr("(none yet)"))->setEnabled(false);
    recentMenu_->addSeparator();
    auto* clear = recentMenu_->addAction(tr("&Clear Recent"), this, [] { QSettings().remove(QStringLiteral("data/recent")); });
    clear->setEnabled(!recent.isEmpty());
}

void MainWindow::saveLayout() {
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), maximized_.isEmpty() ? saveState(1) : beforeMaximize_);  // never the maximized view
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

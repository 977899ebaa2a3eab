#pragma once
// The workbench main window: menus (File, View, Help + what plugins add), dock panels contributed
// by plugins, a Messages dock showing the log, a status bar; implements the plugins' Shell.
#include <functional>
#include <vector>

#include <QByteArray>
#include <QPointF>
#include <QMainWindow>
#include <QSize>
#include <QStringList>
#include <QPointer>

#include "workbench/api/shell.hpp"

class QLabel;
class QPlainTextEdit;

class QActionGroup;

namespace iglu::workbench {

class WorkbenchContext;
class PluginManager;

class MainWindow : public QMainWindow, public Shell {
    Q_OBJECT
public:
    MainWindow(WorkbenchContext& context, PluginManager& plugins);

    // Shell
    QMainWindow* mainWindow() override { return this; }
    QDockWidget* addDock(const QString& id, const QString& title, QWidget* content, Qt::DockWidgetArea area) override;
    bool setCentralWidget(QWidget* widget) override;
    QMenu* menu(const QString& title) override;
    QToolBar* toolBar(const QString& id, const QString& title) override;
    void showStatus(const QString& text, int timeoutMs = 0) override;
    void addCloseGuard(QObject* owner, std::function<bool()> canClose) override;

    /// Asks every close guard (see Shell::addCloseGuard); false when one keeps the window open.
    bool canClose();

    /// Remembers the layout the plugins made (View > Reset Layout returns to it); call once after
    /// the plugins are loaded, before restoreLayout().
    void captureDefaultLayout();
    /// Restores geometry and dock layout saved by saveLayout() (call after plugins are loaded);
    /// a dock saved thinner than its content needs gets its preferred size back.
    void restoreLayout();
    void saveLayout();
    /// Whether closing saves the layout (off for --screenshot runs).
    void setSaveLayoutOnClose(bool on) noexcept { saveOnClose_ = on; }

public slots:
    /// Opens a catalog or task list; reports errors in a message box when `interactive`.
    bool openData(const QString& path, bool interactive = true);
    void openDataDialog();
    void showPluginsDialog();
    void showAbout();
    /// View > Reset Layout: the docks as the plugins made them at start, in the default
    /// proportions of the window as it is now (a maximized window stays maximized).
    void resetLayout();
    /// Catalogs and task lists opened before, newest first (File > Open Recent; at most 8).
    QStringList recentData() const;
    /// Shows the docks of workspace `id` (workspaces.hpp), the others hidden, its panels in front
    /// and its proportions; remembered for the next start. False for an unknown id.
    bool applyWorkspace(const QString& id);
    /// The workspace applied last ("" before any).
    QString currentWorkspace() const { return workspace_; }
    /// Maximizes a view over the main area (view_maximize.hpp): dock `id`, or "central" (the 3D
    /// view), the other docks hidden; a double-click on a dock's title bar or tab, or on a 3D view,
    /// does it. False when `id` is not a shown, docked view. Another view maximized is restored first.
    bool maximizeView(const QString& id);
    /// The layout from before maximizeView, exactly (QMainWindow::restoreState); Esc does it too.
    void restoreMaximized();
    /// Restores when a view is maximized, else maximizes `id`.
    bool toggleMaximized(const QString& id);
    /// The view maximized ("" when none).
    QString maximizedView() const { return maximized_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // double-clicks that maximize, Esc
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    WorkbenchContext& context_;
    PluginManager& plugins_;
    void unsquashDocks();
    /// The default proportions: each side column a fifth to a quarter of the width (what its
    /// panels ask), the bottom area under a third of the height, the central 3D view the rest; the panels that serve an idle
    /// session in front of their tab groups (kFrontDocks).
    void arrangeDocks(double bottomShare = kBottomShare);
    void addWorkspaceActions();
    void rememberRecent(const QString& path);
    void fillRecentMenu();

    static constexpr QSize kCentralMinimum{320, 240};  // twice what the docks used to leave it
    static constexpr int kDockMinimum = 120;
    static constexpr int kRecentMax = 8;
    static constexpr double kSideShare = 0.2;
    static constexpr double kSideShareMax = 0.26;
    static constexpr double kBottomShare = 0.3;
    QByteArray defaultState_;
    bool restoredSavedLayout_ = false;  // a saved layout was restored: the first show keeps it
    bool arranged_ = false;
    QMenu* recentMenu_ = nullptr;
    QMenu* editMenu_ = nullptr;
    QMenu* fileMenu_;
    QMenu* viewMenu_;
    QMenu* panelsMenu_;
    QMenu* helpMenu_;
    QLabel* dataLabel_;
    QPlainTextEdit* messages_;
    struct CloseGuard {
        QPointer<QObject> owner;
        std::function<bool()> canClose;
    };
    std::vector<CloseGuard> closeGuards_;
    bool centralTaken_ = false;
    bool saveOnClose_ = true;
    QString workspace_;
    QActionGroup* workspaceActions_ = nullptr;
    /// The view a double-click on `watched` maximizes ("" when it is not one: a double-click used
    /// otherwise, e.g. a table's cell, or another window).
    QString maximizeTarget(QObject* watched, const QPointF& pos) const;
    QString maximized_;
    QByteArray beforeMaximize_;  // saveState() before maximizeView
};

}  // namespace iglu::workbench

#pragma once
// The workbench main window: menus (File, View, Help + what plugins add), dock panels contributed
// by plugins, a Messages dock showing the log, a status bar; implements the plugins' Shell.
#include <functional>
#include <vector>

#include <QMainWindow>
#include <QPointer>

#include "workbench/api/shell.hpp"

class QLabel;
class QPlainTextEdit;

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

    /// Restores geometry and dock layout saved by saveLayout() (call after plugins are loaded).
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

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    WorkbenchContext& context_;
    PluginManager& plugins_;
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
};

}  // namespace iglu::workbench

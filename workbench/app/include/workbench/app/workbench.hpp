#pragma once
// The assembled application (context, main window, plugin manager), shared by main() and the GUI
// tests, plus the command-line steps (open data, select task / rollout, overlay, screenshot).
#include <memory>
#include <optional>

#include <QString>

class QWidget;
#include <QStringList>

namespace iglu::workbench {

class MainWindow;
class PluginManager;
class WorkbenchContext;

struct WorkbenchOptions {
    QStringList pluginPaths;             ///< searched before the default folders
    bool defaultPluginPaths = true;
    QStringList disabledPlugins;         ///< in addition to those disabled in the settings
    bool useSettings = true;             ///< restore/save layout and disabled plugins
};

/// The bundled example catalog opened when no --db is given (see example_catalog.hpp).
QString defaultDataPath();

class Workbench {
public:
    explicit Workbench(const WorkbenchOptions& options = {});
    ~Workbench();

    WorkbenchContext& context() noexcept;
    MainWindow& window() noexcept;
    PluginManager& plugins() noexcept;

    /// Discovers and loads the plugins, then restores the window layout.
    void loadPlugins();

    /// The command-line steps. Each returns false with a message naming the file / id / field.
    bool openData(const QString& path, QString* error);
    /// The data named at an interactive start (`--db`): when it cannot be opened the workbench
    /// keeps running with nothing open, and the error is in the Messages log, the status bar and a
    /// non-modal dialog (nothing waits for it), so the user can open other data from the File menu.
    /// Scripted runs (--screenshot) use openData and exit on the error instead.
    bool openStartupData(const QString& path, QString* error);
    /// The non-modal dialog openStartupData showed (nullptr when none is open).
    QWidget* startupErrorDialog() const;
    /// Opens the bundled example catalog, importing examples/data first when it does not exist.
    bool openDefaultData(QString* error);
    bool selectTask(const QString& taskId, QString* error);
    /// With data open and no task selected: selects the task selected last time in this data
    /// (saved with the settings, useSettings), else the first task that has something to show
    /// (blocks or an instruction), else the first; with the remembered task also the catalog
    /// rollout and step shown last with it, when that rollout is still there. Returns the task
    /// selected ("" when none).
    QString selectStartTask();
    /// `rollout` is a rollout id of the selected task, "first" (its first rollout, e.g. the human
    /// tape), or "random" / "random:SEED" to record a random-agent episode (250 steps) of the task
    /// in this session. `step` is a frame count or a percentage of the rollout ("50%").
    bool selectRollout(const QString& rollout, const QString& step, QString* error);
    bool setOverlay(bool on, QString* error);
    /// Shows the window at `width` x `height`, waits until the 3D view has drawn, saves the window.
    bool screenshot(const QString& path, int width, int height, QString* error);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::workbench

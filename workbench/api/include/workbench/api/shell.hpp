#pragma once
// What a plugin may add to the main window. Implemented by the application's main window.
#include "workbench/api/export.hpp"

#include <functional>

#include <QString>
#include <Qt>

class QDockWidget;
class QMainWindow;
class QMenu;
class QObject;
class QToolBar;
class QWidget;

namespace iglu::workbench {

class IGLU_WORKBENCH_API_EXPORT Shell {
public:
    virtual ~Shell() = default;
    virtual QMainWindow* mainWindow() = 0;
    /// Adds a dock. `id` is its object name (saved window layouts refer to it) and must be unique.
    /// The dock is listed in View > Panels. Docks in one area share it as tabs (the first one added
    /// stays in front), so many plugins never squeeze the window: raise() a dock to bring it forward.
    virtual QDockWidget* addDock(const QString& id, const QString& title, QWidget* content,
                                 Qt::DockWidgetArea area) = 0;
    /// Puts a widget in the centre of the window (one plugin: the 3D viewer). False when taken.
    virtual bool setCentralWidget(QWidget* widget) = 0;
    /// The menu bar menu with this title ("&View", "&Playback"), created before Help if absent.
    virtual QMenu* menu(const QString& title) = 0;
    /// A tool bar, created if absent; `id` is its object name.
    virtual QToolBar* toolBar(const QString& id, const QString& title) = 0;
    /// Temporary status bar message (0 = until replaced).
    virtual void showStatus(const QString& text, int timeoutMs = 0) = 0;
    /// Unsaved work: before the main window closes (File > Quit, the window's close button, the
    /// desktop session ending) every guard is asked, in the order added. A guard with unsaved work
    /// asks the user (Save / Discard / Cancel) and returns false to keep the window and the
    /// application open (nothing is shut down, no further guard is asked); true lets it close.
    /// The guard is dropped when `owner` (not null) is destroyed. (Appended last: plugins built before it
    /// still call the members above at the same vtable slots.)
    virtual void addCloseGuard(QObject* owner, std::function<bool()> canClose) = 0;
};

}  // namespace iglu::workbench

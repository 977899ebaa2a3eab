#pragma once
// The shared fixture of the workbench GUI tests (tests/workbench and every plugin's tests/): the
// workbench with the bundled plugins as the build tree holds them, no settings read or written,
// the message log not echoed; helpers to open the bundled example catalog and show the window, and
// to reach a plugin's widget by object name. Linked through the target iglu_test_workbench
// (registered by iglu_add_workbench_test / iglu_add_plugin(... GUI_TESTS ...)).
#include <memory>

#include <QMainWindow>
#include <QSize>
#include <QString>
#include <QStringList>

#include "workbench/app/workbench.hpp"

namespace iglu::test {

/// The folder the build writes the bundled plugins to.
QString bundledPluginDir();

/// A workbench with the bundled plugins (then `extraPluginPaths`) loaded, except `disabled`
/// (plugin names); no settings, no echo of the message log.
std::unique_ptr<workbench::Workbench> loadWorkbench(const QStringList& disabled = {},
                                                    const QStringList& extraPluginPaths = {});

/// Creates the bundled example catalog at `path` (imported from examples/data) and opens it.
bool openExampleCatalog(workbench::Workbench& wb, const QString& path, QString* error);

/// Shows the main window (resized to `size` when valid) and waits until it is exposed, or active
/// when `activate` (keyboard tests). False when the window manager never showed it.
bool showWorkbench(workbench::Workbench& wb, QSize size = {}, bool activate = false);

/// A plugin's widget of class T named `objectName` under `root`, or nullptr. Each plugin module
/// holds its own copy of its classes (static libraries, hidden visibility), so a test's
/// qobject_cast<T> would never match the module's object: the widget is found by object name as a
/// QWidget and accepted when its class name is T's.
template <class T>
T* findPluginWidget(const QObject& root, const QString& objectName) {
    auto* w = root.findChild<QWidget*>(objectName);
    if (w == nullptr || qstrcmp(w->metaObject()->className(), T::staticMetaObject.className()) != 0) return nullptr;
    return static_cast<T*>(w);
}

}  // namespace iglu::test

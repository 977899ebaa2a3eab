#pragma once
// The interface every workbench plugin implements (a cut-down Qt Creator ExtensionSystem).
//
// A plugin is a shared library under plugins/<name>/ with one QObject that implements IPlugin:
//
//   class MyPlugin : public QObject, public iglu::workbench::IPlugin {
//       Q_OBJECT
//       Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
//       Q_INTERFACES(iglu::workbench::IPlugin)
//     public:
//       bool initialize(iglu::workbench::PluginContext& ctx, QString* error) override;
//   };
//
// plugin.json (read without loading the library):
//   { "Name": "viewer3d", "Version": "0.1.0", "ApiVersion": 1, "DisplayName": "3D viewer",
//     "Description": "...", "Dependencies": ["tasklist"] }
//
// Life cycle (PluginManager, workbench/app): metadata of every library in the plugin folders is
// read; plugins that are disabled, have the wrong ApiVersion, miss a dependency or sit in a
// dependency cycle are reported and skipped; the rest are loaded in dependency order and
// initialize() is called (dependencies first); then extensionsInitialized() in reverse order;
// shutdown() in reverse order when the application quits. A plugin whose load or initialize fails
// (false, or an exception) is reported in the Plugins dialog and the log; the others keep working.
#include "workbench/api/export.hpp"

#include <QString>
#include <QtPlugin>

namespace iglu::workbench {

/// Bumped on any incompatible change of IPlugin or PluginContext.
inline constexpr int kPluginApiVersion = 1;

class PluginContext;

class IGLU_WORKBENCH_API_EXPORT IPlugin {
public:
    virtual ~IPlugin() = default;
    /// Contribute docks, actions and menus; register services. Dependencies are initialized.
    /// Return false with a reason in *error to fail (exceptions are caught and reported too).
    virtual bool initialize(PluginContext& context, QString* error) = 0;
    /// Every plugin is initialized: look up services of other plugins here.
    virtual void extensionsInitialized() {}
    /// The application is about to quit: save state, stop timers and threads.
    virtual void shutdown() {}
};

}  // namespace iglu::workbench

#define IGLU_WORKBENCH_PLUGIN_IID "org.iglu.workbench.IPlugin/1"
Q_DECLARE_INTERFACE(iglu::workbench::IPlugin, IGLU_WORKBENCH_PLUGIN_IID)

#pragma once
// Finds, orders, loads and initializes workbench plugins (see workbench/api/plugin.hpp).
//
// Every file named like a shared library in the search folders is a candidate and ends with a line
// in report(): one that is not a workbench plugin (an empty or text file, a folder, FIFO or
// dangling link, an ELF library without Qt plugin metadata, another application's Qt plugin) is
// Failed with that reason, found without loading it (a FIFO is never opened). A plugin's
// plugin.json is read without loading the library. A plugin ends in one state:
// Loaded, Disabled (by the user) or Failed with a reason (wrong API version, duplicate name,
// missing / failed / disabled dependency, dependency cycle, library load error such as an
// undefined symbol, no IPlugin instance, initialize() returning false or throwing).
#include <QList>
#include <QObject>
#include <QPluginLoader>
#include <QString>
#include <QStringList>

namespace iglu::workbench {

class IPlugin;
class PluginContext;
class MessageLog;

enum class PluginState { Discovered, Disabled, Failed, Loaded };
QString pluginStateName(PluginState s);  ///< "discovered", "disabled", "failed", "loaded"

struct PluginSpec {
    QString name;
    QString displayName;
    QString version;
    QString description;
    QString filePath;
    QStringList dependencies;
    int apiVersion = 0;
    PluginState state = PluginState::Discovered;
    QString error;                 ///< why it failed (empty otherwise)
    QPluginLoader* loader = nullptr;
    IPlugin* instance = nullptr;
};

class PluginManager : public QObject {
    Q_OBJECT
public:
    PluginManager(PluginContext& context, QObject* parent = nullptr);
    ~PluginManager() override;

    /// <executable folder>/plugins, <user data folder>/plugins, then $IGLU_WORKBENCH_PLUGIN_PATH
    /// (colon-separated).
    static QStringList defaultSearchPaths();
    void setSearchPaths(const QStringList& paths) { searchPaths_ = paths; }
    const QStringList& searchPaths() const noexcept { return searchPaths_; }
    /// Names of plugins not to load (from settings or the command line).
    void setDisabled(const QStringList& names) { disabled_ = names; }
    const QStringList& disabled() const noexcept { return disabled_; }

    /// Discovers and loads every plugin; safe to call once.
    void loadPlugins();
    /// shutdown() of every loaded plugin, in reverse load order.
    void shutdown();

    const QList<PluginSpec>& plugins() const noexcept { return specs_; }
    const PluginSpec* plugin(const QString& name) const;
    /// One line per plugin: "name version: loaded" / "name: failed: reason".
    QStringList report() const;

signals:
    void pluginsLoaded();

private:
    void discover();
    void resolveOrder();
    void loadOne(PluginSpec& spec);
    void fail(PluginSpec& spec, const QString& reason);

    PluginContext& context_;
    QStringList searchPaths_;
    QStringList disabled_;
    QList<PluginSpec> specs_;      // in load order after loadPlugins()
    QList<int> loadOrder_;
    bool loaded_ = false;
    bool shutDown_ = false;
};

}  // namespace iglu::workbench

#pragma once
// The architect plugin: the "Architect" dock (architect::ArchitectPanel) and menu. The session's
// world is shown in the 3D view through ViewerService::showLive at every tick of the driver, with
// the task's target as the ghost: the target is shown to the person only (the agent's
// observation never has it, ArchitectSession guarantees that). End Session stores the session in
// the open catalog file through the workbench's own connection (DataService::architect(), no
// second connection); a task list held in memory or a read-only catalog is refused with a message
// and the session stays open; a store that fails after End (the catalog locked, removed, the disk
// full) keeps the ended session in memory, says so in red and offers Retry Store and Export…
// (a catalog file of its own); closing the workbench asks about it as about an open one. The "A/B" tab
// (architect::AbPanel) compares two agents on the same instructions; End & Store stores both
// sessions and the pick (AbSession::endAndStore).
#include <QObject>

#include "workbench/api/plugin.hpp"

class QDockWidget;

namespace iglu::plugins::architect {
class ArchitectPanel;
class AbPanel;
}

namespace iglu::plugins {

class ArchitectPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;

private:
    void buildMenu();
    void followTask();
    void showInViewer();
    void endSession();
    /// Stores the ended session through the workbench's connection (DataService::architect());
    /// on failure it stays in memory, the dock says so and offers Retry Store / Export….
    void storeEnded();
    void exportEnded();
    void endComparison();
    /// The close guard: an unstored session (or A/B comparison) with turns asks Save / Discard / Cancel.
    bool maybeStoreBeforeClose();
    /// Why the open data cannot store a session ("" when it can).
    QString whyNotStorable() const;

    workbench::PluginContext* context_ = nullptr;
    architect::ArchitectPanel* panel_ = nullptr;
    architect::AbPanel* abPanel_ = nullptr;
    QDockWidget* dock_ = nullptr;
};

}  // namespace iglu::plugins

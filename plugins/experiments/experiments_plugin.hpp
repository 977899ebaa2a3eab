#pragma once
// Experiments plugin: the "Experiments" dock (ExperimentsPanel over the open catalog) and an
// "&Experiments" menu (Run Experiment…, Cancel). Opening an episode selects its task and stored
// rollout (and the episode) so the playback dock and the 3D view show it; an episode stored
// without a rollout is replayed with recording on (same script, seed and repetition) and kept as
// a session rollout.
#include <QObject>

#include "workbench/api/plugin.hpp"

namespace iglu::plugins::experiments {
class ExperimentsPanel;
struct EpisodeRef;
}  // namespace iglu::plugins::experiments

namespace iglu::plugins {

class ExperimentsPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;
    void shutdown() override;

private:
    void openEpisode(const experiments::EpisodeRef& episode);

    workbench::PluginContext* context_ = nullptr;
    experiments::ExperimentsPanel* panel_ = nullptr;
};

}  // namespace iglu::plugins

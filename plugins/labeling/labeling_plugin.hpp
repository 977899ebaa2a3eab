#pragma once
// Labeling plugin: the "Labeling" dock (LabelingPanel over the open catalog, following and
// driving the selection), the "Agreement" dock, and a "&Labels" menu with the labeling keys,
// Export Labels... and Import Labels... (CSV / JSON), Train Skill Model and Next Uncertain Task (U)
// (the labeler that learns: see widgets/labeling_panel.hpp; its model is forgotten when another
// catalog is opened, and Run Auto-Labeler stores its suggestions where it scored higher).
#include <QObject>
#include <QString>

#include "workbench/api/plugin.hpp"

class QDockWidget;

namespace iglu::plugins::labeling {
class AgreementView;
class LabelingPanel;
}

namespace iglu::plugins {

class LabelingPlugin : public QObject, public workbench::IPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID IGLU_WORKBENCH_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(iglu::workbench::IPlugin)
public:
    bool initialize(workbench::PluginContext& context, QString* error) override;
    void shutdown() override;

private:
    void catalogOpened();
    void runAutoLabeler();
    void exportLabels();
    void importLabels();

    workbench::PluginContext* context_ = nullptr;
    labeling::LabelingPanel* panel_ = nullptr;
    labeling::AgreementView* agreement_ = nullptr;
    QDockWidget* agreementDock_ = nullptr;
    QString startLabeler_;
};

}  // namespace iglu::plugins

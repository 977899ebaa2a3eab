#pragma once
// Labeling plugin: the "Labeling" dock with three tabs (Label: LabelingPanel over the open
// catalog, following and driving the selection; Batch: BatchLabelView, a skill for many tasks at
// once; Review: ReviewView, the tasks where labelers disagree), the "Agreement" dock, and a
// "&Labels" menu with the labeling keys, Batch Labeling... and Review Disagreements... (open those
// tabs), Export Labels... and Import Labels... (CSV / JSON), Train Skill Model and Next Uncertain
// Task (U) (the labeler that learns: see widgets/labeling_panel.hpp; its model is forgotten when
// another catalog is opened, and Run Auto-Labeler stores its suggestions where it scored higher).
#include <QObject>
#include <QString>

#include "workbench/api/plugin.hpp"

class QDockWidget;
class QTabWidget;

namespace iglu::plugins::labeling {
class AgreementView;
class BatchLabelView;
class LabelingPanel;
class ReviewView;
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
    /// Re-reads the Batch or Review tab when it is the one shown.
    void refreshTab();

    workbench::PluginContext* context_ = nullptr;
    labeling::LabelingPanel* panel_ = nullptr;
    labeling::AgreementView* agreement_ = nullptr;
    QDockWidget* agreementDock_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    labeling::BatchLabelView* batch_ = nullptr;
    labeling::ReviewView* review_ = nullptr;
};

}  // namespace iglu::plugins

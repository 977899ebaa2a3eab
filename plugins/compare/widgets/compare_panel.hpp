#pragma once
// The compare view: the rollouts of the selected task listed with check boxes; the checked ones
// (two to four) shown side by side in linked 3D views (one camera: viewers::CameraLink) driven by
// one timeline, the views taking the left of the dock at its whole height; on the right the
// summary above three tabs: the rollouts list, the chart (every rollout's return and F1, distinct colours) and the per-step
// table (logic/step_table.hpp, fitted to the width) as tabs, both seeking on click; the rows where
// the worlds differ highlighted and summarised. "First-person view" (a check box above the tabs)
// adds under the views each rollout's agent view at the step (viewers::PovFrameView).
#include <memory>
#include <vector>

#include <QList>
#include <QWidget>

class QCheckBox;
class QLabel;
class QListWidget;
class QSplitter;
class QTabWidget;
class QTableView;

namespace iglu::viewers {
class CameraLink;
class PovFrameView;
class RolloutChart;
class RolloutTimeline;
class ZoneView;
}  // namespace iglu::viewers

namespace iglu::workbench {
class DataService;
class Selection;
}  // namespace iglu::workbench

namespace iglu::core {
class RolloutCursor;
}

namespace iglu::plugins::compare {

class StepTableModel;

class ComparePanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxViews = 4;
    static constexpr int kViewMinHeight = 180;  ///< a linked view shorter than this cannot be read

    ComparePanel(workbench::DataService& data, workbench::Selection& selection, QWidget* parent = nullptr);
    ~ComparePanel() override;

    /// Lists the rollouts of the selected task again (keeps the checked ones that remain).
    void refresh();
    /// Checks exactly these rollouts (ids) and compares them.
    void compare(const QList<qint64>& rolloutIds);
    QList<qint64> checkedIds() const;
    /// The step every view shows.
    void seek(int step);
    int position() const;
    StepTableModel& model() const noexcept { return *model_; }
    const QList<viewers::ZoneView*>& views() const noexcept { return views_; }
    viewers::CameraLink& cameraLink() const noexcept { return *link_; }

signals:
    /// The compared rollouts changed (ids in the order shown).
    void compared(const QList<qint64>& rolloutIds);

private:
    void rebuild();
    void fitTable();
    void showStep(int step);

    workbench::DataService& data_;
    workbench::Selection& selection_;
    QListWidget* list_;
    QLabel* summary_;
    QSplitter* viewsBox_;
    viewers::RolloutTimeline* timeline_;
    QTableView* table_;
    QTabWidget* tabs_ = nullptr;
    viewers::RolloutChart* chart_;
    StepTableModel* model_;
    viewers::CameraLink* link_;
    QList<viewers::ZoneView*> views_;
    QCheckBox* povToggle_;
    QWidget* povBox_;                       // under the views, shown with povToggle_
    QList<viewers::PovFrameView*> povs_;    // one per view, "comparePov<i>"
    std::vector<std::unique_ptr<core::RolloutCursor>> cursors_;
    bool refreshing_ = false;
};

}  // namespace iglu::plugins::compare

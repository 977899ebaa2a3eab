#pragma once
// The compare view's per-step table (Qt model, no widgets): row p is step p of every compared
// rollout (row 0 = the start), columns "Step" then, per rollout, its action, the blocks the frame
// placed / broke, the pose after it, the reward and the F1. Rows where the rollouts' worlds
// differ (core::compareRollouts) carry DiffersRole (and FirstDifferenceRole for the first such
// row), which the table widget shows as a background. A rollout shorter than the table shows "(ended)" past its last frame.
#include <memory>
#include <vector>

#include <QAbstractTableModel>
#include <QString>

#include "core/rollout/rollout.hpp"
#include "core/rollout/rollout_comparison.hpp"
#include "core/rollout/rollout_series.hpp"

namespace iglu::plugins::compare {

/// One rollout in the comparison.
struct ComparedRollout {
    QString label;  ///< "A: #12 human", shown in headers, captions and the chart legend
    std::shared_ptr<const core::Rollout> rollout;
    core::RolloutSeries series;
    std::vector<core::StepRow> rows;
};

/// Builds a ComparedRollout of `rollout` against the task's target.
ComparedRollout makeCompared(const QString& label, std::shared_ptr<const core::Rollout> rollout, const core::Grid& target);

/// "A", "B", ... for the rollout at `index`.
QString letterOf(int index);

class StepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { DiffersRole = Qt::UserRole + 1, FirstDifferenceRole };
    static constexpr int kColumnsPerRollout = 5;  ///< action, blocks, pose, reward, F1

    using QAbstractTableModel::QAbstractTableModel;

    /// Whether field (0 action, 1 blocks, 2 pose, 3 reward, 4 F1) gets a column with `rollouts`
    /// compared: all for one or two; blocks, reward and F1 for three or four (the rest in the
    /// cells' tooltip), so the table fits a docked width without scrolling sideways.
    static bool fieldShown(int field, int rollouts) noexcept;
    static bool isNumber(int field) noexcept { return field == 3 || field == 4; }

    void setRollouts(std::vector<ComparedRollout> rollouts);
    const std::vector<ComparedRollout>& rollouts() const noexcept { return rollouts_; }
    const core::RolloutComparison& comparison() const noexcept { return comparison_; }
    /// One sentence: how many rollouts and steps, and where their worlds first differ.
    QString summary() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ComparedRollout> rollouts_;
    core::RolloutComparison comparison_;
};

}  // namespace iglu::plugins::compare

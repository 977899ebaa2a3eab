#include "logic/step_table.hpp"

#include "core/env/compass.hpp"

namespace iglu::plugins::compare {

namespace {
QString poseText(const core::Pose& p) {
    return QStringLiteral("(%1, %2, %3) yaw %4 pitch %5")
        .arg(p.x, 0, 'f', 1)
        .arg(p.y, 0, 'f', 1)
        .arg(p.z, 0, 'f', 1)
        .arg(core::wholeDegrees(p.yaw), 0, 'f', 0)
        .arg(core::wholeDegrees(p.pitch), 0, 'f', 0);
}
}  // namespace

QString letterOf(int index) {
    return index < 26 ? QString(QChar('A' + index)) : QString::number(index + 1);
}

ComparedRollout makeCompared(const QString& label, std::shared_ptr<const core::Rollout> rollout, const core::Grid& target) {
    ComparedRollout c;
    c.label = label;
    c.series = core::computeSeries(*rollout, target);
    c.rows = core::stepRows(*rollout, c.series);
    c.rollout = std::move(rollout);
    return c;
}

void StepTableModel::setRollouts(std::vector<ComparedRollout> rollouts) {
    beginResetModel();
    rollouts_ = std::move(rollouts);
    std::vector<const core::Rollout*> raw;
    raw.reserve(rollouts_.size());
    for (const auto& r : rollouts_) raw.push_back(r.rollout.get());
    comparison_ = core::compareRollouts(raw);
    endResetModel();
}

QString StepTableModel::summary() const {
    if (rollouts_.size() < 2) return tr("Check two or more rollouts of this task to compare them.");
    const auto& c = comparison_;
    const QString head = tr("%1 rollouts, %2 steps: ").arg(rollouts_.size()).arg(c.steps);
    if (!c.firstDifference) return head + tr("the worlds are the same at every step.");
    if (*c.firstDifference == 0) return head + tr("the worlds differ from the start (%1 of %2 steps differ).").arg(c.differingSteps).arg(c.steps + 1);
    return head + tr("the worlds first differ after step %1 (%2 of %3 steps differ, highlighted).")
                      .arg(*c.firstDifference)
                      .arg(c.differingSteps)
                      .arg(c.steps + 1);
}

int StepTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || rollouts_.empty() ? 0 : static_cast<int>(comparison_.steps) + 1;
}

int StepTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + kColumnsPerRollout * static_cast<int>(rollouts_.size());
}

QVariant StepTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0) return tr("Step");
    const int r = (section - 1) / kColumnsPerRollout;
    if (r < 0 || r >= static_cast<int>(rollouts_.size())) return {};
    static const char* const kNames[kColumnsPerRollout] = {"action", "blocks", "pose", "reward", "F1"};
    return QStringLiteral("%1 %2").arg(letterOf(r), tr(kNames[(section - 1) % kColumnsPerRollout]));
}

bool StepTableModel::fieldShown(int field, int rollouts) noexcept {
    if (field < 0 || field >= kColumnsPerRollout) return false;
    return rollouts <= 2 || field == 1 || field == 3 || field == 4;
}

QVariant StepTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto step = static_cast<std::size_t>(index.row());
    const bool differs = step < comparison_.differs.size() && comparison_.differs[step];
    const bool first = comparison_.firstDifference && *comparison_.firstDifference == step;
    switch (role) {
    case DiffersRole: return differs;
    case FirstDifferenceRole: return first;
    case Qt::ToolTipRole: {
        QString tip = first ? tr("The worlds first differ after step %1").arg(step)
                            : differs ? tr("The worlds differ after step %1").arg(step) : QString();
        if (index.column() > 0 && step > 0) {  // the whole step of this rollout, also its hidden columns
            const auto& c = rollouts_[static_cast<std::size_t>((index.column() - 1) / kColumnsPerRollout)];
            if (step <= c.rows.size()) {
                const core::StepRow& row = c.rows[step - 1];
                tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) +
                       tr("%1: %2; %3; pose %4; reward %5; F1 %6")
                           .arg(c.label, QString::fromStdString(row.action), QString::fromStdString(row.changes),
                                poseText(row.pose), QString::number(row.reward, 'g', 4), QString::number(row.f1, 'f', 3));
            }
        }
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case Qt::DisplayRole: break;
    default: return {};
    }
    if (index.column() == 0) return step == 0 ? tr("start") : QString::number(step);
    const int r = (index.column() - 1) / kColumnsPerRollout;
    const int field = (index.column() - 1) % kColumnsPerRollout;
    const auto& c = rollouts_[static_cast<std::size_t>(r)];
    if (step == 0) {
        switch (field) {
        case 2: return poseText(c.rollout->startPose);
        case 4: return QString::number(c.series.f1.empty() ? 0.0 : c.series.f1[0], 'f', 3);
        default: return {};
        }
    }
    if (step > c.rows.size()) return field == 0 ? tr("(ended)") : QVariant();
    const core::StepRow& row = c.rows[step - 1];
    switch (field) {
    case 0: return QString::fromStdString(row.action);
    case 1: return QString::fromStdString(row.changes);
    case 2: return poseText(row.pose);
    case 3: return QString::number(row.reward, 'g', 4);
    case 4: return QString::number(row.f1, 'f', 3);
    default: return {};
    }
}

}  // namespace iglu::plugins::compare

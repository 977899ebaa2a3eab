#pragma once
// The Experiments panel's "Clarification" tab for an experiment of kind clarification: a per-skill
// table above (tasks, refused, when precision / recall / F1 / accuracy, MRR, R@1, R@5; rates and the MRR
// with 95% intervals as "0.61 [0.52, 0.70]", Wilson / t) and an error browser — the tasks (id,
// gold clarity, the model's probability, the gold question's rank, instruction) filtered by
// logic/clarification_rows.hpp (all / false positives / false negatives / rank > 5 / refused);
// the selected row's instruction, gold question and the model's first three questions below;
// double-click (or Enter) emits taskActivated so the workbench shows the task's world.
// fillClarificationCompareTable is the Compare tab of two clarification experiments.
#include <QList>
#include <QWidget>

#include "logic/clarification_rows.hpp"

class QComboBox;
class QLabel;
class QTableWidget;

namespace iglu::catalog {
class Catalog;
}
namespace iglu::core {
class ClarificationSummary;
struct ClarificationComparison;
}

namespace iglu::plugins::experiments {

class ClarificationView : public QWidget {
    Q_OBJECT
public:
    explicit ClarificationView(QWidget* parent = nullptr);

    /// Reads and shows the experiment's predictions (throws what the catalog's reads throw).
    void show(const catalog::Catalog& cat, qint64 experimentId);
    void clear();
    /// The error browser's filter (the combo box follows).
    void setFilter(ErrorFilter filter);
    /// The rows shown (the filter applied), in the table's order before any sorting by the user.
    const QList<ErrorRow>& shownRows() const noexcept { return shown_; }

signals:
    void taskActivated(const QString& taskId);

private:
    void applyFilter();
    void showDetail(int row);

    QList<ErrorRow> rows_, shown_;
    QTableWidget* skills_;
    QComboBox* filter_;
    QLabel* count_;
    QTableWidget* errors_;
    QLabel* detail_;
};

/// Compare columns of two clarification experiments per skill (and "all"): tasks A / B, when F1
/// A / B / Δ, accuracy A / B / Δ, MRR A / B / Δ. Δ = B − A; only the "all" row's accuracy (McNemar
/// on "when" correctness) and MRR (paired permutation on the reciprocal rank) are shaded, and
/// only when p < 0.05; the F1 and per-skill rows have no test and stay unshaded.
void fillClarificationCompareTable(QTableWidget* table, const core::ClarificationSummary& a, const core::ClarificationSummary& b,
                                   const core::ClarificationComparison& comparison);

}  // namespace iglu::plugins::experiments

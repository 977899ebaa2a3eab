#pragma once
// The tables of the Experiments panel, filled from a per-skill scripting::Summary or stored
// episodes. Every number cell shows formatted text and keeps its raw value under kValueRole
// (sorting compares raw values; tests read them).
#include <optional>
#include <vector>

#include <QColor>
#include <QString>
#include <QTableWidgetItem>
#include "core/catalog/experiment_comparison.hpp"

class QTableWidget;

namespace iglu::catalog {
struct EpisodeRecord;
}
namespace iglu::scripting {
class Summary;
}

namespace iglu::plugins::experiments {

inline constexpr int kValueRole = Qt::UserRole;        ///< raw number of a cell
inline constexpr int kEpisodeIdRole = Qt::UserRole + 1;  ///< episodes table, column 0: catalog episode id
inline constexpr int kRolloutIdRole = Qt::UserRole + 2;  ///< episodes table, column 0: rollout id (0 = none stored)

/// Compare highlighting, colour-blind safe (blue / orange, never red / green) and always with a
/// sign in the text: B better than A / worse.
inline const QColor kBetterColour{0xc6, 0xdb, 0xef};
inline const QColor kWorseColour{0xfd, 0xd0, 0xa2};
/// A paired test's p below this shades a Δ cell.
inline constexpr double kSignificance = 0.05;
/// Differences smaller than this count as equal (no highlight).
inline constexpr double kDeltaEpsilon = 1e-9;

/// A table cell with text and a raw number; sorts by the number.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(const QString& text, double value);
    bool operator<(const QTableWidgetItem& other) const override;
};

/// Results columns: skill, episodes, success, mean F1 (both "0.62 [0.55, 0.69]" with the 95%
/// interval of skill_intervals.hpp), mean steps, errors, do-nothing success, do-nothing mean F1. One row per skill (alphabetical, "unlabeled" for tasks without labels),
/// then "all".
void fillResultsTable(QTableWidget* table, const scripting::Summary& summary);

/// Compare columns: skill, episodes A / B, success A / B / Δ, mean F1 A / B / Δ, mean steps A / B;
/// Δ = B − A with its sign; shaded better (blue) or worse (orange) only where significant: the
/// "all" row's Δ success when `successP` (McNemar, paired) and its Δ mean F1 when `f1P`
/// (permutation, paired) is below kSignificance; per-skill rows have no test and stay unshaded.
void fillCompareTable(QTableWidget* table, const scripting::Summary& a, const scripting::Summary& b,
                      std::optional<double> successP = std::nullopt, std::optional<double> f1P = std::nullopt);
/// Per-task columns of two experiments on their common episodes: task, pairs, success A / B,
/// mean F1 A / B, Δ mean F1 (signed, unshaded: no per-task test), biggest gain first; sortable.
void fillTaskCompareTable(QTableWidget* table, const catalog::ExperimentComparison& comparison);

/// Episodes columns: task, seed, repetition, success, F1, steps, return, rollout, error (first
/// line; the whole traceback in the tooltip, the row tinted).
void fillEpisodesTable(QTableWidget* table, const std::vector<catalog::EpisodeRecord>& episodes);

/// A Δ = B − A cell (sorts by the number): its sign always in the text; shaded blue (B better) /
/// orange (B worse) when `shade` (the difference is significant), else a tooltip says why not.
QTableWidgetItem* deltaItem(double delta, bool percentScale, bool shade = true);

/// A read-only, single-row-selection table named `name` (the dock's tables all look alike).
QTableWidget* makeTable(const QString& name, QWidget* parent);
/// A read-only text cell.
QTableWidgetItem* textItem(const QString& text);

/// "0.61 [0.52, 0.70]": a value with its 95% interval (every interval cell of the dock).
QString withInterval(double value, double low, double high);

/// "+0.125" / "−0.050" / "0.000" (percent: "+12.5%"), the sign always shown.
QString signedText(double delta, bool percent);

}  // namespace iglu::plugins::experiments

#pragma once
// The Clarification view's error browser, headless: one row per stored prediction of a
// clarification experiment (task id, gold clarity, the model's probability, the gold question's
// rank, the instruction, a refused answer's message) with the texts of the gold question and of
// the model's first three questions (the catalog's question bank), and the browser's filters.
#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

namespace iglu::catalog {
class Catalog;
}

namespace iglu::plugins::experiments {

enum class ErrorFilter {
    All,
    FalsePositives,  ///< the model says "ask" (p >= 0.5), the instruction is clear
    FalseNegatives,  ///< the model says "do not ask", the instruction needs a clarification
    RankAbove5,      ///< the gold question ranked after 5th, or not among the ranked (rank 0)
    Refused,         ///< the model's answer was refused (error kept)
};

struct ErrorRow {
    QString taskId;
    QString instruction;
    std::optional<bool> goldNeeds;       ///< the instruction needs a clarification (none: unknown)
    std::optional<double> probability;   ///< the model's "needs a clarification" (none: not answered)
    std::optional<int> goldRank;         ///< 1-based; 0: not among the ranked; none: not ranked
    QString error;                       ///< why the answer was refused ("" when used)
    QString goldQuestion;                ///< its text ("id (not in the question bank)" when absent; "" none)
    QStringList top;                     ///< the model's first three questions' texts

    bool predictedNeeds() const { return probability && *probability >= 0.5; }
};

/// Whether `row` is shown under `filter`.
bool errorRowMatches(const ErrorRow& row, ErrorFilter filter);

/// The experiment's stored predictions (task id order) as browser rows; throws CatalogError as
/// the catalog's reads do.
QList<ErrorRow> clarificationErrorRows(const catalog::Catalog& cat, qint64 experimentId);

/// The filter's name in the browser's combo box ("false positives"...).
QString errorFilterName(ErrorFilter filter);
inline constexpr int kErrorFilterCount = 5;

}  // namespace iglu::plugins::experiments

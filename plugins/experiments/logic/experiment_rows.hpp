#pragma once
// What the Experiments list shows of each experiment in a catalog: name, kind, agent (the model of
// a clarification experiment), environment options (from the stored configuration), episodes
// stored, success rate, mean F1, date, tags, note, and the means of the IGLU-2022 evaluator's F1
// and of the prediction F1 (none when no episode has them); a clarification experiment shows its
// task count, "when" F1 and MRR instead. rowMatches is the list's filter box.
#include <optional>

#include <QtGlobal>

#include <QList>
#include <QString>

namespace iglu::catalog {
class Catalog;
}

namespace iglu::plugins::experiments {

struct ExperimentRow {
    qint64 id = 0;
    QString name;
    QString script;      ///< the experiment file
    QString agent;       ///< the agent script's file name
    QString env;         ///< "flying, 500 steps, target observable"; a clarification run: "Lua model, every task"
    QString created;     ///< ISO 8601 UTC
    int episodes = 0;    ///< stored
    int errors = 0;      ///< stored episodes whose script failed
    double successRate = 0;
    double meanF1 = 0;
    std::optional<double> meanIglu2022F1;   ///< over the episodes that have it (none: stored before it existed)
    std::optional<double> meanPredictionF1;  ///< over the episodes whose agent published a prediction
    QString kind = QStringLiteral("build");  ///< "build" or "clarification" (catalog ExperimentRecord::kind)
    QString tags;        ///< comma-separated, sorted
    QString note;        ///< free text
    // A clarification experiment (kind "clarification"): its stored predictions.
    int tasks = 0;       ///< predictions stored
    int refused = 0;     ///< answers refused (ClarificationPrediction::error)
    std::optional<double> whenF1;  ///< F1 of "needs a clarification" (none: no task scored by "when")
    std::optional<double> mrr;     ///< of the gold question (none: no task ranked)

    bool isClarification() const { return kind == QStringLiteral("clarification"); }
};

/// Every experiment of the catalog, most recent first.
QList<ExperimentRow> experimentRows(const catalog::Catalog& cat);

/// Whether the filter box's text selects the row: every word (whitespace-separated) is a
/// case-insensitive substring of its name, agent, kind or tags. An empty filter selects all.
bool rowMatches(const ExperimentRow& row, const QString& filter);

/// The agent file name and the environment options of a stored configuration (JSON); what is
/// missing or unreadable is left empty.
void describeConfig(const QString& configJson, QString* agent, QString* env);

}  // namespace iglu::plugins::experiments

#pragma once
// What the Experiments list shows of each experiment in a catalog: name, agent, environment
// options (from the stored configuration), episodes stored, success rate, mean F1, date, and the
// means of the IGLU-2022 evaluator's F1 and of the prediction F1 (none when no episode has them).
#include <optional>

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
    QString env;         ///< "flying, 500 steps, target observable"
    QString created;     ///< ISO 8601 UTC
    int episodes = 0;    ///< stored
    int errors = 0;      ///< stored episodes whose script failed
    double successRate = 0;
    double meanF1 = 0;
    std::optional<double> meanIglu2022F1;   ///< over the episodes that have it (none: stored before it existed)
    std::optional<double> meanPredictionF1;  ///< over the episodes whose agent published a prediction
};

/// Every experiment of the catalog, most recent first.
QList<ExperimentRow> experimentRows(const catalog::Catalog& cat);

/// The agent file name and the environment options of a stored configuration (JSON); what is
/// missing or unreadable is left empty.
void describeConfig(const QString& configJson, QString* agent, QString* env);

}  // namespace iglu::plugins::experiments

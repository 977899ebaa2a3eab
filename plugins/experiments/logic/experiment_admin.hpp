#pragma once
// Run tracking from the Experiments dock, headless: delete (with its episodes, rollouts and
// predictions: Catalog::deleteExperiment), rename, tag and annotate an experiment of a catalog
// file. Each opens its own read-write connection; a delete takes the experiment's writer lock
// first (catalog::ExperimentLock, as `iglu experiments delete` does), so a run writing it —
// in another process or in this one — refuses it naming that run. Errors are thrown
// (std::exception) with a message to show.
#include <QString>
#include <QStringList>

namespace iglu::plugins::experiments {

struct DeleteReport {
    qint64 episodes = 0, predictions = 0;
};

DeleteReport deleteExperimentIn(const QString& db, const QString& name);
void renameExperimentIn(const QString& db, const QString& name, const QString& newName);
/// `tags`: words separated by commas or spaces ("" clears them).
void setExperimentTagsIn(const QString& db, const QString& name, const QString& tags);
void setExperimentNoteIn(const QString& db, const QString& name, const QString& note);

/// "baseline, v2" / "baseline v2" -> {baseline, v2}.
QStringList splitTags(const QString& text);

}  // namespace iglu::plugins::experiments

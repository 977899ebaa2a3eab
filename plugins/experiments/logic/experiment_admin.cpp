#include "experiment_admin.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include <QObject>
#include <QRegularExpression>

#include <unistd.h>

#include "core/catalog/catalog.hpp"
#include "core/catalog/experiment_lock.hpp"

namespace iglu::plugins::experiments {

namespace {

catalog::ExperimentRecord named(const catalog::Catalog& cat, const QString& db, const QString& name) {
    auto e = cat.experiment(name.toStdString());
    if (!e) throw std::runtime_error(QObject::tr("%1: no experiment named '%2'").arg(db, name).toStdString());
    return *e;
}

}  // namespace

QStringList splitTags(const QString& text) {
    return text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
}

DeleteReport deleteExperimentIn(const QString& db, const QString& name) {
    catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadWrite);
    const catalog::ExperimentRecord e = named(cat, db, name);
    DeleteReport report;
    report.episodes = static_cast<qint64>(cat.episodes(e.id).size());
    report.predictions = static_cast<qint64>(cat.clarificationPredictions(e.id).size());
    const catalog::ExperimentLock lock(cat, e.id, e.name);  // refuses while a run writes it
    const auto self = static_cast<std::int64_t>(::getpid());
    const std::string host = catalog::hostName();
    cat.deleteExperiment(e.name, [&](const catalog::ExperimentWriter& w) { return !(w.pid == self && w.host == host); });
    return report;
}

void renameExperimentIn(const QString& db, const QString& name, const QString& newName) {
    catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadWrite);
    cat.renameExperiment(named(cat, db, name).name, newName.trimmed().toStdString());
}

void setExperimentTagsIn(const QString& db, const QString& name, const QString& tags) {
    catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadWrite);
    std::vector<std::string> words;
    for (const QString& t : splitTags(tags)) words.push_back(t.toStdString());
    cat.setExperimentTags(named(cat, db, name).name, words);
}

void setExperimentNoteIn(const QString& db, const QString& name, const QString& note) {
    catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadWrite);
    cat.setExperimentNote(named(cat, db, name).name, note.toStdString());
}

}  // namespace iglu::plugins::experiments

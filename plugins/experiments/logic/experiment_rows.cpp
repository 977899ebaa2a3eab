#include "experiment_rows.hpp"

#include <algorithm>

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QRegularExpression>
#include <QStringList>

#include "core/catalog/catalog.hpp"
#include "core/catalog/clarification_experiment.hpp"

namespace iglu::plugins::experiments {

void describeConfig(const QString& configJson, QString* agent, QString* env) {
    const QJsonObject cfg = QJsonDocument::fromJson(configJson.toUtf8()).object();
    *agent = QFileInfo(cfg.value(QStringLiteral("agent")).toString()).fileName();
    const QJsonObject e = cfg.value(QStringLiteral("env")).toObject();
    QStringList parts;
    if (e.contains(QStringLiteral("action_space"))) parts << e.value(QStringLiteral("action_space")).toString();
    if (e.contains(QStringLiteral("max_steps")))
        parts << QStringLiteral("%1 steps").arg(e.value(QStringLiteral("max_steps")).toInt());
    if (e.value(QStringLiteral("target_in_obs")).toBool()) parts << QStringLiteral("target observable");
    if (cfg.value(QStringLiteral("record_rollouts")).toBool()) parts << QStringLiteral("rollouts recorded");
    *env = parts.join(QStringLiteral(", "));
}

bool rowMatches(const ExperimentRow& row, const QString& filter) {
    const QStringList words = filter.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    for (const QString& w : words) {
        const bool found = row.name.contains(w, Qt::CaseInsensitive) || row.agent.contains(w, Qt::CaseInsensitive) ||
                           row.kind.contains(w, Qt::CaseInsensitive) || row.tags.contains(w, Qt::CaseInsensitive);
        if (!found) return false;
    }
    return true;
}

QList<ExperimentRow> experimentRows(const catalog::Catalog& cat) {
    QList<ExperimentRow> rows;
    for (const auto& e : cat.experiments()) {
        ExperimentRow r;
        r.id = e.id;
        r.name = QString::fromStdString(e.name);
        r.script = QString::fromStdString(e.script);
        r.created = QString::fromStdString(e.created);
        describeConfig(QString::fromStdString(e.config), &r.agent, &r.env);
        r.kind = QString::fromStdString(e.kind);
        r.tags = QString::fromStdString(e.tags);
        r.note = QString::fromStdString(e.note);
        if (r.isClarification()) {
            // The model is what ran: its file name stands in the agent column.
            if (r.agent.isEmpty()) {
                const QJsonObject cfg = QJsonDocument::fromJson(QByteArray::fromStdString(e.config)).object();
                r.agent = QFileInfo(cfg.value(QStringLiteral("model")).toString()).fileName();
            }
            const QString source = QJsonDocument::fromJson(QByteArray::fromStdString(e.config)).object().value(QStringLiteral("source")).toString();
            if (source == QStringLiteral("baseline")) r.env = QObject::tr("baseline, held-out tasks");
            else if (source == QStringLiteral("lua")) r.env = QObject::tr("Lua model, every task");
            else if (!source.isEmpty()) r.env = source;
            const core::ClarificationStats all = catalog::clarificationSummary(cat, e.id).overall();
            r.tasks = all.tasks;
            r.refused = all.errors;
            if (all.when.total() > 0) r.whenF1 = all.when.f1();
            if (all.what.n() > 0) r.mrr = all.what.mrr();
            rows.push_back(std::move(r));
            continue;
        }
        int successes = 0, withIglu2022 = 0, withPrediction = 0;
        double f1 = 0, iglu2022 = 0, prediction = 0;
        for (const auto& ep : cat.episodes(e.id)) {
            ++r.episodes;
            successes += ep.success ? 1 : 0;
            r.errors += ep.ok ? 0 : 1;
            f1 += ep.f1;
            if (ep.iglu2022F1) ++withIglu2022, iglu2022 += *ep.iglu2022F1;
            if (ep.predictionF1) ++withPrediction, prediction += *ep.predictionF1;
        }
        if (withIglu2022 > 0) r.meanIglu2022F1 = iglu2022 / withIglu2022;
        if (withPrediction > 0) r.meanPredictionF1 = prediction / withPrediction;
        if (r.episodes > 0) {
            r.successRate = static_cast<double>(successes) / r.episodes;
            r.meanF1 = f1 / r.episodes;
        }
        rows.push_back(std::move(r));
    }
    std::stable_sort(rows.begin(), rows.end(), [](const ExperimentRow& a, const ExperimentRow& b) {
        return a.created != b.created ? a.created > b.created : a.id > b.id;
    });
    return rows;
}

}  // namespace iglu::plugins::experiments

#include "clarification_rows.hpp"

#include <map>
#include <string>

#include <QObject>

#include "core/catalog/catalog.hpp"
#include "core/catalog/clarification_data.hpp"

namespace iglu::plugins::experiments {

bool errorRowMatches(const ErrorRow& row, ErrorFilter filter) {
    switch (filter) {
        case ErrorFilter::All: return true;
        case ErrorFilter::FalsePositives: return row.probability && row.goldNeeds && row.predictedNeeds() && !*row.goldNeeds;
        case ErrorFilter::FalseNegatives: return row.probability && row.goldNeeds && !row.predictedNeeds() && *row.goldNeeds;
        case ErrorFilter::RankAbove5: return row.goldRank && (*row.goldRank == 0 || *row.goldRank > 5);
        case ErrorFilter::Refused: return !row.error.isEmpty();
    }
    return false;
}

QString errorFilterName(ErrorFilter filter) {
    switch (filter) {
        case ErrorFilter::All: return QObject::tr("all tasks");
        case ErrorFilter::FalsePositives: return QObject::tr("false positives (asks, instruction clear)");
        case ErrorFilter::FalseNegatives: return QObject::tr("false negatives (does not ask, instruction unclear)");
        case ErrorFilter::RankAbove5: return QObject::tr("gold question ranked after 5th");
        case ErrorFilter::Refused: return QObject::tr("refused answers");
    }
    return {};
}

QList<ErrorRow> clarificationErrorRows(const catalog::Catalog& cat, qint64 experimentId) {
    const core::QuestionBank bank = catalog::questionBank(cat);
    std::map<std::string, std::string> instructions;
    for (const auto& e : catalog::clarificationExamples(cat)) instructions.emplace(e.id, e.instruction);
    const auto text = [&bank](const std::string& id) {
        const auto it = bank.find(id);
        return it != bank.end() ? QString::fromStdString(it->second)
                                : QObject::tr("%1 (not in the question bank)").arg(QString::fromStdString(id));
    };
    QList<ErrorRow> rows;
    for (const auto& p : cat.clarificationPredictions(experimentId)) {
        ErrorRow r;
        r.taskId = QString::fromStdString(p.taskId);
        if (const auto it = instructions.find(p.taskId); it != instructions.end()) r.instruction = QString::fromStdString(it->second);
        r.goldNeeds = p.goldNeeds;
        r.probability = p.needsProbability;
        r.goldRank = p.goldRank;
        r.error = QString::fromStdString(p.error);
        if (!p.goldQuestion.empty()) r.goldQuestion = text(p.goldQuestion);
        for (std::size_t i = 0; i < p.top.size() && i < 3; ++i) r.top << text(p.top[i]);
        rows.push_back(std::move(r));
    }
    return rows;
}

}  // namespace iglu::plugins::experiments

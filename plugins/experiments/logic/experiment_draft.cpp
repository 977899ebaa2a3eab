#include "logic/experiment_draft.hpp"

#include <cstdio>

#include <QFileInfo>
#include <QRegularExpression>

namespace iglu::plugins::experiments {

std::optional<std::vector<std::int64_t>> parseSeeds(const QString& text, QString* error) {
    std::vector<std::int64_t> seeds;
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    for (const QString& part : text.split(separators, Qt::SkipEmptyParts)) {
        const qsizetype dash = part.indexOf(QLatin1Char('-'), 1);  // "-3" alone is a negative seed
        bool ok1 = false, ok2 = true;
        const qlonglong lo = (dash < 0 ? part : part.left(dash)).toLongLong(&ok1);
        const qlonglong hi = dash < 0 ? lo : part.mid(dash + 1).toLongLong(&ok2);
        if (!ok1 || !ok2 || hi < lo || hi - lo >= 10'000) {
            if (error != nullptr)
                *error = QObject::tr("seeds: '%1' is not a whole number or a range like 1-5 (at most 10,000 seeds)").arg(part);
            return std::nullopt;
        }
        for (qlonglong s = lo; s <= hi; ++s) seeds.push_back(s);
        if (seeds.size() > 10'000) {
            if (error != nullptr) *error = QObject::tr("seeds: at most 10,000");
            return std::nullopt;
        }
    }
    if (seeds.empty()) {
        if (error != nullptr) *error = QObject::tr("seeds: give at least one, e.g. 1 or 1-5");
        return std::nullopt;
    }
    return seeds;
}

QString draftProblem(const ExperimentDraft& d) {
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9_.-]{0,79}$"));
    if (!name.match(d.name).hasMatch())
        return QObject::tr("name: 1 to 80 letters, digits, '_', '-' or '.', not starting with '-' or '.' (it names the "
                           "experiment in the catalog and its file)");
    const QFileInfo agent(d.agentPath);
    if (d.agentPath.trimmed().isEmpty()) return QObject::tr("agent: choose an agent script (.lua)");
    if (!agent.isFile() || !agent.isReadable()) return QObject::tr("agent: %1 is not a readable file").arg(d.agentPath);
    if (d.maxSteps < 1) return QObject::tr("steps: at least 1");
    if (d.seeds.empty()) return QObject::tr("seeds: give at least one");
    if (d.repetitions < 1) return QObject::tr("repetitions: at least 1");
    if (d.tasks.trimmed().isEmpty()) return QObject::tr("tasks: 'all', filter words (e.g. 'flying clear'), ids:A,B or a .jsonl task list");
    return {};
}

std::string luaQuoted(const std::string& text) {
    std::string out = "\"";
    for (const unsigned char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\%03u", static_cast<unsigned>(c));  // decimal escape, 3 digits
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    return out + "\"";
}

std::string experimentScript(const ExperimentDraft& d) {
    std::string seeds;
    for (std::size_t i = 0; i < d.seeds.size(); ++i) seeds += (i ? ", " : "") + std::to_string(d.seeds[i]);
    const std::string agent = QFileInfo(d.agentPath).absoluteFilePath().toStdString();
    std::string s;
    s += "-- Made by the workbench's Run Experiment dialog; run it again with: iglu run THIS_FILE --db CATALOG\n";
    s += "return {\n";
    s += "  name = " + luaQuoted(d.name.toStdString()) + ",\n";
    s += "  agent = " + luaQuoted(agent) + ",\n";
    s += "  tasks = " + luaQuoted(d.tasks.trimmed().toStdString()) + ",\n";
    s += "  env = { action_space = \"" + std::string(d.flying ? "flying" : "walking") + "\", max_steps = " +
         std::to_string(d.maxSteps) + ", target_in_obs = " + (d.targetInObs ? "true" : "false") + " },\n";
    s += "  seeds = { " + seeds + " },\n";
    s += "  repetitions = " + std::to_string(d.repetitions) + ",\n";
    s += "  stop_on_done = " + std::string(d.stopOnDone ? "true" : "false") + ",\n";
    s += "  record_rollouts = " + std::string(d.recordRollouts ? "true" : "false") + ",\n";
    s += "}\n";
    return s;
}

}  // namespace iglu::plugins::experiments

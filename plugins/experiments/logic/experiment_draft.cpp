#include "logic/experiment_draft.hpp"

#include <cstdio>
#include <limits>

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include "core/util/parse_number.hpp"

namespace iglu::plugins::experiments {

std::optional<std::vector<std::int64_t>> parseSeeds(const QString& text, QString* error) {
    const auto fail = [error](const QString& message) {
        if (error != nullptr) *error = message;
        return std::nullopt;
    };
    const auto bad = [&](const QString& part) {
        return fail(QObject::tr("seeds: '%1' is not a whole number (%2..%3) or a range like 1-5 (at most %4 seeds)")
                        .arg(part.left(40))
                        .arg(std::numeric_limits<std::int64_t>::min())
                        .arg(std::numeric_limits<std::int64_t>::max())
                        .arg(kMaxSeeds));
    };
    std::vector<std::int64_t> seeds;
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    for (const QString& part : text.split(separators, Qt::SkipEmptyParts)) {
        // The one checked parser of typed numbers (core/util/parse_number.hpp), as `iglu run` reads
        // seeds: the whole text, in range, no overflow. "-3" alone is a negative seed.
        const qsizetype dash = part.indexOf(QLatin1Char('-'), 1);
        const auto lo = core::parseNumber<std::int64_t>((dash < 0 ? part : part.left(dash)).toStdString());
        const auto hi = dash < 0 ? lo : core::parseNumber<std::int64_t>(part.mid(dash + 1).toStdString());
        if (!lo || !hi || *hi < *lo) return bad(part);
        // The count of lo..hi, computed without overflow (the difference of two int64 fits in uint64).
        const std::uint64_t span = static_cast<std::uint64_t>(*hi) - static_cast<std::uint64_t>(*lo);
        if (span >= kMaxSeeds || seeds.size() + span + 1 > kMaxSeeds)
            return fail(QObject::tr("seeds: at most %1 in all ('%2' makes more)").arg(kMaxSeeds).arg(part.left(40)));
        for (std::uint64_t k = 0; k <= span; ++k)
            seeds.push_back(static_cast<std::int64_t>(static_cast<std::uint64_t>(*lo) + k));  // never past hi
    }
    if (seeds.empty()) return fail(QObject::tr("seeds: give at least one, e.g. 1 or 1-5"));
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

bool agentReadsTarget(const QString& source) {
    // Comments out first: long comments --[==[ ... ]==], then line comments.
    static const QRegularExpression longComment(QStringLiteral("--\\[(=*)\\[.*?\\]\\1\\]"),
                                                QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression lineComment(QStringLiteral("--[^\\n]*"));
    static const QRegularExpression reads(
        QStringLiteral("\\.\\s*target(_grid)?\\b|\\[\\s*[\"']target(_grid)?[\"']\\s*\\]"));
    QString code = source;
    code.remove(longComment);
    code.remove(lineComment);
    return reads.match(code).hasMatch();
}

QString targetWarning(const ExperimentDraft& d) {
    if (d.targetInObs) return {};
    QFile file(d.agentPath);
    constexpr qint64 kMaxAgentBytes = 4 << 20;
    if (!QFileInfo(d.agentPath).isFile() || file.size() > kMaxAgentBytes || !file.open(QIODevice::ReadOnly)) return {};
    if (!agentReadsTarget(QString::fromUtf8(file.read(kMaxAgentBytes)))) return {};
    return QObject::tr("%1 reads the target (obs.target_grid or task.target), but \"the agent sees the target\" is off: "
                       "without it every episode is likely to fail.")
        .arg(QFileInfo(d.agentPath).fileName());
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
    // Lua reads "-9223372036854775808" as minus a float (the literal overflows): write the
    // smallest int64 as integer arithmetic.
    const auto seedText = [](std::int64_t s) {
        return s == std::numeric_limits<std::int64_t>::min() ? std::string("(-9223372036854775807 - 1)") : std::to_string(s);
    };
    for (std::size_t i = 0; i < d.seeds.size(); ++i) seeds += (i ? ", " : "") + seedText(d.seeds[i]);
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

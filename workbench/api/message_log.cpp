#include "workbench/api/message_log.hpp"

#include <QDebug>

namespace iglu::workbench {

QString levelName(LogEntry::Level level) {
    switch (level) {
        case LogEntry::Level::Info: return QStringLiteral("info");
        case LogEntry::Level::Warning: return QStringLiteral("warning");
        case LogEntry::Level::Error: return QStringLiteral("error");
    }
    return QStringLiteral("?");
}

void MessageLog::add(LogEntry::Level level, const QString& source, const QString& text) {
    LogEntry e{level, source, text, QDateTime::currentDateTime()};
    entries_.append(e);
    if (echo_) {
        const QString line = QStringLiteral("[%1] %2: %3").arg(source, levelName(level), text);
        if (level == LogEntry::Level::Info) qInfo().noquote() << line;
        else qWarning().noquote() << line;
    }
    emit added(e);
}

int MessageLog::count(const QString& needle) const {
    int n = 0;
    for (const auto& e : entries_) n += e.text.contains(needle) ? 1 : 0;
    return n;
}

}  // namespace iglu::workbench

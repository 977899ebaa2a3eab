#pragma once
// The application's message log: plugins and the shell report what happened (plugin failures,
// files opened, errors naming the file) here; the Messages dock shows it and it is mirrored to
// stderr through Qt's logging.
#include "workbench/api/export.hpp"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

namespace iglu::workbench {

struct LogEntry {
    enum class Level { Info, Warning, Error };
    Level level = Level::Info;
    QString source;   ///< plugin name or "workbench"
    QString text;
    QDateTime time;
};
IGLU_WORKBENCH_API_EXPORT QString levelName(LogEntry::Level level);

class IGLU_WORKBENCH_API_EXPORT MessageLog : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    void info(const QString& source, const QString& text) { add(LogEntry::Level::Info, source, text); }
    void warning(const QString& source, const QString& text) { add(LogEntry::Level::Warning, source, text); }
    void error(const QString& source, const QString& text) { add(LogEntry::Level::Error, source, text); }
    void add(LogEntry::Level level, const QString& source, const QString& text);
    const QList<LogEntry>& entries() const noexcept { return entries_; }
    /// Entries whose text contains `needle` (tests, scripts).
    int count(const QString& needle) const;
    /// Mirror entries to stderr (qInfo/qWarning); on by default.
    void setEcho(bool on) noexcept { echo_ = on; }

signals:
    void added(const iglu::workbench::LogEntry& entry);

private:
    QList<LogEntry> entries_;
    bool echo_ = true;
};

}  // namespace iglu::workbench

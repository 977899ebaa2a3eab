#include "support/files.hpp"

#include <QDir>
#include <QFile>

namespace iglu::test {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QString writeFile(const QString& dir, const QString& name, const QString& text) {
    const QString path = QDir(dir).filePath(name);
    return writeAll(path, text.toUtf8()) ? path : QString();
}

QMap<QString, QByteArray> snapshot(const QString& dir) {
    QMap<QString, QByteArray> out;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System))
        out.insert(name, readAll(dir + "/" + name));
    return out;
}

QString sourcePath(const QString& relative) { return QStringLiteral(IGLU_SOURCE_DIR "/") + relative; }

}  // namespace iglu::test

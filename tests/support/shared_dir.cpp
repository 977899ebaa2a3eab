#include "support/shared_dir.hpp"

#include <QDir>
#include <QFile>

#include "support/files.hpp"

namespace iglu::test {

QString sharedDir() {
    const QByteArray env = qgetenv("IGLU_SHARED_DIR");
    return QDir::cleanPath(env.isEmpty() ? QStringLiteral(IGLU_SHARED_DIR) : QString::fromLocal8Bit(env));
}

bool haveShared(const QString& sub) { return QFile::exists(sharedDir() + "/" + sub); }

QString conformanceTaskSubset(const QString& dir, int n) {
    QFile in(sharedDir() + "/conformance/tasks.jsonl");
    if (!in.open(QIODevice::ReadOnly)) return {};
    QString text;
    for (int i = 0; i < n && !in.atEnd(); ++i) text += QString::fromUtf8(in.readLine());
    return writeFile(dir, QStringLiteral("tasks.jsonl"), text);
}

}  // namespace iglu::test

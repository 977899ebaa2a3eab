#pragma once
// Where tests find ../shared (the read-only reference data). Tests that need it QSKIP with a
// clear message when the folder is absent.
#include <QDir>
#include <QString>

namespace iglu::test {

inline QString sharedDir() {
    const QByteArray env = qgetenv("IGLU_SHARED_DIR");
    return QDir::cleanPath(env.isEmpty() ? QStringLiteral(IGLU_SHARED_DIR) : QString::fromLocal8Bit(env));
}
inline bool haveShared(const QString& sub) { return QDir(sharedDir() + "/" + sub).exists() || QFile::exists(sharedDir() + "/" + sub); }

}  // namespace iglu::test

#define IGLU_REQUIRE_SHARED(sub)                                                                   \
    do {                                                                                           \
        if (!iglu::test::haveShared(sub))                                                          \
            QSKIP(qPrintable(QStringLiteral("shared data not found: %1/%2 (clone the repo with "   \
                                            "shared/ beside it, or set IGLU_SHARED_DIR)")          \
                                 .arg(iglu::test::sharedDir(), QStringLiteral(sub))));             \
    } while (0)

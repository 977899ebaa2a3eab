#pragma once
// Where tests find ../shared (the read-only reference data). Tests that need it QSKIP with a
// clear message when the folder is absent.
#include <QString>
#include <QtTest>

namespace iglu::test {

/// $IGLU_SHARED_DIR when set, else the folder configured at build time (../shared).
QString sharedDir();
/// True when sharedDir()/SUB exists (a file or a folder).
bool haveShared(const QString& sub);

/// The first `n` lines of shared/conformance/tasks.jsonl written as DIR/tasks.jsonl; its path, or
/// "" when the task list cannot be read or the file written.
QString conformanceTaskSubset(const QString& dir, int n);

}  // namespace iglu::test

#define IGLU_REQUIRE_SHARED(sub)                                                                   \
    do {                                                                                           \
        if (!iglu::test::haveShared(sub))                                                          \
            QSKIP(qPrintable(QStringLiteral("shared data not found: %1/%2 (clone the repo with "   \
                                            "shared/ beside it, or set IGLU_SHARED_DIR)")          \
                                 .arg(iglu::test::sharedDir(), QStringLiteral(sub))));             \
    } while (0)

#pragma once
// A corpus of damaged and foreign catalog files, made by the test from a valid catalog: every way
// a catalog file can be wrong that the catalog must refuse with a clear error naming the file,
// leaving it byte for byte as it was. Shared by test_catalog (core), test_corrupt_catalog_cli
// (every `iglu` command that takes --db) and test_data_service (the workbench's data service).
//
// Each case lives in its own folder (`DIR/NAME/NAME.db`, plus NAME.db-wal for the WAL case), so
// a test can compare the whole folder before and after (snapshot(), support/files.hpp) to catch
// a created -wal, -shm or journal as well as a changed byte.
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>
#include <QtTest>

#include <vector>

#include "support/files.hpp"

namespace iglu::test {

struct CorruptCatalog {
    QString name;   ///< folder and file stem, e.g. "user_version_negative"
    QString path;   ///< DIR/NAME/NAME.db
    QString what;   ///< how it is damaged (for failure messages)
};

/// Runs `sql` on the SQLite file `path` (bypassing the catalog's checks); true when it succeeded.
bool sqliteRun(const QString& path, const char* sql);

/// Writes the corpus below `dir` from `good`, a valid catalog whose changes are all in the main
/// file (closed, no -wal). Fails the calling test (QVERIFY) when a case cannot be made.
std::vector<CorruptCatalog> writeCorruptCatalogs(const QString& good, const QString& dir);

/// Writes the corpus from `good` into a temporary folder and runs `refuse(bad)` (its QVERIFYs) on
/// each case; then fails the calling test when the case's folder changed (a byte of the file, or a
/// -wal, -shm or journal left behind). Stops at the first failure.
template <class Refuse>
void forEachCorruptCatalog(const QString& good, Refuse&& refuse) {
    QTemporaryDir dir;
    const auto corpus = writeCorruptCatalogs(good, dir.path());
    QVERIFY(corpus.size() >= 30);
    for (const auto& bad : corpus) {
        const QString folder = QFileInfo(bad.path).absolutePath();
        const auto before = snapshot(folder);
        refuse(bad);
        if (QTest::currentTestFailed()) return;
        QVERIFY2(snapshot(folder) == before, qPrintable(bad.name + ": the file or its folder changed"));
    }
}

}  // namespace iglu::test

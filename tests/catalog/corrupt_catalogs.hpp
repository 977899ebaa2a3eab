#pragma once
// A corpus of damaged and foreign catalog files, made by the test from a valid catalog: every way
// a catalog file can be wrong that the catalog must refuse with a clear error naming the file,
// leaving it byte for byte as it was. Shared by test_catalog (core), test_corrupt_catalog_cli
// (every `iglu` command that takes --db) and test_data_service (the workbench's data service).
//
// Each case lives in its own folder (`DIR/NAME/NAME.db`, plus NAME.db-wal for the WAL case), so
// a test can compare the whole folder before and after (snapshot()) to catch a created -wal,
// -shm or journal as well as a changed byte.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <string>
#include <vector>

#include <sqlite3.h>

namespace iglu::test {

struct CorruptCatalog {
    QString name;   ///< folder and file stem, e.g. "user_version_negative"
    QString path;   ///< DIR/NAME/NAME.db
    QString what;   ///< how it is damaged (for failure messages)
};

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// Every file of a folder with its bytes.
inline QMap<QString, QByteArray> snapshot(const QString& dir) {
    QMap<QString, QByteArray> out;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System))
        out.insert(name, readAll(dir + "/" + name));
    return out;
}

inline bool sqliteRun(const QString& path, const char* sql) {
    sqlite3* db = nullptr;
    bool ok = sqlite3_open(path.toUtf8().constData(), &db) == SQLITE_OK &&
              sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

/// Root pages of the b-trees of a database (tables and indexes), by name.
inline QMap<QString, int> rootPages(const QString& path) {
    QMap<QString, int> out;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db, "SELECT name, rootpage FROM sqlite_schema WHERE rootpage > 0", -1, &s, nullptr);
        while (s && sqlite3_step(s) == SQLITE_ROW)
            out.insert(QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(s, 0))), sqlite3_column_int(s, 1));
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return out;
}

inline QByteArray withInt32(QByteArray bytes, int offset, std::int32_t value) {
    const auto u = static_cast<std::uint32_t>(value);
    for (int i = 0; i < 4; ++i) bytes[offset + i] = static_cast<char>((u >> (24 - 8 * i)) & 0xff);
    return bytes;
}

/// Writes the corpus below `dir` from `good`, a valid catalog whose changes are all in the main
/// file (closed, no -wal). Fails the calling test (QVERIFY) when a case cannot be made.
inline std::vector<CorruptCatalog> writeCorruptCatalogs(const QString& good, const QString& dir) {
    std::vector<CorruptCatalog> out;
    const QByteArray bytes = readAll(good);
    [&] { QVERIFY2(bytes.size() >= 8 * 4096, qPrintable(good + ": the good catalog is too small for the corpus")); }();
    const int pageSize = (static_cast<unsigned char>(bytes[16]) << 8) | static_cast<unsigned char>(bytes[17]);
    const auto add = [&](const QString& name, const QString& what, const QByteArray& content) -> QString {
        QDir(dir).mkpath(name);
        const QString path = dir + "/" + name + "/" + name + ".db";
        [&] { QVERIFY2(writeAll(path, content), qPrintable(path)); }();
        out.push_back({name, path, what});
        return path;
    };
    // The header's schema version (PRAGMA user_version, offset 60) and application id (offset 68).
    add("user_version_negative", "PRAGMA user_version = -1", withInt32(bytes, 60, -1));
    add("user_version_min", "PRAGMA user_version = INT32_MIN", withInt32(bytes, 60, INT32_MIN));
    add("user_version_huge", "PRAGMA user_version = INT32_MAX", withInt32(bytes, 60, INT32_MAX));
    add("user_version_newer", "a newer schema version (1000; this program writes 1..kSchemaVersion)", withInt32(bytes, 60, 1000));
    add("user_version_zero", "schema version 0 on a full catalog", withInt32(bytes, 60, 0));
    add("application_id_other", "another application id", withInt32(bytes, 68, 0x12345678));
    add("application_id_zero", "no application id", withInt32(bytes, 68, 0));
    // Not SQLite at all.
    add("zero_bytes", "an empty file", QByteArray());
    add("plain_text", "a text file", QByteArray("id,instruction\nC1,build a tower\n").repeated(200));
    add("header_only_magic", "the SQLite magic and nothing else", QByteArray("SQLite format 3", 16));
    // Truncated at several lengths.
    for (qsizetype n : {qsizetype(50), qsizetype(100), qsizetype(pageSize), qsizetype(pageSize) + 1, bytes.size() / 2,
                        bytes.size() - pageSize, bytes.size() - 1})
        add(QStringLiteral("truncated_%1").arg(n), QStringLiteral("truncated to %1 bytes").arg(n), bytes.left(n));
    // Flipped bytes in b-tree pages: the page-type byte of several tables' and indexes' root pages
    // (page 1's header is at offset 100), and a cell pointer of the tasks table.
    const auto roots = rootPages(good);
    const auto flipped = [&](qsizetype offset) {
        QByteArray b = bytes;
        b[offset] = static_cast<char>(b[offset] ^ 0xff);
        return b;
    };
    add("flipped_page1", "page 1 (the schema) b-tree header", flipped(100));
    for (const char* table : {"tasks", "labels", "tasks_by_structure", "rollouts", "episodes"}) {
        const int page = roots.value(QString::fromLatin1(table), 0);
        [&] { QVERIFY2(page > 1, table); }();
        add(QStringLiteral("flipped_root_%1").arg(QLatin1String(table)),
            QStringLiteral("the root page type of %1 (page %2)").arg(QLatin1String(table)).arg(page),
            flipped(qsizetype(page - 1) * pageSize));
    }
    const qsizetype tasksRoot = qsizetype(roots.value(QStringLiteral("tasks"), 2) - 1) * pageSize;
    {
        QByteArray b = bytes;  // the first cell pointer of the tasks root page points past the page
        const int header = static_cast<unsigned char>(b[tasksRoot]) == 0x05 ? 12 : 8;
        b[tasksRoot + header] = static_cast<char>(0xff);
        b[tasksRoot + header + 1] = static_cast<char>(0xff);
        add("flipped_cell_pointer", "a cell pointer of the tasks root page", b);
    }
    // Another application's SQLite files: with user tables, and without any.
    {
        const QString p = add("foreign_with_tables", "another application's database", QByteArray());
        QFile::remove(p);
        [&] { QVERIFY(sqliteRun(p, "CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos(name) VALUES('a')")); }();
    }
    {
        const QString p = add("foreign_without_tables", "a SQLite database without tables", QByteArray());
        QFile::remove(p);
        [&] { QVERIFY(sqliteRun(p, "PRAGMA user_version = 7")); }();
    }
    // A write-ahead log that is garbage beside a good catalog.
    {
        const QString p = add("wal_garbage", "a garbage -wal file", bytes);
        QByteArray junk;
        for (int i = 0; i < 5000; ++i) junk.append(static_cast<char>((i * 7919 + 13) & 0xff));
        [&] { QVERIFY(writeAll(p + "-wal", junk)); }();
    }
    // Tables with a missing column, a wrong type, a missing table (the file itself is sound).
    {
        const QString p = add("missing_column", "notes lacks its updated column", bytes);
        [&] { QVERIFY(sqliteRun(p, "ALTER TABLE notes DROP COLUMN updated")); }();
    }
    {
        const QString p = add("wrong_type", "tasks.starting declared TEXT", bytes);
        [&] {
            QVERIFY(sqliteRun(p, "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = "
                                 "replace(sql, 'starting BLOB NOT NULL', 'starting TEXT NOT NULL') WHERE name = 'tasks'"));
        }();
    }
    {
        const QString p = add("missing_table", "no episodes table", bytes);
        [&] { QVERIFY(sqliteRun(p, "DROP TABLE episodes")); }();
    }
    // The SQLite edits above leave no -wal behind (rollback journal on a closed connection).
    for (const auto& c : out) QFile::remove(c.path + "-journal");
    return out;
}

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

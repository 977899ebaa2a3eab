#pragma once
// A thin RAII layer over the SQLite C API for the catalog: a connection handle, cached prepared
// statements with typed bind/column helpers, and errors that name the catalog file.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace iglu::catalog::sql {

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql, const std::string* dbPath);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    /// Clears bindings and rewinds; called before each use of a cached statement.
    Statement& reset();
    Statement& bind(int i, std::int64_t v);
    Statement& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
    Statement& bind(int i, double v);
    Statement& bind(int i, std::string_view v);
    Statement& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Statement& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    Statement& bindBlob(int i, std::span<const std::uint8_t> v);
    Statement& bindNull(int i);

    /// Steps once: true when a row is available, false when done. Throws on error.
    bool step();
    /// Steps to completion (for statements without result rows).
    void run();

    bool isNull(int col) const;
    std::int64_t int64(int col) const;
    int int32(int col) const { return static_cast<int>(int64(col)); }
    double real(int col) const;
    std::string text(int col) const;
    std::span<const std::uint8_t> blob(int col) const;

private:
    void check(int rc, const char* what) const;
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
    const std::string* dbPath_;
};

/// How a connection opens its file. The catalog decides which one (core/catalog/catalog.cpp).
enum class Access {
    ReadOnly,   ///< SQLite mode=ro: the file must exist; nothing is written
    Immutable,  ///< mode=ro&immutable=1: a read-only folder where the -wal/-shm cannot be created
    ReadWrite,  ///< mode=rw: the file must exist
    Create,     ///< mode=rwc: created when absent
    Memory,     ///< a private in-memory database
};

class Connection {
public:
    /// Opens a database file (`path` is a file name, never a URI). Throws CatalogError naming the file.
    Connection(const std::string& path, Access access);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    const std::string& path() const noexcept { return path_; }
    sqlite3* handle() const noexcept { return db_; }
    /// Runs one or more SQL statements without results.
    void exec(std::string_view sql);
    /// A cached prepared statement, reset and ready to bind.
    Statement& prepare(std::string_view sql);
    std::int64_t lastInsertId() const;
    int changes() const;
    /// Integer result of a one-value query (e.g. a PRAGMA).
    std::int64_t scalar(std::string_view sql);
    /// Text result of a one-value query ("" when there is no row).
    std::string text(std::string_view sql);
    /// True when SQLite opened the file read-only (mode, permissions).
    bool readOnly() const;
    /// Reads up to `n` bytes at offset 0 of the database file through SQLite's own file handle
    /// (no second descriptor: closing one would drop this process's POSIX locks on the file);
    /// returns how many bytes the file holds there. `fileSize` receives the file's size.
    std::size_t readFileStart(std::uint8_t* out, std::size_t n, std::int64_t* fileSize);

private:
    std::string path_;
    sqlite3* db_ = nullptr;
    std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
};

}  // namespace iglu::catalog::sql

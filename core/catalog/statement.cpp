#include "statement.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

#include "core/catalog/catalog_error.hpp"

namespace iglu::catalog::sql {

namespace {
[[noreturn]] void fail(const std::string& path, sqlite3* db, int rc, std::string_view what) {
    std::string msg = path + ": " + std::string(what) + ": ";
    msg += db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if (rc == SQLITE_NOTADB) msg = path + ": not an IGLU catalog (the file is not a SQLite database)";
    throw CatalogError(msg);
}
}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql, const std::string* dbPath) : db_(db), dbPath_(dbPath) {
    int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
    if (rc != SQLITE_OK) fail(*dbPath_, db_, rc, "preparing `" + std::string(sql.substr(0, 60)) + "`");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::check(int rc, const char* what) const {
    if (rc != SQLITE_OK) fail(*dbPath_, db_, rc, std::string(what) + " in `" + std::string(sqlite3_sql(stmt_)).substr(0, 60) + "`");
}

Statement& Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return *this;
}
Statement& Statement::bind(int i, std::int64_t v) {
    check(sqlite3_bind_int64(stmt_, i, v), "binding");
    return *this;
}
Statement& Statement::bind(int i, double v) {
    check(sqlite3_bind_double(stmt_, i, v), "binding");
    return *this;
}
Statement& Statement::bind(int i, std::string_view v) {
    check(sqlite3_bind_text64(stmt_, i, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8), "binding");
    return *this;
}
Statement& Statement::bindBlob(int i, std::span<const std::uint8_t> v) {
    // A zero-length blob must still be a blob (not NULL): SQLite wants a non-null pointer for that.
    static const std::uint8_t empty = 0;
    check(sqlite3_bind_blob64(stmt_, i, v.empty() ? &empty : v.data(), v.size(), SQLITE_TRANSIENT), "binding");
    return *this;
}
Statement& Statement::bindNull(int i) {
    check(sqlite3_bind_null(stmt_, i), "binding");
    return *this;
}

bool Statement::step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    std::string sqlText = sqlite3_sql(stmt_);
    sqlite3_reset(stmt_);
    fail(*dbPath_, db_, rc, "running `" + sqlText.substr(0, 60) + "`");
}

void Statement::run() {
    while (step()) {
    }
}

bool Statement::isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
std::int64_t Statement::int64(int col) const { return sqlite3_column_int64(stmt_, col); }
double Statement::real(int col) const { return sqlite3_column_double(stmt_, col); }
std::string Statement::text(int col) const {
    const auto* p = sqlite3_column_text(stmt_, col);
    int n = sqlite3_column_bytes(stmt_, col);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string();
}
std::span<const std::uint8_t> Statement::blob(int col) const {
    const void* p = sqlite3_column_blob(stmt_, col);
    int n = sqlite3_column_bytes(stmt_, col);
    return p ? std::span<const std::uint8_t>(static_cast<const std::uint8_t*>(p), static_cast<std::size_t>(n))
             : std::span<const std::uint8_t>();
}

namespace {

// "file:" URI of a file name: the name is taken literally (":memory:", "?", "#", "%" included).
std::string fileUri(const std::string& path, Access access) {
    std::error_code ec;
    auto abs = std::filesystem::absolute(path, ec).lexically_normal().string();
    if (ec) abs = path;
    std::string uri = "file:";
    if (abs.rfind("//", 0) == 0) uri += "//";  // an empty authority keeps a leading "//" in the path
    static const char* hex = "0123456789ABCDEF";
    for (unsigned char ch : abs) {
        if (ch == '%' || ch == '?' || ch == '#' || ch < 0x21 || ch == 0x7f) {
            uri += '%';
            uri += hex[ch >> 4];
            uri += hex[ch & 15];
        } else {
            uri += static_cast<char>(ch);
        }
    }
    switch (access) {
        case Access::ReadOnly: return uri + "?mode=ro";
        case Access::Immutable: return uri + "?mode=ro&immutable=1";
        case Access::ReadWrite: return uri + "?mode=rw";
        case Access::Create: return uri + "?mode=rwc";
        case Access::Memory: break;
    }
    return "file::memory:";
}

}  // namespace

Connection::Connection(const std::string& path, Access access) : path_(path) {
    const bool ro = access == Access::ReadOnly || access == Access::Immutable;
    int flags = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | (ro ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE);
    if (access == Access::Create || access == Access::Memory) flags |= SQLITE_OPEN_CREATE;
    if (access == Access::Memory) flags |= SQLITE_OPEN_MEMORY;
    const std::string uri = fileUri(path, access);
    int rc = sqlite3_open_v2(uri.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = path + ": cannot open catalog: " + (db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc));
        sqlite3_close(db_);
        db_ = nullptr;
        throw CatalogError(msg);
    }
    sqlite3_extended_result_codes(db_, 0);
    sqlite3_busy_timeout(db_, 5000);
}

Connection::~Connection() {
    cache_.clear();  // statements must be finalized before the connection closes
    sqlite3_close(db_);
}

void Connection::exec(std::string_view sql) {
    std::string text(sql);
    char* err = nullptr;
    int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : sqlite3_errstr(rc);
        sqlite3_free(err);
        if (rc == SQLITE_NOTADB) fail(path_, nullptr, rc, "");
        throw CatalogError(path_ + ": " + msg + " (in `" + text.substr(0, 60) + "`)");
    }
}

Statement& Connection::prepare(std::string_view sql) {
    auto it = cache_.find(std::string(sql));
    if (it == cache_.end()) it = cache_.emplace(std::string(sql), std::make_unique<Statement>(db_, sql, &path_)).first;
    return it->second->reset();
}

std::int64_t Connection::lastInsertId() const { return sqlite3_last_insert_rowid(db_); }
int Connection::changes() const { return sqlite3_changes(db_); }

std::int64_t Connection::scalar(std::string_view sql) {
    Statement s(db_, sql, &path_);
    return s.step() ? s.int64(0) : 0;
}

std::string Connection::text(std::string_view sql) {
    Statement s(db_, sql, &path_);
    return s.step() ? s.text(0) : std::string();
}

bool Connection::readOnly() const { return sqlite3_db_readonly(db_, "main") == 1; }

std::size_t Connection::readFileStart(std::uint8_t* out, std::size_t n, std::int64_t* fileSize) {
    sqlite3_file* file = nullptr;
    std::memset(out, 0, n);
    *fileSize = 0;
    if (sqlite3_file_control(db_, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file || !file->pMethods)
        throw CatalogError(path_ + ": cannot read the catalog file");
    sqlite3_int64 size = 0;
    if (file->pMethods->xFileSize(file, &size) != SQLITE_OK) throw CatalogError(path_ + ": cannot read the catalog file's size");
    *fileSize = size;
    const auto want = static_cast<std::size_t>(std::min<sqlite3_int64>(size, static_cast<sqlite3_int64>(n)));
    if (want == 0) return 0;
    const int rc = file->pMethods->xRead(file, out, static_cast<int>(want), 0);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) throw CatalogError(path_ + ": cannot read the catalog file");
    return want;
}

}  // namespace iglu::catalog::sql

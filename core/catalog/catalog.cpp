// The catalog's façade: opening a file (create, checks before trusting it, schema migration),
// transactions, catalog-wide facts (catalog_info) and the grid blob codec every table shares.
// Each table's reads and writes live in their own file: tasks.cpp, task_listing.cpp, sessions.cpp,
// rollouts.cpp, labels.cpp, experiments.cpp (and experiment_admin.cpp, clarification_results.cpp,
// architect_sessions.cpp); the schema itself is schema.cpp.
#include "core/catalog/catalog.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <chrono>
#include <ctime>

#include "catalog_file.hpp"
#include "catalog_impl.hpp"
#include "schema.hpp"
#include "statement.hpp"
#include "writer_presence.hpp"

namespace iglu::catalog {

namespace detail {

Bytes encodeGrid(const core::Grid& g) {
    Bytes out;
    out.reserve(static_cast<std::size_t>(g.count()) * 4);
    for (int i = 0; i < core::kCells; ++i) {
        if (g.cell(i) == 0) continue;
        auto p = core::Grid::position(i);
        out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(p.x)));
        out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(p.y)));
        out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(p.z)));
        out.push_back(static_cast<std::uint8_t>(g.cell(i)));
    }
    return out;
}

core::Grid decodeGrid(std::span<const std::uint8_t> b, const std::string& path, const std::string& what) {
    if (b.size() % 4 != 0) throw CatalogError(path + ": corrupt grid blob for " + what + " (size " + std::to_string(b.size()) + ")");
    core::Grid g;
    for (std::size_t i = 0; i < b.size(); i += 4) {
        int x = static_cast<std::int8_t>(b[i]), y = static_cast<std::int8_t>(b[i + 1]);
        int z = static_cast<std::int8_t>(b[i + 2]), c = static_cast<std::int8_t>(b[i + 3]);
        if (!core::Grid::inZone(x, y, z) || c < 1 || c > core::kNumColours)
            throw CatalogError(path + ": corrupt grid blob for " + what + " (block " + std::to_string(i / 4) + ")");
        g.setCell(core::Grid::index(x, y, z), static_cast<std::int8_t>(c));
    }
    return g;
}

}  // namespace detail

std::string utcNow() {
    auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}


namespace {

bool exists(const std::string& path) {
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::symlink_status(path, ec)) || std::filesystem::exists(path, ec);
}

bool writable(const std::string& path) { return ::access(path.c_str(), W_OK) == 0; }

std::string folderOf(const std::string& path) {
    auto parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

// A new catalog is made under a temporary name beside `path` and linked into place in one step,
// so a process opening `path` meanwhile sees either no file or a whole catalog. Returns false when
// another process created `path` first.
bool createCatalogFile(const std::string& path) {
    const std::string folder = folderOf(path);
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        throw CatalogError(path + ": cannot create the catalog: the folder " + folder + " does not exist");
    if (!writable(folder)) throw CatalogError(path + ": cannot create the catalog: the folder " + folder + " is not writable");
    static std::atomic<int> counter{0};
    const std::string temp = path + ".new-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    const auto removeTemp = [&] {
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) ::unlink((temp + suffix).c_str());
    };
    try {
        sql::Connection db(temp, sql::Access::Create);
        schema::migrate(db, true);
        db.exec("PRAGMA journal_mode = WAL");
    } catch (const CatalogError& e) {
        removeTemp();
        std::string why = e.what();
        if (why.rfind(temp, 0) == 0) why = path + why.substr(temp.size());
        throw CatalogError(why);
    }
    const bool linked = ::link(temp.c_str(), path.c_str()) == 0;
    const int err = errno;
    removeTemp();
    if (!linked && err != EEXIST) throw CatalogError(path + ": cannot create the catalog: " + std::strerror(err));
    return linked;
}

// Page-level damage shows only when a damaged page is read; check them all before trusting the file.
// The first read also makes SQLite check, under its own lock (and against the write-ahead log's view
// of the file), that the file holds every page its header counts: a truncated file is "malformed"
// there, and only then are the raw header and size read again to say how.
void checkPages(sql::Connection& db) {
    std::string result;
    try {
        result = db.text("PRAGMA quick_check(1)");
    } catch (const CatalogError& e) {
        const std::string what = e.what();  // "PATH: preparing `...`: SQLite's message"
        const auto colon = what.rfind(": ");
        const std::string why = colon == std::string::npos ? what : what.substr(colon + 2);
        const bool damaged = why.find("malformed") != std::string::npos || why.find("not a database") != std::string::npos;
        std::string how;
        if (damaged) {
            std::array<std::uint8_t, file::kHeaderSize> header{};
            std::int64_t size = 0;
            const auto got = db.readFileStart(header.data(), header.size(), &size);
            how = file::truncationOf(header.data(), got, size);
        }
        throw CatalogError(db.path() + (damaged ? ": damaged catalog: " : ": cannot read the catalog: ") +
                           (how.empty() ? why : how + " (SQLite: " + why + ")"));
    }
    if (result == "ok") return;
    static const std::string kPrefix = "*** in database main ***\n";
    if (result.rfind(kPrefix, 0) == 0) result.erase(0, kPrefix.size());
    std::replace(result.begin(), result.end(), '\n', ' ');
    throw CatalogError(db.path() + ": damaged catalog: " + result + " (PRAGMA quick_check)");
}

}  // namespace

Catalog::Catalog(const std::string& path, OpenMode mode) {
    if (path.empty()) throw CatalogError("no catalog file given (the path is empty)");
    bool created = false;
    if (!exists(path)) {
        if (mode != OpenMode::Create) throw CatalogError(path + ": no such catalog file");
        created = createCatalogFile(path);
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) throw CatalogError(path + ": not a catalog file (not a regular file)");
    file::checkWal(path);
    sql::Access access = sql::Access::ReadWrite;
    if (mode == OpenMode::ReadOnly) {
        // Where SQLite may write its -wal / -shm, a read-write connection that refuses every write
        // (query_only) removes them again on close. A write-protected file opens read-only; in a
        // read-only folder where the -shm cannot be made, the file cannot change under us (nobody
        // can write beside it), so SQLite may read it as immutable.
        if (!writable(path) || !writable(folderOf(path)))
            access = writable(folderOf(path)) || exists(path + "-shm") ? sql::Access::ReadOnly : sql::Access::Immutable;
    } else if (!writable(path)) {
        throw CatalogError(path + ": the catalog is read-only (no permission to write it)");
    } else if (!writable(folderOf(path))) {
        throw CatalogError(path + ": the catalog is read-only (its folder " + folderOf(path) +
                           " is not writable: SQLite keeps its write-ahead log beside the catalog)");
    }
    impl_ = std::make_unique<Impl>(path, access);
    impl_->mode = mode;
    impl_->created = created;
    auto& db = impl_->db;
    std::array<std::uint8_t, file::kHeaderSize> header{};
    std::int64_t size = 0;
    const auto got = db.readFileStart(header.data(), header.size(), &size);
    file::checkHeader(path, header.data(), got, size, schema::kApplicationId);
    if (mode == OpenMode::ReadOnly) db.exec("PRAGMA query_only = 1");
    if (mode != OpenMode::ReadOnly && db.readOnly())
        throw CatalogError(path + ": the catalog is read-only (no permission to write it or its folder)");
    checkPages(db);
    const auto version = schema::migrate(db, mode != OpenMode::ReadOnly);
    schema::verify(db, version);
    impl_->version = version;
    if (mode != OpenMode::ReadOnly) {
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("PRAGMA synchronous = NORMAL");
        db.exec("PRAGMA foreign_keys = ON");
        impl_->writers = std::make_unique<WriterPresence>(path);
    }
    impl_->dataVersion = db.scalar("PRAGMA data_version");
}

Catalog Catalog::inMemory(const std::string& name) {
    Catalog c;
    c.impl_ = std::make_unique<Impl>(name, sql::Access::Memory);
    schema::migrate(c.impl_->db, true);
    c.impl_->db.exec("PRAGMA foreign_keys = ON");
    return c;
}

OpenMode Catalog::mode() const noexcept { return impl_->mode; }
bool Catalog::createdFile() const noexcept { return impl_->created; }

bool Catalog::changedSinceLastCheck() {
    const auto now = impl_->db.scalar("PRAGMA data_version");
    const bool changed = now != impl_->dataVersion;
    impl_->dataVersion = now;
    return changed;
}

bool Catalog::openForWritingElsewhere() { return impl_->writers && impl_->writers->otherProcess(); }

Catalog::~Catalog() = default;
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;

const std::string& Catalog::path() const noexcept { return impl_->db.path(); }
int Catalog::schemaVersion() const { return static_cast<int>(impl_->db.scalar("PRAGMA user_version")); }

void Catalog::transaction(const std::function<void()>& work) {
    auto& db = impl_->db;
    const int level = impl_->depth;
    const std::string sp = "sp" + std::to_string(level);
    db.exec(level == 0 ? std::string("BEGIN IMMEDIATE") : "SAVEPOINT " + sp);
    ++impl_->depth;
    try {
        work();
    } catch (...) {
        --impl_->depth;
        try {
            db.exec(level == 0 ? std::string("ROLLBACK") : "ROLLBACK TO " + sp + "; RELEASE " + sp);
        } catch (...) {
            // The original error matters more than a failed rollback (SQLite may already have rolled back).
        }
        throw;
    }
    --impl_->depth;
    db.exec(level == 0 ? std::string("COMMIT") : "RELEASE " + sp);
}

void Catalog::setInfo(const std::string& key, const std::string& value) {
    auto& s = impl_->db.prepare(
        "INSERT INTO catalog_info(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    s.bind(1, key).bind(2, value).run();
}

std::string Catalog::info(const std::string& key) const {
    auto& s = impl_->db.prepare("SELECT value FROM catalog_info WHERE key = ?1");
    s.bind(1, key);
    std::string value = s.step() ? s.text(0) : std::string();
    s.reset();
    return value;
}

}  // namespace iglu::catalog

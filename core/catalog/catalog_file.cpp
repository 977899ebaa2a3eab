#include "catalog_file.hpp"

#include <array>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/catalog/catalog_error.hpp"

namespace iglu::catalog::file {

namespace {

std::uint32_t be32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
}

std::string hex(std::uint32_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

bool validPageSize(std::uint32_t size) { return size >= 512 && size <= 65536 && (size & (size - 1)) == 0; }

}  // namespace

void checkHeader(const std::string& path, const std::uint8_t* h, std::size_t got, std::int64_t fileSize,
                 std::int32_t applicationId) {
    static const char kMagic[] = "SQLite format 3";  // 16 bytes with its NUL
    if (fileSize == 0) throw CatalogError(path + ": not an IGLU catalog (the file is empty: 0 bytes)");
    if (got < sizeof kMagic || std::memcmp(h, kMagic, sizeof kMagic) != 0)
        throw CatalogError(path + ": not an IGLU catalog (the file is not a SQLite database)");
    if (got < kHeaderSize)
        throw CatalogError(path + ": damaged catalog: truncated to " + std::to_string(fileSize) +
                           " bytes, shorter than the 100-byte SQLite header");
    std::uint32_t pageSize = (std::uint32_t{h[16]} << 8) | h[17];
    if (pageSize == 1) pageSize = 65536;
    if (!validPageSize(pageSize))
        throw CatalogError(path + ": damaged catalog: invalid page size " + std::to_string(pageSize) + " in the header");
    if (fileSize % pageSize != 0)
        throw CatalogError(path + ": damaged catalog: " + std::to_string(fileSize) + " bytes is not a whole number of " +
                           std::to_string(pageSize) + "-byte pages (truncated?)");
    // The header's page count is not compared with the file's size here: read without SQLite's
    // lock, both change under another process's checkpoint (page 1 is written before the file
    // grows). SQLite makes that comparison itself under its lock (truncationOf words its verdict).
    const std::uint32_t appId = be32(h + 68);
    if (appId == 0)
        throw CatalogError(path + ": not an IGLU catalog (a SQLite database of another application, or an empty "
                                  "one: it has no IGLU application id)");
    if (appId != static_cast<std::uint32_t>(applicationId))
        throw CatalogError(path + ": not an IGLU catalog (a SQLite database of another application: application_id " +
                           hex(appId) + ", an IGLU catalog has " + hex(static_cast<std::uint32_t>(applicationId)) + ")");
}

std::string truncationOf(const std::uint8_t* h, std::size_t got, std::int64_t fileSize) {
    if (got < kHeaderSize) return {};
    std::uint32_t pageSize = (std::uint32_t{h[16]} << 8) | h[17];
    if (pageSize == 1) pageSize = 65536;
    if (!validPageSize(pageSize)) return {};
    // The page count in the header is valid when its "version valid for" matches the change counter.
    const std::uint32_t pages = be32(h + 28);
    if (pages == 0 || be32(h + 24) != be32(h + 92) || fileSize / pageSize >= pages) return {};
    return "truncated: the header counts " + std::to_string(pages) + " pages, the file holds " +
           std::to_string(fileSize / pageSize);
}

void checkWal(const std::string& path) {
    const std::string wal = path + "-wal";
    std::ifstream in(wal, std::ios::binary);
    if (!in) return;  // no log (or unreadable: SQLite reports that itself)
    std::array<std::uint8_t, 32> h{};
    in.read(reinterpret_cast<char*>(h.data()), h.size());
    const auto got = in.gcount();
    if (got == 0) return;  // an empty log is normal
    const std::uint32_t magic = be32(h.data());
    if (got < 32 || (magic != 0x377f0682u && magic != 0x377f0683u) || be32(h.data() + 4) != 3007000u ||
        !validPageSize(be32(h.data() + 8)))
        throw CatalogError(wal + ": the catalog's write-ahead log is damaged (not a SQLite WAL file); "
                           "SQLite would discard it and any changes it holds: move it away to open " + path + " without it");
}

}  // namespace iglu::catalog::file

#pragma once
// Checks of a catalog file made before SQLite reads any page of it: the 100-byte database header
// (empty file, not SQLite, other application, truncated) and the write-ahead log beside it.
// Each throws CatalogError naming the file and what is wrong. See core/README.md (catalog).
#include <cstddef>
#include <cstdint>
#include <string>

namespace iglu::catalog::file {

inline constexpr std::size_t kHeaderSize = 100;

/// `header`: the first `got` bytes of the file (at most kHeaderSize), `fileSize`: its size.
/// Accepts a SQLite database whose application id is `applicationId`.
void checkHeader(const std::string& path, const std::uint8_t* header, std::size_t got, std::int64_t fileSize,
                 std::int32_t applicationId);

/// A non-empty PATH-wal must start with a SQLite write-ahead-log header (SQLite would silently
/// discard a damaged one, and with it any transaction it held).
void checkWal(const std::string& path);

}  // namespace iglu::catalog::file

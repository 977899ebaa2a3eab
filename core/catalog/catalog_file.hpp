#pragma once
// Checks of a catalog file made before SQLite reads any page of it: the 100-byte database header
// (empty file, not SQLite, other application, page size, not whole pages) and the write-ahead log
// beside it. Only what no writer ever changes is judged from raw bytes (read without SQLite's lock,
// another process may be checkpointing): the page count against the file size is SQLite's check.
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

/// Why a file SQLite found malformed is damaged when its header counts more pages than the file
/// holds ("truncated: the header counts N pages, the file holds M"), else "". Only for wording
/// SQLite's verdict: read without SQLite's lock, the header and the size may be caught mid-checkpoint.
std::string truncationOf(const std::uint8_t* header, std::size_t got, std::int64_t fileSize);

/// A non-empty PATH-wal must start with a SQLite write-ahead-log header (SQLite would silently
/// discard a damaged one, and with it any transaction it held).
void checkWal(const std::string& path);

}  // namespace iglu::catalog::file

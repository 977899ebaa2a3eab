#pragma once
// Duplicate keys in JSON text. The JSON parsers the project uses accept `{"a": 1, "a": 2}`
// silently (simdjson's DOM answers the first, nlohmann keeps the last), so every reader of a JSON
// input (world states, structures.json, label files, task lists) asks this one scanner, which
// names the key and its line and column.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace iglu::core {

struct DuplicateKey {
    std::string key;          ///< as written (escapes kept)
    std::size_t offset = 0;   ///< byte offset of the second occurrence
    int line = 1;             ///< 1-based
    int column = 1;           ///< 1-based, in bytes
    std::string describe() const;  ///< "line L, column C: duplicate key \"K\""
};

/// The first key that occurs twice in one object of `json`, or nullopt. Malformed text is not
/// diagnosed here (the parser does that); the scan simply stops. Nesting deeper than 512 levels
/// is not scanned.
std::optional<DuplicateKey> findDuplicateKey(std::string_view json);

}  // namespace iglu::core

#pragma once
// The one way a JSON input is parsed (rollout lines, task lists, model files, env options,
// conformance files, label files, structures.json): nlohmann-json's own parser driven through a
// SAX handler that
//  - refuses nesting deeper than kMaxJsonDepth before the value exists (nothing downstream ever
//    recurses deeper: dumps, copies, comparisons stay shallow),
//  - refuses more than `maxValues` values (memory stays proportional to what the caller allows),
//  - reports every problem (malformed text, a number out of range such as 1e400, the limits) as a
//    JsonError with the line and column, so readers can name file:line:column.
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace iglu::core {

inline constexpr int kMaxJsonDepth = 128;
inline constexpr std::size_t kUnlimitedJsonValues = ~std::size_t(0);

class JsonError : public std::runtime_error {
public:
    JsonError(int line, int column, const std::string& reason)
        : std::runtime_error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + reason),
          line_(line), column_(column), reason_(reason) {}
    int line() const noexcept { return line_; }
    int column() const noexcept { return column_; }
    const std::string& reason() const noexcept { return reason_; }  ///< without the position

private:
    int line_, column_;
    std::string reason_;
};

/// An array of the top-level object handed over element by element instead of kept: its key's
/// value stays in the document as an empty array. For inputs whose bulk is one long list (a
/// rollout line's actions): memory holds one element at a time.
struct JsonArrayStream {
    std::string key;
    std::function<void(nlohmann::json&& element, std::size_t index)> onElement;  ///< may throw (parsing stops)
};

struct JsonLimits {
    std::size_t maxValues = kUnlimitedJsonValues;  ///< values held at once (streamed elements count while held)
    int maxDepth = kMaxJsonDepth;
    std::vector<JsonArrayStream> streams;
};

/// Parses one JSON document. Throws JsonError ("line L, column C: <reason>"), e.g. "nesting deeper
/// than 128 levels", "number out of range: 1e400", "more than N values", "malformed JSON: syntax error ...".
/// Exceptions thrown by a stream's onElement pass through unchanged.
nlohmann::json parseJson(std::string_view text, const JsonLimits& limits);
nlohmann::json parseJson(std::string_view text, std::size_t maxValues = kUnlimitedJsonValues, int maxDepth = kMaxJsonDepth);

/// parseJson for stored text whose damage the caller reports in its own words (a catalog's config,
/// metadata, question bank): a value of type `discarded` instead of a JsonError, the same limits.
nlohmann::json parseJsonOrDiscarded(std::string_view text, std::size_t maxValues = kUnlimitedJsonValues);

/// The 1-based line and column (in bytes) of `offset` in `text`.
std::pair<int, int> lineColumnOf(std::string_view text, std::size_t offset);

}  // namespace iglu::core

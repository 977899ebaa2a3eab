#include "json_text.hpp"
#include "core/util/json_parse.hpp"

#include "core/util/json_keys.hpp"
#include "core/util/utf8.hpp"

namespace iglu::datasets {

namespace {

/// "line L, column C" of a byte offset in `text` (1-based; core::lineColumnOf).
std::string lineColumn(std::string_view text, std::size_t offset) {
    const auto [line, column] = core::lineColumnOf(text, offset);
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

nlohmann::json parseJsonText(const std::string& text, const std::string& path) {
    if (const auto bad = core::invalidUtf8Offset(text))
        throw DatasetError(Reason::InvalidUtf8, path, lineColumn(text, *bad) + ": text is not UTF-8 (" + core::describeInvalidUtf8(text) + ")");
    nlohmann::json doc;
    try {
        doc = core::parseJson(text);
    } catch (const core::JsonError& e) {
        throw DatasetError(Reason::MalformedJson, path, e.what());
    }
    if (const auto dup = core::findDuplicateKey(text)) throw DatasetError(Reason::DuplicateKey, path, dup->describe());
    return doc;
}

}  // namespace iglu::datasets

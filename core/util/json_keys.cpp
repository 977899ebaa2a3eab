#include "core/util/json_keys.hpp"

#include <unordered_set>
#include <vector>

namespace iglu::core {

std::string DuplicateKey::describe() const {
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": duplicate key \"" + key + "\"";
}

std::optional<DuplicateKey> findDuplicateKey(std::string_view json) {
    struct Frame {
        bool object = false;
        bool expectKey = false;
        std::vector<std::string_view> keys;           // linear search while small
        std::unordered_set<std::string_view> many;    // then hashed: no quadratic time on huge objects
    };
    constexpr std::size_t kMaxDepth = 512;
    std::vector<Frame> stack;
    std::size_t depth = 0;  // may exceed the stack when nesting is deeper than kMaxDepth
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        switch (c) {
            case '\n':
                ++line;
                lineStart = i + 1;
                break;
            case '{':
            case '[':
                if (++depth <= kMaxDepth) stack.push_back(Frame{c == '{', c == '{', {}, {}});
                break;
            case '}':
            case ']':
                if (depth == 0) return std::nullopt;
                if (depth-- <= kMaxDepth) stack.pop_back();
                break;
            case ',':
                if (depth > 0 && depth <= kMaxDepth && stack.back().object) stack.back().expectKey = true;
                break;
            case ':':
                if (depth > 0 && depth <= kMaxDepth && stack.back().object) stack.back().expectKey = false;
                break;
            case '"': {
                const std::size_t start = i + 1;
                std::size_t j = start;
                while (j < json.size() && json[j] != '"') j += json[j] == '\\' ? 2 : 1;
                if (j >= json.size()) return std::nullopt;  // unterminated: the parser reports it
                const std::string_view text = json.substr(start, j - start);
                if (depth > 0 && depth <= kMaxDepth && stack.back().object && stack.back().expectKey) {
                    Frame& f = stack.back();
                    bool seen = false;
                    if (f.keys.size() < 16) {
                        for (auto k : f.keys) seen = seen || k == text;
                        if (!seen) f.keys.push_back(text);
                        if (f.keys.size() == 16) f.many.insert(f.keys.begin(), f.keys.end());
                    } else {
                        seen = !f.many.insert(text).second;
                    }
                    if (seen) return DuplicateKey{std::string(text), i, line, static_cast<int>(i - lineStart + 1)};
                }
                for (std::size_t k = start; k < j; ++k)  // strings hold no raw newlines in JSON, but count them anyway
                    if (json[k] == '\n') ++line, lineStart = k + 1;
                i = j;
                break;
            }
            default:
                break;
        }
    }
    return std::nullopt;
}

}  // namespace iglu::core

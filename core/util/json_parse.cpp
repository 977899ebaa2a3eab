#include "core/util/json_parse.hpp"

#include <optional>

namespace iglu::core {

namespace {

using json = nlohmann::json;

/// The offset of the bracket that opens level `maxDepth + 1`, scanning strings properly.
std::optional<std::size_t> tooDeepAt(std::string_view text, int maxDepth) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth) return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::nullopt;
}

/// A DOM builder (as nlohmann's json_sax_dom_parser) with the limits and the streamed arrays;
/// errors are kept, not thrown, so the position survives.
class LimitedSax {
public:
    LimitedSax(json& root, const JsonLimits& limits) : root_(root), limits_(limits) {}

    bool null() { return value(json(nullptr)); }
    bool boolean(bool v) { return value(json(v)); }
    bool number_integer(json::number_integer_t v) { return value(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return value(json(v)); }
    bool number_float(json::number_float_t v, const json::string_t&) { return value(json(v)); }
    bool string(json::string_t& v) { return value(json(std::move(v))); }
    bool binary(json::binary_t&) { return value(json()); }  // not produced by JSON text
    bool start_object(std::size_t) { return open(json::object()); }
    bool start_array(std::size_t) { return open(json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(json::string_t& k) {
        json& obj = *stack_.back();
        if (stack_.size() == 1) topKey_ = k;
        slot_ = &obj[k];  // a repeated key replaces the value (duplicates are diagnosed by the callers)
        *slot_ = nullptr;
        return true;
    }
    template <class Exception>
    bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
        position_ = position;
        const std::string what = e.what();
        if (e.id == 406) {
            reason_ = "number out of range: " + token;  // 1e400: nlohmann's out_of_range
        } else {
            // "[json.exception.parse_error.101] parse error at line 1, column 3: syntax error while parsing value - ..."
            const auto at = what.find("syntax error");
            reason_ = "malformed JSON: " + (at == std::string::npos ? what : what.substr(at));
        }
        return false;
    }

    std::optional<std::size_t> position_;
    std::string reason_;
    bool tooDeep_ = false, tooMany_ = false;

private:
    bool count() {
        if (++values_ > limits_.maxValues) {
            tooMany_ = true;
            return false;
        }
        return true;
    }
    /// Where a new value goes: the root, an array's end, an object's key, or the streamed element.
    json* place(json&& v) {
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        json* top = stack_.back();
        if (stream_ && top == streamed_) {
            element_ = std::move(v);
            elementValues_ = values_;
            return &element_;
        }
        if (top->is_array()) {
            top->push_back(std::move(v));
            return &top->back();
        }
        *slot_ = std::move(v);
        return slot_;
    }
    bool value(json&& v) {
        if (!count()) return false;
        json* at = place(std::move(v));
        if (at == &element_) deliver();
        return true;
    }
    bool open(json&& v) {
        if (static_cast<int>(stack_.size()) + 1 > limits_.maxDepth) {
            tooDeep_ = true;
            return false;
        }
        if (!count()) return false;
        const bool streamedArray = stack_.size() == 1 && v.is_array() && stack_.back()->is_object() && !stream_;
        json* at = place(std::move(v));
        stack_.push_back(at);
        if (streamedArray)
            for (const auto& s : limits_.streams)
                if (s.key == topKey_) {
                    stream_ = &s;
                    streamed_ = at;
                    index_ = 0;
                }
        return true;
    }
    bool close() {
        json* done = stack_.back();
        stack_.pop_back();
        if (done == streamed_) {
            stream_ = nullptr;
            streamed_ = nullptr;
        } else if (done == &element_ && stream_ && !stack_.empty() && stack_.back() == streamed_) {
            deliver();
        }
        return true;
    }
    void deliver() {
        stream_->onElement(std::move(element_), index_++);
        element_ = nullptr;
        values_ = elementValues_ - 1;  // the element's values are no longer held
    }

    json& root_;
    const JsonLimits& limits_;
    std::vector<json*> stack_;
    json* slot_ = nullptr;
    std::string topKey_;
    const JsonArrayStream* stream_ = nullptr;
    json* streamed_ = nullptr;
    json element_;
    std::size_t index_ = 0, values_ = 0, elementValues_ = 0;
};

}  // namespace

std::pair<int, int> lineColumnOf(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return {line, static_cast<int>(offset - lineStart) + 1};
}

json parseJson(std::string_view text, const JsonLimits& limits) {
    json root;
    LimitedSax sax(root, limits);
    const bool ok = json::sax_parse(text.begin(), text.end(), &sax, nlohmann::detail::input_format_t::json, true);
    if (ok) return root;
    root = nullptr;  // the partial value goes before the message is made
    if (sax.tooDeep_) {
        const auto at = tooDeepAt(text, limits.maxDepth).value_or(0);
        const auto [line, column] = lineColumnOf(text, at);
        throw JsonError(line, column, "nesting deeper than " + std::to_string(limits.maxDepth) + " levels (the limit)");
    }
    if (sax.tooMany_) throw JsonError(1, 1, "more than " + std::to_string(limits.maxValues) + " values at once (the limit)");
    const auto [line, column] = lineColumnOf(text, sax.position_ ? (*sax.position_ > 0 ? *sax.position_ - 1 : 0) : 0);
    throw JsonError(line, column, sax.reason_.empty() ? std::string("malformed JSON") : sax.reason_);
}

json parseJson(std::string_view text, std::size_t maxValues, int maxDepth) {
    JsonLimits limits;
    limits.maxValues = maxValues;
    limits.maxDepth = maxDepth;
    return parseJson(text, limits);
}

nlohmann::json parseJsonOrDiscarded(std::string_view text, std::size_t maxValues) {
    try {
        return parseJson(text, maxValues);
    } catch (const JsonError&) {
        return nlohmann::json(nlohmann::json::value_t::discarded);
    }
}

}  // namespace iglu::core

#include "core/util/utf8.hpp"

#include <cstdio>

namespace iglu::core {

namespace {

// Length of the valid sequence starting at text[i], or 0 when it is not valid.
std::size_t sequenceLength(std::string_view text, std::size_t i) noexcept {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80) return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c == 0xE0) n = 3, lo = 0xA0;
    else if (c == 0xED) n = 3, hi = 0x9F;  // no surrogates
    else if (c >= 0xE1 && c <= 0xEF) n = 3;
    else if (c == 0xF0) n = 4, lo = 0x90;
    else if (c == 0xF4) n = 4, hi = 0x8F;  // nothing above U+10FFFF
    else if (c >= 0xF1 && c <= 0xF3) n = 4;
    else return 0;
    if (i + n > text.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return n;
}

}  // namespace

std::optional<std::size_t> invalidUtf8Offset(std::string_view text) noexcept {
    std::size_t i = 0;
    while (i < text.size()) {
        // Fast path over ASCII.
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::size_t n = sequenceLength(text, i);
        if (n == 0) return i;
        i += n;
    }
    return std::nullopt;
}

std::string toValidUtf8(std::string_view text) {
    if (isValidUtf8(text)) return std::string(text);
    std::string out;
    out.reserve(text.size() + 8);
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t n = sequenceLength(text, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::string describeInvalidUtf8(std::string_view text) {
    const auto at = invalidUtf8Offset(text);
    if (!at) return {};
    char buf[64];
    std::snprintf(buf, sizeof buf, "byte 0x%02X at offset %zu", static_cast<unsigned>(static_cast<unsigned char>(text[*at])), *at);
    return buf;
}

}  // namespace iglu::core

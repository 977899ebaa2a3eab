#pragma once
// UTF-8 validation for text read from files (datasets, task lists) and a replacement policy for
// text shown or written as JSON: invalid bytes become U+FFFD, so output never fails on stored text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace iglu::core {

/// Offset of the first byte that does not start a valid UTF-8 sequence (overlong forms,
/// surrogates and code points above U+10FFFF are invalid); nullopt when the text is valid.
std::optional<std::size_t> invalidUtf8Offset(std::string_view text) noexcept;
inline bool isValidUtf8(std::string_view text) noexcept { return !invalidUtf8Offset(text); }

/// The text with every invalid sequence replaced by U+FFFD (valid text is returned unchanged).
std::string toValidUtf8(std::string_view text);

/// "byte 0xE9 at offset 12" of the first invalid byte, for messages (empty when valid).
std::string describeInvalidUtf8(std::string_view text);

}  // namespace iglu::core

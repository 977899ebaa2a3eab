#pragma once
// Internal to core/text: verb words and the tokenizer.
#include <string>
#include <string_view>
#include <vector>

namespace iglu::core::text {

bool isPlaceVerb(std::string_view lowerWord) noexcept;
bool isRemoveVerb(std::string_view lowerWord) noexcept;
/// Lower-case ASCII words and digit runs ("3x2" -> "3", "x", "2"); sentence ends (. ; ! ? newline)
/// become "."; every other byte separates.
std::vector<std::string> tokenize(std::string_view text);

}  // namespace iglu::core::text

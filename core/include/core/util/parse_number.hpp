#pragma once
// The one checked number parser for text people type (command-line options, filter words,
// rollout selectors): the whole string must be the number (no sign or space around it that the
// type does not allow, no trailing text), it must be in [min, max], and an error names the option,
// the bad value and the expected form. std::from_chars: no locale, no exceptions, no errno.
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace iglu::core {

/// The value of `text` when it is exactly one number of type T within [min, max]; nullopt otherwise.
template <typename T>
std::optional<T> parseNumber(std::string_view text, T min = std::numeric_limits<T>::lowest(),
                             T max = std::numeric_limits<T>::max()) noexcept {
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
    if (text.empty()) return std::nullopt;
    if (text.front() == '+') text.remove_prefix(1);  // from_chars refuses a leading '+'
    if (text.empty() || text.front() == '+' || text.front() == ' ') return std::nullopt;
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    if constexpr (std::is_floating_point_v<T>) {
        if (!std::isfinite(value)) return std::nullopt;
    }
    if (value < min || value > max) return std::nullopt;
    return value;
}

/// "an integer in 0..100" / "a number in 0..1": the expected form, for messages.
template <typename T>
std::string expectedNumber(T min, T max) {
    std::string what = std::is_integral_v<T> ? "an integer" : "a number";
    const bool anyMin = min == std::numeric_limits<T>::lowest(), anyMax = max == std::numeric_limits<T>::max();
    auto text = [](T v) {
        if constexpr (std::is_integral_v<T>) return std::to_string(v);
        else {
            std::string s = std::to_string(v);
            while (s.size() > 1 && s.back() == '0') s.pop_back();
            if (!s.empty() && s.back() == '.') s.pop_back();
            return s;
        }
    };
    if (anyMin && anyMax) return what;
    if (anyMax) return what + " >= " + text(min);
    if (anyMin) return what + " <= " + text(max);
    return what + " in " + text(min) + ".." + text(max);
}

/// A number the user typed that parseNumber refused; what() names the option and the expected form.
class NumberError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// parseNumber or NumberError "OPTION: 'TEXT' is not EXPECTED" (the option as the user wrote
/// it, e.g. "--limit" or "limit:").
template <typename T>
T parseNumberOption(std::string_view option, std::string_view text, T min = std::numeric_limits<T>::lowest(),
                    T max = std::numeric_limits<T>::max()) {
    if (auto v = parseNumber<T>(text, min, max)) return *v;
    throw NumberError(std::string(option) + ": '" + std::string(text) + "' is not " + expectedNumber(min, max));
}

}  // namespace iglu::core

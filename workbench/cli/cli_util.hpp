#pragma once
// What every `iglu` subcommand shares for its options and output:
//  - numeric options are parsed by the one checked parser (core/util/parse_number.hpp): the whole
//    value must be a number in range, and the error names the option, the value and the form;
//  - JSON output never fails on stored text that is not UTF-8 (invalid bytes become U+FFFD).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <string>

#include "core/util/parse_number.hpp"

namespace iglu::cli {

/// Adds `--name N` storing into `target`, accepted only when it is a T in [min, max].
template <typename T>
CLI::Option* addNumberOption(CLI::App* cmd, const std::string& name, T& target, T min, T max, const std::string& description) {
    auto* option = cmd->add_option_function<std::string>(
        name, [&target, min, max](const std::string& v) { target = core::parseNumberOption<T>("value", v, min, max); }, description);
    option->check(CLI::Validator(
        [min, max](std::string& v) -> std::string {
            return core::parseNumber<T>(v, min, max) ? std::string() : "'" + v + "' is not " + core::expectedNumber(min, max);
        },
        core::expectedNumber(min, max)));
    option->type_name("N");
    return option;
}

/// `j` as text (indent as nlohmann's dump), invalid UTF-8 replaced rather than throwing.
inline std::string jsonText(const nlohmann::json& j, int indent = -1) {
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace iglu::cli

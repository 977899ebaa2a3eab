#include "core/catalog/experiment_name.hpp"

#include <cstdio>

#include "core/util/utf8.hpp"

namespace iglu::catalog {

namespace {

/// The offset and a description of the first control character (C0, DEL, C1 as UTF-8), or npos.
std::size_t controlAt(std::string_view name, std::string& what) {
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c == 0) what = "a NUL byte";
        else if (c == '\n' || c == '\r') what = "a line break";
        else if (c < 0x20 || c == 0x7f) what = "a control character";
        else if (c == 0xc2 && i + 1 < name.size() && static_cast<unsigned char>(name[i + 1]) >= 0x80 &&
                 static_cast<unsigned char>(name[i + 1]) < 0xa0)
            what = "a control character (U+0080..U+009F)";
        else continue;
        return i;
    }
    return std::string_view::npos;
}

}  // namespace

std::string printableName(std::string_view name) {
    std::string out;
    for (char ch : name) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return core::toValidUtf8(out);
}

std::string experimentNameProblem(std::string_view name) {
    if (name.empty()) return "is empty";
    if (name.size() > kMaxExperimentNameBytes)
        return "is " + std::to_string(name.size()) + " bytes long, more than the limit of " + std::to_string(kMaxExperimentNameBytes);
    if (!core::isValidUtf8(name)) return "is not UTF-8 (" + core::describeInvalidUtf8(name) + ")";
    std::string what;
    if (const auto at = controlAt(name, what); at != std::string_view::npos)
        return "contains " + what + " at byte " + std::to_string(at + 1) + " (names are printable text on one line)";
    if (name.find_first_not_of(' ') == std::string_view::npos) return "is only spaces";
    return {};
}

void checkExperimentName(std::string_view name, const std::string& what) {
    if (const auto problem = experimentNameProblem(name); !problem.empty())
        throw ExperimentNameError(what + ": \"" + printableName(name.substr(0, kMaxExperimentNameBytes)) + "\" " + problem);
}

}  // namespace iglu::catalog

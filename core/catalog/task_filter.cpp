#include "core/catalog/task_filter.hpp"

#include "core/util/parse_number.hpp"

#include <cctype>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace iglu::catalog {

TaskFilter parseTaskFilter(const std::vector<std::string>& skills, const std::string& text, const std::string& clear,
                           const std::string& source, int limit) {
    TaskFilter f;
    for (const auto& arg : skills) {
        std::stringstream ss(arg);
        for (std::string name; std::getline(ss, name, ',');) {
            if (name.empty()) continue;
            auto s = core::parseSkill(name);
            if (!s) throw std::runtime_error("--skill: unknown skill '" + name + "' (flat, flying, tricky, tall, diagonal)");
            f.skills.push_back(*s);
        }
    }
    f.text = text;
    if (clear == "yes") f.clear = true;
    else if (clear == "no") f.clear = false;
    else if (!clear.empty()) throw std::runtime_error("--clear: expected yes or no, got '" + clear + "'");
    if (!source.empty()) {
        f.source = parseTaskSource(source);
        if (!f.source) throw std::runtime_error("--source: expected singleturn, session, structure or custom, got '" + source + "'");
    }
    f.limit = limit;
    return f;
}

TaskFilter parseFilterWords(const std::string& words) {
    std::vector<std::string> skills;
    std::string text, clear, source;
    int limit = -1;
    std::stringstream ss(words);
    for (std::string w; ss >> w;) {
        std::string lower = w;
        for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower.starts_with("skill:")) skills.push_back(lower.substr(6));
        else if (core::parseSkill(lower)) skills.push_back(lower);
        else if (lower == "clear" || lower == "unclear") clear = lower == "clear" ? "yes" : "no";
        else if (lower.starts_with("clear:")) clear = lower.substr(6);
        else if (lower.starts_with("source:")) source = lower.substr(7);
        else if (lower.starts_with("limit:"))
            limit = core::parseNumberOption<int>("filter word " + w, lower.substr(6), 0, std::numeric_limits<int>::max());
        else if (lower.starts_with("text:")) text += (text.empty() ? "" : " ") + w.substr(5);
        else text += (text.empty() ? "" : " ") + w;
    }
    return parseTaskFilter(skills, text, clear, source, limit);
}

}  // namespace iglu::catalog

#include "labeler_name.hpp"

#include "core/skills/auto_labeler.hpp"
#include "core/skills/skill_model.hpp"
#include "logic/label_review.hpp"

namespace iglu::plugins::labeling {

std::string trimmedLabelerName(std::string_view name) {
    const auto first = name.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = name.find_last_not_of(" \t\r\n");
    return std::string(name.substr(first, last - first + 1));
}

std::string labelerNameProblem(std::string_view name) {
    const std::string n = trimmedLabelerName(name);
    if (n.empty()) return "The labeler's name cannot be empty.";
    if (n == "labeler") return "\"labeler\" is a placeholder, not a name: enter yours.";
    for (const char* reserved : {core::kAutoLabelerName, core::kSkillModelName, kFinalLabeler, kNoLabelerYet})
        if (n == reserved) return "\"" + n + "\" is the name the program labels under: enter yours.";
    return {};
}

LabelerNameDecision decideLabelerName(std::string_view typed, std::string_view stored) {
    if (labelerNameProblem(typed).empty()) return {false, trimmedLabelerName(typed)};
    if (labelerNameProblem(stored).empty()) return {false, trimmedLabelerName(stored)};
    return {true, {}};
}

}  // namespace iglu::plugins::labeling

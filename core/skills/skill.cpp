#include "core/skills/skill.hpp"

#include <cctype>

namespace iglu::core {

namespace {
constexpr std::array<const char*, kNumSkills> kNames{"flat", "flying", "tricky", "tall", "diagonal"};
}

const char* skillName(Skill s) noexcept {
    auto i = static_cast<std::size_t>(s);
    return i < kNames.size() ? kNames[i] : "?";
}

std::optional<Skill> parseSkill(std::string_view name) noexcept {
    for (Skill s : kAllSkills) {
        std::string_view candidate = kNames[static_cast<std::size_t>(s)];
        if (candidate.size() != name.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < name.size() && same; ++i)
            same = std::tolower(static_cast<unsigned char>(name[i])) == candidate[i];
        if (same) return s;
    }
    return std::nullopt;
}

std::string SkillSet::toString() const {
    std::string out;
    for (Skill s : kAllSkills) {
        if (!has(s)) continue;
        if (!out.empty()) out += ',';
        out += skillName(s);
    }
    return out;
}

}  // namespace iglu::core

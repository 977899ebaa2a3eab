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

const char* skillDefinition(Skill s) noexcept {
    switch (s) {
        case Skill::Flat: return "flat: the blocks to place lie in one plane (a single x, y or z value)";
        case Skill::Flying: return "flying: a block to place has nothing directly beneath it, so it needs a temporary support or a side face to be placed against";
        case Skill::Tricky: return "tricky: a block to place is hidden by others, or the structure is three or more cells deep along every axis, so back and inner blocks must come first";
        case Skill::Tall: return "tall: a block to place is more than one layer above the head of an agent standing on the ground";
        case Skill::Diagonal: return "diagonal: a chain of blocks each touching the next only along a vertical edge (one up, one sideways), like stairs";
    }
    return "?";
}

const char* skillExample(Skill s) noexcept {
    switch (s) {
        case Skill::Flat: return "a 3 x 3 square of blue blocks on the ground, or a wall one block thick";
        case Skill::Flying: return "a bridge: two towers joined at the top by a row with air beneath it";
        case Skill::Tricky: return "a hollow box: the blocks inside must be placed before the walls hide them";
        case Skill::Tall: return "a tower of five or more blocks: its top is out of reach from the ground";
        case Skill::Diagonal: return "stairs: each block one up and one across from the one before";
    }
    return "?";
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

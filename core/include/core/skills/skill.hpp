#pragma once
// The IGLU skills a task can exercise (the IGLU skill study's labels) and small helpers to name,
// parse and pack them.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iglu::core {

enum class Skill : std::uint8_t { Flat = 0, Flying = 1, Tricky = 2, Tall = 3, Diagonal = 4 };
inline constexpr int kNumSkills = 5;
inline constexpr std::array<Skill, kNumSkills> kAllSkills{Skill::Flat, Skill::Flying, Skill::Tricky,
                                                          Skill::Tall, Skill::Diagonal};

/// "flat", "flying", "tricky", "tall", "diagonal".
const char* skillName(Skill s) noexcept;
/// What the skill means, in one sentence for people (the Labeling dock's tooltips); the rules
/// that decide it are auto_labeler.hpp's.
const char* skillDefinition(Skill s) noexcept;
/// A short example of a structure with the skill, for people (the Labeling dock's Skills tab).
const char* skillExample(Skill s) noexcept;
/// Parses a skill name (case-insensitive); nullopt for anything else.
std::optional<Skill> parseSkill(std::string_view name) noexcept;

/// A set of skills packed in the low kNumSkills bits (bit i = Skill(i)).
class SkillSet {
public:
    constexpr SkillSet() = default;
    constexpr explicit SkillSet(std::uint8_t bits) : bits_(bits) {}
    constexpr bool has(Skill s) const noexcept { return bits_ & bit(s); }
    constexpr void set(Skill s, bool on = true) noexcept {
        bits_ = on ? std::uint8_t(bits_ | bit(s)) : std::uint8_t(bits_ & ~bit(s));
    }
    constexpr std::uint8_t bits() const noexcept { return bits_; }
    constexpr bool empty() const noexcept { return bits_ == 0; }
    /// Comma-separated names in skill order, e.g. "flat,diagonal"; "" when empty.
    std::string toString() const;
    friend constexpr bool operator==(SkillSet, SkillSet) = default;

private:
    static constexpr std::uint8_t bit(Skill s) noexcept { return std::uint8_t(1u << static_cast<unsigned>(s)); }
    std::uint8_t bits_ = 0;
};

}  // namespace iglu::core

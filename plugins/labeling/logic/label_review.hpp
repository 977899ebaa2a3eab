#pragma once
// Review of the tasks where human labelers disagree (Qt-free): the queue of tasks with labels from
// two or more labelers that differ on some skill, who said what per skill, and the reviewer's final
// label. A final label is a human label under the reserved labeler kFinalLabeler (no schema
// change; the reviewer's name goes in its reason), so it is the newest human label of the skill
// wherever "the human label" is read, and it never counts as one more opinion.
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::labeling {

inline constexpr const char* kFinalLabeler = "final (review)";

/// What one labeler said about one skill of a task.
struct LabelerOpinion {
    std::string labeler;
    bool value = false;
};

/// Every labeler's label of one skill of a task (by name), and the final label if one was set.
struct SkillOpinions {
    core::Skill skill = core::Skill::Flat;
    std::vector<LabelerOpinion> opinions;
    bool disagree = false;            ///< two labelers gave different values
    std::optional<bool> final;
    std::string finalBy;              ///< the reviewer who set it
};

/// A task in the review queue: its skills with at least one opinion, in skill order.
struct ReviewItem {
    std::string taskId;
    std::vector<SkillOpinions> skills;
    /// True when every skill labelers disagree on has a final label.
    bool resolved() const;
    int disputedCount() const;
};

/// The tasks with human labels from >= 2 labelers (final labels and automatic ones not counted)
/// that differ on some skill, in task id order; resolved ones included (see ReviewItem::resolved).
std::vector<ReviewItem> findDisagreements(const catalog::Catalog& catalog);

/// Stores the final label of a skill (replacing an earlier one), naming `reviewer`. Throws
/// std::invalid_argument for an unusable reviewer name or a task not in the catalog.
void setFinalLabel(catalog::Catalog& catalog, const std::string& taskId, core::Skill skill, bool value,
                   const std::string& reviewer);

}  // namespace iglu::plugins::labeling

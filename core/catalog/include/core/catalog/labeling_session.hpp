#pragma once
// The logic of keyboard-first skill labeling, Qt-free (the labeling plugin's widgets drive it):
// one labeler walks through tasks, toggles skills, accepts the automatic suggestions, writes
// notes; every change is written to the catalog at once (a crash or kill loses nothing) and can
// be undone, newest first.
#include <array>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::catalog {

class LabelingSession {
public:
    /// Labels as `labeler` (non-empty) over the tasks of `filter`, in listing order.
    LabelingSession(Catalog& catalog, std::string labeler, TaskFilter filter = {});

    const std::string& labeler() const noexcept { return labeler_; }
    const std::vector<std::string>& taskIds() const noexcept { return ids_; }
    /// Re-reads the task list (after an import); keeps the current task when it is still there.
    void refresh();

    /// The current task (empty when the list is empty).
    const std::string& current() const;
    int currentIndex() const noexcept { return index_; }
    bool select(const std::string& taskId);
    bool next();
    bool previous();
    /// Moves to the next / previous task this labeler has not labeled (wrapping); false if none.
    bool nextUnlabeled();
    bool previousUnlabeled();

    /// This labeler's label for a skill of the current task (nullopt: not labeled yet).
    std::optional<bool> label(core::Skill skill) const;
    /// The automatic label of the current task (nullopt when `iglu label auto` has not run).
    std::optional<bool> suggestion(core::Skill skill) const;
    /// The reason the automatic labeler gave.
    std::string suggestionReason(core::Skill skill) const;
    /// True when this labeler has labeled every skill of the current task.
    bool complete() const;

    /// Toggles a skill (unlabeled counts as false, so the first toggle sets it true) and saves.
    void toggle(core::Skill skill);
    /// Sets a skill and saves.
    void set(core::Skill skill, bool value);
    /// Takes every automatic suggestion (skills without one are set false) and saves them.
    void acceptSuggestions();
    /// Labels every skill not yet labeled as false (confirms the task) and saves.
    void confirm();
    std::string note() const;
    void setNote(const std::string& text);

    bool canUndo() const noexcept { return !undo_.empty(); }
    /// Reverts the newest change (label or note), in the catalog too; returns its task id.
    std::string undo();

    /// Tasks of the list with all five skills labeled by this labeler.
    int labeledCount() const;
    int taskCount() const noexcept { return static_cast<int>(ids_.size()); }

private:
    struct Change {
        std::string taskId;
        bool isNote = false;
        core::Skill skill = core::Skill::Flat;
        std::optional<bool> before;   // label before the change (nullopt = none)
        std::string noteBefore;
    };
    void write(core::Skill skill, bool value, const std::string& reason);
    std::vector<SkillLabel> currentLabels() const;
    bool completeFor(const std::string& taskId) const;
    std::unordered_set<std::string> labeledSet() const;

    Catalog& catalog_;
    std::string labeler_;
    TaskFilter filter_;
    std::vector<std::string> ids_;
    int index_ = 0;
    std::vector<Change> undo_;
};

}  // namespace iglu::catalog

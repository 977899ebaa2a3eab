#pragma once
// The logic of keyboard-first skill labeling, Qt-free (the labeling plugin's widgets drive it):
// one labeler walks through tasks, toggles skills, accepts the automatic suggestions, writes
// notes; every change is written to the catalog at once (a crash or kill loses nothing) and is
// returned as a LabelChange (the labeler's state of the task before and after), which undo() /
// redo() write back. That is the one undo mechanism for labels: the workbench wraps each change in
// a command on its undo stack (plugins/labeling), tests and scripts call undo / redo directly.
#include <array>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::catalog {

/// One labeler's state of one task: the human label of each skill (nullopt: none) and the note.
struct LabelState {
    std::array<std::optional<bool>, core::kNumSkills> skills{};
    std::string note;
    friend bool operator==(const LabelState&, const LabelState&) = default;
};

/// Reads `labeler`'s human labels and the note of a task.
LabelState readLabelState(const Catalog& catalog, const std::string& taskId, const std::string& labeler);
/// Writes a state back (labels set or removed, the note) in one transaction.
void writeLabelState(Catalog& catalog, const std::string& taskId, const std::string& labeler, const LabelState& state);

/// What one labeling action changed: the labeler's state of the task before and after.
struct LabelChange {
    std::string taskId;
    std::string labeler;
    LabelState before, after;
    /// True when the action changed nothing (e.g. the same note saved again).
    bool empty() const noexcept { return before == after; }
    /// Writes `before` / `after` back to the catalog (one transaction each).
    void undo(Catalog& catalog) const { writeLabelState(catalog, taskId, labeler, before); }
    void redo(Catalog& catalog) const { writeLabelState(catalog, taskId, labeler, after); }
};

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
    /// Move to the next / previous task with content (catalog::hasContent: tasks of 0 -> 0 blocks
    /// and no instruction are walked past; select() still reaches them); false at the end.
    bool next();
    bool previous();
    /// Moves to the next / previous task with content this labeler has not labeled (wrapping); false if none.
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

    // Each change is saved at once (one transaction) and returned for undo / redo; with no
    // current task nothing is written and the change is empty.
    /// Toggles a skill (unlabeled counts as false, so the first toggle sets it true).
    LabelChange toggle(core::Skill skill);
    /// Sets a skill.
    LabelChange set(core::Skill skill, bool value);
    /// Takes every automatic suggestion (skills without one are set false).
    LabelChange acceptSuggestions();
    /// Takes the given suggestions (e.g. a learned model's, computed by the caller) as this
    /// labeler's labels, as one change.
    LabelChange acceptSuggestions(const std::array<bool, core::kNumSkills>& suggested);
    /// Labels every skill not yet labeled as false (confirms the task).
    LabelChange confirm();
    std::string note() const;
    LabelChange setNote(const std::string& text);

    /// Reverts / re-applies a change of this session (in the catalog) and makes its task current.
    void undo(const LabelChange& change);
    void redo(const LabelChange& change);

    /// Tasks of the list with content and all five skills labeled by this labeler.
    int labeledCount() const;
    /// Tasks of the list with content and some, not all, skills labeled by this labeler.
    int partlyLabeledCount() const;
    /// Tasks of the list with content: what there is to label.
    int labelableCount() const;
    int taskCount() const noexcept { return static_cast<int>(ids_.size()); }

private:
    /// Runs `apply` on the current task in one transaction and returns what it changed.
    template <class F>
    LabelChange record(F&& apply);
    void write(core::Skill skill, bool value, const std::string& reason);
    std::vector<SkillLabel> currentLabels() const;
    bool completeFor(const std::string& taskId) const;
    std::unordered_set<std::string> labeledSet() const;
    bool hasContentAt(int i) const { return content_[static_cast<std::size_t>(i)] != 0; }

    Catalog& catalog_;
    std::string labeler_;
    TaskFilter filter_;
    std::vector<std::string> ids_;
    std::vector<char> content_;  // per task of ids_: catalog::hasContent
    int index_ = 0;
};

}  // namespace iglu::catalog

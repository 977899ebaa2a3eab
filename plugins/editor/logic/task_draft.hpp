#pragma once
// The task being edited: a start and a target grid (one of them being edited), an instruction, the
// skills it probes and the id it will be saved under, with every grid operation of the editor and
// one undo / redo history over all of them. Qt-free.
//
// Each operation either changes the edited grid(s) as a whole or refuses with a message naming
// the block and the zone's bounds and changes nothing (never a silent clip): the zone is
// core::kMinX..kMaxX, kMinY..kMaxY, kMinZ..kMaxZ (x, z in -5..5, y in -1..7). A successful
// operation is one undo step; undo / redo restore exactly the grids before / after it.
#include <cstddef>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/skills/skill.hpp"
#include "core/task/task.hpp"

namespace iglu::plugins::editor {

enum class Side { Start, Target };
const char* sideName(Side s) noexcept;  ///< "start" / "target"

enum class Axis { X, Z };

/// What an operation did: ok, or refused with a message (nothing changed).
struct Outcome {
    bool ok = true;
    std::string message;  ///< why it was refused ("" when ok)
    explicit operator bool() const noexcept { return ok; }
    static Outcome done() { return {}; }
    static Outcome refused(std::string why) { return {false, std::move(why)}; }
};

class TaskDraft {
public:
    /// History length kept (older steps are dropped): 2 grids of 1,089 bytes per step.
    static constexpr std::size_t kMaxHistory = 2000;

    TaskDraft() = default;
    /// A draft copied from an existing task (grids, instruction, dialog), to be saved under a new id.
    static TaskDraft copyOf(const core::Task& task);

    // --- fields that are not grids (no undo: they are edited in text fields) --------------------
    std::string id;
    std::string instruction;
    std::string dialog;
    core::SkillSet skills;
    std::string derivedFrom;  ///< id of the task this draft was copied from ("" for a new task)

    // --- the grids -----------------------------------------------------------------------------
    Side editing() const noexcept { return editing_; }
    void setEditing(Side s) noexcept { editing_ = s; }
    const core::Grid& start() const noexcept { return start_; }
    const core::Grid& target() const noexcept { return target_; }
    const core::Grid& grid(Side s) const noexcept { return s == Side::Start ? start_ : target_; }
    const core::Grid& edited() const noexcept { return grid(editing_); }

    /// Puts a block of `colour` (1..6) into an empty cell of the edited grid.
    Outcome place(int x, int y, int z, int colour);
    /// Removes the block at a cell of the edited grid.
    Outcome remove(int x, int y, int z);
    /// Gives the block at a cell of the edited grid another colour (1..6).
    Outcome recolour(int x, int y, int z, int colour);
    /// Fills the box between two corners (inclusive, any order) with `colour` (1..6), or empties it
    /// (0 = air).
    Outcome fill(const core::Block& a, const core::Block& b, int colour);
    /// The target becomes a copy of the start (whichever grid is edited).
    Outcome copyStartToTarget();
    /// Mirrors the edited grid: x -> -x (Axis::X) or z -> -z (Axis::Z).
    Outcome mirror(Axis axis);
    /// Rotates the edited grid by 90 degrees about the vertical axis through (0, 0): clockwise
    /// seen from above, north (-z) to east (+x): (x, z) -> (-z, x).
    Outcome rotate();
    /// Moves every block of the edited grid by (dx, dy, dz); refused when one would leave the zone.
    Outcome shift(int dx, int dy, int dz);
    /// Replaces both grids (e.g. New Task: two empty grids); one undo step.
    Outcome setGrids(const core::Grid& start, const core::Grid& target);

    bool canUndo() const noexcept { return !undo_.empty(); }
    bool canRedo() const noexcept { return !redo_.empty(); }
    /// Restores the grids before the last operation (false when there is none).
    bool undo();
    /// Re-applies the last undone operation (false when there is none).
    bool redo();
    /// Name of the operation the next undo / redo reverts / repeats ("" when none).
    std::string undoText() const;
    std::string redoText() const;
    /// Forgets the history (after loading another task).
    void clearHistory() noexcept;

    /// The task this draft stands for (id, instruction, dialog, grids; metadata derived_from).
    core::Task toTask() const;

private:
    struct Step {
        std::string name;
        core::Grid start, target;  ///< the grids on the other side of the step
    };
    /// Commits new grids as one step named `name` (a no-change is still a step: the user did it).
    Outcome commit(const std::string& name, const core::Grid& start, const core::Grid& target);
    core::Grid& editedRef() noexcept { return editing_ == Side::Start ? start_ : target_; }

    Side editing_ = Side::Target;
    core::Grid start_, target_;
    std::vector<Step> undo_, redo_;
};

/// "(x, y, z) is outside the zone (x -5..5, y -1..7, z -5..5)".
std::string outsideZone(int x, int y, int z);

}  // namespace iglu::plugins::editor

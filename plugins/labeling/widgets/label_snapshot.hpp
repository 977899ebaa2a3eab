#pragma once
// One labeler's state of one task (five skills + the task note), and the undo command that moves
// the catalog between two such states. Every labeling change is applied to the catalog first
// (through the LabelingSession) and then pushed as a LabelCommand whose undo/redo write the
// before/after snapshot back, so the application's Edit > Undo (Ctrl+Z) and Redo work on labels.
#include <array>
#include <functional>
#include <optional>
#include <string>

#include <QUndoCommand>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::labeling {

struct LabelSnapshot {
    std::array<std::optional<bool>, core::kNumSkills> skills{};
    std::string note;
    friend bool operator==(const LabelSnapshot&, const LabelSnapshot&) = default;
};

/// Reads `labeler`'s human labels and the note of a task.
LabelSnapshot readSnapshot(const catalog::Catalog& catalog, const std::string& taskId, const std::string& labeler);
/// Writes a snapshot (labels set or removed, note) in one transaction.
void writeSnapshot(catalog::Catalog& catalog, const std::string& taskId, const std::string& labeler, const LabelSnapshot& s);

class LabelCommand : public QUndoCommand {
public:
    /// `after` is already in the catalog: the first redo() (from QUndoStack::push) does nothing.
    /// `changed` runs after every undo/redo with the task id (views refresh).
    LabelCommand(catalog::Catalog& catalog, std::string taskId, std::string labeler, LabelSnapshot before,
                 LabelSnapshot after, const QString& text, std::function<void(const std::string&)> changed);
    void undo() override;
    void redo() override;

private:
    catalog::Catalog& catalog_;
    std::string taskId_, labeler_;
    LabelSnapshot before_, after_;
    std::function<void(const std::string&)> changed_;
    bool applied_ = true;
};

}  // namespace iglu::plugins::labeling

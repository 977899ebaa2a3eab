#include "label_snapshot.hpp"

#include <utility>

namespace iglu::plugins::labeling {

LabelCommand::LabelCommand(const workbench::LabelStore& labels, catalog::LabelChange change, const QString& text,
                           std::function<void(const std::string&)> changed)
    : QUndoCommand(text), labels_(labels), change_(std::move(change)), changed_(std::move(changed)) {}

void LabelCommand::undo() {
    change_.undo(labels_.catalog());
    applied_ = false;
    if (changed_) changed_(change_.taskId);
}

void LabelCommand::redo() {
    if (applied_) return;  // the change is already in the catalog (first push)
    change_.redo(labels_.catalog());
    applied_ = true;
    if (changed_) changed_(change_.taskId);
}

}  // namespace iglu::plugins::labeling

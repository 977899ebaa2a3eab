#include "label_snapshot.hpp"

#include <exception>
#include <utility>

namespace iglu::plugins::labeling {

LabelCommand::LabelCommand(const workbench::LabelStore& labels, catalog::LabelChange change, const QString& text,
                           std::function<void(const std::string&)> changed, std::function<void(const QString&)> failed)
    : QUndoCommand(text), labels_(labels), change_(std::move(change)), changed_(std::move(changed)),
      failed_(std::move(failed)) {}

bool LabelCommand::write(bool undo) {
    try {
        undo ? change_.undo(labels_.catalog()) : change_.redo(labels_.catalog());
        return true;
    } catch (const std::exception& e) {
        if (failed_) failed_(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        if (failed_) failed_(QStringLiteral("%1: unknown error").arg(labels_.path()));
    }
    return false;
}

void LabelCommand::undo() {
    if (!write(true)) return;  // the labels stay as they are: redo (a no-op) and undo again retries
    applied_ = false;
    if (changed_) changed_(change_.taskId);
}

void LabelCommand::redo() {
    if (applied_) return;  // the change is already in the catalog (first push)
    if (!write(false)) return;
    applied_ = true;
    if (changed_) changed_(change_.taskId);
}

}  // namespace iglu::plugins::labeling

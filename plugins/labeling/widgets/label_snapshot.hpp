#pragma once
// The undo command of a labeling change: catalog::LabelingSession applies each change to the
// catalog at once and returns it as a catalog::LabelChange (the labeler's state of the task
// before and after); the panel pushes it on the application's undo stack as a LabelCommand, whose
// undo / redo write that state back, so Edit > Undo (Ctrl+Z) and Redo work on labels. The Qt-free
// undo itself (LabelChange::undo / redo) lives in core/catalog; this is only its QUndoCommand.
#include <functional>
#include <string>

#include <QUndoCommand>

#include "core/catalog/labeling_session.hpp"
#include "workbench/api/catalog_services.hpp"

namespace iglu::plugins::labeling {

class LabelCommand : public QUndoCommand {
public:
    /// `change` is already in the catalog: the first redo() (from QUndoStack::push) does nothing.
    /// `changed` runs after every undo/redo with the task id (views refresh); a write that fails
    /// (e.g. the catalog locked by another writer) goes to `failed` with the message, never out of
    /// undo() / redo() (they run in Qt's event loop). The panel clears the stack when other data is
    /// opened, so a command always writes to the catalog it came from.
    LabelCommand(const workbench::LabelStore& labels, catalog::LabelChange change, const QString& text,
                 std::function<void(const std::string&)> changed, std::function<void(const QString&)> failed);
    void undo() override;
    void redo() override;

private:
    const workbench::LabelStore& labels_;
    catalog::LabelChange change_;
    /// Writes `before` (undo) or `after`; false (reported) when the write failed.
    bool write(bool undo);
    std::function<void(const std::string&)> changed_;
    std::function<void(const QString&)> failed_;
    bool applied_ = true;
};

}  // namespace iglu::plugins::labeling

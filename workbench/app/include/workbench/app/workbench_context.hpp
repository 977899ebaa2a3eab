#pragma once
// The application's PluginContext: owns the shared services and the object pool.
#include <QList>
#include <QUndoStack>

#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"

namespace iglu::workbench {

class WorkbenchContext final : public PluginContext {
public:
    WorkbenchContext() {  // failures of reads and of signal handlers go to the Messages log
        data_.setMessageLog(&log_);
        selection_.setMessageLog(&log_);
        data_.setSelection(&selection_);  // scoped to the data: re-resolved before `opened`
    }
    Selection& selection() override { return selection_; }
    DataService& data() override { return data_; }
    MessageLog& log() override { return log_; }
    QUndoStack& undoStack() override { return undo_; }
    Shell& shell() override { return *shell_; }
    void setShell(Shell* shell) noexcept { shell_ = shell; }

    void addObject(QObject* object) override;
    void removeObject(QObject* object) override;
    QList<QObject*> objects() const override { return objects_; }

private:
    Selection selection_;
    DataService data_;
    MessageLog log_;
    QUndoStack undo_;
    Shell* shell_ = nullptr;
    QList<QObject*> objects_;
};

}  // namespace iglu::workbench

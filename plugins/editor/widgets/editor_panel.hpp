#pragma once
// The "Task Editor" dock: a 3D view of the draft (viewers::ZoneView) edited with the mouse, a
// colour palette, the Start / Target switch, the tools (place, recolour, box fill), the transforms,
// undo / redo, instruction, id and skills, and saving as a custom catalog task. The substance is in
// logic/ (TaskDraft, aimAt, validateDraft); this class maps input onto it.
//
// Mouse in the 3D view (a click, not a drag, which turns the camera): left click places a block of
// the current colour on the face under the mouse (on the floor when no block is there), recolours
// the block (Recolour tool) or sets a box corner (Box Fill tool: two clicks, the current colour or
// Air); right click or Shift+click removes the block under the mouse.
#include <optional>

#include <QPoint>
#include <QWidget>

#include "core/grid/grid.hpp"
#include "logic/aim.hpp"
#include "logic/task_draft.hpp"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace iglu::viewers {
class ZoneView;
}
namespace iglu::workbench {
class DataService;
class Selection;
}  // namespace iglu::workbench

namespace iglu::plugins::editor {

enum class Tool { Place, Recolour, BoxFill };

class EditorPanel : public QWidget {
    Q_OBJECT
public:
    EditorPanel(workbench::DataService& dataService, workbench::Selection& selection, QWidget* parent = nullptr);

    const TaskDraft& draft() const noexcept { return draft_; }
    viewers::ZoneView* view() const noexcept { return view_; }
    /// The last message (a refusal, a validation error, "saved ..."), as shown under the view.
    QString status() const;
    bool statusIsError() const noexcept { return statusError_; }

    /// Colour of new blocks (1..6), or 0 (air: box fill only).
    void setColour(int colour);
    int colour() const noexcept;
    void setTool(Tool tool);
    void setEditing(Side side);

    /// True when the grids changed since the draft was started, copied or saved.
    bool isModified() const noexcept { return modified_; }
    /// Before the workbench closes: with a modified draft asks Save / Discard / Cancel; false keeps
    /// the workbench open (Cancel, or a save that was refused).
    bool maybeSave();

    /// The left / right mouse action at a position of the 3D view (widget pixels), as a click does.
    void clickAt(const QPoint& viewPos, bool remove);

public slots:
    void newTask();
    /// Copies the selected task into the draft, to be saved as a new custom task.
    void editCopyOfSelected();
    /// Validates the draft and stores it as a new custom task; true when stored.
    bool save();
    void undo();
    void redo();

protected:
    bool event(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* buildTools();
    /// Shows an operation's outcome and, when it changed something, the new grids.
    void apply(const Outcome& outcome);
    void refresh();
    void showCaption();  ///< the view's caption: the draft's id and the grid edited
    void setStatus(const QString& text, bool error);
    std::optional<CursorTarget> aimAtView(const QPoint& viewPos) const;

    workbench::DataService& data_;
    workbench::Selection& selection_;
    TaskDraft draft_;
    viewers::ZoneView* view_ = nullptr;
    QButtonGroup* palette_ = nullptr;
    QComboBox* tool_ = nullptr;
    QComboBox* side_ = nullptr;
    QLineEdit* id_ = nullptr;
    QLineEdit* instruction_ = nullptr;
    QList<QCheckBox*> skills_;
    QSpinBox* shift_[3] = {};
    QLabel* status_ = nullptr;
    QLabel* counts_ = nullptr;
    QPushButton* undo_ = nullptr;
    QPushButton* redo_ = nullptr;
    std::optional<core::Block> corner_;  ///< first box corner, while a box fill waits for the second
    QPoint pressPos_;
    bool statusError_ = false;
    bool modified_ = false;
};

}  // namespace iglu::plugins::editor

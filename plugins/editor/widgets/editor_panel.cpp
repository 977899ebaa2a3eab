#include "widgets/editor_panel.hpp"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <vtkRenderer.h>

#include "core/catalog/catalog.hpp"
#include "logic/draft_validation.hpp"
#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"

namespace iglu::plugins::editor {

namespace {
// The IGLU palette (as the 3D view draws it) for the colour buttons.
constexpr const char* kColourCss[] = {"#ffffff", "#2b6cd8", "#3cb043", "#d52b1e", "#f08a24", "#8e44ad", "#f4d03f"};
constexpr int kClickSlop = 4;  // pixels a press may move and still be a click, not a camera drag
}  // namespace

EditorPanel::EditorPanel(workbench::DataService& dataService, workbench::Selection& selection, QWidget* parent)
    : QWidget(parent), data_(dataService), selection_(selection) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    view_ = new viewers::ZoneView(this);
    view_->setObjectName(QStringLiteral("editorView"));
    view_->setMinimumSize(240, 160);
    view_->glWidget()->installEventFilter(this);
    layout->addWidget(view_, 3);
    // The tools scroll: the dock shares the bottom area and must not make the window taller than
    // its minimum.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(buildTools());
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumHeight(120);
    layout->addWidget(scroll, 2);

    draft_.id = suggestId({}, [this](const std::string& id) { return data_.hasTask(QString::fromStdString(id)); });
    id_->setText(QString::fromStdString(draft_.id));
    // Other data opened: an id suggested before may be taken there; suggest a free one.
    // The draft (the user's work) stays; what tied it to the old data goes: the task it was copied
    // from (an id of the old data) and the status naming the old data.
    connect(&data_, &workbench::DataService::opened, this, [this] {
        const auto exists = [this](const std::string& id) { return data_.hasTask(QString::fromStdString(id)); };
        if (exists(draft_.id)) id_->setText(QString::fromStdString(suggestId(draft_.derivedFrom, exists)));
        draft_.derivedFrom.clear();
        setStatus(QString(), false);
    });
    refresh();
}

QWidget* EditorPanel::buildTools() {
    auto* tools = new QWidget(this);
    auto* v = new QVBoxLayout(tools);
    v->setContentsMargins(0, 0, 0, 0);

    auto* form = new QFormLayout;
    side_ = new QComboBox(tools);
    side_->setObjectName(QStringLiteral("editorSide"));
    side_->addItems({tr("Start grid"), tr("Target grid")});
    side_->setCurrentIndex(1);
    connect(side_, &QComboBox::currentIndexChanged, this, [this](int i) { setEditing(i == 0 ? Side::Start : Side::Target); });
    form->addRow(tr("Editing"), side_);
    tool_ = new QComboBox(tools);
    tool_->setObjectName(QStringLiteral("editorTool"));
    tool_->addItems({tr("Place / remove"), tr("Recolour"), tr("Box fill (two clicks)")});
    connect(tool_, &QComboBox::currentIndexChanged, this, [this] {
        corner_.reset();
        setStatus(tool_->currentIndex() == 2 ? tr("Box fill: click the first corner") : QString(), false);
    });
    form->addRow(tr("Tool"), tool_);

    auto* paletteRow = new QHBoxLayout;
    palette_ = new QButtonGroup(tools);
    palette_->setExclusive(true);
    for (int c = 0; c <= core::kNumColours; ++c) {
        auto* b = new QToolButton(tools);
        b->setObjectName(QStringLiteral("editorColour%1").arg(c));
        b->setCheckable(true);
        b->setText(c == 0 ? tr("Air") : QString());
        b->setToolTip(c == 0 ? tr("Air: box fill empties the box") : QString::fromLatin1(core::colourName(c)));
        b->setStyleSheet(QStringLiteral("QToolButton { background: %1; min-width: 18px; min-height: 18px; } "
                                        "QToolButton:checked { border: 3px solid black; }")
                             .arg(QLatin1String(kColourCss[c])));
        palette_->addButton(b, c);
        paletteRow->addWidget(b);
    }
    palette_->button(1)->setChecked(true);
    form->addRow(tr("Colour"), paletteRow);

    id_ = new QLineEdit(tools);
    id_->setObjectName(QStringLiteral("editorId"));
    // The view's caption names the draft: renamed, it says the new id (it kept the old one).
    connect(id_, &QLineEdit::textChanged, this, [this](const QString& t) {
        draft_.id = t.trimmed().toStdString();
        showCaption();
    });
    form->addRow(tr("Task id"), id_);
    instruction_ = new QLineEdit(tools);
    instruction_->setObjectName(QStringLiteral("editorInstruction"));
    instruction_->setPlaceholderText(tr("What the builder is told, e.g. \"Build a red tower of three blocks\""));
    connect(instruction_, &QLineEdit::textChanged, this, [this](const QString& t) { draft_.instruction = t.toStdString(); });
    form->addRow(tr("Instruction"), instruction_);
    auto* skillRow = new QHBoxLayout;
    for (core::Skill s : core::kAllSkills) {
        auto* box = new QCheckBox(QString::fromLatin1(core::skillName(s)), tools);
        box->setObjectName(QStringLiteral("editorSkill_%1").arg(QLatin1String(core::skillName(s))));
        connect(box, &QCheckBox::toggled, this, [this, s](bool on) { draft_.skills.set(s, on); });
        skills_.append(box);
        skillRow->addWidget(box);
    }
    form->addRow(tr("Skills"), skillRow);
    v->addLayout(form);

    auto button = [tools](const QString& text, const QString& name) {
        auto* b = new QPushButton(text, tools);
        b->setObjectName(name);
        return b;
    };
    auto* grid = new QGridLayout;
    auto* copy = button(tr("Copy Start → Target"), QStringLiteral("editorCopy"));
    connect(copy, &QPushButton::clicked, this, [this] { apply(draft_.copyStartToTarget()); });
    auto* mirrorX = button(tr("Mirror X"), QStringLiteral("editorMirrorX"));
    connect(mirrorX, &QPushButton::clicked, this, [this] { apply(draft_.mirror(Axis::X)); });
    auto* mirrorZ = button(tr("Mirror Z"), QStringLiteral("editorMirrorZ"));
    connect(mirrorZ, &QPushButton::clicked, this, [this] { apply(draft_.mirror(Axis::Z)); });
    auto* rotate = button(tr("Rotate 90°"), QStringLiteral("editorRotate"));
    rotate->setToolTip(tr("Clockwise seen from above (north to east)"));
    connect(rotate, &QPushButton::clicked, this, [this] { apply(draft_.rotate()); });
    grid->addWidget(copy, 0, 0, 1, 2);
    grid->addWidget(rotate, 0, 2, 1, 2);
    grid->addWidget(mirrorX, 1, 0, 1, 2);
    grid->addWidget(mirrorZ, 1, 2, 1, 2);
    const char* axes[] = {"dx", "dy", "dz"};
    for (int k = 0; k < 3; ++k) {
        shift_[k] = new QSpinBox(tools);
        shift_[k]->setObjectName(QStringLiteral("editorShift_%1").arg(QLatin1String(axes[k])));
        shift_[k]->setRange(-10, 10);
        shift_[k]->setPrefix(QLatin1String(axes[k]) + QStringLiteral(" "));
        grid->addWidget(shift_[k], 2, k);
    }
    auto* shift = button(tr("Shift"), QStringLiteral("editorShift"));
    connect(shift, &QPushButton::clicked, this,
            [this] { apply(draft_.shift(shift_[0]->value(), shift_[1]->value(), shift_[2]->value())); });
    grid->addWidget(shift, 2, 3);
    // Their keys (Ctrl+Z, Ctrl+Shift+Z while the dock has the focus) are handled in event().
    undo_ = button(tr("Undo"), QStringLiteral("editorUndo"));
    undo_->setToolTip(tr("Undo (Ctrl+Z while the Task Editor has the focus)"));
    connect(undo_, &QPushButton::clicked, this, &EditorPanel::undo);
    redo_ = button(tr("Redo"), QStringLiteral("editorRedo"));
    redo_->setToolTip(tr("Redo (Ctrl+Shift+Z while the Task Editor has the focus)"));
    connect(redo_, &QPushButton::clicked, this, &EditorPanel::redo);
    grid->addWidget(undo_, 3, 0, 1, 2);
    grid->addWidget(redo_, 3, 2, 1, 2);
    v->addLayout(grid);

    auto* actions = new QHBoxLayout;
    auto* fresh = button(tr("New Task"), QStringLiteral("editorNew"));
    connect(fresh, &QPushButton::clicked, this, &EditorPanel::newTask);
    auto* copySelected = button(tr("Edit Copy of Selected Task"), QStringLiteral("editorEditCopy"));
    connect(copySelected, &QPushButton::clicked, this, &EditorPanel::editCopyOfSelected);
    auto* save = button(tr("Save as Custom Task"), QStringLiteral("editorSave"));
    connect(save, &QPushButton::clicked, this, &EditorPanel::save);
    actions->addWidget(fresh);
    actions->addWidget(copySelected);
    actions->addWidget(save);
    v->addLayout(actions);

    counts_ = new QLabel(tools);
    counts_->setObjectName(QStringLiteral("editorCounts"));
    v->addWidget(counts_);
    status_ = new QLabel(tools);
    status_->setObjectName(QStringLiteral("editorStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(status_);
    v->addStretch(1);
    return tools;
}

QString EditorPanel::status() const { return status_->text(); }

void EditorPanel::setStatus(const QString& text, bool error) {
    statusError_ = error && !text.isEmpty();
    status_->setText(text);
    status_->setStyleSheet(statusError_ ? QStringLiteral("color: #b00020;") : QString());
}

void EditorPanel::setColour(int colour) {
    if (auto* b = palette_->button(colour)) b->setChecked(true);
}
int EditorPanel::colour() const noexcept { return palette_->checkedId(); }
void EditorPanel::setTool(Tool tool) { tool_->setCurrentIndex(static_cast<int>(tool)); }

void EditorPanel::setEditing(Side side) {
    if (side_->currentIndex() != (side == Side::Start ? 0 : 1)) {
        side_->setCurrentIndex(side == Side::Start ? 0 : 1);  // comes back here through the signal
        return;
    }
    draft_.setEditing(side);
    corner_.reset();
    refresh();
}

void EditorPanel::showCaption() {
    if (view_ == nullptr) return;
    view_->setCaption(tr("%1 — editing the %2 grid").arg(QString::fromStdString(draft_.id), QLatin1String(sideName(draft_.editing()))));
}

void EditorPanel::refresh() {
    view_->setTarget(std::nullopt);
    view_->setBuilt(draft_.edited());
    showCaption();
    counts_->setText(tr("start: %1 blocks, target: %2 blocks").arg(draft_.start().count()).arg(draft_.target().count()));
    undo_->setEnabled(draft_.canUndo());
    redo_->setEnabled(draft_.canRedo());
    undo_->setText(draft_.canUndo() ? tr("Undo %1").arg(QString::fromStdString(draft_.undoText())) : tr("Undo"));
    redo_->setText(draft_.canRedo() ? tr("Redo %1").arg(QString::fromStdString(draft_.redoText())) : tr("Redo"));
    view_->requestRender();
}

void EditorPanel::apply(const Outcome& outcome) {
    modified_ |= outcome.ok;
    setStatus(QString::fromStdString(outcome.message), !outcome.ok);
    refresh();
}

void EditorPanel::undo() {
    const bool did = draft_.undo();
    setStatus(did ? QString() : tr("nothing to undo"), false);
    modified_ |= did;
    corner_.reset();
    refresh();
}

void EditorPanel::redo() {
    const bool did = draft_.redo();
    setStatus(did ? QString() : tr("nothing to redo"), false);
    modified_ |= did;
    refresh();
}

std::optional<CursorTarget> EditorPanel::aimAtView(const QPoint& pos) const {
    // The mouse ray in world coordinates, from the near to the far clipping plane (display pixels:
    // origin bottom-left, device pixels, as ZoneView::hoverTextAt).
    vtkRenderer* r = view_->scene().renderer();
    auto* gl = view_->glWidget();
    if (r->GetRenderWindow() == nullptr) return std::nullopt;
    const double dpr = gl->devicePixelRatioF();
    const double x = pos.x() * dpr, y = (gl->height() - 1 - pos.y()) * dpr;
    std::array<double, 3> p[2];
    for (int i = 0; i < 2; ++i) {
        r->SetDisplayPoint(x, y, i == 0 ? 0.0 : 1.0);
        r->DisplayToWorld();
        const double* w = r->GetWorldPoint();
        if (w[3] == 0.0) return std::nullopt;
        for (int k = 0; k < 3; ++k) p[i][static_cast<std::size_t>(k)] = w[k] / w[3];
    }
    return aimAt(draft_.edited(), p[0], {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]});
}

void EditorPanel::clickAt(const QPoint& viewPos, bool remove) {
    const auto aim = aimAtView(view_->glWidget()->mapFrom(view_, viewPos));
    if (!aim) {
        setStatus(tr("nothing under the mouse (aim at a block or the floor)"), true);
        return;
    }
    const auto& b = aim->block;
    if (remove) {
        if (!aim->onBlock) return setStatus(tr("no block under the mouse to remove"), true);
        return apply(draft_.remove(b.x, b.y, b.z));
    }
    switch (static_cast<Tool>(tool_->currentIndex())) {
    case Tool::Place:
        if (colour() == 0) return setStatus(tr("Air only fills boxes: choose a colour to place blocks"), true);
        return apply(draft_.place(aim->place.x, aim->place.y, aim->place.z, colour()));
    case Tool::Recolour:
        if (!aim->onBlock) return setStatus(tr("no block under the mouse to recolour"), true);
        if (colour() == 0) return setStatus(tr("choose a colour to recolour with"), true);
        return apply(draft_.recolour(b.x, b.y, b.z, colour()));
    case Tool::BoxFill: {
        // Filling with a colour starts on the cells in front of the faces clicked; emptying (air)
        // takes the blocks clicked.
        const core::Block corner = colour() == 0 && aim->onBlock ? b : aim->place;
        if (!corner_) {
            corner_ = corner;
            return setStatus(tr("Box fill: first corner (%1, %2, %3); click the second corner").arg(corner.x).arg(corner.y).arg(corner.z),
                             false);
        }
        const core::Block first = *corner_;
        corner_.reset();
        return apply(draft_.fill(first, corner, colour()));
    }
    }
}

bool EditorPanel::event(QEvent* event) {
    // Ctrl+Z / Ctrl+Shift+Z while focus is in the dock undo / redo the draft. The main window's
    // Edit > Undo (the application's undo stack) has the same keys as a window shortcut, and Qt fires
    // neither of two matching shortcuts; accepting the override (it reaches this panel from the
    // focused child, unless that child takes the keys itself, e.g. a line edit's text undo) keeps the
    // window's shortcut out while the editor has the focus.
    if (event->type() == QEvent::ShortcutOverride) {
        const auto* key = static_cast<QKeyEvent*>(event);
        const bool z = key->key() == Qt::Key_Z, ctrl = key->modifiers() & Qt::ControlModifier;
        const bool shift = key->modifiers() & Qt::ShiftModifier, other = key->modifiers() & (Qt::AltModifier | Qt::MetaModifier);
        if (z && ctrl && !other) {
            shift ? redo() : undo();
            event->accept();
            return true;
        }
    }
    return QWidget::event(event);
}

bool EditorPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_->glWidget()) {
        if (event->type() == QEvent::MouseButtonPress) {
            pressPos_ = static_cast<QMouseEvent*>(event)->position().toPoint();
        } else if (event->type() == QEvent::MouseButtonRelease) {
            const auto* me = static_cast<QMouseEvent*>(event);
            const QPoint pos = me->position().toPoint();
            if ((pos - pressPos_).manhattanLength() <= kClickSlop && (me->button() == Qt::LeftButton || me->button() == Qt::RightButton)) {
                const bool remove = me->button() == Qt::RightButton || (me->modifiers() & Qt::ShiftModifier);
                clickAt(view_->glWidget()->mapTo(view_, pos), remove);
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void EditorPanel::newTask() {
    const core::Grid empty;
    draft_.setGrids(empty, empty);  // one undo step: the grids before are not lost
    draft_.derivedFrom.clear();
    draft_.dialog.clear();
    instruction_->clear();
    for (auto* box : skills_) box->setChecked(false);
    id_->setText(QString::fromStdString(suggestId({}, [this](const std::string& id) { return data_.hasTask(QString::fromStdString(id)); })));
    setEditing(Side::Target);
    modified_ = false;  // two empty grids: nothing to lose (and the replaced grids are one undo away)
    setStatus(tr("new task: place the target's blocks (switch to Start for blocks already there)"), false);
    refresh();
}

void EditorPanel::editCopyOfSelected() {
    const QString selected = selection_.taskId();
    const auto task = selected.isEmpty() ? std::nullopt : data_.task(selected);
    if (!task) return setStatus(tr("select a task in the Tasks list first"), true);
    TaskDraft copy = TaskDraft::copyOf(*task);
    draft_.setGrids(copy.start(), copy.target());  // one undo step
    draft_.derivedFrom = copy.derivedFrom;
    draft_.dialog = copy.dialog;
    instruction_->setText(QString::fromStdString(copy.instruction));
    // The skills the catalog gives the task (a human label over an auto one), as a start.
    catalog::TaskFilter filter;
    filter.ids = {task->id};
    const auto summaries = data_.queries().findTasks(filter);
    for (int i = 0; i < skills_.size(); ++i) {
        const auto s = core::kAllSkills[static_cast<std::size_t>(i)];
        skills_[i]->setChecked(!summaries.empty() && (summaries.front().humanLabeled ? summaries.front().humanSkills : summaries.front().autoSkills).has(s));
    }
    id_->setText(QString::fromStdString(suggestId(task->id, [this](const std::string& id) { return data_.hasTask(QString::fromStdString(id)); })));
    modified_ = false;
    setStatus(tr("editing a copy of %1: saving stores a new custom task, %1 stays as it is").arg(selected), false);
    refresh();
}

bool EditorPanel::maybeSave() {
    if (!modified_) return true;
    const auto answer = QMessageBox::question(
        this, tr("Task Editor"), tr("The task draft \"%1\" is not saved as a task. Save it as a custom task?").arg(QString::fromStdString(draft_.id)),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Discard) return true;
    return save();  // a refused draft keeps the workbench open with the reasons shown
}

bool EditorPanel::save() {
    const auto errors = validateDraft(draft_, [this](const std::string& id) { return data_.hasTask(QString::fromStdString(id)); });
    if (!errors.empty()) {
        setStatus(tr("Not saved:\n%1").arg(QString::fromStdString(describe(errors))), true);
        return false;
    }
    catalog::TaskRecord record;
    record.task = draft_.toTask();
    record.source = catalog::TaskSource::Custom;
    QString error;
    if (!data_.addCustomTask(record, draft_.skills, &error)) {
        setStatus(tr("Not saved: %1").arg(error), true);
        return false;
    }
    const QString id = QString::fromStdString(draft_.id);
    modified_ = false;
    setStatus(data_.inMemory() ? tr("saved %1 as a custom task for this session only (a task list is held in memory: NOT saved to a file)").arg(id)
                               : tr("saved %1 as a custom task in %2").arg(id, data_.path()),
              false);
    selection_.setTask(id);
    return true;
}

}  // namespace iglu::plugins::editor

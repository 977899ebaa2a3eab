#include "labeling_panel.hpp"

#include <tuple>

#include <QAction>
#include <QColor>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTableWidget>
#include <QGridLayout>
#include <QGroupBox>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include "core/catalog/labeling_session.hpp"
#include "label_snapshot.hpp"
#include "labeler_name_dialog.hpp"
#include "logic/labeler_name.hpp"

namespace iglu::plugins::labeling {

namespace {
QString yesNo(const std::optional<bool>& v) {
    return !v ? QStringLiteral("–") : *v ? QStringLiteral("yes") : QStringLiteral("no");
}
QString q(const std::string& s) { return QString::fromStdString(s); }
}  // namespace

LabelingPanel::LabelingPanel(const workbench::LabelStore& labels, QUndoStack* undo, QWidget* parent)
    : QWidget(parent), labels_(labels), undo_(undo) {
    setObjectName(QStringLiteral("labelingPanel"));
    setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    auto* form = new QFormLayout;
    // No name made up: the stored one (an earlier answer), else asked at the first labeling action.
    const QString stored = storedLabelerName();
    labelerEdit_ = new QLineEdit(labelerNameProblem(stored.toStdString()).empty() ? stored : QString(), this);
    labelerEdit_->setObjectName(QStringLiteral("labelerName"));
    labelerEdit_->setPlaceholderText(tr("asked at your first label"));
    labelerEdit_->setToolTip(tr("Your name: labels are stored per labeler (type another name to change it)"));
    form->addRow(tr("Labeler"), labelerEdit_);
    progress_ = new QLabel(this);
    progress_->setWordWrap(true);
    progress_->setObjectName(QStringLiteral("labelingProgress"));
    form->addRow(tr("Progress"), progress_);
    taskLabel_ = new QLabel(this);
    taskLabel_->setObjectName(QStringLiteral("labelingTask"));
    taskLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Task"), taskLabel_);
    layout->addLayout(form);
    instruction_ = new QLabel(this);
    instruction_->setWordWrap(true);
    instruction_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(instruction_);

    auto* box = new QGroupBox(tr("Skills (key toggles)"), this);
    box->setToolTip(tr("1..5 toggle a skill; A accepts the auto suggestions; Return confirms (the rest: no) and moves to the next unlabeled task"));
    auto* grid = new QGridLayout(box);
    grid->addWidget(new QLabel(tr("<b>key</b>"), box), 0, 0);
    grid->addWidget(new QLabel(tr("<b>skill</b>"), box), 0, 1);
    grid->addWidget(new QLabel(tr("<b>yours</b>"), box), 0, 2);
    grid->addWidget(new QLabel(tr("<b>auto</b>"), box), 0, 3);
    grid->addWidget(new QLabel(tr("<b>from</b>"), box), 0, 4);
    for (int i = 0; i < core::kNumSkills; ++i) {
        const auto skill = core::kAllSkills[static_cast<std::size_t>(i)];
        const QString name = QString::fromLatin1(core::skillName(skill));
        grid->addWidget(new QLabel(QString::number(i + 1), box), i + 1, 0);
        auto* nameLabel = new QLabel(name, box);
        nameLabel->setToolTip(QString::fromLatin1(core::skillDefinition(skill)));  // the definition, where the labeler looks
        nameLabel->setObjectName(QStringLiteral("name_") + name);
        grid->addWidget(nameLabel, i + 1, 1);
        skillLabels_[i] = new QLabel(box);
        skillLabels_[i]->setObjectName(QStringLiteral("skill_") + name);
        grid->addWidget(skillLabels_[i], i + 1, 2);
        suggestionLabels_[i] = new QLabel(box);
        suggestionLabels_[i]->setObjectName(QStringLiteral("suggestion_") + name);
        grid->addWidget(suggestionLabels_[i], i + 1, 3);
        sourceLabels_[i] = new QLabel(box);
        sourceLabels_[i]->setObjectName(QStringLiteral("source_") + name);
        grid->addWidget(sourceLabels_[i], i + 1, 4);
        addKey(tr("Toggle %1").arg(name), QKeySequence(Qt::Key_1 + i), [this, skill] { toggleSkill(skill); });
    }
    grid->setColumnStretch(4, 1);
    layout->addWidget(box);
    addKey(tr("Accept Auto Suggestions"), QKeySequence(Qt::Key_A), [this] { acceptSuggestions(); });
    addKey(tr("Confirm and Next Unlabeled"), QKeySequence(Qt::Key_Return), [this] { confirmAndNext(); });
    addKey(tr("Next Task"), QKeySequence(Qt::Key_N), [this] { nextTask(); });
    addKey(tr("Previous Task"), QKeySequence(Qt::Key_P), [this] { previousTask(); });
    addKey(tr("Next Unlabeled Task"), QKeySequence(Qt::SHIFT | Qt::Key_N), [this] { nextUnlabeled(); });
    addKey(tr("Previous Unlabeled Task"), QKeySequence(Qt::SHIFT | Qt::Key_P), [this] { previousUnlabeled(); });
    // Enter on the keypad confirms too (not listed in the menu).
    auto* enter = new QAction(this);
    enter->setShortcut(QKeySequence(Qt::Key_Enter));
    enter->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(enter, &QAction::triggered, this, &LabelingPanel::confirmAndNext);
    addAction(enter);

    auto* buttons = new QGridLayout;
    // Short enough for two columns in a side dock of a 1280-wide window (the tooltips say it whole).
    const QStringList shortText = {tr("Accept auto (A)"), tr("Confirm, next (Return)"), tr("Next (N)"),
                                   tr("Previous (P)"), tr("Next unlabeled (\u21e7N)"), tr("Prev. unlabeled (\u21e7P)")};
    for (int i = 0; i < shortText.size(); ++i) {
        QAction* a = actions_[core::kNumSkills + i];
        auto* b = new QPushButton(shortText[i], this);
        const QString key = a->shortcut().toString(QKeySequence::NativeText);
        b->setToolTip(key.isEmpty() ? a->text() : a->text() + QStringLiteral(" (") + key + QStringLiteral(")"));
        b->setFocusPolicy(Qt::NoFocus);
        connect(b, &QPushButton::clicked, a, &QAction::trigger);
        buttons->addWidget(b, i / 2, i % 2);
    }
    layout->addLayout(buttons);

    // The labeler that learns: Train Model, its scores beside the rules', Next Uncertain (U).
    auto* learned = new QGroupBox(tr("Learned model"), this);
    auto* learnedLayout = new QVBoxLayout(learned);
    auto* learnedButtons = new QHBoxLayout;
    QAction* trainAction = addKey(tr("Train Skill Model"), QKeySequence(), [this] { trainModel(); });
    QAction* uncertainAction = addKey(tr("Next Uncertain Task"), QKeySequence(Qt::Key_U), [this] { nextUncertain(); });
    for (auto [action, text, object] : {std::tuple{trainAction, tr("Train Model"), "trainModel"},
                                        std::tuple{uncertainAction, tr("Next uncertain (U)"), "nextUncertain"}}) {
        auto* b = new QPushButton(text, learned);
        b->setObjectName(QString::fromLatin1(object));
        b->setToolTip(action->text());
        b->setFocusPolicy(Qt::NoFocus);
        connect(b, &QPushButton::clicked, action, &QAction::trigger);
        learnedButtons->addWidget(b);
    }
    learnedLayout->addLayout(learnedButtons);
    modelStatus_ = new QLabel(tr("No model: Train Model learns from this catalog's human labels."), learned);
    modelStatus_->setObjectName(QStringLiteral("modelStatus"));
    modelStatus_->setWordWrap(true);
    learnedLayout->addWidget(modelStatus_);
    scores_ = new QTableWidget(core::kNumSkills, 4, learned);
    scores_->setObjectName(QStringLiteral("modelScores"));
    scores_->setHorizontalHeaderLabels({tr("skill"), tr("model CV F1"), tr("rules F1"), tr("suggests")});
    scores_->verticalHeader()->hide();
    scores_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    scores_->setFocusPolicy(Qt::NoFocus);
    scores_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    scores_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scores_->hide();
    learnedLayout->addWidget(scores_);
    uncertainty_ = new QLabel(learned);
    uncertainty_->setObjectName(QStringLiteral("uncertaintyReason"));
    uncertainty_->setWordWrap(true);
    uncertainty_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    learnedLayout->addWidget(uncertainty_);
    layout->addWidget(learned);

    layout->addWidget(new QLabel(tr("Note (saved as you type; Esc: back to the keys)"), this));
    note_ = new QPlainTextEdit(this);
    note_->setObjectName(QStringLiteral("labelingNote"));
    note_->setTabChangesFocus(true);
    note_->setMaximumHeight(90);
    layout->addWidget(note_);
    auto* esc = new QAction(note_);
    esc->setShortcut(QKeySequence(Qt::Key_Escape));
    esc->setShortcutContext(Qt::WidgetShortcut);
    connect(esc, &QAction::triggered, this, [this] {
        saveNote();
        setFocus();
    });
    note_->addAction(esc);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("labelingStatus"));
    status_->setWordWrap(true);
    layout->addWidget(status_);
    layout->addStretch(1);

    noteTimer_ = new QTimer(this);
    noteTimer_->setSingleShot(true);
    noteTimer_->setInterval(400);
    connect(noteTimer_, &QTimer::timeout, this, &LabelingPanel::saveNote);
    connect(note_, &QPlainTextEdit::textChanged, this, [this] {
        if (!loadingNote_) noteTimer_->start();
    });
    connect(labelerEdit_, &QLineEdit::editingFinished, this, [this] {
        if (labelerEdit_->text().trimmed().isEmpty() && labeler().isEmpty()) return;  // still no name: asked when labeling
        if (setLabeler(labelerEdit_->text())) rememberLabelerName(labeler());
    });
    connect(labelerEdit_, &QLineEdit::returnPressed, this, [this] { setFocus(); });
    labelerEdit_->installEventFilter(this);
    refresh();
}

LabelingPanel::~LabelingPanel() = default;

bool LabelingPanel::eventFilter(QObject* watched, QEvent* event) {
    // Return in the name field ends the name, it does not confirm the task.
    if (watched == labelerEdit_ && event->type() == QEvent::ShortcutOverride) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            event->accept();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

QAction* LabelingPanel::addKey(const QString& text, const QKeySequence& key, const std::function<void()>& slot) {
    auto* a = new QAction(text, this);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
    actions_.append(a);
    return a;
}

QList<QAction*> LabelingPanel::labelingActions() const { return actions_; }

void LabelingPanel::reload() {
    noteTimer_->stop();
    if (undo_) undo_->clear();
    session_.reset();  // its catalog may be gone
    rebuildSession();
}

void LabelingPanel::reloadFromCatalog() {
    saveNote();
    if (session_) {
        try {
            session_->refresh();
        } catch (const std::exception& e) {
            status_->setText(q(e.what()));
        }
    }
    refresh();
}

bool LabelingPanel::setLabeler(const QString& name) {
    const QString n = name.trimmed();
    if (const std::string problem = labelerNameProblem(n.toStdString()); !problem.empty()) {
        labelerEdit_->setText(labeler());
        status_->setText(q(problem));
        return false;
    }
    if (labelerEdit_->text() != n) labelerEdit_->setText(n);
    if (session_ && q(session_->labeler()) == n) return true;
    saveNote();
    rebuildSession();
    return true;
}

QString LabelingPanel::labeler() const {
    const QString typed = labelerEdit_->text().trimmed();
    if (session_) return named_ ? q(session_->labeler()) : QString();
    return labelerNameProblem(typed.toStdString()).empty() ? typed : QString();
}

QString LabelingPanel::ensureLabeler() {
    if (named_ || !session_) return labeler();
    auto decision = decideLabelerName(labelerEdit_->text().toStdString(), storedLabelerName().toStdString());
    if (decision.ask) {
        const auto answer = askLabelerName(this);
        if (!answer) {
            status_->setText(tr("Nothing labeled: labels are stored under your name; label again to give it."));
            return {};
        }
        decision.name = answer->toStdString();
    }
    rememberLabelerName(q(decision.name));
    labelerEdit_->setText(q(decision.name));
    rebuildSession();  // not setLabeler: no note saving here (this runs inside a labeling action)
    return labeler();
}

void LabelingPanel::rebuildSession() {
    const std::string keep = session_ ? session_->current() : std::string();
    session_.reset();
    const QString name = labelerEdit_->text().trimmed();
    named_ = labelerNameProblem(name.toStdString()).empty();
    if (labels_.isOpen()) {
        try {  // without a name: browse (kNoLabelerYet is never written: change() asks first)
            session_ = std::make_unique<catalog::LabelingSession>(labels_.catalog(), named_ ? name.toStdString() : kNoLabelerYet);
            if (!keep.empty()) session_->select(keep);
        } catch (const std::exception& e) {
            status_->setText(q(e.what()));
        }
    }
    refresh();
}

bool LabelingPanel::selectTask(const QString& taskId) {
    if (!session_) return false;
    if (q(session_->current()) == taskId) return true;
    saveNote();
    bool ok = session_->select(taskId.toStdString());
    if (!ok && labels_.catalog().hasTask(taskId.toStdString())) {  // added since the session began
        session_->refresh();
        ok = session_->select(taskId.toStdString());
    }
    refresh();
    return ok;
}

QString LabelingPanel::currentTask() const { return session_ ? q(session_->current()) : QString(); }
int LabelingPanel::labeledCount() const { return session_ ? session_->labeledCount() : 0; }
int LabelingPanel::taskCount() const { return session_ ? session_->taskCount() : 0; }
QString LabelingPanel::progressText() const { return progress_->text(); }

QString LabelingPanel::skillText(core::Skill skill) const {
    return skillLabels_[static_cast<int>(skill)]->text();
}

template <class F>
void LabelingPanel::change(const QString& what, F&& apply) {
    if (!session_ || session_->current().empty()) return;
    if (!named_ && ensureLabeler().isEmpty()) return;  // never labels under a name nobody chose
    const std::string id = session_->current();
    try {
        catalog::LabelChange done = apply();
        if (undo_ && !done.empty())
            undo_->push(new LabelCommand(labels_, std::move(done), QStringLiteral("%1 (%2)").arg(what, q(id)),
                                         [panel = QPointer<LabelingPanel>(this)](const std::string& t) {
                                             if (panel) panel->afterUndoRedo(t);  // the stack may outlive the panel
                                         },
                                         [panel = QPointer<LabelingPanel>(this)](const QString& message) {
                                             if (panel) panel->reportFailure(tr("Undo / redo not saved: %1").arg(message));
                                         }));
        status_->setStyleSheet(QString());
        status_->setText(labels_.inMemory() ? tr("%1: kept for this session only, NOT saved (a task list is held in "
                                                 "memory; Labels > Export Labels… writes them to a file)")
                                                  .arg(what)
                                            : tr("%1: saved").arg(what));
    } catch (const std::exception& e) {
        reportFailure(tr("Not saved: %1").arg(q(e.what())));
    }
    emit labelsChanged(q(id));
    refresh();
}

void LabelingPanel::toggleSkill(core::Skill skill) {
    saveNote();
    change(tr("Toggle %1").arg(QString::fromLatin1(core::skillName(skill))), [&] { return session_->toggle(skill); });
}

void LabelingPanel::acceptSuggestions() {
    saveNote();
    if (trained_ && shownValid_) {  // what the panel shows: the model's where it wins, the rules' elsewhere
        std::array<bool, core::kNumSkills> values{};
        for (std::size_t k = 0; k < core::kNumSkills; ++k) values[k] = shown_[k].value;
        change(tr("Accept suggestions"), [&] { return session_->acceptSuggestions(values); });
        return;
    }
    change(tr("Accept suggestions"), [&] { return session_->acceptSuggestions(); });
}

void LabelingPanel::confirmAndNext() {
    if (session_ && ensureLabeler().isEmpty()) return;  // no name given: stay on the task
    saveNote();
    change(tr("Confirm"), [&] { return session_->confirm(); });
    nextUnlabeled();
}

// Moves through the session's tasks with `move` (false: nowhere to go, `none` is said).
void LabelingPanel::moveBy(const std::function<bool()>& move, const QString& none) {
    if (!session_) return;
    saveNote();
    const std::string before = session_->current();
    if (!move()) status_->setText(none);
    refresh();
    if (session_->current() != before) emit currentTaskChanged(currentTask());
}

void LabelingPanel::nextTask() {
    moveBy([this] { return session_->next(); }, tr("This is the last task."));
}

void LabelingPanel::previousTask() {
    moveBy([this] { return session_->previous(); }, tr("This is the first task."));
}

void LabelingPanel::nextUnlabeled() {
    moveBy([this] { return session_->nextUnlabeled(); }, tr("Every task is labeled by %1.").arg(labeler()));
}

void LabelingPanel::previousUnlabeled() {
    moveBy([this] { return session_->previousUnlabeled(); }, tr("Every task is labeled by %1.").arg(labeler()));
}

void LabelingPanel::forgetModel() {
    trained_.reset();
    walk_.reset();
    uncertain_.reset();
    scores_->hide();
    modelStatus_->setStyleSheet(QString());
    modelStatus_->setText(tr("No model: Train Model learns from this catalog's human labels."));
    refresh();
}

void LabelingPanel::trainModel() {
    if (!session_) {
        modelStatus_->setText(tr("Open a catalog (and enter your name) to train a model."));
        return;
    }
    saveNote();
    QElapsedTimer clock;
    clock.start();
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        trained_ = trainOnCatalog(labels_.catalog());
    } catch (const std::exception& e) {
        QGuiApplication::restoreOverrideCursor();
        modelStatus_->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold;"));
        modelStatus_->setText(tr("Train Model: %1%2").arg(q(e.what()), trained_ ? tr(" (the previous model is kept)") : QString()));
        return;
    }
    QGuiApplication::restoreOverrideCursor();
    walk_.reset();  // a new model, a new order
    uncertain_.reset();
    int preferred = 0;
    for (int i = 0; i < core::kNumSkills; ++i) {
        const auto skill = core::kAllSkills[static_cast<std::size_t>(i)];
        const bool model = trained_->model.preferred(skill);
        preferred += model ? 1 : 0;
        const QStringList cells = {QString::fromLatin1(core::skillName(skill)), QString::number(trained_->model.modelF1(skill), 'f', 3),
                                   QString::number(trained_->model.rulesF1(skill), 'f', 3), model ? tr("model") : tr("rules")};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 3 && model) item->setForeground(QColor(0x1a, 0x7f, 0x37));
            scores_->setItem(i, c, item);
        }
    }
    scores_->setFixedHeight(scores_->horizontalHeader()->height() + 2 * scores_->frameWidth() +
                            core::kNumSkills * scores_->verticalHeader()->defaultSectionSize());
    scores_->show();
    modelStatus_->setStyleSheet(QString());
    modelStatus_->setText(tr("Trained on %1 tasks with human labels (%2-fold cross-validated, %3 ms). The model suggests the "
                             "%4 skill(s) where its CV F1 is higher than the rules'; the rules suggest the rest.")
                              .arg(trained_->examples)
                              .arg(trained_->folds)
                              .arg(clock.elapsed())
                              .arg(preferred));
    refresh();
}

void LabelingPanel::nextUncertain() {
    if (!session_) return;
    status_->setStyleSheet(QString());
    if (!trained_) {
        status_->setText(tr("Next Uncertain needs a model: press Train Model first (it learns from the catalog's human labels)."));
        return;
    }
    const UncertainTask* next = nullptr;
    try {
        if (!walk_) walk_.emplace(rankByUncertainty(labels_.catalog(), trained_->model, session_->taskIds()));
        const auto done = fullyLabeledTasks(labels_.catalog());
        next = walk_->next([&done](const std::string& id) { return done.count(id) > 0; });
    } catch (const std::exception& e) {
        status_->setText(q(e.what()));
        return;
    }
    if (!next) {
        status_->setText(tr("Every task has a human label for every skill: nothing left to ask the model about."));
        return;
    }
    const UncertainTask task = *next;
    moveBy([&] { return session_->select(task.taskId); }, tr("Task %1 is no longer in the catalog.").arg(q(task.taskId)));
    if (session_->current() == task.taskId) {
        uncertain_ = task;
        status_->setText(tr("Next in the uncertainty order: a probability within %1 of 0.5").arg(task.margin, 0, 'f', 2));
        refresh();
    }
}

void LabelingPanel::saveNote() {
    noteTimer_->stop();
    if (!session_ || session_->current().empty()) return;
    const std::string text = note_->toPlainText().toStdString();
    std::string stored;
    try {
        stored = session_->note();
    } catch (const std::exception& e) {
        reportFailure(tr("Not saved: %1").arg(q(e.what())));
        return;
    }
    if (text == stored) return;
    change(tr("Note"), [&] { return session_->setNote(text); });
}

void LabelingPanel::reportFailure(const QString& message) {
    const QString where = QString::fromStdString(labels_.catalog().path());
    const QString text = where.isEmpty() || message.contains(where) ? message : message + QStringLiteral(" (") + where + QLatin1Char(')');
    status_->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold;"));
    status_->setText(text);
    emit saveFailed(text);
}

void LabelingPanel::afterUndoRedo(const std::string& taskId) {
    noteTimer_->stop();
    if (!session_) return;
    const bool moved = session_->current() != taskId && session_->select(taskId);
    refresh();
    emit labelsChanged(q(taskId));
    if (moved) emit currentTaskChanged(q(taskId));
}

void LabelingPanel::refresh() {
    const bool on = session_ && !session_->current().empty();
    for (QAction* a : std::as_const(actions_)) a->setEnabled(on);
    shownValid_ = false;
    if (!session_) {
        progress_->setText(labels_.isOpen() ? tr("cannot read the catalog") : tr("no catalog open"));
        taskLabel_->clear();
        instruction_->clear();
        for (int i = 0; i < core::kNumSkills; ++i) {
            skillLabels_[i]->clear();
            suggestionLabels_[i]->clear();
            sourceLabels_[i]->clear();
        }
        uncertainty_->clear();
        return;
    }
    try {
        // Out of the tasks with something to label (0 -> 0 blocks without an instruction are skipped).
        const int partly = session_->partlyLabeledCount();
        if (!named_) progress_->setText(tr("%1 tasks to label; your name is asked at your first label").arg(session_->labelableCount()));
        else progress_->setText(partly > 0 ? tr("%1 / %2 tasks labeled by %3, %4 in part")
                                            .arg(session_->labeledCount()).arg(session_->labelableCount()).arg(labeler()).arg(partly)
                                      : tr("%1 / %2 tasks labeled by %3").arg(session_->labeledCount()).arg(session_->labelableCount()).arg(labeler()));
        const std::string& id = session_->current();
        taskLabel_->setText(q(id) + (session_->complete() ? tr("  (labeled)") : QString()));
        const auto record = id.empty() ? std::nullopt : labels_.catalog().task(id);
        instruction_->setText(record ? q(record->task.instruction) : QString());
        if (trained_ && record) {
            shown_ = core::suggestSkills(record->task.target, &record->task.starting, &trained_->model);
            shownValid_ = true;
        }
        for (int i = 0; i < core::kNumSkills; ++i) {
            const auto skill = core::kAllSkills[static_cast<std::size_t>(i)];
            const auto mine = session_->label(skill);
            skillLabels_[i]->setText(yesNo(mine));
            skillLabels_[i]->setStyleSheet(!mine ? QString() : *mine ? QStringLiteral("color: #1a7f37; font-weight: bold;")
                                                                     : QStringLiteral("color: #888;"));
            if (shownValid_) {  // the learned model's era: computed for the task, model or rules per skill
                const auto& g = shown_[static_cast<std::size_t>(i)];
                suggestionLabels_[i]->setText(g.value ? QStringLiteral("yes") : QStringLiteral("no"));
                suggestionLabels_[i]->setToolTip(q(g.reason));
                sourceLabels_[i]->setText(g.fromModel ? tr("model p = %1").arg(g.probability, 0, 'f', 2) : tr("rules"));
                sourceLabels_[i]->setStyleSheet(g.fromModel ? QStringLiteral("color: #1a7f37;") : QString());
                sourceLabels_[i]->setToolTip(q(g.reason));
                continue;
            }
            const auto suggested = session_->suggestion(skill);
            suggestionLabels_[i]->setText(yesNo(suggested));
            suggestionLabels_[i]->setToolTip(suggested ? q(session_->suggestionReason(skill))
                                                       : tr("No suggestion stored: Labels > Run Auto-Labeler on All Tasks"));
            sourceLabels_[i]->setText(suggested ? tr("stored") : QString());
            sourceLabels_[i]->setStyleSheet(QString());
            sourceLabels_[i]->setToolTip(suggestionLabels_[i]->toolTip());
        }
        const bool why = uncertain_ && uncertain_->taskId == id;
        uncertainty_->setText(why ? q(describeUncertainty(*uncertain_)) : QString());
        uncertainty_->setToolTip(why ? tr("The model's strongest features:\n") + q(uncertaintyDetails(*uncertain_)) : QString());
        loadingNote_ = true;
        const QString note = q(session_->note());
        if (note_->toPlainText() != note) note_->setPlainText(note);
        loadingNote_ = false;
        note_->setEnabled(!id.empty());
    } catch (const std::exception& e) {
        loadingNote_ = false;
        status_->setText(q(e.what()));
    }
}

}  // namespace iglu::plugins::labeling

#pragma once
// The labeling panel: keyboard-first skill labeling of the current task, as widgets and key
// handling over catalog::LabelingSession (the Qt-free logic; every change is in the catalog at
// once, so a crash or kill loses nothing). Keys (while the panel has focus, or from the Labels menu):
//   1..5   toggle flat / flying / tricky / tall / diagonal (unlabeled counts as no)
//   A      accept the automatic suggestions (skills without one: no)
//   Return confirm the task (skills not labeled yet: no) and go to the next unlabeled task
//   N / P  next / previous task (every task, labeled or not: a confirmed label can be revisited)
//   Shift+N / Shift+P  next / previous task this labeler has not labeled
//   Ctrl+Z / Ctrl+Shift+Z  undo / redo (the undo stack given to the panel: the application's)
//   U      next uncertain task: the tasks no one has fully labeled, most uncertain to the learned
//          model first (needs Train Model), with why (the skills and probabilities, the features)
// "Train Model" trains the labeler that learns on the catalog's human labels (logic/
// learned_suggestions.hpp: the training `iglu label train` runs; 0.34-0.54 s for the 104 labeled
// example structures on a loaded 2-core machine, linear in the labeled tasks, so it runs on the
// GUI thread under a wait cursor, the time shown) and shows per skill its
// cross-validated F1 beside the rules' F1. The model is kept until another catalog is opened; while
// it is, the suggestions come from core::suggestSkills: the model for the skills where its CV F1 is
// higher than the rules', the rules otherwise (the "from" column and the tooltips say which and
// why), and A accepts what is shown.
// The labeler's name is never made up: the stored one (an earlier answer), else it is asked once, at
// the first labeling action (ensureLabeler), and kept; the name field changes it.
// The note is saved 400 ms after typing stops and whenever the task changes. Each change the
// session returns (catalog::LabelChange) goes on the undo stack as a LabelCommand. The panel labels
// the data service's open catalog (workbench::LabelStore); for a task list, held in memory, it says
// that labels are kept for this session only.
#include <functional>
#include <memory>
#include <optional>

#include <QString>
#include <QWidget>

#include "core/catalog/catalog.hpp"
#include "core/skills/skill_suggestion.hpp"
#include "logic/learned_suggestions.hpp"
#include "workbench/api/catalog_services.hpp"

class QAction;
class QKeySequence;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTableWidget;
class QTimer;
class QUndoStack;

namespace iglu::catalog {
class LabelingSession;
}

namespace iglu::plugins::labeling {

class LabelingPanel : public QWidget {
    Q_OBJECT
public:
    /// Labels the data service's open catalog; `undo` receives one command per change (may be
    /// nullptr: no undo). Shows nothing until reload().
    LabelingPanel(const workbench::LabelStore& labels, QUndoStack* undo, QWidget* parent = nullptr);
    ~LabelingPanel() override;

    /// Other data was opened (or the labels were replaced, e.g. by an import): starts over on it.
    /// Clears the undo stack (its commands refer to the old data).
    void reload();
    /// Re-reads the task list and the current task's labels and note (another program changed
    /// the catalog); a note being typed is stored first, not overwritten. Keeps the undo stack.
    void reloadFromCatalog();
    /// Labels as `name` from now on; false (the panel's status says why) for an unusable name
    /// (logic/labeler_name.hpp). Does not store it: the name field and the dialog do.
    bool setLabeler(const QString& name);
    /// The labeler's name; "" while none was given (the panel browses, and asks at the first label).
    QString labeler() const;
    /// The name to label under, asked now (widgets/labeler_name_dialog.hpp, the answer stored) when
    /// there is none; "" when the labeler cancelled. Every labeling action goes through it.
    QString ensureLabeler();
    /// Makes a task current (e.g. the workbench selection); false when it is not in the catalog.
    bool selectTask(const QString& taskId);
    QString currentTask() const;
    /// Tasks fully labeled by the labeler / tasks in the catalog.
    int labeledCount() const;
    int taskCount() const;
    QString progressText() const;
    /// The labeler's label of a skill on the current task as shown: "yes", "no" or "–".
    QString skillText(core::Skill skill) const;

    /// The panel's actions (1..5, A, Return, N, P, Shift+N, Shift+P, U, Train Model), for a menu.
    QList<QAction*> labelingActions() const;

    /// The model trained by Train Model (nullptr: none yet, or another catalog was opened since).
    const core::SkillModelTraining* training() const { return trained_ ? &*trained_ : nullptr; }
    /// Drops the model (its scores were measured on another catalog's labels). Call after
    /// reload() when another catalog was opened: it refreshes the panel.
    void forgetModel();

public slots:
    void toggleSkill(iglu::core::Skill skill);
    void acceptSuggestions();
    void confirmAndNext();
    void nextTask();
    void previousTask();
    void nextUnlabeled();
    void previousUnlabeled();
    /// Trains the model on the catalog's human labels (too few: a message, the old model kept).
    void trainModel();
    /// Moves to the next task in the active-learning order (without a model: says to train one).
    void nextUncertain();
    /// Saves the note now if it was edited.
    void saveNote();

private:
    void moveBy(const std::function<bool()>& move, const QString& none);

signals:
    /// The current task changed by the panel (next / previous / undo): the workbench follows.
    void currentTaskChanged(const QString& taskId);
    /// Labels or note of a task changed in the catalog.
    void labelsChanged(const QString& taskId);
    /// A change could not be saved (e.g. the catalog file became read-only); names the catalog.
    void saveFailed(const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Runs a session change and puts it on the undo stack.
    template <class F>
    void change(const QString& what, F&& apply);
    void rebuildSession();
    void refresh();
    void afterUndoRedo(const std::string& taskId);
    void reportFailure(const QString& message);
    QAction* addKey(const QString& text, const QKeySequence& key, const std::function<void()>& slot);

    const workbench::LabelStore& labels_;
    QUndoStack* undo_ = nullptr;
    std::unique_ptr<catalog::LabelingSession> session_;
    QLineEdit* labelerEdit_ = nullptr;
    QLabel* progress_ = nullptr;
    QLabel* taskLabel_ = nullptr;
    QLabel* instruction_ = nullptr;
    QLabel* skillLabels_[core::kNumSkills] = {};
    QLabel* suggestionLabels_[core::kNumSkills] = {};
    QLabel* sourceLabels_[core::kNumSkills] = {};
    QLabel* modelStatus_ = nullptr;
    QTableWidget* scores_ = nullptr;
    QLabel* uncertainty_ = nullptr;
    std::optional<core::SkillModelTraining> trained_;
    std::optional<UncertaintyWalk> walk_;
    std::optional<UncertainTask> uncertain_;  ///< the task Next Uncertain brought, with why
    std::array<core::SkillSuggestion, core::kNumSkills> shown_{};  ///< the model-era suggestions shown
    bool shownValid_ = false;
    QLabel* status_ = nullptr;
    QPlainTextEdit* note_ = nullptr;
    QTimer* noteTimer_ = nullptr;
    QList<QAction*> actions_;
    bool loadingNote_ = false;
    bool named_ = false;  ///< the session labels under a name someone chose (else it only browses)
};

}  // namespace iglu::plugins::labeling

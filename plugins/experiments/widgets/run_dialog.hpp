#pragma once
// Experiments > Run Experiment…: the experiment made in a form instead of a file — agent script
// (the bundled examples or any .lua), tasks (the words of `iglu tasks`, with a live count of the
// matching tasks as you type), action space, steps, seeds ("1-5"), repetitions, jobs, name,
// target in obs, record rollouts, stop on done. Run writes the experiment file
// (logic/experiment_draft.hpp) to the folder shown and runs it like any other; "Run a Script
// File…" runs an existing experiment file instead. Choices that cannot run are said under the
// form and keep the dialog open. The form opens with the last run's inputs (QSettings,
// logic/run_form_memory.hpp); an agent that reads the target without "sees the target" is warned
// about before it runs (logic/experiment_draft.hpp targetWarning).
#include <functional>

#include <QDialog>

#include "logic/experiment_draft.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace iglu::plugins::experiments {

class RunDialog : public QDialog {
    Q_OBJECT
public:
    /// `countTasks(words)`: how many tasks the words select, or a message saying why they select
    /// none / are wrong (e.g. "12 tasks", "limit:abc: ..."). `agentsDir`: the bundled agents.
    RunDialog(std::function<QString(const QString& words)> countTasks, const QString& agentsDir, const QString& outputDir,
              QWidget* parent = nullptr);

    /// Where "Run a Script File…" starts browsing when the output folder does not exist yet.
    void setScriptsDir(const QString& dir) { scriptsDir_ = dir; }

    ExperimentDraft draft() const;
    int jobs() const;
    /// Where Run writes the experiment file.
    QString scriptPath() const;
    /// Set when the user chose "Run a Script File…" (then draft() is not used).
    QString existingScript() const { return existing_; }
    /// The problem shown (empty when none).
    QString problem() const;

    void accept() override;

private:
    void updateCount();
    void chooseAgent();
    void chooseScript();

    std::function<QString(const QString&)> countTasks_;
    QString outputDir_, scriptsDir_, existing_;
    QLineEdit* name_;
    QComboBox* agent_;
    QLineEdit* tasks_;
    QLabel* count_;
    QComboBox* space_;
    QSpinBox* steps_;
    QLineEdit* seeds_;
    QSpinBox* repetitions_;
    QSpinBox* jobs_;
    QCheckBox* targetInObs_;
    QCheckBox* record_;
    QCheckBox* stopOnDone_;
    QLabel* where_;
    QLabel* problem_;
};

}  // namespace iglu::plugins::experiments

#pragma once
// The Experiments panel: the catalog's experiments (name, kind, agent, environment, episodes
// stored, success rate, mean F1, date, tags; the note in the tooltip; a clarification experiment's
// tasks, when F1 and MRR), sortable and filtered by the box above (name / agent / tag words);
// Manage (and the list's context menu): Rename, Tags, Note, Delete (widgets/experiment_actions);
// a clarification experiment shows the Clarification tab (widgets/clarification_view) instead of
// Results / Episodes, and "Run Clarification Model…" runs a Lua or baseline model off the GUI
// thread (logic/clarification_job); "Run Experiment…" runs an experiment script off the GUI thread
// with a progress bar (episodes done / total, rate) and Cancel (finished episodes kept, a re-run
// resumes); for the selected experiment a results table per skill beside the do-nothing agent
// and a bar chart, a Compare tab (a second experiment side by side, Δ = B − A highlighted), and
// its episodes (double-click opens one: episodeActivated), and the Curves tab (widgets/curves_view:
// the training curves a script logs, redrawn when another program stores more). The Q_INVOKABLE members are for
// scripted use (tests drive the panel inside the plugin by name: the plugin module holds its own
// copy of this class).
#include <cstdint>
#include <functional>
#include <optional>

#include <QByteArray>

#include <QList>
#include <QString>
#include <QWidget>

#include "logic/experiment_draft.hpp"
#include "logic/experiment_rows.hpp"
#include "workbench/api/catalog_services.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace iglu::plugins::experiments {

class ClarificationJob;
class ClarificationView;
class CurvesView;
class ExperimentActions;
class ExperimentJob;
class ResultsChart;

/// A stored episode the user asked to open.
struct EpisodeRef {
    qint64 experimentId = 0;
    qint64 episodeId = 0;
    qint64 rolloutId = 0;   ///< 0: the experiment did not store a rollout
    QString taskId;
    std::int64_t seed = 0;
    int repetition = 0;
    QString script;         ///< the experiment file (for a replay)
    QString config;         ///< its stored configuration (JSON)
};

class ExperimentsPanel : public QWidget {
    Q_OBJECT
public:
    /// Lists and runs the experiments of the data service's open catalog (read on this thread; a
    /// run opens its own connection to the file). Shows nothing until reload().
    explicit ExperimentsPanel(const workbench::ExperimentStore& experiments, QWidget* parent = nullptr);
    ~ExperimentsPanel() override;

    /// Other data was opened: shows it as a fresh panel would (no experiment kept by name, no
    /// progress or status of the old data) and says when experiments cannot run there (nothing open,
    /// or a task list held in memory). A run going on against the old catalog is cancelled (its
    /// finished episodes stay there, a re-run resumes); its end is reported through runFinished
    /// naming that catalog, never shown in this panel.
    void reload();
    /// Re-reads the experiments (the selection is kept by name; else the most recent is selected).
    Q_INVOKABLE void refresh();
    Q_INVOKABLE bool selectExperiment(const QString& name);
    Q_INVOKABLE QString currentExperiment() const;
    /// The second experiment of the Compare tab.
    Q_INVOKABLE bool setCompareWith(const QString& name);
    const QList<ExperimentRow>& rows() const noexcept { return rows_; }

    /// Runs an experiment script against the catalog on `jobs` threads (0: the ideal thread
    /// count). False (with the reason shown) when no catalog is open or a run is going on.
    Q_INVOKABLE bool runExperimentFile(const QString& path, int jobs = 0, const QString& storeAs = QString());
    Q_INVOKABLE void cancelRun();
    Q_INVOKABLE bool isRunning() const;
    /// Runs a clarification model (a .lua model or a baseline .json) over the catalog's tasks as the
    /// clarification experiment `name`, off the GUI thread (progress bar, Cancel). False (the
    /// reason shown) when no catalog file is open or a run is going on.
    Q_INVOKABLE bool runClarificationModel(const QString& modelPath, const QString& name);
    /// The list's filter box (rowMatches): rows not matching are hidden.
    Q_INVOKABLE void setListFilter(const QString& text);
    /// Run tracking without the dialogs (the Manage menu asks, then calls these); the list is
    /// re-read after each. False with the reason in the status line.
    Q_INVOKABLE bool deleteExperiment(const QString& name);
    Q_INVOKABLE bool renameExperiment(const QString& name, const QString& newName);
    Q_INVOKABLE bool tagExperiment(const QString& name, const QString& tags);
    Q_INVOKABLE bool noteExperiment(const QString& name, const QString& note);
    /// Where "Run Clarification Model…" starts browsing (examples/nlp).
    void setModelsDir(const QString& dir) { modelsDir_ = dir; }
    /// Where "Run a Script File…" starts browsing (the bundled experiments), and the bundled agents.
    void setExperimentsDir(const QString& dir) { experimentsDir_ = dir; }
    void setAgentsDir(const QString& dir) { agentsDir_ = dir; }
    /// How the Run Experiment dialog counts the tasks its words select (set by the plugin, which
    /// reaches the open catalog's task queries).
    void setTaskCounter(std::function<QString(const QString& words)> counter) { countTasks_ = std::move(counter); }
    /// Runs the draft's experiment file `path` (folders made): written to a temporary file first
    /// and read back by the experiment loader, then put in place; when the run is refused (e.g. an
    /// experiment of that name ran another agent or configuration) the file beside the catalog is
    /// put back as it was (or removed when there was none): it changes only for a run that starts.
    /// False with the reason shown when it cannot start.
    bool runDraft(const ExperimentDraft& draft, const QString& path, int jobs);
    /// A name no experiment of the open catalog and no file of draftsDir() has: NAME_2, NAME_3...
    QString freeName(const QString& name);
    /// The folder the Run Experiment dialog writes experiment files to: experiments/ beside the catalog.
    QString draftsDir() const;

public slots:
    /// The Run Experiment dialog (widgets/run_dialog.hpp): a form made into an experiment file and
    /// run, or an existing experiment file.
    void chooseAndRun();
    /// Asks for a model file and an experiment name, then runClarificationModel.
    void chooseClarificationModel();

signals:
    void runStarted(const QString& experiment, int total, int resumed);
    void runFinished(bool ok, bool cancelled, const QString& experiment, const QString& message);
    void episodeActivated(const iglu::plugins::experiments::EpisodeRef& episode);
    /// A task double-clicked in the Compare tab's per-task table.
    void taskActivated(const QString& taskId);
    /// A read of the catalog failed (e.g. a blob damaged after opening): the views show what
    /// could be read, the status line the message; the plugin logs it.
    void readFailed(const QString& message);

private:
    void showExperiment(int row);
    void showCompare();
    /// The Compare tab for two clarification experiments (or of two kinds: not comparable).
    void showClarificationCompare(const ExperimentRow& a, const ExperimentRow& b);
    void fillList();
    void connectClarificationJob();
    void showStatus(const QString& text, bool error);
    /// Runs a read of the catalog; a failure goes to the status line and readFailed (never out of a slot).
    template <class F>
    bool readCatalog(F&& read);
    const ExperimentRow* current() const;

    /// The refused run offered again under a free name ("Run as New Experiment").
    void offerNewName(const QString& experiment);
    /// What the last run asked for, to run again under a new name, and the draft file to put back
    /// when that run is refused before it starts.
    struct LastRun {
        QString script;                        ///< the experiment file run
        int jobs = 0;
        std::optional<ExperimentDraft> draft;  ///< made by the form (else an existing file)
        QString restorePath;                   ///< the draft file written for it, until the run starts
        std::optional<QByteArray> previous;    ///< that file's content before (nullopt: absent)
    };
    LastRun last_;

    const workbench::ExperimentStore& store_;
    int dataGeneration_ = 0;  ///< counts reload(): a run belongs to the data open when it started
    int runGeneration_ = -1;
    QString runCatalog_;
    QList<ExperimentRow> rows_;
    QString experimentsDir_, agentsDir_, modelsDir_;
    std::function<QString(const QString&)> countTasks_;
    ExperimentJob* job_;
    ClarificationJob* clarificationJob_;
    ExperimentActions* actions_;
    ClarificationView* clarification_;
    CurvesView* curves_;
    QLineEdit* filter_;
    QPushButton* runClarification_;
    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* status_;
    QTableWidget* list_;
    QTabWidget* tabs_;
    QTableWidget* results_;
    ResultsChart* chart_;
    QComboBox* compareWith_;
    QLabel* compareLegend_;
    QTableWidget* compare_;
    QLabel* compareStats_ = nullptr;
    QTableWidget* compareTasks_ = nullptr;
    QTableWidget* episodes_;
};

}  // namespace iglu::plugins::experiments

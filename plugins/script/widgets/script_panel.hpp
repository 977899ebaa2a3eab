#pragma once
// The Script panel: a Lua editor (line numbers, highlighting; New / Open / Save / Save As, a `*`
// when modified, an Examples menu of examples/agents/*.lua), a console (print output, errors in
// red, file:line links that move the editor to the line or open the file) and run controls that
// run the editor's text as an agent on the given task live: Run, Pause / Resume, Step, Stop,
// speed (steps per second or max), walking / flying, max steps, seed, target in observation; the
// status line shows step, reward, return, F1 and done. Independent of the workbench services: the
// plugin feeds it the selected task and shows liveFrame() in the 3D view.
#include <optional>

#include <QString>
#include <QWidget>

#include "core/task/task.hpp"
#include "logic/live_episode.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QMenu;
class QSlider;
class QSpinBox;
class QToolButton;

namespace iglu::plugins::script {

class CodeEditor;
class LuaHighlighter;
class ScriptConsole;

class ScriptPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScriptPanel(QWidget* parent = nullptr);
    ~ScriptPanel() override;

    /// The folder the Examples menu lists (default: the bundled examples/agents).
    void setExamplesDir(const QString& dir);
    QString examplesDir() const { return examplesDir_; }
    /// The task Run uses (nullopt: none selected). Stops an episode running on another task.
    void setTask(const std::optional<core::Task>& task);
    /// Other data was opened: the episode (running or finished, and its rollout not kept) and the
    /// console ran on the old data, so they go; the status and controls are those of a fresh panel
    /// on `task`. The editor's text (the user's script) stays.
    void resetForData(const std::optional<core::Task>& task);

    /// Loads a file into the editor (no prompt). False with a message naming the file.
    bool openFile(const QString& path, QString* error = nullptr);
    bool saveTo(const QString& path, QString* error = nullptr);
    QString filePath() const { return path_; }
    bool isModified() const;
    /// "oracle.lua" / "untitled.lua", with a `*` when modified.
    QString title() const;
    /// Handles a console link: the open file (or a shortened ".../name.lua" matching it) moves
    /// the editor to the line; another existing file is opened (asking to save changes first).
    void activateLocation(const QString& file, int line);

    CodeEditor* editor() const { return editor_; }
    ScriptConsole* console() const { return console_; }
    LiveEpisode& episode() { return episode_; }
    QString statusText() const;
    /// Before the editor's text is replaced or the application quits: unsaved edits ask Save /
    /// Discard / Cancel. True when the text may go (unmodified, saved, or discarded); false on
    /// Cancel or when saving failed or was cancelled (the edits stay).
    bool maybeSave();
    QMenu* fileMenu() const { return fileMenu_; }
    QMenu* examplesMenu() const { return examplesMenu_; }
    QMenu* runMenu() const { return runMenu_; }

public slots:
    void newScript();
    void openDialog();
    bool save();
    bool saveAsDialog();
    /// Runs the editor's text as an agent on the task (live, at the chosen speed).
    void run();
    void togglePause();
    /// One step (starts a paused episode first when none is active).
    void step();
    void stop();
    /// The result of storing a kept episode: the console shows it (red when !ok) and a failed
    /// store enables Keep as Rollout again (the episode is still there to retry).
    void showKeepResult(const QString& text, bool ok);

signals:
    void titleChanged(const QString& title);
    /// The live state after steps: show it in the 3D view (`belief`: the agent's belief in force,
    /// nullptr when it published none).
    void liveFrame(const iglu::core::Grid& target, const iglu::core::Grid& built, const iglu::core::Pose& agent,
                   const QString& caption, const iglu::core::Belief* belief);
    /// A run could not start (the script does not compile): the view should leave the live state
    /// of an earlier episode.
    void liveEnded();
    /// "Keep as Rollout" was pressed: store episode().finishedRollout(), take it once stored and
    /// report with showKeepResult().
    void keepRollout();

private:
    void buildUi();
    void fillExamples();
    bool startEpisode(bool paused);
    void updateStatus();
    void emitLiveFrame();
    void updateControls();
    void onFinished(scripting::EpisodeEnd end, const QString& error);
    void applySpeed();
    std::string chunkName() const;

    CodeEditor* editor_ = nullptr;
    LuaHighlighter* highlighter_ = nullptr;
    ScriptConsole* console_ = nullptr;
    QLabel* status_ = nullptr;
    QToolButton* run_ = nullptr;
    QToolButton* pause_ = nullptr;
    QToolButton* step_ = nullptr;
    QToolButton* stop_ = nullptr;
    QToolButton* keep_ = nullptr;
    QSlider* speed_ = nullptr;
    QLabel* speedLabel_ = nullptr;
    QCheckBox* maxSpeed_ = nullptr;
    QComboBox* space_ = nullptr;
    QSpinBox* maxSteps_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QCheckBox* targetInObs_ = nullptr;
    QCheckBox* stopOnDone_ = nullptr;
    QMenu* fileMenu_ = nullptr;
    QMenu* examplesMenu_ = nullptr;
    QMenu* runMenu_ = nullptr;

    QString path_;
    QString examplesDir_;
    std::optional<core::Task> task_;
    LiveEpisode episode_;
};

}  // namespace iglu::plugins::script

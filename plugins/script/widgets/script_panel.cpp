#include "script_panel.hpp"

#include <cmath>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include "code_editor.hpp"
#include "core/metrics/metrics.hpp"
#include "core/util/resource_dirs.hpp"
#include "lua_highlighter.hpp"
#include "script_console.hpp"

namespace iglu::plugins::script {

namespace {
constexpr const char* kUntitled = "untitled.lua";

// The speed slider runs 0..30: 10^(v/10) steps per second, 1 .. 1000.
int stepsPerSecond(int sliderValue) { return static_cast<int>(std::lround(std::pow(10.0, sliderValue / 10.0))); }

QToolButton* toolButton(const QString& name, const QString& text, const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setObjectName(name);
    b->setText(text);
    b->setToolTip(tip);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return b;
}

// The New Script template. Valid in every action space (the Action space box may change after
// New): it reads obs.action_space and returns that space's do-nothing action, so a first Run works
// as it is and shows the shape of both kinds of action.
const char* newScriptText() {
    return "-- An agent: reset(obs, task, options) once, then act(obs) every step; return nil when done.\n"
           "-- obs.action_space is \"flying\" or \"walking\" (the Script dock's action space box):\n"
           "--   flying:  a table { movement = { forward<0 / back>0, left<0 / right>0, up>0 },\n"
           "--            camera = { yaw, pitch }, inventory = colour 0..6, placement = 0 none / 1 place / 2 break }\n"
           "--   walking: a discrete id, e.g. iglu.actions.forward, iglu.actions.jump (iglu.actions.noop = 0)\n"
           "local iglu = require \"iglu\"\n"
           "\n"
           "local agent = {}\n"
           "local flying = false\n"
           "local FLY_NOOP = { movement = { 0, 0, 0 }, camera = { 0, 0 }, inventory = 0, placement = 0 }\n"
           "\n"
           "function agent.reset(obs, task, options)\n"
           "  flying = obs.action_space == \"flying\"\n"
           "  print(\"task\", task.id, task.instruction, obs.action_space)\n"
           "end\n"
           "\n"
           "function agent.act(obs)\n"
           "  if flying then return FLY_NOOP end\n"
           "  return iglu.actions.noop\n"
           "end\n"
           "\n"
           "return agent\n";
}
}  // namespace

ScriptPanel::ScriptPanel(QWidget* parent) : QWidget(parent), examplesDir_(QString::fromStdString(core::resourceDir("examples") + "/agents")) {
    buildUi();
    connect(&episode_, &LiveEpisode::printed, this, [this](const QString& text) {
        console_->append(text, ScriptConsole::Kind::Output);
    });
    connect(&episode_, &LiveEpisode::advanced, this, [this] {
        updateStatus();
        emitLiveFrame();
    });
    connect(&episode_, &LiveEpisode::finished, this, &ScriptPanel::onFinished);
    connect(&episode_, &LiveEpisode::stateChanged, this, &ScriptPanel::updateControls);
    connect(console_, &ScriptConsole::locationActivated, this, &ScriptPanel::activateLocation);
    connect(editor_->document(), &QTextDocument::modificationChanged, this, [this] { emit titleChanged(title()); });
    editor_->setPlainText(QString::fromLatin1(newScriptText()));
    editor_->document()->setModified(false);
    fillExamples();
    applySpeed();
    updateControls();
    updateStatus();
}

ScriptPanel::~ScriptPanel() = default;

void ScriptPanel::buildUi() {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);

    // File row: menus (also put in the main window by the plugin) as tool buttons.
    auto* fileBar = new QToolBar(this);
    fileBar->setObjectName(QStringLiteral("scriptFileBar"));
    fileMenu_ = new QMenu(tr("&Script"), this);
    auto* newAct = fileMenu_->addAction(tr("&New Script"), this, &ScriptPanel::newScript);
    newAct->setObjectName(QStringLiteral("scriptNew"));
    auto* openAct = fileMenu_->addAction(tr("&Open Script..."), this, &ScriptPanel::openDialog);
    openAct->setObjectName(QStringLiteral("scriptOpen"));
    auto* saveAct = fileMenu_->addAction(tr("&Save Script"), this, &ScriptPanel::save);
    saveAct->setObjectName(QStringLiteral("scriptSave"));
    saveAct->setShortcut(QKeySequence::Save);
    saveAct->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(saveAct);
    auto* saveAsAct = fileMenu_->addAction(tr("Save Script &As..."), this, &ScriptPanel::saveAsDialog);
    saveAsAct->setObjectName(QStringLiteral("scriptSaveAs"));
    examplesMenu_ = new QMenu(tr("&Examples"), this);
    examplesMenu_->setObjectName(QStringLiteral("scriptExamples"));
    fileMenu_->addMenu(examplesMenu_);
    fileBar->addAction(newAct);
    fileBar->addAction(openAct);
    fileBar->addAction(saveAct);
    fileBar->addAction(saveAsAct);
    auto* examples = toolButton(QStringLiteral("scriptExamplesButton"), tr("Examples"), tr("Open a bundled example agent"), this);
    examples->setMenu(examplesMenu_);
    examples->setPopupMode(QToolButton::InstantPopup);
    fileBar->addWidget(examples);
    layout->addWidget(fileBar);

    // Run row.
    auto* runRow = new QHBoxLayout;
    run_ = toolButton(QStringLiteral("scriptRun"), tr("Run"), tr("Run the editor's script as an agent on the selected task (F5)"), this);
    pause_ = toolButton(QStringLiteral("scriptPause"), tr("Pause"), tr("Pause / resume the episode (F6)"), this);
    step_ = toolButton(QStringLiteral("scriptStep"), tr("Step"), tr("One action (F10); starts a paused episode when none runs"), this);
    stop_ = toolButton(QStringLiteral("scriptStop"), tr("Stop"), tr("End the episode (Shift+F5)"), this);
    keep_ = toolButton(QStringLiteral("scriptKeep"), tr("Keep as Rollout"), tr("Keep the finished episode as a rollout of the task (Playback dock)"), this);
    connect(run_, &QToolButton::clicked, this, &ScriptPanel::run);
    connect(pause_, &QToolButton::clicked, this, &ScriptPanel::togglePause);
    connect(step_, &QToolButton::clicked, this, &ScriptPanel::step);
    connect(stop_, &QToolButton::clicked, this, &ScriptPanel::stop);
    connect(keep_, &QToolButton::clicked, this, [this] {
        keep_->setEnabled(false);
        emit keepRollout();
    });
    for (auto* b : {run_, pause_, step_, stop_}) runRow->addWidget(b);
    runRow->addSpacing(8);
    runRow->addWidget(new QLabel(tr("Speed:"), this));
    speed_ = new QSlider(Qt::Horizontal, this);
    speed_->setObjectName(QStringLiteral("scriptSpeed"));
    speed_->setRange(0, 30);
    speed_->setValue(10);
    speed_->setMinimumWidth(80);
    speed_->setMaximumWidth(160);
    speed_->setToolTip(tr("Steps per second (1 .. 1000)"));
    runRow->addWidget(speed_);
    speedLabel_ = new QLabel(this);
    speedLabel_->setMinimumWidth(speedLabel_->fontMetrics().horizontalAdvance(QStringLiteral("1000 steps/s")));
    runRow->addWidget(speedLabel_);
    maxSpeed_ = new QCheckBox(tr("Max"), this);
    maxSpeed_->setObjectName(QStringLiteral("scriptMaxSpeed"));
    maxSpeed_->setToolTip(tr("As fast as possible (the view is updated about 60 times a second)"));
    runRow->addWidget(maxSpeed_);
    connect(speed_, &QSlider::valueChanged, this, &ScriptPanel::applySpeed);
    connect(maxSpeed_, &QCheckBox::toggled, this, &ScriptPanel::applySpeed);
    runRow->addStretch(1);
    runRow->addWidget(keep_);
    layout->addLayout(runRow);

    // Episode settings row.
    auto* settingsRow = new QHBoxLayout;
    space_ = new QComboBox(this);
    space_->setObjectName(QStringLiteral("scriptActionSpace"));
    space_->addItem(tr("flying"), static_cast<int>(core::ActionSpace::Flying));
    space_->addItem(tr("walking"), static_cast<int>(core::ActionSpace::Walking));
    space_->setToolTip(tr("Action space of the environment"));
    settingsRow->addWidget(space_);
    settingsRow->addWidget(new QLabel(tr("Max steps:"), this));
    maxSteps_ = new QSpinBox(this);
    maxSteps_->setObjectName(QStringLiteral("scriptMaxSteps"));
    maxSteps_->setRange(1, 1'000'000);
    maxSteps_->setValue(500);
    settingsRow->addWidget(maxSteps_);
    settingsRow->addWidget(new QLabel(tr("Seed:"), this));
    seed_ = new QSpinBox(this);
    seed_->setObjectName(QStringLiteral("scriptSeed"));
    seed_->setRange(0, 1'000'000'000);
    seed_->setValue(1);
    settingsRow->addWidget(seed_);
    targetInObs_ = new QCheckBox(tr("Target in obs"), this);
    targetInObs_->setObjectName(QStringLiteral("scriptTargetInObs"));
    targetInObs_->setChecked(true);
    targetInObs_->setToolTip(tr("obs.target_grid and task.target are visible to the agent (the oracle needs them)"));
    settingsRow->addWidget(targetInObs_);
    stopOnDone_ = new QCheckBox(tr("Stop on done"), this);
    stopOnDone_->setObjectName(QStringLiteral("scriptStopOnDone"));
    stopOnDone_->setToolTip(tr("End the episode when the environment says done (before scaffolding is removed)"));
    settingsRow->addWidget(stopOnDone_);
    settingsRow->addStretch(1);
    layout->addLayout(settingsRow);

    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("scriptStatus"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);

    auto* split = new QSplitter(Qt::Vertical, this);
    editor_ = new CodeEditor(split);
    editor_->setObjectName(QStringLiteral("scriptEditor"));
    highlighter_ = new LuaHighlighter(editor_->document());
    console_ = new ScriptConsole(split);
    console_->setObjectName(QStringLiteral("scriptConsole"));
    split->addWidget(editor_);
    split->addWidget(console_);
    // Small minimum heights: the dock must not force a taller main window (--screenshot sizes).
    editor_->setMinimumHeight(3 * editor_->fontMetrics().height());
    console_->setMinimumHeight(2 * console_->fontMetrics().height());
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    runMenu_ = new QMenu(tr("&Run"), this);
    auto addRun = [this](const QString& text, QToolButton* button, const QKeySequence& key) {
        auto* a = runMenu_->addAction(text, button, &QToolButton::click);
        a->setShortcut(key);
        return a;
    };
    addRun(tr("Run Agent"), run_, QKeySequence(Qt::Key_F5));
    addRun(tr("Pause / Resume"), pause_, QKeySequence(Qt::Key_F6));
    addRun(tr("Step"), step_, QKeySequence(Qt::Key_F10));
    addRun(tr("Stop"), stop_, QKeySequence(Qt::SHIFT | Qt::Key_F5));
}

void ScriptPanel::setExamplesDir(const QString& dir) {
    examplesDir_ = dir;
    fillExamples();
}

void ScriptPanel::fillExamples() {
    examplesMenu_->clear();
    const QDir dir(examplesDir_);
    const QStringList files = dir.entryList({QStringLiteral("*.lua")}, QDir::Files, QDir::Name);
    if (files.isEmpty()) {
        examplesMenu_->addAction(tr("(no examples in %1)").arg(examplesDir_))->setEnabled(false);
        return;
    }
    for (const QString& f : files) {
        const QString path = dir.absoluteFilePath(f);
        examplesMenu_->addAction(f, this, [this, path] {
            if (!maybeSave()) return;
            QString error;
            if (!openFile(path, &error)) QMessageBox::warning(this, tr("Open script"), error);
        });
    }
}

bool ScriptPanel::isModified() const { return editor_->document()->isModified(); }

QString ScriptPanel::title() const {
    const QString name = path_.isEmpty() ? QString::fromLatin1(kUntitled) : QFileInfo(path_).fileName();
    return isModified() ? name + QLatin1Char('*') : name;
}

std::string ScriptPanel::chunkName() const {
    return path_.isEmpty() ? std::string(kUntitled) : QFileInfo(path_).absoluteFilePath().toStdString();
}

bool ScriptPanel::openFile(const QString& path, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("%1: cannot open: %2").arg(path, f.errorString());
        return false;
    }
    editor_->setPlainText(QString::fromUtf8(f.readAll()));
    path_ = QFileInfo(path).absoluteFilePath();
    editor_->document()->setModified(false);
    emit titleChanged(title());
    return true;
}

bool ScriptPanel::saveTo(const QString& path, QString* error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(editor_->toPlainText().toUtf8()) < 0 || !f.commit()) {
        if (error) *error = tr("%1: cannot save: %2").arg(path, f.errorString());
        return false;
    }
    path_ = QFileInfo(path).absoluteFilePath();
    editor_->document()->setModified(false);
    emit titleChanged(title());
    return true;
}

void ScriptPanel::newScript() {
    if (!maybeSave()) return;
    path_.clear();
    editor_->setPlainText(QString::fromLatin1(newScriptText()));
    editor_->document()->setModified(false);
    emit titleChanged(title());
}

void ScriptPanel::openDialog() {
    if (!maybeSave()) return;
    const QString dir = path_.isEmpty() ? examplesDir_ : QFileInfo(path_).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open script"), dir, tr("Lua scripts (*.lua);;All files (*)"));
    if (path.isEmpty()) return;
    QString error;
    if (!openFile(path, &error)) QMessageBox::warning(this, tr("Open script"), error);
}

bool ScriptPanel::save() {
    if (path_.isEmpty()) return saveAsDialog();
    QString error;
    if (saveTo(path_, &error)) return true;
    console_->append(error, ScriptConsole::Kind::Error);
    QMessageBox::warning(this, tr("Save script"), error);
    return false;
}

bool ScriptPanel::saveAsDialog() {
    const QString start = path_.isEmpty() ? QDir::home().filePath(QString::fromLatin1(kUntitled)) : path_;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save script as"), start, tr("Lua scripts (*.lua)"));
    if (path.isEmpty()) return false;
    QString error;
    if (saveTo(path, &error)) return true;
    console_->append(error, ScriptConsole::Kind::Error);
    QMessageBox::warning(this, tr("Save script"), error);
    return false;
}

bool ScriptPanel::maybeSave() {
    if (!isModified()) return true;
    const auto answer = QMessageBox::question(this, tr("Script modified"), tr("Save the changes to %1?").arg(path_.isEmpty() ? QString::fromLatin1(kUntitled) : QFileInfo(path_).fileName()),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void ScriptPanel::activateLocation(const QString& file, int line) {
    const bool shortened = file.startsWith(QLatin1String("..."));
    const QString tail = shortened ? file.mid(3) : file;
    const bool isOpenFile = path_.isEmpty() ? file == QLatin1String(kUntitled)
                                            : (file == path_ || (shortened && path_.endsWith(tail)));
    if (isOpenFile) {
        editor_->goToLine(line);
        return;
    }
    if (shortened || !QFileInfo(file).isFile()) {
        console_->append(tr("%1: not found (only the open script and existing files can be shown)").arg(file),
                         ScriptConsole::Kind::Info);
        return;
    }
    if (!maybeSave()) return;
    QString error;
    if (!openFile(file, &error)) {
        console_->append(error, ScriptConsole::Kind::Error);
        return;
    }
    editor_->goToLine(line);
}

void ScriptPanel::setTask(const std::optional<core::Task>& task) {
    const bool same = task && task_ && task->id == task_->id;
    if (!same && episode_.isActive()) {
        episode_.stop();
        console_->append(tr("stopped: the selected task changed"), ScriptConsole::Kind::Info);
    }
    task_ = task;
    updateControls();
    updateStatus();
}

void ScriptPanel::resetForData(const std::optional<core::Task>& task) {
    {
        const QSignalBlocker block(&episode_);  // no "stopped" line for the console about to be cleared
        episode_.discard();
    }
    emit liveEnded();
    console_->clear();
    keep_->setEnabled(false);
    task_ = task;
    updateControls();
    updateStatus();  // the discarded episode's "step n / m | ..." stayed when the task id was the same
}

bool ScriptPanel::startEpisode(bool paused) {
    if (!task_) {
        console_->append(tr("select a task first (Tasks or Dataset dock)"), ScriptConsole::Kind::Error);
        return false;
    }
    LiveEpisodeOptions o;
    o.actionSpace = static_cast<core::ActionSpace>(space_->currentData().toInt());
    o.maxSteps = maxSteps_->value();
    o.seed = seed_->value();
    o.targetInObs = targetInObs_->isChecked();
    o.stopOnDone = stopOnDone_->isChecked();
    episode_.stop();  // a running episode ends first (its finished() line comes before this run's)
    console_->append(tr("run %1 on %2: %3, %4 steps, seed %5")
                         .arg(title(), QString::fromStdString(task_->id), space_->currentText())
                         .arg(o.maxSteps)
                         .arg(o.seed),
                     ScriptConsole::Kind::Info);
    keep_->setEnabled(false);
    applySpeed();
    QString error;
    if (!episode_.start({chunkName(), editor_->toPlainText().toStdString()}, *task_, o, paused, &error)) {
        console_->append(error, ScriptConsole::Kind::Error);
        updateControls();
        emit liveEnded();
        return false;
    }
    return true;
}

void ScriptPanel::run() { startEpisode(false); }

void ScriptPanel::togglePause() {
    if (!episode_.isActive()) return;
    if (episode_.isPaused()) episode_.resume();
    else episode_.pause();
}

void ScriptPanel::step() {
    if (!episode_.isActive()) {
        startEpisode(true);
        return;
    }
    episode_.stepOnce();
}

void ScriptPanel::stop() { episode_.stop(); }

void ScriptPanel::showKeepResult(const QString& text, bool ok) {
    console_->append(text, ok ? ScriptConsole::Kind::Info : ScriptConsole::Kind::Error);
    keep_->setEnabled(!ok && episode_.finishedRollout() != nullptr);
}

void ScriptPanel::applySpeed() {
    const int sps = stepsPerSecond(speed_->value());
    speed_->setEnabled(!maxSpeed_->isChecked());
    speedLabel_->setText(maxSpeed_->isChecked() ? tr("max") : tr("%1 steps/s").arg(sps));
    episode_.setSpeed(maxSpeed_->isChecked() ? 0 : sps);
}

void ScriptPanel::updateControls() {
    const bool active = episode_.isActive();
    run_->setEnabled(task_.has_value());
    pause_->setEnabled(active);
    pause_->setText(episode_.isPaused() ? tr("Resume") : tr("Pause"));
    step_->setEnabled(active || task_.has_value());
    stop_->setEnabled(active);
    updateStatus();
}

QString ScriptPanel::statusText() const { return status_->text(); }

void ScriptPanel::updateStatus() {
    const scripting::AgentSession* s = episode_.session();
    if (s == nullptr) {
        status_->setText(task_ ? tr("task %1: press Run").arg(QString::fromStdString(task_->id)) : tr("no task selected"));
        return;
    }
    const core::Scores sc = s->scores();
    const QString state = s->running() ? (episode_.isPaused() ? tr("paused") : tr("running"))
                                       : QString::fromLatin1(scripting::episodeEndName(s->ended()));
    status_->setText(tr("step %1 / %2  |  reward %3  |  return %4  |  F1 %5  |  done %6  |  %7")
                         .arg(s->steps())
                         .arg(s->config().env.maxSteps)
                         .arg(episode_.lastReward(), 0, 'g', 4)
                         .arg(s->totalReturn(), 0, 'g', 4)
                         .arg(sc.f1, 0, 'f', 3)
                         .arg(s->envDone() ? tr("yes") : tr("no"))
                         .arg(state));
}

void ScriptPanel::emitLiveFrame() {
    const scripting::AgentSession* s = episode_.session();
    if (s == nullptr) return;
    const core::Scores sc = s->scores();
    const core::Environment& env = s->environment();
    const core::AgentState& a = env.agent();
    const std::optional<core::Belief> belief = s->beliefWithStep();
    emit liveFrame(env.task().target, env.grid(), core::Pose{a.x, a.y, a.z, a.yaw, a.pitch},
                   tr("%1  |  %2  |  step %3 / %4  |  F1 %5")
                       .arg(QString::fromStdString(env.task().id), title())
                       .arg(s->steps())
                       .arg(s->config().env.maxSteps)
                       .arg(sc.f1, 0, 'f', 3),
                   belief ? &*belief : nullptr);
}

void ScriptPanel::onFinished(scripting::EpisodeEnd end, const QString& error) {
    const scripting::AgentSession* s = episode_.session();
    if (end == scripting::EpisodeEnd::Error) {
        console_->append(error, ScriptConsole::Kind::Error);
    } else if (s != nullptr) {
        const core::Scores sc = s->scores();
        console_->append(tr("%1 after %2 steps: return %3, F1 %4%5")
                             .arg(QString::fromLatin1(scripting::episodeEndName(end)))
                             .arg(s->steps())
                             .arg(s->totalReturn(), 0, 'g', 4)
                             .arg(sc.f1, 0, 'f', 3)
                             .arg(core::exactCompletion(sc) ? tr(" (target built exactly)") : QString()),
                         ScriptConsole::Kind::Info);
    }
    keep_->setEnabled(s != nullptr && s->steps() > 0);
    updateStatus();
}

}  // namespace iglu::plugins::script

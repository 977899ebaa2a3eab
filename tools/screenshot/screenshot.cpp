// iglu-screenshot: the workbench with a plugin's dock in a reproducible state, saved as a PNG
// (scripts/screenshots.sh -> docs/plugin-play.png, docs/plugin-script.png).
//
//   iglu-screenshot --out FILE.png [--db FILE] [--task ID] [--size WxH] [--plugin-path DIR]
//                   [--play-keys KEYS [--flying]]            the Play dock after these keys
//                   [--script NAME [--script-steps N]]       the Script dock, an agent mid-episode
//
// --play-keys: Qt key names (QKeySequence), space separated, each optionally repeated with *N; they
// go to the Play panel exactly as typed keys do (one environment step each). --script: an entry of
// the Script dock's Examples menu, run flying for N single steps (paused, so the picture is
// reproducible). Without either, the workbench with the task selected. The plugins are driven only
// through their widgets and actions (found by object name), as a user would; bad input is reported
// before anything starts.
#include <cstdio>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QToolButton>

#include "core/util/resource_dirs.hpp"
#include "logic/play_keys.hpp"
#include "viewers/qt/surface_format.hpp"
#include "viewers/scene/display_check.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

namespace {

int fail(const QString& message) {
    std::fprintf(stderr, "iglu-screenshot: error: %s\n", qPrintable(message));
    return 2;
}

/// The --play-keys script as Qt keys, or an error naming the bad token.
bool parseKeys(const QString& text, QList<int>* keys, QString* error) {
    for (const QString& token : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype star = token.lastIndexOf(QLatin1Char('*'));
        const QString name = star > 0 ? token.left(star) : token;
        bool ok = true;
        const int repeat = star > 0 ? token.mid(star + 1).toInt(&ok) : 1;
        const QKeySequence seq = QKeySequence::fromString(name);
        if (!ok || repeat < 1 || seq.count() != 1 || seq[0].key() == Qt::Key_unknown) {
            *error = QStringLiteral("--play-keys: \"%1\" is not a key name (Qt names: Down, Return, Space, W, 1) with an optional *N").arg(token);
            return false;
        }
        if (!iglu::plugins::play::commandForKey(seq[0].key())) {
            *error = QStringLiteral("--play-keys: \"%1\" is not a Play key (%2)").arg(token, QString::fromUtf8(iglu::plugins::play::keyHelp()));
            return false;
        }
        for (int i = 0; i < repeat; ++i) keys->append(seq[0].key());
    }
    return true;
}

template <class T>
T* find(QMainWindow& window, const char* name) {
    return window.findChild<T*>(QLatin1String(name));
}

/// The Play dock wide, the keys played into its panel.
bool preparePlay(QMainWindow& window, const QList<int>& keys, bool flying, int width, QString* error) {
    auto* panel = find<QWidget>(window, "playPanel");
    auto* dock = find<QDockWidget>(window, "play");
    auto* flyingAction = find<QAction>(window, "play.flying");
    if (!panel || !dock || !flyingAction) {
        *error = QStringLiteral("the play plugin (Play dock) is not loaded");
        return false;
    }
    // Room for the first-person view: a wider Play dock, the full height (no Playback dock).
    if (auto* playback = find<QDockWidget>(window, "playback")) playback->hide();
    QApplication::processEvents();
    dock->raise();  // docks share the right area as tabs
    window.resizeDocks({dock}, {width / 3}, Qt::Horizontal);
    window.activateWindow();
    QApplication::processEvents();
    if (flying && !flyingAction->isChecked()) flyingAction->trigger();
    panel->setFocus(Qt::MouseFocusReason);  // captures the keys, as a click on the panel does
    for (int key : keys) {
        QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier);
        QCoreApplication::sendEvent(panel, &press);
    }
    return true;
}

/// The Script dock wide, the agent opened from the Examples menu and stepped (paused) `steps` times.
bool prepareScript(QMainWindow& window, const QString& agent, int steps, int width, QString* error) {
    auto* dock = find<QDockWidget>(window, "script");
    auto* examples = find<QMenu>(window, "scriptExamples");
    auto* stepButton = find<QToolButton>(window, "scriptStep");
    auto* space = find<QComboBox>(window, "scriptActionSpace");
    auto* status = find<QLabel>(window, "scriptStatus");
    if (!dock || !examples || !stepButton || !space || !status) {
        *error = QStringLiteral("the script plugin (Script dock) is not loaded");
        return false;
    }
    QAction* open = nullptr;
    for (QAction* a : examples->actions())
        if (a->text() == agent) open = a;
    if (open == nullptr) {
        *error = QStringLiteral("--script %1 is not in the Script dock's Examples menu").arg(agent);
        return false;
    }
    open->trigger();
    space->setCurrentIndex(space->findText(QStringLiteral("flying")));
    // The editor and the view get the room: no Playback or Dataset dock.
    for (const char* id : {"playback", "dataset"})
        if (auto* other = find<QDockWidget>(window, id)) other->close();
    dock->raise();  // docks share the right area as tabs
    window.resizeDocks({dock}, {width * 9 / 20}, Qt::Horizontal);
    stepButton->click();  // starts a paused episode
    for (int i = 0; i < steps && status->text().endsWith(QStringLiteral("paused")); ++i) stepButton->click();
    std::printf("%s\n", qPrintable(status->text()));
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    iglu::viewers::prepareOpenGL();
    // Without an X display Qt's xcb platform would abort the process: say what is missing instead.
    if (qEnvironmentVariable("QT_QPA_PLATFORM", QStringLiteral("xcb")) == QLatin1String("xcb")) {
        if (const auto problem = iglu::viewers::displayProblem()) {
            std::fprintf(stderr, "iglu-screenshot: %s\n", problem->c_str());
            return 3;
        }
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("IGLU"));
    QApplication::setApplicationName(QStringLiteral("iglu-workbench"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Screenshot of the workbench with a plugin's dock in a scripted state."));
    parser.addHelpOption();
    const QCommandLineOption out({QStringLiteral("out")}, QStringLiteral("PNG to write."), QStringLiteral("FILE.png"));
    const QCommandLineOption db({QStringLiteral("db")}, QStringLiteral("Catalog or task list (default: the bundled example catalog)."), QStringLiteral("FILE"));
    const QCommandLineOption task({QStringLiteral("task")}, QStringLiteral("Task to select."), QStringLiteral("ID"));
    const QCommandLineOption size({QStringLiteral("size")}, QStringLiteral("Window size."), QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption pluginPath({QStringLiteral("plugin-path")}, QStringLiteral("Also search this folder for plugins."), QStringLiteral("DIR"));
    const QCommandLineOption playKeys({QStringLiteral("play-keys")}, QStringLiteral("Play dock: keys to press, e.g. \"Down*7 1 Return\"."), QStringLiteral("KEYS"));
    const QCommandLineOption flying({QStringLiteral("flying")}, QStringLiteral("Play dock: play in the flying action space."));
    const QCommandLineOption script({QStringLiteral("script")}, QStringLiteral("Script dock: run this example agent (flying)."), QStringLiteral("NAME"));
    const QCommandLineOption scriptSteps({QStringLiteral("script-steps")}, QStringLiteral("Script dock: single steps before the picture."),
                                         QStringLiteral("N"), QStringLiteral("25"));
    parser.addOptions({out, db, task, size, pluginPath, playKeys, flying, script, scriptSteps});
    parser.process(app);

    // Every argument is checked before the workbench starts.
    if (!parser.isSet(task) || !parser.isSet(out)) return fail(QStringLiteral("--task and --out are required (see --help)"));
    if (parser.isSet(playKeys) && parser.isSet(script)) return fail(QStringLiteral("--play-keys and --script are exclusive"));
    if (parser.isSet(flying) && !parser.isSet(playKeys)) return fail(QStringLiteral("--flying goes with --play-keys"));
    QString error;
    QList<int> keys;
    if (parser.isSet(playKeys) && !parseKeys(parser.value(playKeys), &keys, &error)) return fail(error);
    bool ok = true;
    const int steps = parser.value(scriptSteps).toInt(&ok);
    if (!ok || steps < 0 || steps > 100000) return fail(QStringLiteral("--script-steps %1: expected 0..100000").arg(parser.value(scriptSteps)));
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
    if (wh.size() != 2 || w < 200 || h < 150 || w > 8192 || h > 8192)
        return fail(QStringLiteral("--size %1: expected WxH, from 200x150 to 8192x8192").arg(parser.value(size)));

    iglu::workbench::WorkbenchOptions options;
    options.pluginPaths = parser.values(pluginPath) << QString::fromStdString(iglu::core::pluginDir());
    options.useSettings = false;
    iglu::workbench::Workbench workbench(options);
    workbench.context().log().setEcho(false);
    workbench.loadPlugins();
    const bool opened = parser.isSet(db) ? workbench.openData(parser.value(db), &error) : workbench.openDefaultData(&error);
    if (!opened || !workbench.selectTask(parser.value(task), &error)) return fail(error);
    QMainWindow& window = workbench.window();
    window.resize(w, h);
    window.show();
    QApplication::processEvents();
    if (parser.isSet(playKeys) && !preparePlay(window, keys, parser.isSet(flying), w, &error)) return fail(error);
    if (parser.isSet(script) && !prepareScript(window, parser.value(script), steps, w, &error)) return fail(error);
    if (!workbench.screenshot(parser.value(out), w, h, &error)) return fail(error);
    std::printf("%s\n", qPrintable(parser.value(out)));
    return 0;
}

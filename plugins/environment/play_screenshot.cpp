// iglu-play-screenshot: the workbench with the Play dock after a scripted key sequence, saved as a
// PNG (scripts/screenshots.sh -> docs/plugin-environment.png).
//
//   iglu-play-screenshot --task ID --keys "Down*7 1 Return Left*4 3 Return" --out FILE.png
//                        [--db FILE] [--size WxH] [--flying] [--plugin-path DIR]
//
// Keys are Qt key names (QKeySequence), space separated, each optionally repeated with *N; they go
// to the Play panel exactly as typed keys do (one environment step each).
#include <cstdio>

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QKeyEvent>
#include <QKeySequence>
#include <QMainWindow>

#include "play_keys.hpp"
#include "play_panel.hpp"
#include "core/util/resource_dirs.hpp"
#include "viewers/qt/surface_format.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"

namespace {
int fail(const QString& message) {
    std::fprintf(stderr, "iglu-play-screenshot: %s\n", qPrintable(message));
    return 1;
}
}  // namespace

int main(int argc, char** argv) {
    iglu::viewers::prepareOpenGL();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("IGLU"));
    QApplication::setApplicationName(QStringLiteral("iglu-workbench"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Screenshot of the workbench's Play dock after scripted keys."));
    parser.addHelpOption();
    const QCommandLineOption db({QStringLiteral("db")}, QStringLiteral("Catalog or task list (default: the bundled example catalog)."), QStringLiteral("FILE"));
    const QCommandLineOption task({QStringLiteral("task")}, QStringLiteral("Task to play."), QStringLiteral("ID"));
    const QCommandLineOption keys({QStringLiteral("keys")}, QStringLiteral("Keys to press, e.g. \"Down*7 1 Return\"."), QStringLiteral("KEYS"));
    const QCommandLineOption out({QStringLiteral("out")}, QStringLiteral("PNG to write."), QStringLiteral("FILE.png"));
    const QCommandLineOption size({QStringLiteral("size")}, QStringLiteral("Window size."), QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption flying({QStringLiteral("flying")}, QStringLiteral("Play in the flying action space."));
    const QCommandLineOption pluginPath({QStringLiteral("plugin-path")}, QStringLiteral("Also search this folder for plugins."), QStringLiteral("DIR"));
    parser.addOptions({db, task, keys, out, size, flying, pluginPath});
    parser.process(app);
    if (!parser.isSet(task) || !parser.isSet(out)) return fail(QStringLiteral("--task and --out are required (see --help)"));

    // The key script first: bad input is reported before anything starts.
    QList<int> script;
    for (const QString& token : parser.value(keys).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype star = token.lastIndexOf(QLatin1Char('*'));
        const QString name = star > 0 ? token.left(star) : token;
        bool ok = true;
        const int repeat = star > 0 ? token.mid(star + 1).toInt(&ok) : 1;
        const QKeySequence seq = QKeySequence::fromString(name);
        if (!ok || repeat < 1 || seq.count() != 1 || seq[0].key() == Qt::Key_unknown)
            return fail(QStringLiteral("--keys: \"%1\" is not a key name (Qt names: Down, Return, Space, W, 1) with an optional *N").arg(token));
        if (!iglu::play::commandForKey(seq[0].key()))
            return fail(QStringLiteral("--keys: \"%1\" is not a Play key (%2)").arg(token, QString::fromUtf8(iglu::play::keyHelp())));
        for (int i = 0; i < repeat; ++i) script.append(seq[0].key());
    }
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
    if (wh.size() != 2 || w < 200 || h < 150) return fail(QStringLiteral("--size %1: expected WxH, at least 200x150").arg(parser.value(size)));

    iglu::workbench::WorkbenchOptions options;
    options.pluginPaths = parser.values(pluginPath) << QString::fromStdString(iglu::core::pluginDir());
    options.useSettings = false;
    iglu::workbench::Workbench workbench(options);
    workbench.loadPlugins();
    QString error;
    const bool opened = parser.isSet(db) ? workbench.openData(parser.value(db), &error) : workbench.openDefaultData(&error);
    if (!opened || !workbench.selectTask(parser.value(task), &error)) return fail(error);
    auto* panel = workbench.window().findChild<iglu::play::PlayPanel*>(QStringLiteral("playPanel"));
    if (panel == nullptr) return fail(QStringLiteral("the environment plugin (Play dock) is not loaded"));
    workbench.window().resize(w, h);
    workbench.window().show();
    QApplication::processEvents();
    // Room for the first-person view: a wider Play dock, the full height (no Playback dock).
    auto& window = workbench.window();
    if (auto* playback = window.findChild<QDockWidget*>(QStringLiteral("playback"))) playback->hide();
    QApplication::processEvents();
    if (auto* play = window.findChild<QDockWidget*>(QStringLiteral("play"))) {
        play->raise();  // docks share the right area as tabs
        window.resizeDocks({play}, {w / 3}, Qt::Horizontal);
    }
    workbench.window().activateWindow();
    QApplication::processEvents();
    if (parser.isSet(flying)) panel->setFlying(true);
    panel->capture();
    for (int key : script) {
        QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier);
        QCoreApplication::sendEvent(panel, &press);
    }
    if (!workbench.screenshot(parser.value(out), w, h, &error)) return fail(error);
    std::printf("%s\n", qPrintable(parser.value(out)));
    return 0;
}

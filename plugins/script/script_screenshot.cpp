// iglu-script-screenshot OUT.png [--db FILE] [--task ID] [--agent FILE] [--steps N] [--size WxH]
// The workbench with the Script plugin mid-episode, for docs/plugin-script.png
// (scripts/screenshots.sh): opens the data, selects the task, opens the agent in the Script dock,
// runs it flying for N single steps (paused, so the picture is reproducible) and saves the window.
// Drives the plugin only through its widgets, as a user would.
#include <cstdio>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QToolButton>

#include "core/util/resource_dirs.hpp"
#include "viewers/qt/surface_format.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

namespace {
int fail(const QString& message) {
    std::fprintf(stderr, "iglu-script-screenshot: error: %s\n", qPrintable(message));
    return 2;
}
}  // namespace

int main(int argc, char** argv) {
    iglu::viewers::prepareOpenGL();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Screenshot of the workbench's Script plugin running an agent"));
    parser.addHelpOption();
    const QCommandLineOption db({QStringLiteral("db")}, QStringLiteral("Catalog or task list."), QStringLiteral("FILE"),
                                QString::fromStdString(iglu::core::resourceDir("examples") + "/tasks/bench_tasks.jsonl"));
    const QCommandLineOption task({QStringLiteral("task")}, QStringLiteral("Task id."), QStringLiteral("ID"), QStringLiteral("CQ-game-3214"));
    const QCommandLineOption agent({QStringLiteral("agent")}, QStringLiteral("Agent script (an entry of the Examples menu)."),
                                   QStringLiteral("NAME"), QStringLiteral("oracle.lua"));
    const QCommandLineOption steps({QStringLiteral("steps")}, QStringLiteral("Single steps before the picture."), QStringLiteral("N"),
                                   QStringLiteral("25"));
    const QCommandLineOption size({QStringLiteral("size")}, QStringLiteral("Window size."), QStringLiteral("WxH"), QStringLiteral("1280x800"));
    parser.addOptions({db, task, agent, steps, size});
    parser.addPositionalArgument(QStringLiteral("OUT.png"), QStringLiteral("Image to write."));
    parser.process(app);
    if (parser.positionalArguments().size() != 1) return fail(QStringLiteral("expected one output file (OUT.png)"));
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
    if (wh.size() != 2 || w < 200 || h < 150) return fail(QStringLiteral("--size %1: expected WxH").arg(parser.value(size)));

    iglu::workbench::WorkbenchOptions o;
    o.pluginPaths = {QString::fromStdString(iglu::core::pluginDir())};
    o.defaultPluginPaths = false;
    o.useSettings = false;
    iglu::workbench::Workbench wb(o);
    wb.context().log().setEcho(false);
    wb.loadPlugins();
    QString error;
    if (!wb.openData(parser.value(db), &error) || !wb.selectTask(parser.value(task), &error)) return fail(error);

    QMainWindow& window = wb.window();
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("script"));
    auto* examples = window.findChild<QMenu*>(QStringLiteral("scriptExamples"));
    auto* stepButton = window.findChild<QToolButton*>(QStringLiteral("scriptStep"));
    auto* space = window.findChild<QComboBox*>(QStringLiteral("scriptActionSpace"));
    auto* status = window.findChild<QLabel*>(QStringLiteral("scriptStatus"));
    if (!dock || !examples || !stepButton || !space || !status) return fail(QStringLiteral("the Script plugin is not loaded"));
    QAction* open = nullptr;
    for (QAction* a : examples->actions())
        if (a->text() == parser.value(agent)) open = a;
    if (open == nullptr) return fail(QStringLiteral("%1 is not in the Examples menu").arg(parser.value(agent)));
    open->trigger();
    space->setCurrentIndex(space->findText(QStringLiteral("flying")));
    window.resize(w, h);
    // The editor and the view get the room: no Playback or Dataset dock (a task list has no catalog).
    for (const char* id : {"playback", "datasetBrowser"})
        if (auto* other = window.findChild<QDockWidget*>(QLatin1String(id))) other->close();
    dock->raise();  // docks share the right area as tabs
    window.resizeDocks({dock}, {w * 9 / 20}, Qt::Horizontal);
    stepButton->click();  // starts a paused episode
    const int n = parser.value(steps).toInt();
    for (int i = 0; i < n && status->text().endsWith(QStringLiteral("paused")); ++i) stepButton->click();
    std::printf("%s\n", qPrintable(status->text()));
    if (!wb.screenshot(parser.positionalArguments().front(), w, h, &error)) return fail(error);
    std::printf("%s\n", qPrintable(parser.positionalArguments().front()));
    return 0;
}

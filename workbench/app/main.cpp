// iglu-workbench: the IGLU Workbench desktop application.
//
//   iglu-workbench [--db FILE] [--task ID] [--rollout ID|first|random[:SEED]] [--step N|P%] [--overlay]
//                  [--screenshot OUT.png [--size WxH]] [--list-plugins] [--plugin-path DIR]...
//                  [--panel ID]... [--workspace ID]
#include <cstdio>

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QSettings>
#include <QSize>
#include <QTimer>

#include "core/util/parse_number.hpp"
#include "viewers/qt/surface_format.hpp"
#include "viewers/scene/display_check.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workspaces.hpp"
#include "workbench/app/workbench_context.hpp"
#include "workbench/api/message_log.hpp"

namespace {
const QSize kMinShot{200, 150};   // --size of a screenshot: the smallest useful window
constexpr int kMaxShotSide = 8192;

int fail(const QString& message, int code = 2) {
    std::fprintf(stderr, "iglu-workbench: error: %s\n", qPrintable(message));
    return code;
}

void describe(QCommandLineParser& parser, const QList<QCommandLineOption>& options) {
    QCoreApplication::setOrganizationName(QStringLiteral("IGLU"));
    QCoreApplication::setApplicationName(QStringLiteral("iglu-workbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(IGLU_VERSION));
    parser.setApplicationDescription(QStringLiteral("IGLU Workbench: inspect, label and script grounded block-building agents"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(options);
}
}  // namespace

int main(int argc, char** argv) {
    const QCommandLineOption db({QStringLiteral("db")}, QStringLiteral("Catalog (SQLite) or task list (.jsonl) to open (default: the bundled example data)."), QStringLiteral("FILE"));
    const QCommandLineOption task({QStringLiteral("task")}, QStringLiteral("Select this task."), QStringLiteral("ID"));
    const QCommandLineOption rollout({QStringLiteral("rollout")}, QStringLiteral("Play back this rollout of the task: a catalog id, 'first', or 'random[:SEED]' to record a random-agent episode."), QStringLiteral("ID"));
    const QCommandLineOption step({QStringLiteral("step")}, QStringLiteral("Rollout step to show: a frame count or a percentage (50%)."), QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption overlay({QStringLiteral("overlay")}, QStringLiteral("Show the intersection overlay."));
    const QCommandLineOption screenshot({QStringLiteral("screenshot")}, QStringLiteral("Save the main window to OUT.png and exit."), QStringLiteral("OUT.png"));
    const QCommandLineOption size({QStringLiteral("size")}, QStringLiteral("Window size for --screenshot."), QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption listPlugins({QStringLiteral("list-plugins")}, QStringLiteral("Print every plugin with its state and exit."));
    const QCommandLineOption pluginPath({QStringLiteral("plugin-path")}, QStringLiteral("Also search this folder for plugins."), QStringLiteral("DIR"));
    const QCommandLineOption disable({QStringLiteral("disable-plugin")}, QStringLiteral("Do not load this plugin."), QStringLiteral("NAME"));
    const QCommandLineOption panel({QStringLiteral("panel")}, QStringLiteral("Show and raise this panel (its dock id, e.g. experiments), e.g. for --screenshot."), QStringLiteral("ID"));
    const QCommandLineOption workspace({QStringLiteral("workspace")},
                                       QStringLiteral("Start in this workspace: inspect, label, compare, play, experiments or talk (View > Workspaces)."),
                                       QStringLiteral("ID"));
    const QList<QCommandLineOption> all{db, task, rollout, step, overlay, screenshot, size, listPlugins, pluginPath, disable, panel, workspace};

    iglu::viewers::prepareOpenGL();  // before QApplication: GL 3.2 Core, xcb + GLX
    // Without an X display Qt's xcb platform aborts the process: answer --help / --version without
    // one, and say clearly what is missing otherwise.
    if (qEnvironmentVariable("QT_QPA_PLATFORM", QStringLiteral("xcb")) == QLatin1String("xcb")) {
        if (const auto problem = iglu::viewers::displayProblem()) {
            QCoreApplication headless(argc, argv);
            QCommandLineParser parser;
            describe(parser, all);
            parser.parse(QCoreApplication::arguments());
            if (parser.isSet(QStringLiteral("version"))) parser.showVersion();
            if (parser.isSet(QStringLiteral("help"))) parser.showHelp(0);
            return fail(QString::fromStdString(*problem), 3);
        }
    }
    QApplication app(argc, argv);
    QCommandLineParser parser;
    describe(parser, all);
    parser.process(app);

    iglu::workbench::WorkbenchOptions options;
    options.pluginPaths = parser.values(pluginPath);
    options.disabledPlugins = parser.values(disable);
    // Scripted runs neither read nor write the saved layout, so they are reproducible.
    options.useSettings = !parser.isSet(screenshot) && !parser.isSet(listPlugins);
    iglu::workbench::Workbench workbench(options);
    workbench.loadPlugins();

    if (parser.isSet(listPlugins)) {
        for (const QString& line : workbench.plugins().report()) std::printf("%s\n", qPrintable(line));
        if (workbench.plugins().plugins().isEmpty())
            std::printf("no plugins found in: %s\n", qPrintable(workbench.plugins().searchPaths().join(QStringLiteral(", "))));
        return 0;
    }

    QString error;
    const bool scripted = parser.isSet(screenshot);
    bool dataOpen = true;
    if (parser.isSet(db)) {
        // Scripted runs exit on a bad --db; interactive ones open with the error shown, nothing open.
        if (scripted) {
            if (!workbench.openData(parser.value(db), &error)) return fail(error);
        } else {
            dataOpen = workbench.openStartupData(parser.value(db), &error);
        }
    } else {
        // The last catalog used (interactive runs), else the bundled example catalog.
        const QString last = options.useSettings ? QSettings().value(QStringLiteral("data/last")).toString() : QString();
        const bool ok = (!last.isEmpty() && QFileInfo::exists(last) && workbench.openData(last, &error)) ||
                        workbench.openDefaultData(&error);
        if (!ok) {
            if (parser.isSet(screenshot)) return fail(error);
            workbench.window().showStatus(error);
        }
    }
    if (!dataOpen) {
        for (const auto* o : {&task, &rollout, &overlay})
            if (parser.isSet(*o))
                workbench.context().log().warning(QStringLiteral("workbench"),
                                                  QStringLiteral("--%1 ignored: no data is open").arg(o->names().constFirst()));
    } else {
        if (parser.isSet(task) && !workbench.selectTask(parser.value(task), &error)) return fail(error);
        if (!parser.isSet(task) && !scripted) workbench.selectStartTask();
        if (parser.isSet(rollout) && !workbench.selectRollout(parser.value(rollout), parser.value(step), &error))
            return fail(error);
        if (parser.isSet(overlay) && !workbench.setOverlay(true, &error)) return fail(error);
    }
    if (parser.isSet(workspace)) {
        const QString id = parser.value(workspace);
        if (iglu::workbench::findWorkspace(id.toStdString()) == nullptr)
            return fail(QStringLiteral("--workspace %1: no such workspace (inspect, label, compare, play, experiments, talk)").arg(id));
        // Applied once the window has its size (the proportions are of the window).
        QTimer::singleShot(0, &workbench.window(), [&workbench, id] { workbench.window().applyWorkspace(id); });
    }
    for (const QString& id : parser.values(panel)) {
        auto* dock = workbench.window().findChild<QDockWidget*>(id);
        if (dock == nullptr) return fail(QStringLiteral("--panel %1: no such panel (see View > Panels)").arg(id));
        dock->show();
        // Raised once the window is up: a dock shown again rejoins its tab group in the layout pass.
        QTimer::singleShot(0, dock, &QDockWidget::raise);
    }

    if (parser.isSet(screenshot)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        const auto w = iglu::core::parseNumber<int>(wh.value(0).toStdString(), kMinShot.width(), kMaxShotSide);
        const auto h = iglu::core::parseNumber<int>(wh.value(1).toStdString(), kMinShot.height(), kMaxShotSide);
        if (wh.size() != 2 || !w || !h)
            return fail(QStringLiteral("--size: '%1' is not WxH, from %2x%3 to %4x%4")
                            .arg(parser.value(size))
                            .arg(kMinShot.width())
                            .arg(kMinShot.height())
                            .arg(kMaxShotSide));
        if (!workbench.screenshot(parser.value(screenshot), *w, *h, &error)) return fail(error);
        std::printf("%s\n", qPrintable(parser.value(screenshot)));
        return 0;
    }
    workbench.window().show();
    return QApplication::exec();
}

#include "workbench/app/workbench.hpp"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QImageWriter>
#include <QMessageBox>
#include <QPixmap>
#include <QPointer>
#include <QSettings>
#include <QTimer>

#include "core/util/parse_number.hpp"
#include "core/catalog/task_filter.hpp"
#include "core/rollout/random_agent.hpp"
#include "workbench/api/viewer_service.hpp"
#include "example_catalog.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "plugins_dialog.hpp"
#include "workbench/app/workbench_context.hpp"

namespace iglu::workbench {

QString defaultDataPath() { return defaultCatalogPath(); }


struct Workbench::Impl {
    WorkbenchOptions options;
    WorkbenchContext context;
    PluginManager plugins{context};
    std::unique_ptr<MainWindow> window;
    QPointer<QMessageBox> startupError;
};

Workbench::Workbench(const WorkbenchOptions& options) : impl_(std::make_unique<Impl>()) {
    impl_->options = options;
    impl_->window = std::make_unique<MainWindow>(impl_->context, impl_->plugins);
    impl_->window->setSaveLayoutOnClose(options.useSettings);
    impl_->context.setShell(impl_->window.get());
    QStringList paths = options.pluginPaths;
    if (options.defaultPluginPaths) paths << PluginManager::defaultSearchPaths();
    impl_->plugins.setSearchPaths(paths);
    QStringList disabled = options.disabledPlugins;
    if (options.useSettings) disabled << QSettings().value(disabledPluginsSettingsKey()).toStringList();
    impl_->plugins.setDisabled(disabled);
    if (options.useSettings) {
        // The task last selected in each catalog or task list, for the next start (selectStartTask).
        WorkbenchContext& ctx = impl_->context;
        QObject::connect(&ctx.selection(), &Selection::taskChanged, impl_->window.get(), [&ctx](const QString& taskId) {
            if (taskId.isEmpty() || !ctx.data().isOpen()) return;
            QSettings settings;
            QVariantMap last = settings.value(QStringLiteral("data/lastTasks")).toMap();
            last.insert(QFileInfo(ctx.data().path()).absoluteFilePath(), taskId);
            settings.setValue(QStringLiteral("data/lastTasks"), last);
        });
        // ... and the catalog rollout and step shown with it ("task\nrollout\nstep"; session
        // rollouts, negative ids, are not kept: they end with the session).
        const auto rememberView = [&ctx] {
            const auto& sel = ctx.selection();
            if (sel.taskId().isEmpty() || !ctx.data().isOpen() || ctx.data().inMemory()) return;
            QSettings settings;
            QVariantMap views = settings.value(QStringLiteral("data/lastViews")).toMap();
            views.insert(QFileInfo(ctx.data().path()).absoluteFilePath(),
                         sel.rolloutId() > 0 ? QStringLiteral("%1\n%2\n%3").arg(sel.taskId()).arg(sel.rolloutId()).arg(sel.step()) : QString());
            settings.setValue(QStringLiteral("data/lastViews"), views);
        };
        QObject::connect(&ctx.selection(), &Selection::rolloutChanged, impl_->window.get(), rememberView);
        QObject::connect(&ctx.selection(), &Selection::stepChanged, impl_->window.get(), rememberView);
    }
}

Workbench::~Workbench() {
    impl_->plugins.shutdown();
    impl_->window.reset();  // plugin widgets go with the window; plugin libraries stay loaded
}

WorkbenchContext& Workbench::context() noexcept { return impl_->context; }
MainWindow& Workbench::window() noexcept { return *impl_->window; }
PluginManager& Workbench::plugins() noexcept { return impl_->plugins; }

void Workbench::loadPlugins() {
    impl_->plugins.loadPlugins();
    impl_->window->captureDefaultLayout();
    if (impl_->options.useSettings) impl_->window->restoreLayout();
}

bool Workbench::openData(const QString& path, QString* error) {
    if (!impl_->context.data().open(path, error)) {
        impl_->context.log().error(QStringLiteral("workbench"), error ? *error : path);
        return false;
    }
    impl_->context.log().info(QStringLiteral("workbench"), QStringLiteral("opened %1 %2").arg(impl_->context.data().kind(), path));
    return true;
}

bool Workbench::openStartupData(const QString& path, QString* error) {
    QString message;
    if (openData(path, &message)) return true;
    if (error) *error = message;
    MainWindow& w = window();
    w.showStatus(QStringLiteral("Cannot open %1 (see Messages); File > Open opens other data").arg(path));
    auto* box = new QMessageBox(QMessageBox::Warning, QStringLiteral("Cannot open data"), message, QMessageBox::Ok, &w);
    box->setObjectName(QStringLiteral("startupDataError"));
    box->setInformativeText(QStringLiteral("The workbench starts with no data open: use File > Open to open a catalog or task list."));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::NonModal);
    box->show();  // never exec(): a scripted or unattended start does not wait for it
    impl_->startupError = box;
    return false;
}

QWidget* Workbench::startupErrorDialog() const { return impl_->startupError.data(); }

bool Workbench::openDefaultData(QString* error) {
    const QString path = defaultCatalogPath();
    if (!QFileInfo::exists(path) && !createExampleCatalog(path, &window(), error)) {
        impl_->context.log().error(QStringLiteral("workbench"), error ? *error : path);
        return false;
    }
    return openData(path, error);
}

bool Workbench::selectTask(const QString& taskId, QString* error) {
    auto& data = impl_->context.data();
    if (!data.hasTask(taskId)) {
        if (error) *error = QStringLiteral("task \"%1\" is not in %2").arg(taskId, data.path());
        return false;
    }
    impl_->context.selection().setTask(taskId);
    return true;
}

QString Workbench::selectStartTask() {
    WorkbenchContext& ctx = impl_->context;
    if (!ctx.data().isOpen() || !ctx.selection().taskId().isEmpty()) return ctx.selection().taskId();
    QString pick;
    if (impl_->options.useSettings) {
        const QVariantMap last = QSettings().value(QStringLiteral("data/lastTasks")).toMap();
        const QString remembered = last.value(QFileInfo(ctx.data().path()).absoluteFilePath()).toString();
        if (!remembered.isEmpty() && ctx.data().hasTask(remembered)) pick = remembered;
    }
    if (pick.isEmpty()) {
        const QList<TaskInfo> tasks = ctx.data().tasks();
        for (const TaskInfo& t : tasks)
            if (catalog::hasContent(t.startingBlocks, t.targetBlocks, t.instruction.toStdString())) {
                pick = t.id;
                break;
            }
        if (pick.isEmpty() && !tasks.isEmpty()) pick = tasks.front().id;
    }
    if (!pick.isEmpty()) ctx.selection().setTask(pick);
    // The rollout and step shown last with that task, when the catalog still has that rollout.
    if (!pick.isEmpty() && impl_->options.useSettings) {
        const QStringList view = QSettings().value(QStringLiteral("data/lastViews")).toMap()
                                     .value(QFileInfo(ctx.data().path()).absoluteFilePath()).toString().split(QLatin1Char('\n'));
        if (view.size() == 3 && view[0] == pick) {
            bool okId = false, okStep = false;
            const qint64 id = view[1].toLongLong(&okId);
            const int step = view[2].toInt(&okStep);
            if (okId && okStep && id > 0 && step >= 0)
                if (const auto r = ctx.data().rollout(id); r && QString::fromStdString(r->taskId) == pick)
                    ctx.selection().setRollout(id, std::min<int>(step, static_cast<int>(r->size())));
        }
    }
    return pick;
}

bool Workbench::selectRollout(const QString& rollout, const QString& stepText, QString* error) {
    auto& ctx = impl_->context;
    const QString taskId = ctx.selection().taskId();
    if (taskId.isEmpty()) {
        if (error) *error = QStringLiteral("--rollout needs a task (--task ID)");
        return false;
    }
    qint64 id = 0;
    if (rollout == QStringLiteral("random") || rollout.startsWith(QStringLiteral("random:"))) {
        core::RandomEpisodeOptions o;
        if (rollout.contains(QLatin1Char(':'))) {
            const auto seed = core::parseNumber<std::uint64_t>(rollout.section(QLatin1Char(':'), 1).toStdString());
            if (!seed) {
                if (error) *error = QStringLiteral("--rollout: '%1' is not random:SEED with SEED an integer >= 0").arg(rollout);
                return false;
            }
            o.seed = *seed;
        }
        const auto task = ctx.data().task(taskId);
        id = ctx.data().addRollout(core::recordRandomEpisode(*task, o));
    } else if (rollout == QStringLiteral("first")) {
        const auto all = ctx.data().rollouts(taskId);
        if (all.isEmpty()) {
            if (error) *error = QStringLiteral("task %1 has no rollout in %2").arg(taskId, ctx.data().path());
            return false;
        }
        id = all.front().id;
    } else {
        const auto parsed = core::parseNumber<qint64>(rollout.toStdString(), 1);
        if (!parsed) {
            if (error) *error = QStringLiteral("--rollout: '%1' is not a rollout id (an integer >= 1), first or random[:SEED]").arg(rollout);
            return false;
        }
        id = *parsed;
        bool found = false;
        for (const auto& r : ctx.data().rollouts(taskId)) found = found || r.id == id;
        if (!found) {
            if (error) *error = QStringLiteral("rollout \"%1\" is not a rollout of task %2 in %3").arg(rollout, taskId, ctx.data().path());
            return false;
        }
    }
    const auto r = ctx.data().rollout(id);
    bool ok = false;
    int step = 0;
    if (stepText.endsWith(QLatin1Char('%'))) {
        const auto pct = core::parseNumber<double>(stepText.chopped(1).toStdString(), 0.0, 100.0);
        ok = pct.has_value();
        if (ok && r != nullptr) step = static_cast<int>(*pct / 100.0 * static_cast<double>(r->size()) + 0.5);
    } else if (const auto n = core::parseNumber<int>(stepText.toStdString(), 0)) {
        ok = true;
        step = *n;
    }
    if (!ok) {
        if (error) *error = QStringLiteral("--step: '%1' is not a frame count (an integer >= 0) or a percentage (0%..100%)").arg(stepText);
        return false;
    }
    if (step < 0 || r == nullptr || static_cast<std::size_t>(step) > r->size()) {
        if (error) *error = QStringLiteral("--step %1 is outside 0..%2").arg(step).arg(r ? r->size() : 0);
        return false;
    }
    ctx.selection().setRollout(id, step);
    return true;
}

bool Workbench::setOverlay(bool on, QString* error) {
    auto* viewer = impl_->context.service<ViewerService>();
    if (viewer == nullptr) {
        if (error) *error = QStringLiteral("the 3D viewer plugin (viewer3d) is not loaded");
        return false;
    }
    viewer->setOverlay(on);
    return true;
}

bool Workbench::screenshot(const QString& path, int width, int height, QString* error) {
    MainWindow& w = *impl_->window;
    w.resize(width, height);
    w.show();
    auto* viewer = impl_->context.service<ViewerService>();
    if (viewer != nullptr) {
        // Wait (event-driven, bounded) until the 3D view has drawn at its final size.
        QEventLoop loop;
        QTimer timeout;
        timeout.setSingleShot(true);
        QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
        QObject::connect(viewer, &ViewerService::rendered, &loop, &QEventLoop::quit);
        timeout.start(30000);
        if (viewer->framesRendered() == 0) loop.exec();
        if (viewer->framesRendered() == 0) {
            if (error) *error = QStringLiteral("the 3D view did not draw within 30 s");
            return false;
        }
    }
    QApplication::processEvents();
    const QPixmap pixmap = w.grab();
    QImageWriter writer(path);
    if (!writer.write(pixmap.toImage())) {
        if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, writer.errorString());
        return false;
    }
    return true;
}

}  // namespace iglu::workbench

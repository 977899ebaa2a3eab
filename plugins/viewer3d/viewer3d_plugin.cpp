#include "viewer3d_plugin.hpp"

#include <QAction>
#include <QActionGroup>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QToolBar>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "widgets/export_dialog.hpp"
#include "widgets/slice_controls.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"
#include "workbench/api/viewer_service.hpp"

namespace iglu::plugins {

namespace {
/// Where an episode starts (core::Environment::reset): (0, 0, 0), facing -z.
constexpr core::Pose kStartPose{0, 0, 0, 0, 0};

std::optional<viewers::ViewPreset> presetNamed(const QString& name) {
    for (auto v : {viewers::ViewPreset::Iso, viewers::ViewPreset::Top, viewers::ViewPreset::Front, viewers::ViewPreset::Side})
        if (name == QLatin1String(viewers::viewPresetName(v))) return v;
    return std::nullopt;
}
}  // namespace

class ViewerServiceImpl : public workbench::ViewerService {
public:
    ViewerServiceImpl(viewers::ZoneView* view, Viewer3dPlugin* plugin) : ViewerService(plugin), view_(view), plugin_(plugin) {
        connect(view_, &viewers::ZoneView::rendered, this, &ViewerService::rendered);
    }
    void setOverlay(bool on) override {
        view_->setOverlay(on);
        emit contentChanged();
    }
    bool overlay() const override { return view_->overlay(); }
    bool applyView(const QString& preset) override {
        const auto v = presetNamed(preset);
        if (!v) return false;
        view_->applyView(*v);
        emit contentChanged();
        return true;
    }
    QImage grabImage() override { return view_->grabImage(); }
    bool saveImage(const QString& path, QString* error) override { return view_->saveImage(path, error); }
    QString legendText() const override { return QString::fromStdString(view_->scene().legendText()); }
    int framesRendered() const override { return view_->glWidget()->framesRendered(); }
    void showLive(const core::Grid& target, const core::Grid& built, const core::Pose& agent, const QString& caption,
                  const core::Belief* belief) override {
        plugin_->showLive(target, built, agent, caption, belief);
    }
    void endLive() override { plugin_->endLive(); }
    bool isLive() const override { return plugin_->live_; }

private:
    viewers::ZoneView* view_;
    Viewer3dPlugin* plugin_;
};

Viewer3dPlugin::Viewer3dPlugin() = default;
Viewer3dPlugin::~Viewer3dPlugin() = default;

bool Viewer3dPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    view_ = new viewers::ZoneView;
    view_->setObjectName(QStringLiteral("zoneView"));
    if (!context.shell().setCentralWidget(view_))
        context.shell().addDock(QStringLiteral("viewer3d"), tr("3D View"), view_, Qt::RightDockWidgetArea);
    service_ = new ViewerServiceImpl(view_, this);
    context.addObject(service_);
    createActions();

    connect(view_, &viewers::ZoneView::hovered, this, [this](const QString& text) {
        context_->shell().showStatus(text);
    });
    auto& sel = context.selection();
    connect(&sel, &workbench::Selection::taskChanged, this, &Viewer3dPlugin::showTask);
    connect(&sel, &workbench::Selection::rolloutChanged, this, &Viewer3dPlugin::showRollout);
    connect(&sel, &workbench::Selection::stepChanged, this, &Viewer3dPlugin::showStep);
    // Another catalog: the selection (task, rollout, step) is shown again from the new data.
    connect(&context.data(), &workbench::DataService::opened, this, &Viewer3dPlugin::showSelection);
    view_->setAgent(kStartPose);
    return true;
}

void Viewer3dPlugin::shutdown() {
    if (context_ != nullptr && service_ != nullptr) context_->removeObject(service_);
}

void Viewer3dPlugin::createActions() {
    auto& shell = context_->shell();
    QMenu* menu = shell.menu(tr("&Viewer"));
    QToolBar* bar = shell.toolBar(QStringLiteral("viewer3d.toolbar"), tr("3D View"));

    auto* overlay = new QAction(tr("Intersection &Overlay"), this);
    overlay->setObjectName(QStringLiteral("viewer3d.overlay"));
    overlay->setCheckable(true);
    overlay->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    overlay->setToolTip(tr("Matched / missing / extra blocks at the best alignment"));
    connect(overlay, &QAction::toggled, view_, &viewers::ZoneView::setOverlay);
    connect(view_, &viewers::ZoneView::overlayChanged, overlay, &QAction::setChecked);
    auto* ghost = new QAction(tr("Target &Ghost"), this);
    ghost->setObjectName(QStringLiteral("viewer3d.ghost"));
    ghost->setCheckable(true);
    ghost->setChecked(true);
    ghost->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    connect(ghost, &QAction::toggled, view_, &viewers::ZoneView::setGhost);
    auto* belief = new QAction(tr("Agent &Belief"), this);
    belief->setObjectName(QStringLiteral("viewer3d.belief"));
    belief->setCheckable(true);
    belief->setChecked(true);
    belief->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    belief->setToolTip(tr("The blocks the agent predicts (its belief at this step): right outlined, wrong crossed, "
                          "not predicted as corners; prediction precision / recall / F1 at the bottom left"));
    connect(belief, &QAction::toggled, this, [this](bool on) {
        view_->setBeliefShown(on);
        emit service_->contentChanged();
    });
    menu->addAction(overlay);
    menu->addAction(ghost);
    menu->addAction(belief);
    bar->addAction(overlay);
    bar->addAction(ghost);
    bar->addAction(belief);
    menu->addSeparator();
    bar->addSeparator();

    int n = 1;
    for (auto v : {viewers::ViewPreset::Iso, viewers::ViewPreset::Top, viewers::ViewPreset::Front, viewers::ViewPreset::Side}) {
        const QString name = QString::fromLatin1(viewers::viewPresetName(v));
        auto* a = new QAction(tr("%1 View").arg(name.left(1).toUpper() + name.mid(1)), this);
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + n++)));
        connect(a, &QAction::triggered, view_, [this, v] { view_->applyView(v); });
        menu->addAction(a);
        bar->addAction(a);
    }
    menu->addSeparator();
    bar->addSeparator();
    createSliceActions(menu, bar);
    menu->addSeparator();
    auto* save = new QAction(tr("&Save View Image..."), this);
    save->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    connect(save, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(view_, tr("Save view image"), QStringLiteral("view.png"),
                                                          tr("PNG images (*.png)"));
        if (path.isEmpty()) return;
        QString error;
        if (!view_->saveImage(path, &error)) {
            context_->log().error(QStringLiteral("viewer3d"), error);
            QMessageBox::warning(view_, tr("Save view image"), error);
        } else {
            context_->shell().showStatus(tr("Saved %1").arg(QFileInfo(path).absoluteFilePath()), 8000);
        rememberExport(path);
        }
    });
    menu->addAction(save);
    bar->addAction(save);
    auto* image = new QAction(tr("Export View &Image (any size)..."), this);
    image->setObjectName(QStringLiteral("viewer3d.exportImage"));
    image->setToolTip(tr("The view as it is, drawn again at a size of your choice (e.g. 3840 x 2160), to PNG"));
    connect(image, &QAction::triggered, this, &Viewer3dPlugin::exportImage);
    menu->addAction(image);
    exportClip_ = new QAction(tr("Export Rollout &Video..."), this);
    exportClip_->setObjectName(QStringLiteral("viewer3d.exportClip"));
    exportClip_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    exportClip_->setToolTip(tr("The selected rollout as MP4 / GIF / WebM or a PNG sequence, from this view's camera or "
                               "the agent's eyes"));
    exportClip_->setEnabled(false);
    connect(exportClip_, &QAction::triggered, this, &Viewer3dPlugin::exportClip);
    menu->addAction(exportClip_);
}

void Viewer3dPlugin::createSliceActions(QMenu* menu, QToolBar* bar) {
    auto* controls = new viewer3d::SliceControls(view_);
    controls->setObjectName(QStringLiteral("viewer3d.slice"));
    bar->addWidget(controls);
    struct Item { const char* name; QString text; QKeySequence key; void (viewer3d::SliceControls::*slot)(); };
    const Item items[] = {
        {"viewer3d.lowerLayer", tr("Show One Layer &Less"), QKeySequence(Qt::ALT | Qt::Key_Down), &viewer3d::SliceControls::lowerLayer},
        {"viewer3d.raiseLayer", tr("Show One Layer &More"), QKeySequence(Qt::ALT | Qt::Key_Up), &viewer3d::SliceControls::raiseLayer},
        {"viewer3d.nextColour", tr("Isolate Next &Colour"), QKeySequence(Qt::ALT | Qt::Key_C), &viewer3d::SliceControls::nextColour},
        {"viewer3d.showAll", tr("Show &All Layers and Colours"), QKeySequence(Qt::ALT | Qt::Key_Home), &viewer3d::SliceControls::showAll}};
    for (const Item& item : items) {
        auto* a = new QAction(item.text, this);
        a->setObjectName(QLatin1String(item.name));
        a->setShortcut(item.key);
        connect(a, &QAction::triggered, controls, item.slot);
        menu->addAction(a);
    }
    connect(view_, &viewers::ZoneView::filterChanged, this, [this] { emit service_->contentChanged(); });
}

// Where exports go by default: the folder of the last export, else the open catalog's folder
// (writable), else the home folder; the one place both exports ask.
QString Viewer3dPlugin::exportFolder() const {
    const QString last = QSettings().value(QStringLiteral("viewer3d/exportFolder")).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
    const auto& data = context_->data();
    if (data.isOpen() && !data.inMemory()) {
        const QFileInfo catalog(data.path());
        if (QFileInfo(catalog.absolutePath()).isWritable()) return catalog.absolutePath();
    }
    return QDir::homePath();
}

void Viewer3dPlugin::rememberExport(const QString& path) {
    QSettings().setValue(QStringLiteral("viewer3d/exportFolder"), QFileInfo(path).absolutePath());
}

void Viewer3dPlugin::exportImage() {
    viewer3d::ExportDialog dialog(viewer3d::ExportDialog::Mode::Image, view_->size(),
                                  QDir(exportFolder()).filePath(QStringLiteral("view.png")), view_);
    if (dialog.exec() != QDialog::Accepted) return;
    const QString path = dialog.path();
    const QSize size = dialog.imageSize();
    try {
        viewers::OffscreenRenderer renderer(size.width(), size.height());
        viewers::ZoneScene copy;
        copy.copyStateFrom(view_->scene());
        copy.setTextScale(viewers::exportTextScale(size.height()));
        renderer.renderToPng(copy, path.toStdString());
        context_->log().info(QStringLiteral("viewer3d"), tr("Exported the view as %1 (%2 x %3)").arg(path).arg(size.width()).arg(size.height()));
        context_->shell().showStatus(tr("Saved %1").arg(path), 5000);
    } catch (const std::exception& e) {
        const QString error = tr("Cannot export the view to %1: %2").arg(path, QString::fromUtf8(e.what()));
        context_->log().error(QStringLiteral("viewer3d"), error);
        QMessageBox::warning(view_, tr("Export View Image"), error);
    }
}

void Viewer3dPlugin::exportClip() {
    const auto task = taskId_.isEmpty() ? std::nullopt : context_->data().task(taskId_);
    if (!task || rollout_ == nullptr) return;
    const QString name = QStringLiteral("%1-rollout-%2.mp4").arg(taskId_).arg(rollout_->id);
    viewer3d::ExportDialog dialog(viewer3d::ExportDialog::Mode::Clip, view_->size(), QDir(exportFolder()).filePath(name), view_);
    if (dialog.exec() != QDialog::Accepted) return;
    viewers::ClipOptions options = dialog.clipOptions();
    options.camera = view_->scene().cameraPose();
    options.overlay = view_->overlay();
    options.belief = view_->scene().beliefShown();
    const auto rollout = rollout_;  // kept alive while exporting
    QProgressDialog progress(tr("Exporting %1 frames of rollout %2...").arg(viewers::clipSteps(rollout->size(), options.every).size()).arg(rollout->id),
                             tr("Cancel"), 0, 100, view_);
    progress.setObjectName(QStringLiteral("exportProgress"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    const QString target = dialog.path();
    try {
        const auto result = viewers::renderRolloutClip(*task, *rollout, options, [&](std::size_t done, std::size_t total) {
            progress.setMaximum(static_cast<int>(total));
            progress.setValue(static_cast<int>(done));
            QCoreApplication::processEvents();
            return !progress.wasCanceled();
        });
        progress.reset();
        const QString text = result.cancelled
                                 ? tr("Export of %1 cancelled after %2 of %3 frames (nothing written: no video, no frames)")
                                       .arg(target).arg(result.frames).arg(result.total)
                                 : tr("Exported %1 frames of rollout %2 to %3").arg(result.frames).arg(rollout->id).arg(QFileInfo(target).absoluteFilePath());
        if (!result.cancelled) rememberExport(target);
        (result.cancelled ? context_->log().warning(QStringLiteral("viewer3d"), text) : context_->log().info(QStringLiteral("viewer3d"), text));
        context_->shell().showStatus(text, 8000);
    } catch (const std::exception& e) {
        progress.reset();
        const QString error = tr("Cannot export rollout %1 to %2: %3").arg(rollout->id).arg(target, QString::fromUtf8(e.what()));
        context_->log().error(QStringLiteral("viewer3d"), error);
        QMessageBox::warning(view_, tr("Export Rollout Video"), error);
    }
}

void Viewer3dPlugin::showLive(const core::Grid& target, const core::Grid& built, const core::Pose& agent,
                              const QString& caption, const core::Belief* belief) {
    live_ = true;
    if (!liveTarget_ || !(*liveTarget_ == target)) {
        liveTarget_ = target;
        view_->setTarget(target);
    }
    view_->setBuilt(built);
    view_->setAgent(agent);
    view_->setBelief(belief ? std::optional<core::Belief>(*belief) : std::nullopt);
    view_->setCaption(caption);
    emit service_->contentChanged();
}

void Viewer3dPlugin::endLive() {
    if (!live_) return;
    showSelection();
}

void Viewer3dPlugin::showSelection() {
    const auto& sel = context_->selection();
    showTask(sel.taskId());
    if (sel.rolloutId() != 0) showRollout(sel.rolloutId());
}

void Viewer3dPlugin::leaveLive() {
    if (!live_) return;
    live_ = false;
    liveTarget_.reset();
    const auto task = taskId_.isEmpty() ? std::nullopt : context_->data().task(taskId_);
    view_->setTarget(task ? std::optional<core::Grid>(task->target) : std::nullopt);
}

void Viewer3dPlugin::showTask(const QString& taskId) {
    live_ = false;
    liveTarget_.reset();
    taskId_ = taskId;
    rollout_.reset();
    cursor_.reset();
    exportClip_->setEnabled(false);
    view_->setBelief(std::nullopt);
    const auto task = taskId.isEmpty() ? std::nullopt : context_->data().task(taskId);
    if (!task) {
        start_.reset();
        view_->setTarget(std::nullopt);
        view_->setBuilt(core::Grid{});
        view_->setAgent(kStartPose);
        updateCaption();
        emit service_->contentChanged();
        return;
    }
    start_ = task->starting;
    view_->setTarget(task->target);
    view_->setBuilt(task->starting);
    view_->setAgent(kStartPose);
    updateCaption();
    emit service_->contentChanged();
}

void Viewer3dPlugin::showRollout(qint64 rolloutId) {
    leaveLive();
    cursor_.reset();
    rollout_ = rolloutId == 0 ? nullptr : context_->data().rollout(rolloutId);
    if (rollout_ == nullptr) {
        if (rolloutId != 0)
            context_->log().error(QStringLiteral("viewer3d"), tr("rollout %1 is not in %2").arg(rolloutId).arg(context_->data().path()));
        showTask(taskId_);
        return;
    }
    cursor_ = std::make_unique<core::RolloutCursor>(*rollout_);
    exportClip_->setEnabled(true);
    showStep(context_->selection().step());
}

void Viewer3dPlugin::showStep(int step) {
    if (!cursor_) return;
    leaveLive();
    cursor_->seek(static_cast<std::size_t>(std::max(0, step)));
    view_->setBuilt(cursor_->grid());
    view_->setAgent(cursor_->pose());
    // The belief in force at this frame: the last one published at a step <= it.
    const core::Belief* belief = rollout_->beliefAt(cursor_->position());
    view_->setBelief(belief ? std::optional<core::Belief>(*belief) : std::nullopt);
    updateCaption();
    emit service_->contentChanged();
}

void Viewer3dPlugin::updateCaption() {
    QString caption = taskId_;
    if (cursor_ && rollout_)
        caption += tr("  |  %1 rollout %2  |  step %3 / %4")
                       .arg(QString::fromLatin1(core::rolloutKindName(rollout_->kind)))
                       .arg(rollout_->id)
                       .arg(cursor_->position())
                       .arg(rollout_->size());
    view_->setCaption(caption);
}

}  // namespace iglu::plugins

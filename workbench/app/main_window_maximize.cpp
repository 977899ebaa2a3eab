// MainWindow's maximized view (view_maximize.hpp): the double-clicks that ask for it, Esc, and the
// exact layout put back afterwards.
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QTabBar>

#include "workbench/app/main_window.hpp"
#include "workbench/app/view_maximize.hpp"

namespace iglu::workbench {

namespace {
const QString kCentral = QString::fromLatin1(kCentralView.data(), static_cast<qsizetype>(kCentralView.size()));
}  // namespace

bool MainWindow::maximizeView(const QString& id) {
    if (!maximized_.isEmpty()) restoreMaximized();
    const auto docks = findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
    std::vector<DockShown> shown;
    for (QDockWidget* d : docks) shown.push_back({d->objectName().toStdString(), !d->isHidden(), d->isFloating()});
    if (id == kCentral && (centralWidget() == nullptr || centralWidget()->isHidden())) return false;
    const MaximizePlan plan = planMaximize(shown, id.toStdString());
    if (!plan.valid) return false;
    beforeMaximize_ = saveState(1);
    const bool animated = isAnimated();
    setAnimated(false);
    for (const std::string& hide : plan.hide)
        if (auto* d = findChild<QDockWidget*>(QString::fromStdString(hide), Qt::FindDirectChildrenOnly)) d->hide();
    if (plan.hideCentral && centralWidget() != nullptr) centralWidget()->hide();
    setAnimated(animated);
    maximized_ = id;
    showStatus(tr("View maximized: double-click again or press Esc to restore the layout"), 5000);
    return true;
}

void MainWindow::restoreMaximized() {
    if (maximized_.isEmpty()) return;
    const bool animated = isAnimated();
    setAnimated(false);
    if (centralWidget() != nullptr) centralWidget()->show();
    restoreState(beforeMaximize_, 1);
    setAnimated(animated);
    maximized_.clear();
    beforeMaximize_.clear();
}

bool MainWindow::toggleMaximized(const QString& id) {
    if (!maximized_.isEmpty()) {
        restoreMaximized();
        return true;
    }
    return maximizeView(id);
}

QString MainWindow::maximizeTarget(QObject* watched, const QPointF& pos) const {
    auto* widget = qobject_cast<QWidget*>(watched);
    if (widget == nullptr || widget->window() != this) return {};
    // A dock's own title bar (the dock draws it above its widget): the dock.
    if (auto* dock = qobject_cast<QDockWidget*>(widget); dock != nullptr && dock->parent() == this) {
        const bool onTitle = dock->widget() == nullptr || !dock->widget()->geometry().contains(pos.toPoint());
        return onTitle && !dock->isFloating() ? dock->objectName() : QString();
    }
    // A tab of docks tabbed together: the dock of that tab.
    if (auto* tabs = qobject_cast<QTabBar*>(widget); tabs != nullptr && tabs->parent() == this) {
        const int index = tabs->tabAt(pos.toPoint());
        if (index < 0) return {};
        for (QDockWidget* d : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
            if (tabs->tabData(index).value<quintptr>() == reinterpret_cast<quintptr>(d) || tabs->tabText(index) == d->windowTitle())
                return d->objectName();
        return {};
    }
    // A 3D view (double-click is not used there: picking is on hover): the dock or central view it is in.
    if (!widget->inherits("iglu::viewers::VtkGlWidget")) return {};
    for (QWidget* w = widget; w != nullptr && w != this; w = w->parentWidget()) {
        if (w == centralWidget()) return kCentral;
        if (auto* dock = qobject_cast<QDockWidget*>(w); dock != nullptr && dock->parent() == this && !dock->isFloating())
            return dock->objectName();
    }
    return {};
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonDblClick) {
        const auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() != Qt::LeftButton) return false;
        const QString target = maximizeTarget(watched, e->position());
        if (target.isEmpty()) return false;
        toggleMaximized(target);
        return true;
    }
    if (event->type() == QEvent::KeyPress && !maximized_.isEmpty()) {
        const auto* e = static_cast<QKeyEvent*>(event);
        auto* widget = qobject_cast<QWidget*>(watched);
        if (e->key() != Qt::Key_Escape || e->modifiers() != Qt::NoModifier || widget == nullptr || widget->window() != this) return false;
        restoreMaximized();
        return true;
    }
    return false;
}

}  // namespace iglu::workbench

// Maximizing a view (workbench/app/view_maximize.hpp, MainWindow::maximizeView): the rule of what
// is hidden, then in the workbench a double-click on the 3D view and on a dock's title bar (or tab)
// gives that view more than 85 % of the window, the other docks hidden; Esc or a second
// double-click brings back exactly the docks' previous geometry, for two views in sequence.
#include <QDockWidget>
#include <QMap>
#include <QTabBar>
#include <QTemporaryDir>
#include <QtTest>

#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/vtk_gl_widget.hpp"
#include "viewers/qt/zone_view.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/view_maximize.hpp"
#include "workbench/app/workbench.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {
using Layout = QMap<QString, QRect>;  // dock id (or "central") -> geometry, shown ones only

QString describe(const Layout& l) {
    QStringList out;
    for (auto it = l.begin(); it != l.end(); ++it)
        out << QStringLiteral("%1 %2,%3 %4x%5").arg(it.key()).arg(it->x()).arg(it->y()).arg(it->width()).arg(it->height());
    return out.join(QStringLiteral("; "));
}
}  // namespace

class TestViewMaximize : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<Workbench> wb_;

    Layout layout() {
        Layout l;
        MainWindow& win = wb_->window();
        if (win.centralWidget()->isVisible()) l[QStringLiteral("central")] = win.centralWidget()->geometry();
        for (QDockWidget* d : win.findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
            if (d->isVisible()) l[d->objectName()] = d->geometry();
        return l;
    }
    double share(const QWidget* w) {
        const QWidget& win = wb_->window();
        return double(w->width()) * w->height() / (double(win.width()) * win.height());
    }
    /// Double-clicks the dock's title bar, or its tab when it is tabbed with others.
    void doubleClickTitle(QDockWidget* dock) {
        MainWindow& win = wb_->window();
        for (QTabBar* tabs : win.findChildren<QTabBar*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (!tabs->isVisible()) continue;
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i) == dock->windowTitle()) {
                    QTest::mouseDClick(tabs, Qt::LeftButton, {}, tabs->tabRect(i).center());
                    return;
                }
        }
        QTest::mouseDClick(dock, Qt::LeftButton, {}, QPoint(dock->width() / 2, dock->widget()->geometry().top() / 2));
    }

private slots:
    void whatIsHidden() {
        const std::vector<DockShown> docks{{"tasklist", true, false}, {"playback", true, false}, {"dataset", true, false},
                                           {"messages", false, false}, {"script", true, true}};
        const MaximizePlan central = planMaximize(docks, kCentralView);
        QVERIFY(central.valid);
        QVERIFY(!central.hideCentral);
        QCOMPARE(central.hide, (std::vector<std::string>{"tasklist", "playback", "dataset", "script"}));
        const MaximizePlan playback = planMaximize(docks, "playback");
        QVERIFY(playback.valid);
        QVERIFY(playback.hideCentral);
        QCOMPARE(playback.hide, (std::vector<std::string>{"tasklist", "dataset", "script"}));
        QVERIFY(!planMaximize(docks, "messages").valid);  // hidden: nothing to show
        QVERIFY(!planMaximize(docks, "script").valid);    // floating: a window of its own already
        QVERIFY(!planMaximize(docks, "nope").valid);
    }

    void initTestCase() {
        wb_ = test::loadWorkbench();
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("m.db")), &error), qPrintable(error));
        QVERIFY(!wb_->selectStartTask().isEmpty());
        QVERIFY(test::showWorkbench(*wb_, QSize(1280, 800), true));
        QVERIFY(wb_->window().applyWorkspace(QStringLiteral("inspect")));
    }
    void cleanupTestCase() { wb_.reset(); }

    void doubleClickMaximizesAndRestores() {
        MainWindow& win = wb_->window();
        auto* view = win.findChild<viewers::ZoneView*>(QStringLiteral("zoneView"));
        QVERIFY(view != nullptr);
        QTRY_VERIFY(view->isVisible());
        QTest::qWait(0);
        const Layout before = layout();
        QVERIFY2(before.size() >= 3, qPrintable(describe(before)));

        // 1. The 3D view: a double-click on it, Esc restores.
        QTest::mouseDClick(view->glWidget(), Qt::LeftButton, {}, view->glWidget()->rect().center());
        QCOMPARE(win.maximizedView(), QStringLiteral("central"));
        QTRY_VERIFY2(share(view) > 0.85, qPrintable(QStringLiteral("3D view share %1: %2").arg(share(view)).arg(describe(layout()))));
        QCOMPARE(layout().keys(), QStringList{QStringLiteral("central")});
        QTest::keyClick(view->glWidget(), Qt::Key_Escape);
        QCOMPARE(win.maximizedView(), QString());
        QTRY_COMPARE(layout(), before);

        // 2. The Playback dock: a double-click on its title bar (or tab), again restores.
        auto* playback = win.findChild<QDockWidget*>(QStringLiteral("playback"));
        QVERIFY(playback != nullptr && playback->isVisible());
        doubleClickTitle(playback);
        QCOMPARE(win.maximizedView(), QStringLiteral("playback"));
        QVERIFY(!playback->isFloating());
        QTRY_VERIFY2(share(playback) > 0.85, qPrintable(QStringLiteral("playback share %1: %2").arg(share(playback)).arg(describe(layout()))));
        QCOMPARE(layout().keys(), QStringList{QStringLiteral("playback")});
        doubleClickTitle(playback);
        QCOMPARE(win.maximizedView(), QString());
        QTRY_COMPARE(layout(), before);
        QVERIFY(!playback->isFloating());

        // A double-click inside a dock that is not a 3D view (a list, a table) maximizes nothing.
        auto* tasks = win.findChild<QDockWidget*>(QStringLiteral("tasklist"));
        QVERIFY(tasks != nullptr);
        QTest::mouseDClick(tasks->widget(), Qt::LeftButton, {}, tasks->widget()->rect().center());
        QCOMPARE(win.maximizedView(), QString());
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestViewMaximize)
#include "test_view_maximize.moc"

// Workspaces (workbench/app/workspaces.hpp): at 1280 x 800 and 1600 x 1000, each workspace shows
// exactly its docks, its main panel in front, every shown panel at least as large as it needs (no
// clipped panel), and leaves the main view (the 3D view, or the Compare dock's linked views) its
// share of the window; a sequence of switches and the shortcut land where a single switch does;
// the last workspace is remembered.
#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QTemporaryDir>
#include <QScrollArea>
#include <QScrollBar>
#include <QAbstractItemView>
#include <QtTest>

#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workspaces.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {
bool inFront(QDockWidget* dock) { return dock != nullptr && dock->isVisible() && !dock->visibleRegion().isEmpty(); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }
}  // namespace

class TestWorkspaces : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<Workbench> wb_;

    QDockWidget* dock(const QString& id) { return wb_->window().findChild<QDockWidget*>(id); }

    void checkWorkspace(const Workspace& w) {
        MainWindow& win = wb_->window();
        QVERIFY(win.applyWorkspace(qs(w.id)));
        QCOMPARE(win.currentWorkspace(), qs(w.id));
        QTRY_VERIFY2(inFront(dock(qs(w.front.front()))), qPrintable(qs(w.id) + QStringLiteral(": ") + qs(w.front.front()) + QStringLiteral(" not in front")));
        for (QDockWidget* d : win.findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            bool listed = false;
            for (auto id : w.docks) listed = listed || d->objectName() == qs(id);
            QVERIFY2(d->isVisible() == listed, qPrintable(QStringLiteral("%1 in %2").arg(d->objectName(), qs(w.id))));
            if (!inFront(d) || d->widget() == nullptr) continue;
            const QSize need = d->widget()->minimumSizeHint();
            QVERIFY2(d->widget()->width() >= std::min(need.width(), win.width() / 3) && d->widget()->height() >= std::min(need.height(), win.height() / 3),
                     qPrintable(QStringLiteral("%1 clipped in %2: %3 x %4, needs %5 x %6").arg(d->objectName(), qs(w.id)).arg(d->widget()->width())
                                    .arg(d->widget()->height()).arg(need.width()).arg(need.height())));
            // A panel in a scroll area fits its width: no part of it only reachable sideways.
            for (QScrollArea* area : d->widget()->findChildren<QScrollArea*>()) {
                if (!area->isVisible() || area->widget() == nullptr || qobject_cast<QAbstractItemView*>(area)) continue;
                QTRY_VERIFY2(!area->horizontalScrollBar()->isVisible(),
                             qPrintable(QStringLiteral("%1 in %2 scrolls sideways: %3 wide, its panel needs %4").arg(d->objectName(), qs(w.id))
                                            .arg(area->viewport()->width()).arg(area->widget()->minimumSizeHint().width())));
            }
        }
        QWidget* view = win.centralWidget();
        if (w.id == "compare") {
            // The compared views are the main view here: the Compare dock gets the bottom half.
            QTRY_VERIFY2(dock(QStringLiteral("compare"))->height() >= win.height() * 40 / 100,
                         qPrintable(QStringLiteral("compare %1 of %2").arg(dock(QStringLiteral("compare"))->height()).arg(win.height())));
        } else {
            const int share = w.bottomShare > 0.4 ? 35 : 50;
            QTRY_VERIFY2(view->width() >= win.width() * 45 / 100 && view->height() >= win.height() * share / 100,
                         qPrintable(QStringLiteral("%1: 3D view %2 x %3 of %4 x %5").arg(qs(w.id)).arg(view->width()).arg(view->height())
                                        .arg(win.width()).arg(win.height())));
        }
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        QString error;
        QVERIFY2(test::openExampleCatalog(*wb_, dir_.filePath(QStringLiteral("w.db")), &error), qPrintable(error));
        QVERIFY(!wb_->selectStartTask().isEmpty());
    }
    void cleanupTestCase() { wb_.reset(); }

    void eachWorkspaceServesItsWork_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }
    void eachWorkspaceServesItsWork() {
        QFETCH(QSize, size);
        QVERIFY(test::showWorkbench(*wb_, size));
        for (const Workspace& w : workspaces()) {
            checkWorkspace(w);
            if (QTest::currentTestFailed()) return;
        }
        // Back and forth: the same arrangement as a single switch.
        for (const char* id : {"compare", "inspect", "experiments", "label", "inspect"}) QVERIFY(wb_->window().applyWorkspace(QLatin1String(id)));
        checkWorkspace(*findWorkspace("inspect"));
    }

    void shortcutsToolbarAndMemory() {
        MainWindow& win = wb_->window();
        int n = 0;
        for (const Workspace& w : workspaces()) {
            auto* a = win.findChild<QAction*>(QStringLiteral("workspace.") + qs(w.id));
            QVERIFY(a != nullptr);
            QCOMPARE(a->shortcut(), QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + n++)));
            a->trigger();
            QCOMPARE(win.currentWorkspace(), qs(w.id));
            QVERIFY(a->isChecked());
            QCOMPARE(QSettings().value(QStringLiteral("layout/workspace")).toString(), qs(w.id));
        }
        QVERIFY(!win.applyWorkspace(QStringLiteral("nope")));
        QCOMPARE(win.currentWorkspace(), qs(workspaces().back().id));
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestWorkspaces)
#include "test_workspaces.moc"

// Keyboard shortcuts of the fully loaded workbench (every bundled plugin, a task selected): every
// QAction and QShortcut with a key sequence is collected from all widgets, and no key sequence may
// belong to two of them in overlapping contexts (Qt then reports an "ambiguous shortcut" and runs
// neither). Contexts overlap when both reach the same focus widget: a window (or application)
// shortcut overlaps everything in its window; a widget-with-children shortcut overlaps those of
// its widget, its children and its ancestors; a widget shortcut those of its widget. The checker is
// first shown to find a planted conflict and to let sibling panels reuse a key.
#include <QAction>
#include <QApplication>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QToolBar>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

#include "support/bundled_plugins.hpp"
#include "support/gui_main.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {

/// One key binding: where it is reachable from and what it does.
struct Binding {
    QString what;                 ///< "action \"Reset the Episode\" (menu P&lay)"
    Qt::ShortcutContext context;
    std::vector<QWidget*> scope;  ///< the widgets whose focus (or, with children, descendants' focus) triggers it
};

bool isMenuLike(QWidget* w) {
    return qobject_cast<QMenu*>(w) != nullptr || qobject_cast<QMenuBar*>(w) != nullptr || qobject_cast<QToolBar*>(w) != nullptr;
}

/// The window a widget's window shortcuts work in. A menu is a popup window of its own: it is
/// followed to where it is shown (menu bar, parent menu, tool button) or to its parent widget.
QWidget* shortcutWindow(QWidget* w, int depth = 0) {
    if (auto* menu = qobject_cast<QMenu*>(w); menu != nullptr && depth < 16) {
        for (QObject* o : menu->menuAction()->associatedObjects())
            if (auto* shownIn = qobject_cast<QWidget*>(o)) return shortcutWindow(shownIn, depth + 1);
        if (menu->parentWidget() != nullptr) return shortcutWindow(menu->parentWidget(), depth + 1);
    }
    return w->window();
}

QString describe(QAction* a) {
    QStringList where;
    for (QObject* o : a->associatedObjects())
        if (auto* m = qobject_cast<QMenu*>(o)) where << QStringLiteral("menu ") + m->title();
        else if (auto* w = qobject_cast<QWidget*>(o)) where << QString::fromLatin1(w->metaObject()->className()) + QLatin1Char(' ') + w->objectName();
    return QStringLiteral("action \"%1\" (%2)").arg(a->text(), where.join(QStringLiteral(", ")));
}

/// Every key sequence bound in the windows shown: QActions of all widgets, and QShortcuts.
std::map<QString, std::vector<Binding>> collectBindings() {
    std::map<QString, std::vector<Binding>> out;
    std::set<QAction*> actions;
    for (QWidget* w : QApplication::allWidgets()) {
        for (QAction* a : w->actions()) actions.insert(a);
        for (QAction* a : w->findChildren<QAction*>()) actions.insert(a);
    }
    for (QAction* a : actions) {
        if (a->shortcuts().isEmpty()) continue;
        Binding b{describe(a), a->shortcutContext(), {}};
        for (QObject* o : a->associatedObjects()) {
            auto* w = qobject_cast<QWidget*>(o);
            if (w == nullptr) continue;
            if (b.context == Qt::WindowShortcut || b.context == Qt::ApplicationShortcut) b.scope.push_back(shortcutWindow(w));
            else if (!isMenuLike(w)) b.scope.push_back(w);  // a widget context is not reached through a menu
        }
        for (const QKeySequence& k : a->shortcuts())
            if (!b.scope.empty()) out[k.toString(QKeySequence::PortableText)].push_back(b);
    }
    for (QWidget* w : QApplication::allWidgets())
        for (QShortcut* s : w->findChildren<QShortcut*>(QString(), Qt::FindDirectChildrenOnly)) {
            auto* parent = qobject_cast<QWidget*>(s->parent());
            if (parent == nullptr || s->keys().isEmpty()) continue;
            Binding b{QStringLiteral("shortcut on %1 %2").arg(QString::fromLatin1(parent->metaObject()->className()), parent->objectName()),
                      s->context(), {}};
            b.scope.push_back(s->context() == Qt::WindowShortcut || s->context() == Qt::ApplicationShortcut ? shortcutWindow(parent) : parent);
            for (const QKeySequence& k : s->keys()) out[k.toString(QKeySequence::PortableText)].push_back(b);
        }
    return out;
}

bool reachesChildren(const Binding& b) { return b.context != Qt::WidgetShortcut; }

bool overlap(const Binding& a, const Binding& b) {
    for (QWidget* wa : a.scope)
        for (QWidget* wb : b.scope) {
            if (wa == wb) return true;
            if (reachesChildren(a) && wa->isAncestorOf(wb)) return true;
            if (reachesChildren(b) && wb->isAncestorOf(wa)) return true;
        }
    return false;
}

/// "Ctrl+Shift+R: action "Run Experiment…" (menu &Experiments) / action "Reset the Episode" (menu P&lay)", one per conflict.
QStringList conflicts() {
    QStringList out;
    for (const auto& [key, bindings] : collectBindings())
        for (std::size_t i = 0; i < bindings.size(); ++i)
            for (std::size_t j = i + 1; j < bindings.size(); ++j)
                if (overlap(bindings[i], bindings[j]))
                    out << QStringLiteral("%1: %2 / %3").arg(key, bindings[i].what, bindings[j].what);
    return out;
}

}  // namespace

class TestShortcuts : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        QString error;
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        QVERIFY2(wb_->selectTask(QStringLiteral("CQ-game-1029"), &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_));
    }
    void cleanupTestCase() { wb_.reset(); }

    void checkerFindsAPlantedConflict() {
        QMainWindow w;
        auto* left = new QPlainTextEdit(&w);
        auto* right = new QPlainTextEdit(&w);
        w.setCentralWidget(left);
        auto* a = w.menuBar()->addMenu(QStringLiteral("A"))->addAction(QStringLiteral("planted one"));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F12));
        // Sibling widgets may reuse a key with widget-with-children context...
        for (QWidget* p : {static_cast<QWidget*>(left), static_cast<QWidget*>(right)}) {
            auto* k = new QAction(QStringLiteral("panel key"), p);
            k->setShortcut(QKeySequence(Qt::Key_F11));
            k->setShortcutContext(Qt::WidgetWithChildrenShortcut);
            p->addAction(k);
        }
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        int fired = 0;
        QObject::connect(a, &QAction::triggered, [&fired] { ++fired; });
        QTest::keyClick(&w, Qt::Key_F12, Qt::ControlModifier | Qt::AltModifier);
        QCOMPARE(fired, 1);  // one action: the key works
        const auto isPlanted = [](const QString& c) { return c.contains(QStringLiteral("planted")) || c.contains(QStringLiteral("panel key")); };
        const QStringList none = conflicts();
        QVERIFY2(std::none_of(none.begin(), none.end(), isPlanted), qPrintable(none.join(QLatin1Char('\n'))));
        // ...but a second window-wide action with the same key is a conflict, and so is a window
        // action over a panel key.
        auto* b = w.menuBar()->addMenu(QStringLiteral("B"))->addAction(QStringLiteral("planted two"));
        b->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F12));
        // What the checker stands for: Qt finds the key ambiguous and runs neither action.
        QObject::connect(b, &QAction::triggered, [&fired] { ++fired; });
        QTest::keyClick(&w, Qt::Key_F12, Qt::ControlModifier | Qt::AltModifier);
        QCOMPARE(fired, 1);
        auto* c = w.menuBar()->addMenu(QStringLiteral("C"))->addAction(QStringLiteral("planted over panels"));
        c->setShortcut(QKeySequence(Qt::Key_F11));
        QStringList found;
        for (const QString& s : conflicts())
            if (isPlanted(s)) found << s;
        QCOMPARE(found.size(), 3);  // one + two; over-panels with each panel key
        QVERIFY(found.join('\n').contains(QStringLiteral("Ctrl+Alt+F12: action \"planted")));
    }

    void everyPluginIsLoaded() {
        QVERIFY(test::kBundledPlugins.size() >= 11);  // the registry saw every plugins/ folder
        for (const char* name : test::kBundledPlugins) {
            const PluginSpec* s = wb_->plugins().plugin(QString::fromLatin1(name));
            QVERIFY2(s != nullptr, name);
            QVERIFY2(s->state == PluginState::Loaded, qPrintable(QString::fromLatin1(name) + QStringLiteral(": ") + s->error));
        }
    }

    void noKeySequenceIsAmbiguous() {
        const auto bindings = collectBindings();
        QVERIFY(bindings.size() >= 20);  // the menus' keys were found
        QVERIFY(bindings.count(QStringLiteral("Ctrl+Shift+E")) == 1);  // Experiments > Show Experiments
        const QStringList found = conflicts();
        QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("ambiguous shortcuts:\n") + found.join(QLatin1Char('\n'))));
    }
};

IGLU_GUI_TEST_MAIN(TestShortcuts)
#include "test_shortcuts.moc"

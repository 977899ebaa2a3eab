// The Script plugin inside the workbench (Xvfb): the bundled oracle, opened from the Examples
// menu, runs live (flying, max speed) on a bundled task until the target is built (status F1 1,
// the 3D view follows in live mode) and is kept as a playback rollout; pause stops stepping and
// Step advances exactly one action; a failing script prints a red file:line link in the console
// that moves the editor to that line; print output reaches the console. Unsaved edits are never
// lost without asking: closing the main window and every way of replacing the editor's text (New,
// Open, each example) ask Save / Discard / Cancel (answered through modal_answers.hpp), Cancel
// keeps the window open and the text. The New Script template and every example run without an
// error in every action space through the Run button.
#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QSpinBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QToolButton>
#include <QtTest>

#include "core/metrics/metrics.hpp"
#include "support/gui_main.hpp"
#include "support/modal_answers.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/viewer_service.hpp"
#include "workbench/app/main_window.hpp"
#include "plugin_manager.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;
using iglu::testing::ModalAnswers;

namespace {
const QString kTask = QStringLiteral("CQ-game-1029");  // 6 starting blocks, 13 target blocks
const QColor kRed(0xc6, 0x28, 0x28);                     // ScriptConsole::errorColour()

int stepOf(const QString& status) {
    static const QRegularExpression re(QStringLiteral(R"(^step (\d+) /)"));
    const auto m = re.match(status);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}
}  // namespace

class TestScriptWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;

    template <class T>
    T* child(const char* name) {
        return wb_->window().findChild<T*>(QString::fromLatin1(name));
    }
    QPlainTextEdit* editor() { return child<QPlainTextEdit>("scriptEditor"); }
    QPlainTextEdit* console() { return child<QPlainTextEdit>("scriptConsole"); }
    QString status() { return child<QLabel>("scriptStatus")->text(); }
    QToolButton* button(const char* name) { return child<QToolButton>(name); }
    ViewerService* viewer() { return wb_->context().service<ViewerService>(); }

    QAction* scriptAction(const char* name) { return wb_->window().findChild<QAction*>(QString::fromLatin1(name)); }
    QString readFile(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
    /// Closes the main window (as File > Quit does); shows it again when it closed.
    bool closeWindow() {
        const bool closed = wb_->window().close();
        if (closed) {
            wb_->window().show();
            if (!QTest::qWaitForWindowExposed(&wb_->window())) qWarning("the window did not come back");
        }
        return closed;
    }
    /// Runs the editor's text through the Run button until the episode ends; its end name.
    QString runToTheEnd() {
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        static const QRegularExpression ended(QStringLiteral("(agent finished|max steps|done|error|stopped)$"));
        if (!QTest::qWaitFor([&] { return ended.match(status()).hasMatch(); }, 60000)) return QStringLiteral("timeout");
        return ended.match(status()).captured(1);
    }

    /// Replaces the editor's text as if typed (select all, then insert).
    void setScript(const QString& text) {
        editor()->selectAll();
        editor()->insertPlainText(text);
    }

private slots:
    void initTestCase() {
        QApplication::setQuitOnLastWindowClosed(false);  // the tests close and re-show the window
        wb_ = test::loadWorkbench();
        QString error;
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        QVERIFY2(wb_->selectTask(kTask, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 900}));
        child<QDockWidget>("script")->raise();  // docks share the right area as tabs
    }
    void cleanupTestCase() { wb_.reset(); }

    void pluginLoadsWithDockAndMenu() {
        const PluginSpec* s = wb_->plugins().plugin(QStringLiteral("script"));
        QVERIFY(s != nullptr);
        QVERIFY2(s->state == PluginState::Loaded, qPrintable(s->error));
        auto* dock = child<QDockWidget>("script");
        QVERIFY(dock != nullptr);
        QVERIFY(dock->windowTitle().startsWith(QStringLiteral("Script: untitled.lua")));
        QStringList texts;
        for (QAction* a : wb_->window().menuBar()->actions())
            if (a->text() == QStringLiteral("&Script"))
                for (QAction* b : a->menu()->actions()) texts << b->text();
        for (const char* want : {"&Open Script...", "&Save Script", "Save Script &As...", "&Examples", "Run Agent", "Step"})
            QVERIFY2(texts.contains(QString::fromLatin1(want)), want);
        QVERIFY(button("scriptRun")->isEnabled());  // a task is selected
        QVERIFY(status().contains(kTask));
    }

    void oracleExampleBuildsTheTargetLive() {
        auto* examples = child<QMenu>("scriptExamples");
        QVERIFY(examples != nullptr);
        QAction* oracle = nullptr;
        QStringList names;
        for (QAction* a : examples->actions()) {
            names << a->text();
            if (a->text() == QStringLiteral("oracle.lua")) oracle = a;
        }
        QCOMPARE(names, (QStringList{"language_builder.lua", "noop.lua", "oracle.lua", "random.lua"}));
        oracle->trigger();
        QVERIFY(editor()->toPlainText().contains(QStringLiteral("build.new")));
        QCOMPARE(child<QDockWidget>("script")->windowTitle(), QStringLiteral("Script: oracle.lua"));

        auto* space = child<QComboBox>("scriptActionSpace");
        space->setCurrentIndex(space->findText(QStringLiteral("flying")));
        child<QCheckBox>("scriptMaxSpeed")->setChecked(true);
        const int framesBefore = viewer()->framesRendered();
        QSignalSpy content(viewer(), &ViewerService::contentChanged);
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status().contains(QStringLiteral("agent finished")), 60000);
        QVERIFY2(status().contains(QStringLiteral("F1 1.000")), qPrintable(status()));
        QVERIFY2(status().contains(QStringLiteral("done yes")), qPrintable(status()));
        QVERIFY(stepOf(status()) > 13);
        QVERIFY(console()->toPlainText().contains(QStringLiteral("(target built exactly)")));
        // The 3D view followed the episode live and drew it.
        QVERIFY(viewer()->isLive());
        QVERIFY(content.count() >= 2);
        QTRY_VERIFY(viewer()->framesRendered() > framesBefore);
        QVERIFY2(viewer()->legendText().contains(QStringLiteral("F1 1.00")), qPrintable(viewer()->legendText()));

        // Kept as a rollout: selected for playback, its final grid is the target.
        QVERIFY(button("scriptKeep")->isEnabled());
        QTest::mouseClick(button("scriptKeep"), Qt::LeftButton);
        const qint64 id = wb_->context().selection().rolloutId();
        QVERIFY(id < 0);
        const auto rollout = wb_->context().data().rollout(id);
        QVERIFY(rollout != nullptr);
        QCOMPARE(static_cast<int>(rollout->size()), stepOf(status()));
        const auto task = wb_->context().data().task(kTask);
        QCOMPARE(core::score(task->target, rollout->finalGrid()).f1, 1.0);
        QVERIFY(!viewer()->isLive());  // the selection (the rollout) is shown again
    }

    // The language builder publishes its belief before it builds: the live view shows the belief
    // layer while it runs (its legend names the step it was published at), as Playback does later.
    void liveRunShowsTheBeliefAsPublished() {
        auto* examples = child<QMenu>("scriptExamples");
        for (QAction* a : examples->actions())
            if (a->text() == QStringLiteral("language_builder.lua")) a->trigger();
        QVERIFY(editor()->toPlainText().contains(QStringLiteral("publish_belief")));
        child<QCheckBox>("scriptMaxSpeed")->setChecked(false);
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(stepOf(status()) >= 1, 20000);
        QTRY_VERIFY2_WITH_TIMEOUT(viewer()->legendText().contains(QStringLiteral("belief (step ")), qPrintable(viewer()->legendText()), 20000);
        QVERIFY(viewer()->isLive());
        QTest::mouseClick(button("scriptStop"), Qt::LeftButton);
        QVERIFY(status().endsWith(QStringLiteral("stopped")));
        for (QAction* a : examples->actions())  // the next tests edit oracle.lua
            if (a->text() == QStringLiteral("oracle.lua")) a->trigger();
        QCOMPARE(child<QDockWidget>("script")->windowTitle(), QStringLiteral("Script: oracle.lua"));
    }

    void pauseAndStepAreExact() {
        setScript(QStringLiteral("local n = 0\nreturn { act = function(obs)\n  n = n + 1\n  print('act', n)\n  return 0\nend }\n"));
        QVERIFY(child<QDockWidget>("script")->windowTitle().endsWith(QLatin1Char('*')));
        child<QComboBox>("scriptActionSpace")->setCurrentIndex(child<QComboBox>("scriptActionSpace")->findText("walking"));
        child<QCheckBox>("scriptMaxSpeed")->setChecked(false);  // the slider's default: 10 steps/s
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QTRY_VERIFY(stepOf(status()) >= 2);
        QTest::mouseClick(button("scriptPause"), Qt::LeftButton);
        QVERIFY(status().endsWith(QStringLiteral("paused")));
        QCOMPARE(button("scriptPause")->text(), QStringLiteral("Resume"));
        const int n = stepOf(status());
        QTest::qWait(300);  // paused: nothing advances
        QCOMPARE(stepOf(status()), n);
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), n + 1);
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), n + 2);
        QVERIFY(console()->toPlainText().contains(QStringLiteral("act\t%1").arg(n + 2)));
        QVERIFY(!console()->toPlainText().contains(QStringLiteral("act\t%1").arg(n + 3)));
        QTest::mouseClick(button("scriptPause"), Qt::LeftButton);  // resume
        QTRY_VERIFY(stepOf(status()) > n + 2);
        QTest::mouseClick(button("scriptStop"), Qt::LeftButton);
        QVERIFY(status().endsWith(QStringLiteral("stopped")));
        QVERIFY(!button("scriptStop")->isEnabled());
    }

    void errorLinkMovesTheEditorToTheLine() {
        setScript(QStringLiteral("local n = 0\nreturn { act = function(obs)\n  n = n + 1\n  if n == 3 then error('broke on purpose') end\n"
                                 "  return 0\nend }\n"));
        editor()->moveCursor(QTextCursor::Start);
        child<QCheckBox>("scriptMaxSpeed")->setChecked(true);
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QTRY_VERIFY(status().endsWith(QStringLiteral("error")));
        QCOMPARE(stepOf(status()), 2);
        // The red link "…/oracle.lua:4" (the open file's name is the chunk name).
        QTextCursor linkAt;
        for (QTextBlock b = console()->document()->begin(); b.isValid() && linkAt.isNull(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it) {
                const QTextFragment f = it.fragment();
                if (f.charFormat().isAnchor() && f.text().endsWith(QStringLiteral("oracle.lua:4")) && b.text().contains("broke on purpose")) {
                    QCOMPARE(f.charFormat().foreground().color(), kRed);
                    linkAt = QTextCursor(console()->document());
                    linkAt.setPosition(f.position() + 2);
                    break;
                }
            }
        QVERIFY2(!linkAt.isNull(), qPrintable(console()->toPlainText()));
        console()->setTextCursor(linkAt);  // scrolled into view, however small the dock is
        console()->ensureCursorVisible();
        const QPoint p = console()->cursorRect(linkAt).center();
        QVERIFY(!console()->anchorAt(p).isEmpty());
        QCOMPARE(editor()->textCursor().blockNumber() + 1, 1);
        QTest::mouseClick(console()->viewport(), Qt::LeftButton, {}, p);
        QCOMPARE(editor()->textCursor().blockNumber() + 1, 4);
    }

    void syntaxErrorEndsTheLiveView() {
        QVERIFY(viewer()->isLive());  // the failed episode above is still shown
        setScript(QStringLiteral("return {\n  act = function(obs)\n"));
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        QVERIFY2(console()->toPlainText().contains(QStringLiteral("oracle.lua:3:")), qPrintable(console()->toPlainText()));
        QVERIFY(!viewer()->isLive());
        QVERIFY(viewer()->legendText().startsWith(kTask));  // the selected task again
    }

    void stepWithoutAnEpisodeStartsPaused() {
        setScript(QStringLiteral("return { act = function(obs) return 0 end }\n"));
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), 0);
        QVERIFY(status().endsWith(QStringLiteral("paused")));
        QTest::mouseClick(button("scriptStep"), Qt::LeftButton);
        QCOMPARE(stepOf(status()), 1);
        // Selecting another task stops the episode.
        QString error;
        QVERIFY(wb_->selectTask(QStringLiteral("CQ-game-6"), &error));
        QVERIFY(status().contains(QStringLiteral("stopped")));
        QVERIFY(console()->toPlainText().contains(QStringLiteral("stopped: the selected task changed")));
    }

    void quitWithUnsavedEditsAsks() {
        QTemporaryDir dir;
        // New first: the editor holds edits of the tests above, so New asks; Discard.
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Discard);
            scriptAction("scriptNew")->trigger();
            QCOMPARE(answers.seen().size(), 1);
            QVERIFY2(answers.seen().front().startsWith(QStringLiteral("QMessageBox: Save the changes")), qPrintable(answers.seen().front()));
        }
        QCOMPARE(child<QDockWidget>("script")->windowTitle(), QStringLiteral("Script: untitled.lua"));
        // Unmodified: closing asks nothing.
        {
            ModalAnswers answers;
            QVERIFY(closeWindow());
            QVERIFY(answers.seen().isEmpty());
        }
        const QString mine = QStringLiteral("-- my agent, not saved yet\nreturn { act = function(obs) return {} end }\n");
        setScript(mine);
        QVERIFY(child<QDockWidget>("script")->windowTitle().endsWith(QLatin1Char('*')));
        // Cancel: the window stays open, the edits stay.
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Cancel);
            QVERIFY(!wb_->window().close());
            QCOMPARE(answers.seen().size(), 1);
            QVERIFY(answers.seen().front().contains(QStringLiteral("untitled.lua")));
            QVERIFY(wb_->window().isVisible());
            QCOMPARE(editor()->toPlainText(), mine);
            QVERIFY(child<QDockWidget>("script")->windowTitle().endsWith(QLatin1Char('*')));
        }
        // Save of an untitled script: Save As asks for a file; cancelling that keeps the window open.
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Save);
            answers.click(QMessageBox::Cancel);  // not a message box: the file dialog is rejected
            QVERIFY(!wb_->window().close());
            QCOMPARE(answers.seen().size(), 2);
            QVERIFY2(answers.seen().back().startsWith(QStringLiteral("QFileDialog")), qPrintable(answers.seen().back()));
            QVERIFY(wb_->window().isVisible());
            QCOMPARE(editor()->toPlainText(), mine);
        }
        // Save, choosing a file: written, then the window closes.
        const QString saved = dir.filePath(QStringLiteral("mine.lua"));
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Save);
            answers.chooseFile(saved);
            QVERIFY(closeWindow());
            QCOMPARE(answers.seen().size(), 2);
            QVERIFY(answers.allAnswered());
        }
        QCOMPARE(readFile(saved), mine);
        QCOMPARE(child<QDockWidget>("script")->windowTitle(), QStringLiteral("Script: mine.lua"));
        // Edited again, Save writes the open file without a dialog.
        setScript(mine + QStringLiteral("-- second edit\n"));
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Save);
            QVERIFY(closeWindow());
            QCOMPARE(answers.seen().size(), 1);
        }
        QCOMPARE(readFile(saved), mine + QStringLiteral("-- second edit\n"));
        // Discard: closes, the file keeps what was saved.
        setScript(QStringLiteral("-- thrown away\n"));
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Discard);
            QVERIFY(closeWindow());
            QCOMPARE(answers.seen().size(), 1);
        }
        QCOMPARE(readFile(saved), mine + QStringLiteral("-- second edit\n"));
    }

    void replacingUnsavedEditsAsks() {
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.lua"));
        {
            QFile f(other);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("return { act = function(obs) return nil end }\n");
        }
        const QString mine = QStringLiteral("-- unsaved work\n");
        setScript(mine);
        // Every way of replacing the text asks; Cancel keeps the edits.
        QList<QAction*> entries{scriptAction("scriptNew"), scriptAction("scriptOpen")};
        for (QAction* a : child<QMenu>("scriptExamples")->actions()) entries << a;
        QCOMPARE(entries.size(), 6);  // New, Open and the four bundled examples
        for (QAction* entry : entries) {
            ModalAnswers answers;
            answers.click(QMessageBox::Cancel);
            entry->trigger();
            QVERIFY2(answers.seen().size() == 1, qPrintable(entry->text()));
            QVERIFY2(answers.seen().front().startsWith(QStringLiteral("QMessageBox: Save the changes")), qPrintable(entry->text()));
            QCOMPARE(editor()->toPlainText(), mine);
            QVERIFY(child<QDockWidget>("script")->windowTitle().endsWith(QLatin1Char('*')));
        }
        // A console link to another file (an error naming it) asks too; Cancel keeps the edits.
        const QString failing = QStringLiteral("return { act = function(obs) error('%1:1: look there', 0) end }\n").arg(other);
        setScript(failing);
        QCOMPARE(runToTheEnd(), QStringLiteral("error"));
        QTextCursor link;
        for (QTextBlock b = console()->document()->begin(); b.isValid(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it)
                if (it.fragment().charFormat().isAnchor() && it.fragment().charFormat().anchorHref().endsWith(other)) {
                    link = QTextCursor(console()->document());
                    link.setPosition(it.fragment().position() + 2);
                }
        QVERIFY2(!link.isNull(), qPrintable(console()->toPlainText()));
        console()->setTextCursor(link);
        console()->ensureCursorVisible();
        const QPoint at = console()->cursorRect(link).center();
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Cancel);
            QTest::mouseClick(console()->viewport(), Qt::LeftButton, {}, at);
            QCOMPARE(answers.seen().size(), 1);
            QCOMPARE(editor()->toPlainText(), failing);
        }
        // Discard, then Open chooses another file.
        {
            ModalAnswers answers;
            answers.click(QMessageBox::Discard);
            answers.chooseFile(other);
            scriptAction("scriptOpen")->trigger();
            QCOMPARE(answers.seen().size(), 2);
            QVERIFY(answers.allAnswered());
        }
        QCOMPARE(child<QDockWidget>("script")->windowTitle(), QStringLiteral("Script: other.lua"));
        QVERIFY(editor()->toPlainText().contains(QStringLiteral("return nil")));
    }

    void templateAndExamplesRunInEveryActionSpace() {
        // A newcomer's first Run: New Script as it is, and every bundled example, in each action
        // space, through the Run button: each runs to its end without an error.
        auto* space = child<QComboBox>("scriptActionSpace");
        child<QCheckBox>("scriptMaxSpeed")->setChecked(true);
        child<QSpinBox>("scriptMaxSteps")->setValue(40);
        QList<QAction*> scripts{scriptAction("scriptNew")};
        for (QAction* a : child<QMenu>("scriptExamples")->actions()) scripts << a;
        QVERIFY(space->count() >= 2);
        for (int i = 0; i < space->count(); ++i) {
            space->setCurrentIndex(i);
            for (QAction* load : scripts) {
                ModalAnswers answers;
                answers.click(QMessageBox::Discard);  // whatever the editor held before
                load->trigger();
                QVERIFY(!editor()->document()->isModified());
                const QString name = QStringLiteral("%1 (%2)").arg(load->text(), space->currentText());
                const qsizetype consoleBefore = console()->toPlainText().size();
                const QString end = runToTheEnd();
                const QString out = console()->toPlainText().mid(consoleBefore);
                QVERIFY2(end == QStringLiteral("agent finished") || end == QStringLiteral("max steps") ||
                             end == QStringLiteral("done"),
                         qPrintable(name + QStringLiteral(" ended: ") + end + QStringLiteral("\n") + out));
                QVERIFY2(stepOf(status()) > 0, qPrintable(name + QStringLiteral(": ") + status()));
            }
        }
    }
};

IGLU_GUI_TEST_MAIN(TestScriptWorkbench)
#include "test_script_workbench.moc"

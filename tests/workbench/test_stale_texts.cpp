// Texts that stayed stale (issue 24, finding 7), each checked in the sequence that showed it
// (Xvfb, two copies of the bundled example catalog):
// - the status bar's task count after the Task Editor saves a custom task;
// - the Task Editor's caption after the draft is renamed;
// - the Script status and console after switching to another catalog holding the same task;
// - the Experiments progress bar after a refused run (it read "0 / 1 episodes");
// - episodes another program stores (a Python agent, `iglu run`): the Experiments list and the
//   Playback chooser list them without a manual refresh.
#include <QAction>
#include <QComboBox>
#include <QTableWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "support/gui_main.hpp"
#include "support/modal_answers.hpp"
#include "support/workbench_fixture.hpp"
#include "viewers/qt/zone_view.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;

class TestStaleTexts : public QObject {
    Q_OBJECT
    std::unique_ptr<workbench::Workbench> wb_;
    QTemporaryDir dir_;
    QString first_, second_;

    template <class T>
    T* child(const char* name) { return wb_->window().findChild<T*>(QLatin1String(name)); }
    viewers::ZoneView* editorView() {
        auto* panel = child<QWidget>("editorPanel");
        return panel ? panel->findChild<viewers::ZoneView*>() : nullptr;
    }
    QString taskWithContent() {
        for (const auto& t : wb_->context().data().tasks())
            if (t.targetBlocks > 0 && !t.instruction.isEmpty()) return t.id;
        return {};
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("dataset"), QStringLiteral("compare")});
        QString error;
        first_ = dir_.filePath(QStringLiteral("first.db"));
        second_ = dir_.filePath(QStringLiteral("second.db"));
        QVERIFY2(test::openExampleCatalog(*wb_, second_, &error), qPrintable(error));
        QVERIFY2(test::openExampleCatalog(*wb_, first_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1400, 900}));
    }
    void cleanupTestCase() { wb_.reset(); }

    void taskCountFollowsASavedCustomTask() {
        const int before = static_cast<int>(wb_->context().data().tasks().size());
        QVERIFY(child<QLabel>("dataLabel")->text().contains(QStringLiteral("(%1 tasks)").arg(before)));
        QString error;
        QVERIFY(wb_->selectTask(taskWithContent(), &error));
        child<QPushButton>("editorEditCopy")->click();
        child<QLineEdit>("editorId")->setText(QStringLiteral("stale-copy"));
        // Renamed: the editor's caption names the new id, not the one the copy got.
        QVERIFY(editorView() != nullptr);
        const std::string legend = editorView()->scene().legendText();
        QVERIFY2(legend.find("stale-copy") != std::string::npos, legend.c_str());
        child<QLineEdit>("editorId")->setText(QStringLiteral("stale-copy-2"));
        QVERIFY2(editorView()->scene().legendText().find("stale-copy-2 ") != std::string::npos, editorView()->scene().legendText().c_str());
        child<QPushButton>("editorSave")->click();
        QVERIFY(wb_->context().data().hasTask(QStringLiteral("stale-copy-2")));
        QCOMPARE(static_cast<int>(wb_->context().data().tasks().size()), before + 1);
        QVERIFY2(child<QLabel>("dataLabel")->text().contains(QStringLiteral("(%1 tasks)").arg(before + 1)),
                 qPrintable(child<QLabel>("dataLabel")->text()));
    }

    void scriptStatusAndConsoleAfterACatalogSwitch() {
        QString error;
        const QString task = taskWithContent();
        QVERIFY(wb_->selectTask(task, &error));
        // An episode that ended (two steps allowed, three asked): its last status stays on screen.
        child<QSpinBox>("scriptMaxSteps")->setValue(2);
        for (int i = 0; i < 3; ++i) child<QToolButton>("scriptStep")->click();
        QVERIFY(!child<QPlainTextEdit>("scriptConsole")->toPlainText().isEmpty());
        QVERIFY2(child<QLabel>("scriptStatus")->text().startsWith(QStringLiteral("step ")), qPrintable(child<QLabel>("scriptStatus")->text()));
        // The other catalog holds the same task: the selection stays, the episode does not.
        QVERIFY2(wb_->openData(second_, &error), qPrintable(error));
        QCOMPARE(wb_->context().selection().taskId(), task);
        QCOMPARE(child<QLabel>("scriptStatus")->text(), QStringLiteral("task %1: press Run").arg(task));
        QVERIFY2(child<QPlainTextEdit>("scriptConsole")->toPlainText().isEmpty(), qPrintable(child<QPlainTextEdit>("scriptConsole")->toPlainText()));
    }

    void refusedRunShowsNoEpisodeCount() {
        auto* panel = child<QWidget>("experimentsPanel");
        QVERIFY(panel != nullptr);
        QSignalSpy finished(panel, SIGNAL(runFinished(bool, bool, QString, QString)));
        const auto write = [&](const QString& file, int steps) {
            QFile f(dir_.filePath(file));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QStringLiteral("return { name = 'stale', agent = '%1', tasks = 'ids:%2', env = { max_steps = %3 } }")
                        .arg(QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/noop.lua"), taskWithContent())
                        .arg(steps)
                        .toUtf8());
        };
        write(QStringLiteral("a.lua"), 3);
        write(QStringLiteral("b.lua"), 4);
        bool started = false;
        QVERIFY(QMetaObject::invokeMethod(panel, "runExperimentFile", Q_RETURN_ARG(bool, started),
                                          Q_ARG(QString, dir_.filePath(QStringLiteral("a.lua"))), Q_ARG(int, 1), Q_ARG(QString, QString())));
        QVERIFY(started);
        QVERIFY(finished.wait(120000) || !finished.isEmpty());
        QVERIFY(finished.takeFirst().at(0).toBool());
        QVERIFY(child<QProgressBar>("runProgress")->text().contains(QStringLiteral("episodes")));
        // The same name with other settings: refused (and a new name offered: Cancel).
        {
            testing::ModalAnswers answers(60000);
            answers.click(QMessageBox::Cancel);
            QVERIFY(QMetaObject::invokeMethod(panel, "runExperimentFile", Q_RETURN_ARG(bool, started),
                                              Q_ARG(QString, dir_.filePath(QStringLiteral("b.lua"))), Q_ARG(int, 1), Q_ARG(QString, QString())));
            QVERIFY(finished.wait(120000) || !finished.isEmpty());
            QTRY_VERIFY(answers.allAnswered());
        }
        QVERIFY(!finished.takeFirst().at(0).toBool());
        const QString shown = child<QProgressBar>("runProgress")->text();
        QVERIFY2(!shown.contains(QStringLiteral("episodes")), qPrintable(shown));
        QCOMPARE(shown, QStringLiteral("not run"));
    }

    void episodesStoredElsewhereAppearWithoutRefresh() {
        auto& data = wb_->context().data();
        const QString task = taskWithContent();
        QString error;
        QVERIFY(wb_->selectTask(task, &error));
        auto* list = child<QTableWidget>("experimentsList");
        auto* rollouts = child<QComboBox>("rolloutCombo");
        QVERIFY(list != nullptr && rollouts != nullptr);
        const int rowsBefore = list->rowCount(), rolloutsBefore = rollouts->count();
        data.checkForChanges();  // nothing new yet
        {
            // Another connection (another process, as far as the workbench's connection can tell).
            catalog::Catalog other(data.path().toStdString(), catalog::OpenMode::ReadWrite);
            core::Rollout r;
            r.taskId = task.toStdString();
            r.kind = core::RolloutKind::Agent;
            r.source = "experiment:from-python";
            const auto e = other.ensureExperiment("from-python", "", R"({"agent": "py-agent", "source": "python"})");
            catalog::EpisodeRecord ep;
            ep.experimentId = e.id;
            ep.taskId = task.toStdString();
            ep.rolloutId = other.putRollout(r);
            other.putEpisode(ep);
        }
        QVERIFY(data.checkForChanges());  // what the 2 s timer calls
        QTRY_COMPARE(list->rowCount(), rowsBefore + 1);
        QTRY_COMPARE(rollouts->count(), rolloutsBefore + 1);
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestStaleTexts)
#include "test_stale_texts.moc"

// Experiments > Run Experiment… when a run is refused or doomed (Xvfb):
// - a sequence of runs from the form under one name: the first runs and writes experiments/NAME.lua;
//   a second with other settings is refused, says so in the workbench's words (no command-line
//   flag), and leaves the file beside the catalog byte for byte as it was (or absent when there was
//   none); "Run as New Experiment" then runs it under a free name with its own file;
// - an agent that reads the target (the oracle) with "the agent sees the target" off: the form
//   warns before anything runs; Cancel keeps the form open and runs nothing; "Let It See the
//   Target and Run" runs it with the target in the observation.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTimer>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "scripting/experiment.hpp"
#include "support/gui_main.hpp"
#include "support/modal_answers.hpp"
#include "support/test_catalog.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"

using namespace iglu;
using namespace iglu::workbench;

class TestRunRefusalWorkbench : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString db_, task_;
    QWidget* panel_ = nullptr;

    QString draftFile(const QString& name) const {
        return QFileInfo(db_).absoluteDir().filePath(QStringLiteral("experiments/%1.lua").arg(name));
    }
    static QByteArray bytesOf(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    /// Fills the Run Experiment form (agent, this task, steps, name) and presses Run.
    std::function<void(QWidget*)> fillForm(const QString& agent, int steps, const QString& name, bool run = true) {
        return [=, this](QWidget* w) {
            auto* d = qobject_cast<QDialog*>(w);
            QVERIFY(d != nullptr);
            auto* agents = d->findChild<QComboBox*>(QStringLiteral("runAgent"));
            agents->setCurrentIndex(agents->findText(agent));
            d->findChild<QLineEdit*>(QStringLiteral("runTasks"))->setText(QStringLiteral("ids:%1").arg(task_));
            d->findChild<QSpinBox*>(QStringLiteral("runSteps"))->setValue(steps);
            d->findChild<QSpinBox*>(QStringLiteral("runJobs"))->setValue(1);
            auto* n = d->findChild<QLineEdit*>(QStringLiteral("runName"));
            n->setText(name);
            n->setModified(true);
            if (run) d->accept();
        };
    }
    void openForm() { QVERIFY(QMetaObject::invokeMethod(panel_, "chooseAndRun")); }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench();
        db_ = dir_.filePath(QStringLiteral("runs.db"));
        {
            catalog::Catalog c(db_.toStdString());
            test::fillTestCatalog(c);
            catalog::TaskFilter f;
            f.limit = 1;
            task_ = QString::fromStdString(c.findTasks(f).front().id);
        }
        QString error;
        QVERIFY2(wb_->openData(db_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1200, 800}));
        panel_ = wb_->window().findChild<QWidget*>(QStringLiteral("experimentsPanel"));
        QVERIFY(panel_ != nullptr);
    }
    void cleanupTestCase() { wb_.reset(); }

    void refusedRerunChangesNothing() {
        QSignalSpy finished(panel_, SIGNAL(runFinished(bool, bool, QString, QString)));
        // 1. A first run: accepted, its file written.
        {
            testing::ModalAnswers answers(60000);
            answers.answer(fillForm(QStringLiteral("random.lua"), 5, QStringLiteral("rerun")));
            openForm();
            QVERIFY(finished.wait(120000) || !finished.isEmpty());
            QCOMPARE(answers.unexpected(), 0);
        }
        QVERIFY2(finished.takeFirst().at(0).toBool(), "the first run runs");
        const QByteArray first = bytesOf(draftFile(QStringLiteral("rerun")));
        QVERIFY(first.contains("max_steps = 5"));

        // 2. The same name with other settings: refused in GUI words, the file untouched; Cancel.
        QString offered;
        {
            testing::ModalAnswers answers(60000);
            answers.answer(fillForm(QStringLiteral("random.lua"), 6, QStringLiteral("rerun")));
            answers.answer([&](QWidget* w) {
                auto* box = qobject_cast<QMessageBox*>(w);
                QVERIFY(box != nullptr);
                offered = box->text() + QLatin1Char('\n') + box->informativeText();
                box->button(QMessageBox::Cancel)->click();
            });
            openForm();
            QVERIFY(finished.wait(120000) || !finished.isEmpty());
            QTRY_VERIFY(answers.allAnswered());
        }
        const QList<QVariant> refused = finished.takeFirst();
        QVERIFY(!refused.at(0).toBool());
        const QString status = wb_->window().findChild<QLabel*>(QStringLiteral("runStatus"))->text();
        for (const QString& said : {refused.at(3).toString(), status, offered}) {
            QVERIFY2(!said.contains(QStringLiteral("--")) && !said.contains(QStringLiteral("iglu run")), qPrintable(said));
            QVERIFY2(said.contains(QStringLiteral("rerun")), qPrintable(said));
        }
        QVERIFY2(offered.contains(QStringLiteral("rerun_2")), qPrintable(offered));
        QCOMPARE(bytesOf(draftFile(QStringLiteral("rerun"))), first);
        QVERIFY(!QFileInfo::exists(draftFile(QStringLiteral("rerun_2"))));

        // 3. An experiment stored from a file elsewhere, then a form run under its name with other
        //    settings: refused, and no file is left beside the catalog.
        const QString elsewhere = dir_.filePath(QStringLiteral("elsewhere.lua"));
        {
            QFile f(elsewhere);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QStringLiteral("return { name = 'other', agent = '%1', tasks = 'ids:%2', env = { max_steps = 3 } }")
                        .arg(QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/noop.lua"), task_)
                        .toUtf8());
        }
        bool started = false;
        QVERIFY(QMetaObject::invokeMethod(panel_, "runExperimentFile", Q_RETURN_ARG(bool, started), Q_ARG(QString, elsewhere),
                                          Q_ARG(int, 1), Q_ARG(QString, QString())));
        QVERIFY(started);
        QVERIFY(finished.wait(120000) || !finished.isEmpty());
        QVERIFY(finished.takeFirst().at(0).toBool());
        {
            testing::ModalAnswers answers(60000);
            answers.answer(fillForm(QStringLiteral("random.lua"), 5, QStringLiteral("other")));
            answers.click(QMessageBox::Cancel);
            openForm();
            QVERIFY(finished.wait(120000) || !finished.isEmpty());
            QTRY_VERIFY(answers.allAnswered());
        }
        QVERIFY(!finished.takeFirst().at(0).toBool());
        QVERIFY2(!QFileInfo::exists(draftFile(QStringLiteral("other"))), "a refused run left its file");

        // 4. Run as New Experiment: the same settings under a free name, with their own file.
        {
            testing::ModalAnswers answers(60000);
            answers.answer(fillForm(QStringLiteral("random.lua"), 6, QStringLiteral("rerun")));
            answers.answer([](QWidget* w) { w->findChild<QPushButton*>(QStringLiteral("runAsNew"))->click(); });
            openForm();
            QTRY_VERIFY_WITH_TIMEOUT(finished.size() >= 2, 120000);  // the refusal, then the new run
        }
        QVERIFY(!finished.at(0).at(0).toBool());
        QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(3).toString()));
        QCOMPARE(finished.at(1).at(2).toString(), QStringLiteral("rerun_2"));
        QCOMPARE(bytesOf(draftFile(QStringLiteral("rerun"))), first);
        const auto spec = scripting::loadExperiment(draftFile(QStringLiteral("rerun_2")).toStdString());
        QCOMPARE(spec.env.maxSteps, 6);
        catalog::Catalog c(db_.toStdString(), catalog::OpenMode::ReadOnly);
        QCOMPARE(int(c.episodes(c.experiment("rerun_2")->id).size()), 1);
        QCOMPARE(int(c.episodes(c.experiment("rerun")->id).size()), 1);
    }

    void formWarnsBeforeADoomedRun() {
        QSignalSpy finished(panel_, SIGNAL(runFinished(bool, bool, QString, QString)));
        bool stillOpen = false, targetStillOff = false;
        QString warning;
        QPointer<QDialog> form;
        // Answers run inside the helper's timer: a box the form opens is answered once the form's
        // own event loop runs, so each press is posted (singleShot), never made inside an answer.
        testing::ModalAnswers answers(60000);
        answers.answer([&](QWidget* w) {
            form = qobject_cast<QDialog*>(w);
            form->findChild<QCheckBox*>(QStringLiteral("runTargetInObs"))->setChecked(false);
            fillForm(QStringLiteral("oracle.lua"), 200, QStringLiteral("oracle_blind"), false)(w);
            QTimer::singleShot(0, form, [&] { form->accept(); });  // -> the warning: Cancel
        });
        answers.answer([&](QWidget* w) {
            warning = qobject_cast<QMessageBox*>(w)->text();
            qobject_cast<QMessageBox*>(w)->button(QMessageBox::Cancel)->click();
            QTimer::singleShot(0, form, [&] {
                stillOpen = form->isVisible();
                targetStillOff = !form->findChild<QCheckBox*>(QStringLiteral("runTargetInObs"))->isChecked();
                form->accept();  // -> the warning again: let it see the target
            });
        });
        answers.answer([](QWidget* w) { w->findChild<QPushButton*>(QStringLiteral("targetWarningShow"))->click(); });
        openForm();
        QVERIFY(answers.allAnswered());
        QCOMPARE(answers.unexpected(), 0);
        QVERIFY2(stillOpen, "Cancel on the warning closed the form");
        QVERIFY(targetStillOff);
        QVERIFY2(warning.contains(QStringLiteral("oracle.lua")) && warning.contains(QStringLiteral("target")), qPrintable(warning));
        QVERIFY(finished.wait(120000) || !finished.isEmpty());
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(3).toString()));
        const auto spec = scripting::loadExperiment(draftFile(QStringLiteral("oracle_blind")).toStdString());
        QVERIFY(spec.env.targetInObs);
        catalog::Catalog c(db_.toStdString(), catalog::OpenMode::ReadOnly);
        const auto episodes = c.episodes(c.experiment("oracle_blind")->id);
        QCOMPARE(int(episodes.size()), 1);
        QVERIFY2(episodes.front().ok, episodes.front().error.c_str());
    }
};

IGLU_WORKBENCH_TEST_MAIN(TestRunRefusalWorkbench)

#include "test_run_refusal_workbench.moc"

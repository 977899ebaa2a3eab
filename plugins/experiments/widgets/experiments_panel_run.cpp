// ExperimentsPanel, its runs: an experiment file or the Run Experiment form's draft (ExperimentJob),
// a refused run offered again under a free name, and a clarification model (ClarificationJob).
#include "experiments_panel.hpp"

#include <optional>

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QTemporaryFile>
#include <QThread>

#include "logic/clarification_job.hpp"
#include "logic/experiment_job.hpp"
#include "experiment_actions.hpp"
#include "run_dialog.hpp"
#include "scripting/experiment.hpp"

namespace iglu::plugins::experiments {
bool ExperimentsPanel::runExperimentFile(const QString& path, int jobs, const QString& storeAs) {
    const QString db = store_.runFile();
    if (db.isEmpty()) {
        showStatus(store_.inMemory() && store_.isOpen()
                       ? tr("%1 is a task list, held in memory: experiments store their episodes in a catalog file. "
                            "Import it into a catalog (iglu import) and open that.")
                             .arg(store_.path())
                       : tr("Open a catalog first: experiments run against its tasks and store their episodes there."),
                   true);
        return false;
    }
    if (isRunning()) {
        showStatus(tr("An experiment is running: cancel it or wait."), true);
        return false;
    }
    if (jobs <= 0) jobs = std::max(1, QThread::idealThreadCount());
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("%v / %m episodes"));
    showStatus(tr("loading %1…").arg(path), false);
    runGeneration_ = dataGeneration_;
    runCatalog_ = db;
    last_.script = path;
    last_.jobs = jobs;
    job_->start(path, db, jobs, storeAs);
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    return true;
}

void ExperimentsPanel::cancelRun() {
    if (clarificationJob_->isRunning()) {
        clarificationJob_->cancel();
        cancel_->setEnabled(false);
        showStatus(tr("cancelling: storing the tasks finished so far…"), false);
        return;
    }
    if (!job_->isRunning()) return;
    job_->cancel();
    cancel_->setEnabled(false);
    showStatus(tr("cancelling: finishing the episodes written so far…"), false);
}

bool ExperimentsPanel::isRunning() const { return job_->isRunning() || clarificationJob_->isRunning(); }

void ExperimentsPanel::chooseAndRun() {
    if (store_.runFile().isEmpty()) {
        runExperimentFile(QString());  // says why nothing can run here
        return;
    }
    RunDialog dialog(countTasks_, agentsDir_, draftsDir(), this);
    dialog.setScriptsDir(experimentsDir_);
    if (dialog.exec() != QDialog::Accepted) return;
    if (!dialog.existingScript().isEmpty()) {
        last_.draft.reset();
        runExperimentFile(dialog.existingScript(), dialog.jobs());
    } else {
        runDraft(dialog.draft(), dialog.scriptPath(), dialog.jobs());
    }
}

QString ExperimentsPanel::draftsDir() const {
    const QString db = store_.runFile();
    return db.isEmpty() ? QString() : QFileInfo(db).absoluteDir().filePath(QStringLiteral("experiments"));
}

bool ExperimentsPanel::runDraft(const ExperimentDraft& draft, const QString& path, int jobs) {
    if (const QString problem = draftProblem(draft); !problem.isEmpty()) {
        showStatus(problem, true);
        return false;
    }
    if (isRunning()) {
        showStatus(tr("An experiment is running: cancel it or wait."), true);
        return false;
    }
    const QFileInfo target(path);
    QDir().mkpath(target.absolutePath());
    const std::string text = experimentScript(draft);
    const QByteArray bytes = QByteArray::fromStdString(text);
    {
        // Written and read back by the one validator of experiment files before the file beside the
        // catalog is touched.
        QTemporaryFile check(target.absoluteDir().filePath(QStringLiteral(".%1-XXXXXX.lua").arg(target.completeBaseName())));
        if (!check.open() || check.write(bytes) != bytes.size() || !check.flush()) {
            showStatus(tr("cannot write the experiment file %1: %2").arg(path, check.errorString()), true);
            return false;
        }
        try {
            scripting::loadExperiment(check.fileName().toStdString());
        } catch (const std::exception& e) {
            showStatus(QString::fromUtf8(e.what()).replace(check.fileName(), path), true);
            return false;
        }
    }
    std::optional<QByteArray> previous;
    if (target.exists()) {
        QFile old(path);
        if (!old.open(QIODevice::ReadOnly)) {
            showStatus(tr("cannot read the experiment file %1 before replacing it: %2").arg(path, old.errorString()), true);
            return false;
        }
        previous = old.readAll();
    }
    QSaveFile file(path);  // atomic: a temporary file renamed over it
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        showStatus(tr("cannot write the experiment file %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    if (!runExperimentFile(path, jobs)) {
        if (previous) {
            QSaveFile back(path);
            if (back.open(QIODevice::WriteOnly) && back.write(*previous) == previous->size()) back.commit();
        } else {
            QFile::remove(path);
        }
        return false;
    }
    last_.draft = draft;
    last_.restorePath = path;  // until the session accepts the run (ExperimentJob::started)
    last_.previous = std::move(previous);
    return true;
}

void ExperimentsPanel::offerNewName(const QString& experiment) {
    const QString name = freeName(experiment);
    QMessageBox box(QMessageBox::Question, tr("Run Experiment"),
                    tr("An experiment named '%1' is already in this catalog, made with another agent or other settings. "
                       "Running this one under that name would mix two experiments' results.")
                        .arg(experiment),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("experimentChangedBox"));
    box.setInformativeText(tr("Run it as a new experiment named '%1'? (Cancel: nothing runs; choose a name yourself in "
                              "Run Experiment…)").arg(name));
    QPushButton* asNew = box.addButton(tr("Run as New Experiment"), QMessageBox::AcceptRole);
    asNew->setObjectName(QStringLiteral("runAsNew"));
    box.addButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != asNew) return;
    if (last_.draft) {
        ExperimentDraft d = *last_.draft;
        d.name = name;
        runDraft(d, QDir(draftsDir()).filePath(name + QStringLiteral(".lua")), last_.jobs);
    } else {
        runExperimentFile(last_.script, last_.jobs, name);
    }
}

bool ExperimentsPanel::runClarificationModel(const QString& modelPath, const QString& name) {
    const QString db = store_.runFile();
    if (db.isEmpty()) return runExperimentFile(QString());  // says why nothing can run here
    if (isRunning()) {
        showStatus(tr("A run is going on: cancel it or wait."), true);
        return false;
    }
    if (name.trimmed().isEmpty() || modelPath.isEmpty()) {
        showStatus(tr("Run Clarification Model: give a model file and an experiment name."), true);
        return false;
    }
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("%v / %m tasks"));
    showStatus(tr("loading %1…").arg(modelPath), false);
    runGeneration_ = dataGeneration_;
    runCatalog_ = db;
    clarificationJob_->start(modelPath, db, name.trimmed());
    run_->setEnabled(false);
    runClarification_->setEnabled(false);
    cancel_->setEnabled(true);
    return true;
}

void ExperimentsPanel::connectClarificationJob() {
    connect(clarificationJob_, &ClarificationJob::progress, this, [this](int done, int total) {
        if (runGeneration_ != dataGeneration_) return;
        progress_->setRange(0, std::max(1, total));
        progress_->setValue(done);
    });
    connect(clarificationJob_, &ClarificationJob::finished, this,
            [this](bool ok, bool cancelled, const QString& name, const QString& message) {
                run_->setEnabled(!store_.runFile().isEmpty());
                runClarification_->setEnabled(!store_.runFile().isEmpty());
                if (runGeneration_ != dataGeneration_) {
                    emit runFinished(ok, cancelled, name, tr("%1 (run on %2, closed since)").arg(message, runCatalog_));
                    return;
                }
                cancel_->setEnabled(false);
                showStatus(message, !ok);
                refresh();
                if (ok) selectExperiment(name);
                emit runFinished(ok, cancelled, name, message);
            });
}

void ExperimentsPanel::chooseClarificationModel() {
    if (store_.runFile().isEmpty()) {
        runExperimentFile(QString());
        return;
    }
    const QString model = QFileDialog::getOpenFileName(this, tr("Run Clarification Model"), modelsDir_,
                                                       tr("Clarification models (*.lua *.json);;Lua models (*.lua);;Baselines (*.json)"));
    if (model.isEmpty()) return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Run Clarification Model"),
                                               tr("Store as the clarification experiment (an existing one is extended):"),
                                               QLineEdit::Normal, QFileInfo(model).completeBaseName(), &ok);
    if (ok) runClarificationModel(model, name);
}

bool ExperimentsPanel::deleteExperiment(const QString& name) { return actions_->remove(name); }
bool ExperimentsPanel::renameExperiment(const QString& name, const QString& newName) { return actions_->rename(name, newName); }
bool ExperimentsPanel::tagExperiment(const QString& name, const QString& tags) { return actions_->setTags(name, tags); }
bool ExperimentsPanel::noteExperiment(const QString& name, const QString& note) { return actions_->setNote(name, note); }

}  // namespace iglu::plugins::experiments

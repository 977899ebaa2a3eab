#include "experiments_panel.hpp"

#include <optional>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QTemporaryFile>
#include <QMessageBox>
#include <QSaveFile>
#include <QVBoxLayout>

#include "core/catalog/catalog.hpp"
#include "logic/experiment_job.hpp"
#include "results_chart.hpp"
#include "run_dialog.hpp"
#include "scripting/experiment.hpp"
#include "scripting/experiment_session.hpp"
#include "workbench/api/guarded_emit.hpp"
#include "skill_tables.hpp"

namespace iglu::plugins::experiments {

namespace {

QTableWidget* makeTable(const QString& name, QWidget* parent) {
    auto* t = new QTableWidget(parent);
    t->setObjectName(name);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->verticalHeader()->setVisible(false);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setAlternatingRowColors(true);
    return t;
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

}  // namespace

template <class F>
bool ExperimentsPanel::readCatalog(F&& read) {
    return workbench::runGuarded(std::forward<F>(read), [this](const QString& message) {
        showStatus(message, true);
        emit readFailed(message);
    });
}

ExperimentsPanel::ExperimentsPanel(const workbench::ExperimentStore& experiments, QWidget* parent)
    : QWidget(parent), store_(experiments), job_(new ExperimentJob(this)) {
    setObjectName(QStringLiteral("experimentsPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);

    auto* top = new QHBoxLayout;
    run_ = new QPushButton(tr("Run Experiment…"), this);
    run_->setObjectName(QStringLiteral("runExperiment"));
    run_->setToolTip(tr("Run an experiment script (.lua) against the open catalog on every core; episodes already "
                        "stored are skipped (resume)"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("cancelRun"));
    cancel_->setEnabled(false);
    cancel_->setToolTip(tr("Stop the run: finished episodes are kept, running it again resumes"));
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("runProgress"));
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("no run"));
    auto* refreshButton = new QPushButton(tr("Refresh"), this);
    refreshButton->setObjectName(QStringLiteral("refreshExperiments"));
    refreshButton->setToolTip(tr("Re-read the experiments of the catalog (e.g. after `iglu run` in a terminal)"));
    connect(refreshButton, &QPushButton::clicked, this, &ExperimentsPanel::refresh);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("runStatus"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Long messages must not widen the window: elided by the layout, whole in the tooltip.
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    progress_->setMinimumWidth(60);
    top->addWidget(run_);
    top->addWidget(cancel_);
    top->addWidget(refreshButton);
    top->addWidget(progress_, 1);
    top->addWidget(status_, 2);
    layout->addLayout(top);

    auto* split = new QSplitter(Qt::Horizontal, this);
    list_ = makeTable(QStringLiteral("experimentsList"), split);
    list_->setColumnCount(9);
    list_->setHorizontalHeaderLabels({tr("Experiment"), tr("Agent"), tr("Environment"), tr("Episodes"), tr("Success"),
                                      tr("Mean F1"), tr("Date"), tr("IGLU-2022 F1"), tr("Prediction F1")});
    split->addWidget(list_);

    tabs_ = new QTabWidget(split);
    tabs_->setObjectName(QStringLiteral("experimentTabs"));
    auto* resultsPage = new QSplitter(Qt::Horizontal, tabs_);  // the dock is wide and short: side by side
    results_ = makeTable(QStringLiteral("resultsTable"), resultsPage);
    chart_ = new ResultsChart(resultsPage);
    chart_->setObjectName(QStringLiteral("resultsChart"));
    resultsPage->addWidget(results_);
    resultsPage->addWidget(chart_);
    resultsPage->setSizes({500, 500});  // proportions, kept when the dock is resized
    tabs_->addTab(resultsPage, tr("Results"));

    auto* comparePage = new QWidget(tabs_);
    auto* cl = new QVBoxLayout(comparePage);
    cl->setContentsMargins(0, 0, 0, 0);
    auto* pick = new QHBoxLayout;
    pick->addWidget(new QLabel(tr("Compare with (B):"), comparePage));
    compareWith_ = new QComboBox(comparePage);
    compareWith_->setObjectName(QStringLiteral("compareWith"));
    pick->addWidget(compareWith_, 1);
    cl->addLayout(pick);
    compareLegend_ = new QLabel(comparePage);
    compareLegend_->setObjectName(QStringLiteral("compareLegend"));
    compareLegend_->setWordWrap(true);
    cl->addWidget(compareLegend_);
    compare_ = makeTable(QStringLiteral("compareTable"), comparePage);
    cl->addWidget(compare_, 1);
    // More than noise? Each side's intervals and the paired tests (catalog::compareExperiments).
    compareStats_ = new QLabel(comparePage);
    compareStats_->setObjectName(QStringLiteral("compareStats"));
    compareStats_->setWordWrap(true);
    compareStats_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cl->addWidget(compareStats_);
    compareTasks_ = makeTable(QStringLiteral("compareTasksTable"), comparePage);
    compareTasks_->setToolTip(tr("Per task, on the episodes both ran; double-click selects the task"));
    cl->addWidget(compareTasks_, 1);
    connect(compareTasks_, &QTableWidget::cellDoubleClicked, this, [this](int row) {
        if (const QTableWidgetItem* item = compareTasks_->item(row, 0)) emit taskActivated(item->text());
    });
    tabs_->addTab(comparePage, tr("Compare"));

    episodes_ = makeTable(QStringLiteral("episodesTable"), tabs_);
    tabs_->addTab(episodes_, tr("Episodes"));
    split->addWidget(tabs_);
    split->setSizes({300, 700});
    layout->addWidget(split, 1);

    connect(run_, &QPushButton::clicked, this, &ExperimentsPanel::chooseAndRun);
    connect(cancel_, &QPushButton::clicked, this, &ExperimentsPanel::cancelRun);
    connect(list_, &QTableWidget::currentCellChanged, this, [this](int row) { showExperiment(row); });
    connect(compareWith_, &QComboBox::currentIndexChanged, this, [this] { showCompare(); });
    connect(episodes_, &QTableWidget::cellDoubleClicked, this, [this](int row) {
        const ExperimentRow* exp = current();
        const QTableWidgetItem* item = episodes_->item(row, 0);
        if (exp == nullptr || item == nullptr) return;
        EpisodeRef ref;
        ref.experimentId = exp->id;
        ref.episodeId = item->data(kEpisodeIdRole).toLongLong();
        ref.rolloutId = item->data(kRolloutIdRole).toLongLong();
        ref.taskId = item->text();
        ref.seed = static_cast<std::int64_t>(episodes_->item(row, 1)->data(kValueRole).toDouble());
        ref.repetition = static_cast<int>(episodes_->item(row, 2)->data(kValueRole).toDouble());
        ref.script = exp->script;
        if (!readCatalog([&] {
                if (auto e = store_.catalog().experiment(exp->name.toStdString())) ref.config = QString::fromStdString(e->config);
            }))
            return;
        emit episodeActivated(ref);
    });

    connect(job_, &ExperimentJob::started, this, [this](const QString& name, int total, int resumed) {
        last_.restorePath.clear();  // accepted: the draft file beside the catalog stays
        last_.previous.reset();
        if (runGeneration_ != dataGeneration_) return;  // a run of the data open before
        progress_->setRange(0, std::max(1, total));
        progress_->setValue(resumed);
        showStatus(resumed > 0 ? tr("%1: resuming, %2 of %3 episodes already stored").arg(name).arg(resumed).arg(total)
                               : tr("%1: running %2 episodes").arg(name).arg(total),
                   false);
        emit runStarted(name, total, resumed);
    });
    connect(job_, &ExperimentJob::progress, this, [this](int done, int total, double rate) {
        if (runGeneration_ != dataGeneration_) return;
        progress_->setRange(0, std::max(1, total));
        progress_->setValue(done);
        progress_->setFormat(tr("%v / %m episodes, %1 episodes/s").arg(rate, 0, 'f', 1));
    });
    connect(job_, &ExperimentJob::finished, this,
            [this](bool ok, bool cancelled, const QString& name, const QString& message) {
                if (!last_.restorePath.isEmpty()) {  // refused before it started: the file as it was
                    QString problem;
                    if (last_.previous) {
                        QSaveFile back(last_.restorePath);
                        if (!back.open(QIODevice::WriteOnly) || back.write(*last_.previous) != last_.previous->size() || !back.commit())
                            problem = back.errorString();
                    } else if (!QFile::remove(last_.restorePath)) {
                        problem = tr("cannot remove it");
                    }
                    if (!problem.isEmpty()) emit readFailed(tr("%1: could not be put back as it was: %2").arg(last_.restorePath, problem));
                    last_.restorePath.clear();
                    last_.previous.reset();
                }
                run_->setEnabled(!store_.runFile().isEmpty());
                if (runGeneration_ != dataGeneration_) {  // the old data's run: reported, not shown here
                    emit runFinished(ok, cancelled, name, tr("%1 (run on %2, closed since)").arg(message, runCatalog_));
                    return;
                }
                cancel_->setEnabled(false);
                // Refused before it started: no episode count ("0 / 1 episodes" read as a run of one).
                progress_->setFormat(job_->refusedAsChanged() ? tr("not run") : tr("%v / %m episodes"));
                if (job_->refusedAsChanged()) {
                    // In the workbench's words: the remedy is a button here, not a command-line flag.
                    const QString text = tr("Not run: '%1' is already in this catalog, made with another agent or other "
                                            "settings, and its results would mix with this run's. Run it as a new "
                                            "experiment, or choose another name in Run Experiment…")
                                             .arg(name);
                    showStatus(text, true);
                    emit runFinished(false, false, name, text);
                    offerNewName(name);
                    return;
                }
                showStatus(message, !ok);
                refresh();
                if (!name.isEmpty()) selectExperiment(name);
                emit runFinished(ok, cancelled, name, message);
            });
    reload();
}

ExperimentsPanel::~ExperimentsPanel() = default;

void ExperimentsPanel::showStatus(const QString& text, bool error) {
    status_->setText(text);
    status_->setToolTip(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b35806;") : QString());  // orange-brown, not red
}

void ExperimentsPanel::reload() {
    ++dataGeneration_;
    if (job_->isRunning()) job_->cancel();  // it ran on the data open before; finished episodes stay there
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("no run"));
    cancel_->setEnabled(false);
    {
        // Nothing kept by name: an experiment of the same name in other data is another experiment.
        const QSignalBlocker blockList(list_), blockCompare(compareWith_);
        list_->setRowCount(0);
        compareWith_->clear();
    }
    run_->setEnabled(!store_.runFile().isEmpty() && !job_->isRunning());
    if (!store_.isOpen()) showStatus(tr("Open a catalog (File > Open) to list and run experiments."), false);
    else if (store_.inMemory())
        showStatus(tr("%1 is a task list, held in memory: experiments store their episodes in a catalog file. Import it "
                      "into a catalog (iglu import) and open that to run experiments.")
                       .arg(store_.path()),
                   false);
    else showStatus(QString(), false);
    refresh();
}

void ExperimentsPanel::refresh() {
    const QString keep = currentExperiment();
    const QString keepCompare = compareWith_->currentText();
    rows_.clear();
    if (!readCatalog([&] { rows_ = experimentRows(store_.catalog()); })) rows_.clear();
    {
        const QSignalBlocker block(list_);
        list_->clearContents();
        list_->setRowCount(static_cast<int>(rows_.size()));
        for (int r = 0; r < static_cast<int>(rows_.size()); ++r) {
            const ExperimentRow& e = rows_[r];
            auto* name = cell(e.name);
            name->setToolTip(e.script);
            list_->setItem(r, 0, name);
            list_->setItem(r, 1, cell(e.agent));
            list_->setItem(r, 2, cell(e.env));
            auto* n = new NumberItem(e.errors > 0 ? tr("%1 (%2 failed)").arg(e.episodes).arg(e.errors)
                                                  : QString::number(e.episodes),
                                     e.episodes);
            list_->setItem(r, 3, n);
            list_->setItem(r, 4, new NumberItem(QStringLiteral("%1%").arg(100 * e.successRate, 0, 'f', 1), e.successRate));
            list_->setItem(r, 5, new NumberItem(QString::number(e.meanF1, 'f', 3), e.meanF1));
            list_->setItem(r, 6, cell(QString(e.created).replace(QLatin1Char('T'), QLatin1Char(' '))));
            const auto optional = [](const std::optional<double>& v) {
                return v ? new NumberItem(QString::number(*v, 'f', 3), *v) : new NumberItem(QString(), -1);
            };
            list_->setItem(r, 7, optional(e.meanIglu2022F1));
            list_->setItem(r, 8, optional(e.meanPredictionF1));
        }
        list_->resizeColumnsToContents();
    }
    {
        const QSignalBlocker block(compareWith_);
        compareWith_->clear();
        for (const auto& e : rows_) compareWith_->addItem(e.name);
        compareWith_->setCurrentIndex(std::max(0, compareWith_->findText(keepCompare)));
    }
    if (rows_.isEmpty()) {
        showExperiment(-1);
        return;
    }
    if (keep.isEmpty() || !selectExperiment(keep)) selectExperiment(rows_.front().name);
}

bool ExperimentsPanel::selectExperiment(const QString& name) {
    for (int r = 0; r < static_cast<int>(rows_.size()); ++r) {
        if (rows_[r].name != name) continue;
        if (list_->currentRow() == r) showExperiment(r);
        else list_->setCurrentCell(r, 0);  // currentCellChanged shows it
        return true;
    }
    return false;
}

QString ExperimentsPanel::currentExperiment() const {
    const ExperimentRow* e = current();
    return e ? e->name : QString();
}

const ExperimentRow* ExperimentsPanel::current() const {
    const int r = list_->currentRow();
    return r >= 0 && r < static_cast<int>(rows_.size()) ? &rows_[r] : nullptr;
}

bool ExperimentsPanel::setCompareWith(const QString& name) {
    const int i = compareWith_->findText(name);
    if (i < 0) return false;
    if (i == compareWith_->currentIndex()) showCompare();
    else compareWith_->setCurrentIndex(i);
    return true;
}

void ExperimentsPanel::showExperiment(int row) {
    const ExperimentRow* e = row >= 0 && row < static_cast<int>(rows_.size()) ? &rows_[row] : nullptr;
    if (e == nullptr) {
        results_->setRowCount(0);
        episodes_->setRowCount(0);
        compare_->setRowCount(0);
        chart_->clear();
        return;
    }
    scripting::Summary summary;
    std::vector<catalog::EpisodeRecord> episodes;
    if (!readCatalog([&] {
            summary = scripting::storedSummary(store_.catalog(), e->id);
            episodes = store_.catalog().episodes(e->id);
        })) {
        results_->setRowCount(0);
        episodes_->setRowCount(0);
        compare_->setRowCount(0);
        chart_->clear();
        return;
    }
    fillResultsTable(results_, summary);
    chart_->setSummary(e->name, summary);
    fillEpisodesTable(episodes_, episodes);
    // Compare with another experiment by default.
    if (compareWith_->currentText() == e->name && rows_.size() > 1) {
        const QSignalBlocker block(compareWith_);
        compareWith_->setCurrentIndex(row == 0 ? 1 : 0);
    }
    showCompare();
}

void ExperimentsPanel::showCompare() {
    const ExperimentRow* a = current();
    const int bi = compareWith_->currentIndex();
    if (a == nullptr || bi < 0 || bi >= static_cast<int>(rows_.size())) {
        compare_->setRowCount(0);
        compareTasks_->setRowCount(0);
        compareStats_->clear();
        compareLegend_->setText(tr("Select an experiment (A) and pick a second one (B)."));
        return;
    }
    const ExperimentRow& b = rows_[bi];
    scripting::Summary sa, sb;
    catalog::ExperimentComparison cmp;
    if (!readCatalog([&] {
            sa = scripting::storedSummary(store_.catalog(), a->id);
            sb = scripting::storedSummary(store_.catalog(), b.id);
            const auto ea = store_.catalog().experiment(a->name.toStdString());
            const auto eb = store_.catalog().experiment(b.name.toStdString());
            if (ea && eb) cmp = catalog::compareExperiments(store_.catalog(), *ea, *eb);
        })) {
        compare_->setRowCount(0);
        compareTasks_->setRowCount(0);
        compareStats_->clear();
        return;
    }
    fillCompareTable(compare_, sa, sb);
    fillTaskCompareTable(compareTasks_, cmp);
    compareStats_->setText(tr("A: %1<br>B: %2 (95% intervals: Wilson, t)<br><b>%3</b>")
                               .arg(QString::fromStdString(catalog::sideText(cmp.a)).toHtmlEscaped(),
                                    QString::fromStdString(catalog::sideText(cmp.b)).toHtmlEscaped(),
                                    QString::fromStdString(catalog::significanceText(cmp)).toHtmlEscaped()));
    compareLegend_->setText(tr("A = %1, B = %2. Δ = B − A: <span style='background:%3'>&nbsp;+ B better&nbsp;</span> "
                               "<span style='background:%4'>&nbsp;− B worse&nbsp;</span>")
                                .arg(a->name.toHtmlEscaped(), b.name.toHtmlEscaped(), kBetterColour.name(),
                                     kWorseColour.name()));
}

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
    if (job_->isRunning()) {
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
    if (!job_->isRunning()) return;
    job_->cancel();
    cancel_->setEnabled(false);
    showStatus(tr("cancelling: finishing the episodes written so far…"), false);
}

bool ExperimentsPanel::isRunning() const { return job_->isRunning(); }

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
    if (job_->isRunning()) {
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

QString ExperimentsPanel::freeName(const QString& name) {
    const QString dir = draftsDir();
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1_%2").arg(name).arg(n);
        bool taken = !dir.isEmpty() && QFileInfo::exists(QDir(dir).filePath(candidate + QStringLiteral(".lua")));
        readCatalog([&] { taken = taken || store_.catalog().experiment(candidate.toStdString()).has_value(); });
        if (!taken || n > 10000) return candidate;
    }
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

}  // namespace iglu::plugins::experiments

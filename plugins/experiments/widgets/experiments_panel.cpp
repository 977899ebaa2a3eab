#include "experiments_panel.hpp"

#include <optional>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
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
#include "logic/clarification_job.hpp"
#include "logic/experiment_job.hpp"
#include "clarification_view.hpp"
#include "curves_view.hpp"
#include "experiment_actions.hpp"
#include "core/catalog/clarification_experiment.hpp"
#include "results_chart.hpp"
#include "run_dialog.hpp"
#include "scripting/experiment.hpp"
#include "scripting/experiment_session.hpp"
#include "workbench/api/guarded_emit.hpp"
#include "skill_tables.hpp"

namespace iglu::plugins::experiments {

template <class F>
bool ExperimentsPanel::readCatalog(F&& read) {
    return workbench::runGuarded(std::forward<F>(read), [this](const QString& message) {
        showStatus(message, true);
        emit readFailed(message);
    });
}

ExperimentsPanel::ExperimentsPanel(const workbench::ExperimentStore& experiments, QWidget* parent)
    : QWidget(parent), store_(experiments), job_(new ExperimentJob(this)), clarificationJob_(new ClarificationJob(this)) {
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
    runClarification_ = new QPushButton(tr("Run Clarification Model…"), this);
    runClarification_->setObjectName(QStringLiteral("runClarification"));
    runClarification_->setToolTip(tr("Run a clarifying-question model (a Lua model, or a baseline .json from `iglu nlp train`) over "
                                     "the catalog's tasks, stored as an experiment of kind clarification"));
    connect(runClarification_, &QPushButton::clicked, this, &ExperimentsPanel::chooseClarificationModel);
    actions_ = new ExperimentActions(
        [this] { return store_.runFile(); },
        [this] {
            ExperimentActions::Selected s;
            if (const ExperimentRow* e = current()) s = {e->name, e->tags, e->note, e->episodes, e->tasks};
            return s;
        },
        [this] { return isRunning(); }, this);
    auto* manage = new QPushButton(tr("Manage"), this);
    manage->setObjectName(QStringLiteral("manageExperiment"));
    manage->setToolTip(tr("Rename, tag, annotate or delete the selected experiment"));
    manage->setMenu(actions_->menu());
    connect(actions_, &ExperimentActions::failed, this, [this](const QString& m) { showStatus(m, true); });
    connect(actions_, &ExperimentActions::changed, this, [this](const QString& select, const QString& m) {
        refresh();
        if (!select.isEmpty()) selectExperiment(select);
        showStatus(m, false);
    });
    top->addWidget(run_);
    top->addWidget(runClarification_);
    top->addWidget(cancel_);
    top->addWidget(manage);
    top->addWidget(refreshButton);
    top->addWidget(progress_, 1);
    top->addWidget(status_, 2);
    layout->addLayout(top);

    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* listPage = new QWidget(split);
    auto* ll = new QVBoxLayout(listPage);
    ll->setContentsMargins(0, 0, 0, 0);
    filter_ = new QLineEdit(listPage);
    filter_->setObjectName(QStringLiteral("experimentsFilter"));
    filter_->setPlaceholderText(tr("Filter: name, agent, kind or tag words"));
    filter_->setClearButtonEnabled(true);
    ll->addWidget(filter_);
    list_ = makeTable(QStringLiteral("experimentsList"), listPage);
    list_->setColumnCount(11);
    // Build experiments: episodes, success, mean F1; clarification ones: tasks, when F1, MRR.
    list_->setHorizontalHeaderLabels({tr("Experiment"), tr("Agent / model"), tr("Environment"), tr("Episodes / tasks"),
                                      tr("Success | when F1"), tr("Mean F1 | MRR"), tr("Date"), tr("IGLU-2022 F1"),
                                      tr("Prediction F1"), tr("Kind"), tr("Tags")});
    list_->horizontalHeader()->moveSection(9, 1);   // kind and tags beside the name (logical columns unchanged)
    list_->horizontalHeader()->moveSection(10, 2);
    list_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(list_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        if (list_->itemAt(at) == nullptr) return;
        actions_->menu()->popup(list_->viewport()->mapToGlobal(at));
    });
    connect(filter_, &QLineEdit::textChanged, this, &ExperimentsPanel::setListFilter);
    ll->addWidget(list_, 1);
    split->addWidget(listPage);

    tabs_ = new QTabWidget(split);
    tabs_->setObjectName(QStringLiteral("experimentTabs"));
    auto* resultsPage = new QSplitter(Qt::Horizontal, tabs_);  // the dock is wide and short: side by side
    results_ = makeTable(QStringLiteral("resultsTable"), resultsPage);
    results_->setToolTip(tr("Success and mean F1 with 95% intervals (Wilson; t). The chart's whiskers are the same intervals."));
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
    clarification_ = new ClarificationView(tabs_);
    tabs_->addTab(clarification_, tr("Clarification"));
    tabs_->setTabVisible(3, false);
    // Training curves (any run, with or without an experiment): re-read with the list.
    curves_ = new CurvesView([this](const std::function<void(const catalog::Catalog&)>& read) {
        return readCatalog([&] { read(store_.catalog()); });
    }, tabs_);
    tabs_->addTab(curves_, tr("Curves"));
    connect(clarification_, &ClarificationView::taskActivated, this, &ExperimentsPanel::taskActivated);
    connectClarificationJob();
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
    if (clarificationJob_->isRunning()) clarificationJob_->cancel();  // its finished tasks stay there too
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
    run_->setEnabled(!store_.runFile().isEmpty() && !isRunning());
    runClarification_->setEnabled(run_->isEnabled());
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
    curves_->refresh();
    fillList();
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

void ExperimentsPanel::fillList() {
    const QSignalBlocker block(list_);
    list_->setSortingEnabled(false);
    list_->clearContents();
    list_->setRowCount(static_cast<int>(rows_.size()));
    const auto optional = [](const std::optional<double>& v) {
        return v ? new NumberItem(QString::number(*v, 'f', 3), *v) : new NumberItem(QString(), -1);
    };
    for (int r = 0; r < static_cast<int>(rows_.size()); ++r) {
        const ExperimentRow& e = rows_[r];
        auto* name = textItem(e.name);
        name->setData(Qt::UserRole, r);  // rows_ index, whatever the sort order
        name->setToolTip(e.note.isEmpty() ? e.script : tr("%1\n\nNote: %2").arg(e.script, e.note));
        list_->setItem(r, 0, name);
        list_->setItem(r, 1, textItem(e.agent));
        list_->setItem(r, 2, textItem(e.env));
        if (e.isClarification()) {
            list_->setItem(r, 3, new NumberItem(e.refused > 0 ? tr("%1 tasks (%2 refused)").arg(e.tasks).arg(e.refused)
                                                              : tr("%1 tasks").arg(e.tasks),
                                                e.tasks));
            list_->setItem(r, 4, optional(e.whenF1));
            list_->setItem(r, 5, optional(e.mrr));
        } else {
            list_->setItem(r, 3, new NumberItem(e.errors > 0 ? tr("%1 (%2 failed)").arg(e.episodes).arg(e.errors)
                                                             : QString::number(e.episodes),
                                                e.episodes));
            list_->setItem(r, 4, new NumberItem(QStringLiteral("%1%").arg(100 * e.successRate, 0, 'f', 1), e.successRate));
            list_->setItem(r, 5, new NumberItem(QString::number(e.meanF1, 'f', 3), e.meanF1));
        }
        list_->setItem(r, 6, textItem(QString(e.created).replace(QLatin1Char('T'), QLatin1Char(' '))));
        list_->setItem(r, 7, optional(e.meanIglu2022F1));
        list_->setItem(r, 8, optional(e.meanPredictionF1));
        list_->setItem(r, 9, textItem(e.isClarification() ? tr("clarification") : tr("build")));
        auto* tags = textItem(e.tags);
        tags->setToolTip(e.note);
        list_->setItem(r, 10, tags);
        list_->setRowHidden(r, !rowMatches(e, filter_->text()));
    }
    list_->setSortingEnabled(true);
    list_->resizeColumnsToContents();
}

void ExperimentsPanel::setListFilter(const QString& text) {
    if (filter_->text() != text) {
        filter_->setText(text);  // textChanged comes back here
        return;
    }
    for (int r = 0; r < list_->rowCount(); ++r) {
        const QTableWidgetItem* item = list_->item(r, 0);
        const int i = item ? item->data(Qt::UserRole).toInt() : -1;
        list_->setRowHidden(r, i < 0 || i >= static_cast<int>(rows_.size()) || !rowMatches(rows_[i], text));
    }
}

bool ExperimentsPanel::selectExperiment(const QString& name) {
    for (int r = 0; r < list_->rowCount(); ++r) {
        const QTableWidgetItem* item = list_->item(r, 0);
        if (item == nullptr || item->text() != name) continue;
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
    const QTableWidgetItem* item = list_->currentRow() >= 0 ? list_->item(list_->currentRow(), 0) : nullptr;
    const int i = item ? item->data(Qt::UserRole).toInt() : -1;
    return i >= 0 && i < static_cast<int>(rows_.size()) ? &rows_[i] : nullptr;
}

bool ExperimentsPanel::setCompareWith(const QString& name) {
    const int i = compareWith_->findText(name);
    if (i < 0) return false;
    if (i == compareWith_->currentIndex()) showCompare();
    else compareWith_->setCurrentIndex(i);
    return true;
}

void ExperimentsPanel::showExperiment(int row) {
    const QTableWidgetItem* item = row >= 0 ? list_->item(row, 0) : nullptr;
    const int index = item ? item->data(Qt::UserRole).toInt() : -1;
    const ExperimentRow* e = index >= 0 && index < static_cast<int>(rows_.size()) ? &rows_[index] : nullptr;
    const auto clear = [this] {
        results_->setRowCount(0);
        episodes_->setRowCount(0);
        compare_->setRowCount(0);
        chart_->clear();
        clarification_->clear();
    };
    clear();
    if (e == nullptr) return;
    // A clarification experiment has predictions, not episodes: its own tab instead of Results / Episodes.
    const bool clarification = e->isClarification();
    const int was = tabs_->currentIndex();  // hiding the current tab moves it: decide from before
    tabs_->setTabVisible(0, !clarification);
    tabs_->setTabVisible(2, !clarification);
    tabs_->setTabVisible(3, clarification);
    if (clarification) {
        tabs_->setCurrentIndex(was == 1 || was == 4 ? was : 3);  // Compare and Curves stay
        if (!readCatalog([&] { clarification_->show(store_.catalog(), e->id); })) clarification_->clear();
    } else {
        tabs_->setCurrentIndex(was == 3 || was < 0 ? 0 : was);
        scripting::Summary summary;
        std::vector<catalog::EpisodeRecord> episodes;
        if (!readCatalog([&] {
                summary = scripting::storedSummary(store_.catalog(), e->id);
                episodes = store_.catalog().episodes(e->id);
            })) {
            clear();
            return;
        }
        fillResultsTable(results_, summary);
        chart_->setSummary(e->name, summary);
        fillEpisodesTable(episodes_, episodes);
    }
    // Compare with another experiment by default.
    if (compareWith_->currentText() == e->name && rows_.size() > 1) {
        int other = index == 0 ? 1 : 0;  // another experiment, of the same kind when there is one
        for (int k = 0; k < static_cast<int>(rows_.size()); ++k)
            if (k != index && rows_[k].kind == e->kind) {
                other = k;
                break;
            }
        const QSignalBlocker block(compareWith_);
        compareWith_->setCurrentIndex(other);
    }
    showCompare();
}

void ExperimentsPanel::showCompare() {
    const ExperimentRow* a = current();
    const int bi = compareWith_->currentIndex();
    compare_->setRowCount(0);
    compareTasks_->setRowCount(0);
    compareStats_->clear();
    if (a == nullptr || bi < 0 || bi >= static_cast<int>(rows_.size())) {
        compareLegend_->setText(tr("Select an experiment (A) and pick a second one (B)."));
        return;
    }
    const ExperimentRow& b = rows_[bi];
    if (a->kind != b.kind) {
        compareLegend_->setText(tr("%1 is a %2 experiment and %3 a %4 one: they measure different things and cannot be compared.")
                                    .arg(a->name.toHtmlEscaped(), a->kind, b.name.toHtmlEscaped(), b.kind));
        return;
    }
    if (a->isClarification()) {
        showClarificationCompare(*a, b);
        return;
    }
    scripting::Summary sa, sb;
    catalog::ExperimentComparison cmp;
    if (!readCatalog([&] {
            sa = scripting::storedSummary(store_.catalog(), a->id);
            sb = scripting::storedSummary(store_.catalog(), b.id);
            const auto ea = store_.catalog().experiment(a->name.toStdString());
            const auto eb = store_.catalog().experiment(b.name.toStdString());
            if (ea && eb) cmp = catalog::compareExperiments(store_.catalog(), *ea, *eb);
        }))
        return;
    // Shaded only where the paired tests (on the common episodes) say p < 0.05: the "all" row.
    const bool paired = cmp.pairs > 0;
    fillCompareTable(compare_, sa, sb, paired ? std::optional<double>(cmp.successP) : std::nullopt,
                     paired && cmp.f1.n > 0 ? std::optional<double>(cmp.f1.p) : std::nullopt);
    fillTaskCompareTable(compareTasks_, cmp);
    compareStats_->setText(tr("A: %1<br>B: %2 (95% intervals: Wilson, t)<br><b>%3</b>")
                               .arg(QString::fromStdString(catalog::sideText(cmp.a)).toHtmlEscaped(),
                                    QString::fromStdString(catalog::sideText(cmp.b)).toHtmlEscaped(),
                                    QString::fromStdString(catalog::significanceText(cmp)).toHtmlEscaped()));
    compareLegend_->setText(tr("A = %1, B = %2. Δ = B − A, shaded only where significant (paired test p &lt; 0.05, the "
                               "\"all\" row; per-skill and per-task rows have no test and are never shaded): "
                               "<span style='background:%3'>&nbsp;+ B better&nbsp;</span> "
                               "<span style='background:%4'>&nbsp;− B worse&nbsp;</span>")
                                .arg(a->name.toHtmlEscaped(), b.name.toHtmlEscaped(), kBetterColour.name(),
                                     kWorseColour.name()));
}

void ExperimentsPanel::showClarificationCompare(const ExperimentRow& a, const ExperimentRow& b) {
    core::ClarificationSummary sa, sb;
    core::ClarificationComparison cmp;
    if (!readCatalog([&] {
            sa = catalog::clarificationSummary(store_.catalog(), a.id);
            sb = catalog::clarificationSummary(store_.catalog(), b.id);
            cmp = core::compareClarification(store_.catalog().clarificationPredictions(a.id),
                                             store_.catalog().clarificationPredictions(b.id));
        }))
        return;
    fillClarificationCompareTable(compare_, sa, sb, cmp);
    compareStats_->setText(tr("<pre>A: %1\n%2\nB: %3\n%4</pre><b>%5</b>")
                               .arg(a.name.toHtmlEscaped(), QString::fromStdString(sa.table()).toHtmlEscaped(),
                                    b.name.toHtmlEscaped(), QString::fromStdString(sb.table()).toHtmlEscaped(),
                                    QString::fromStdString(core::clarificationComparisonText(cmp)).toHtmlEscaped()));
    compareLegend_->setText(tr("A = %1, B = %2 (clarification). Δ = B − A, shaded only where significant: the \"all\" row's "
                               "accuracy (McNemar) and MRR (paired permutation) when p &lt; 0.05; F1 and per-skill rows have "
                               "no test and are never shaded: <span style='background:%3'>&nbsp;+ B better&nbsp;</span> "
                               "<span style='background:%4'>&nbsp;− B worse&nbsp;</span>")
                                .arg(a.name.toHtmlEscaped(), b.name.toHtmlEscaped(), kBetterColour.name(), kWorseColour.name()));
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

}  // namespace iglu::plugins::experiments

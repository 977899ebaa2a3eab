#include "widgets/run_dialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QSettings>
#include <QThread>

#include "logic/run_form_memory.hpp"

namespace iglu::plugins::experiments {

RunDialog::RunDialog(std::function<QString(const QString&)> countTasks, const QString& agentsDir, const QString& outputDir,
                     QWidget* parent)
    : QDialog(parent), countTasks_(std::move(countTasks)), outputDir_(outputDir) {
    setObjectName(QStringLiteral("runExperimentDialog"));
    setWindowTitle(tr("Run Experiment"));
    auto* form = new QFormLayout;
    auto named = [this](auto* w, const char* name) {
        w->setObjectName(QString::fromLatin1(name));
        return w;
    };
    agent_ = named(new QComboBox(this), "runAgent");
    agent_->setEditable(true);
    for (const QFileInfo& f : QDir(agentsDir).entryInfoList({QStringLiteral("*.lua")}, QDir::Files, QDir::Name))
        agent_->addItem(f.fileName(), f.absoluteFilePath());
    auto* browseAgent = new QPushButton(tr("Browse..."), this);
    connect(browseAgent, &QPushButton::clicked, this, &RunDialog::chooseAgent);
    auto* agentRow = new QHBoxLayout;
    agentRow->addWidget(agent_, 1);
    agentRow->addWidget(browseAgent);
    form->addRow(tr("Agent:"), agentRow);

    tasks_ = named(new QLineEdit(QStringLiteral("all"), this), "runTasks");
    tasks_->setToolTip(tr("all; filter words as in `iglu tasks` (flying, tall, clear, unclear, source:custom, limit:50, "
                          "any word of the instruction); ids:A,B,C; or a .jsonl task list"));
    count_ = named(new QLabel(this), "runTaskCount");
    auto* taskRow = new QHBoxLayout;
    taskRow->addWidget(tasks_, 1);
    taskRow->addWidget(count_);
    form->addRow(tr("Tasks:"), taskRow);
    connect(tasks_, &QLineEdit::textChanged, this, &RunDialog::updateCount);

    space_ = named(new QComboBox(this), "runActionSpace");
    space_->addItems({QStringLiteral("walking"), QStringLiteral("flying")});
    form->addRow(tr("Action space:"), space_);
    steps_ = named(new QSpinBox(this), "runSteps");
    steps_->setRange(1, 100000);
    steps_->setValue(250);
    form->addRow(tr("Steps per episode:"), steps_);
    seeds_ = named(new QLineEdit(QStringLiteral("1"), this), "runSeeds");
    seeds_->setToolTip(tr("e.g. 1  or  1, 2, 3  or  1-10"));
    form->addRow(tr("Seeds:"), seeds_);
    repetitions_ = named(new QSpinBox(this), "runRepetitions");
    repetitions_->setRange(1, 10000);
    form->addRow(tr("Repetitions:"), repetitions_);
    jobs_ = named(new QSpinBox(this), "runJobs");
    jobs_->setRange(1, 256);
    jobs_->setValue(std::max(1, QThread::idealThreadCount()));
    jobs_->setToolTip(tr("Episodes run in parallel on this many threads"));
    form->addRow(tr("Jobs:"), jobs_);
    name_ = named(new QLineEdit(this), "runName");
    name_->setPlaceholderText(tr("e.g. random_walking_s1-5"));
    form->addRow(tr("Name:"), name_);
    targetInObs_ = named(new QCheckBox(tr("the agent sees the target"), this), "runTargetInObs");
    record_ = named(new QCheckBox(tr("record rollouts (play them back, compare them)"), this), "runRecord");
    record_->setChecked(true);
    stopOnDone_ = named(new QCheckBox(tr("end an episode when the environment says done"), this), "runStopOnDone");
    form->addRow(QString(), targetInObs_);
    form->addRow(QString(), record_);
    form->addRow(QString(), stopOnDone_);
    // A name from the agent, until the user types one.
    connect(agent_, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        if (name_->isModified()) return;
        name_->setText(QFileInfo(text).completeBaseName() + QStringLiteral("_") + space_->currentText());
    });
    connect(space_, &QComboBox::currentTextChanged, this, [this] {
        if (!name_->isModified()) name_->setText(QFileInfo(agent_->currentText()).completeBaseName() + QStringLiteral("_") + space_->currentText());
    });
    if (agent_->count() > 0) {
        const int random = agent_->findText(QStringLiteral("random.lua"));
        agent_->setCurrentIndex(random >= 0 ? random : 0);
        name_->setText(QFileInfo(agent_->currentText()).completeBaseName() + QStringLiteral("_") + space_->currentText());
    }

    // The last run's inputs (not its name: a fresh name from the agent).
    QSettings settings;
    if (const auto m = rememberedRunForm(settings)) {
        int i = -1;
        for (int k = 0; k < agent_->count() && i < 0; ++k)
            if (agent_->itemData(k).toString() == m->draft.agentPath) i = k;
        if (i < 0 && QFileInfo::exists(m->draft.agentPath)) {
            agent_->addItem(QFileInfo(m->draft.agentPath).fileName(), m->draft.agentPath);
            i = agent_->count() - 1;
        }
        if (i >= 0) agent_->setCurrentIndex(i);
        tasks_->setText(m->draft.tasks);
        space_->setCurrentIndex(m->draft.flying ? 1 : 0);
        steps_->setValue(m->draft.maxSteps);
        seeds_->setText(m->seedsText);
        repetitions_->setValue(m->draft.repetitions);
        if (m->jobs > 0) jobs_->setValue(m->jobs);
        targetInObs_->setChecked(m->draft.targetInObs);
        record_->setChecked(m->draft.recordRollouts);
        stopOnDone_->setChecked(m->draft.stopOnDone);
    }

    where_ = named(new QLabel(this), "runWhere");
    where_->setWordWrap(true);
    connect(name_, &QLineEdit::textChanged, this, [this] {
        where_->setText(tr("Saved as %1 (rerun with iglu run)").arg(QDir::toNativeSeparators(scriptPath())));
    });
    where_->setText(tr("Saved as %1 (rerun with iglu run)").arg(QDir::toNativeSeparators(scriptPath())));
    problem_ = named(new QLabel(this), "runProblem");
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #c62828;"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run"));
    auto* existing = buttons->addButton(tr("Run a Script File..."), QDialogButtonBox::ActionRole);
    existing->setObjectName(QStringLiteral("runScriptFile"));
    connect(existing, &QPushButton::clicked, this, &RunDialog::chooseScript);
    connect(buttons, &QDialogButtonBox::accepted, this, &RunDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RunDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(where_);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
    updateCount();
}

ExperimentDraft RunDialog::draft() const {
    ExperimentDraft d;
    d.name = name_->text().trimmed();
    const int i = agent_->findText(agent_->currentText());
    d.agentPath = i >= 0 && agent_->itemData(i).isValid() ? agent_->itemData(i).toString() : agent_->currentText().trimmed();
    d.tasks = tasks_->text().trimmed();
    d.flying = space_->currentIndex() == 1;
    d.maxSteps = steps_->value();
    if (auto seeds = parseSeeds(seeds_->text(), nullptr)) d.seeds = std::move(*seeds);
    else d.seeds.clear();
    d.repetitions = repetitions_->value();
    d.targetInObs = targetInObs_->isChecked();
    d.recordRollouts = record_->isChecked();
    d.stopOnDone = stopOnDone_->isChecked();
    return d;
}

int RunDialog::jobs() const { return jobs_->value(); }

QString RunDialog::scriptPath() const {
    const QString name = name_->text().trimmed().isEmpty() ? QStringLiteral("experiment") : name_->text().trimmed();
    return QDir(outputDir_).filePath(name + QStringLiteral(".lua"));
}

QString RunDialog::problem() const { return problem_->text(); }

void RunDialog::updateCount() {
    const QString text = countTasks_ ? countTasks_(tasks_->text()) : QString();
    count_->setText(text);
}

void RunDialog::accept() {
    QString error;
    if (!parseSeeds(seeds_->text(), &error)) {
        problem_->setText(error);
        return;
    }
    const QString p = draftProblem(draft());
    problem_->setText(p);
    if (!p.isEmpty()) return;
    // A doomed run (e.g. the oracle without the target) is said before anything runs or is stored.
    if (const QString warning = targetWarning(draft()); !warning.isEmpty()) {
        QMessageBox box(QMessageBox::Warning, tr("Run Experiment"), warning, QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("targetWarning"));
        QPushButton* show = box.addButton(tr("Let It See the Target and Run"), QMessageBox::AcceptRole);
        show->setObjectName(QStringLiteral("targetWarningShow"));
        QPushButton* anyway = box.addButton(tr("Run Without It"), QMessageBox::DestructiveRole);
        anyway->setObjectName(QStringLiteral("targetWarningRunAnyway"));
        box.addButton(QMessageBox::Cancel);
        box.setDefaultButton(show);
        box.exec();
        if (box.clickedButton() == show) targetInObs_->setChecked(true);
        else if (box.clickedButton() != anyway) return;  // Cancel: back to the form, nothing runs
    }
    QSettings settings;
    rememberRunForm(settings, draft(), seeds_->text(), jobs_->value());
    QDialog::accept();
}

void RunDialog::chooseAgent() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Agent script"), QFileInfo(agent_->currentText()).path(),
                                                      tr("Lua agents (*.lua)"));
    if (path.isEmpty()) return;
    agent_->addItem(QFileInfo(path).fileName(), path);
    agent_->setCurrentIndex(agent_->count() - 1);
}

void RunDialog::chooseScript() {
    const QString start = QDir(outputDir_).exists() || scriptsDir_.isEmpty() ? outputDir_ : scriptsDir_;
    const QString path = QFileDialog::getOpenFileName(this, tr("Run Experiment"), start, tr("Experiment scripts (*.lua)"));
    if (path.isEmpty()) return;
    existing_ = path;
    QDialog::accept();
}

}  // namespace iglu::plugins::experiments

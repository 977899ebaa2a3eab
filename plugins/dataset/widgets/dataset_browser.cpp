#include "dataset_browser.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "workbench/api/guarded_emit.hpp"

#include "logic/task_table_model.hpp"
#include "core/util/text_rules.hpp"

namespace iglu::plugins::dataset {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
QString esc(const std::string& s) { return q(s).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")); }

QSpinBox* rangeBox(QWidget* parent, const QString& name, const QString& special, int value) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(-1, 11 * 11 * 9);
    box->setSpecialValueText(special);
    box->setValue(value);
    box->setKeyboardTracking(true);
    return box;
}
}  // namespace

DatasetBrowser::DatasetBrowser(const workbench::TaskQueries& tasks, QWidget* parent) : QWidget(parent), tasks_(tasks) {
    setObjectName(QStringLiteral("datasetBrowser"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);

    // The filter bar scrolls sideways rather than widening the dock (small windows, screenshots).
    auto* barArea = new QScrollArea(this);
    barArea->setFrameShape(QFrame::NoFrame);
    barArea->setWidgetResizable(true);
    barArea->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* barWidget = new QWidget(barArea);
    auto* bar = new QHBoxLayout(barWidget);
    bar->setContentsMargins(0, 0, 0, 0);
    search_ = new QLineEdit(this);
    search_->setMinimumWidth(160);
    search_->setObjectName(QStringLiteral("browserSearch"));
    search_->setPlaceholderText(tr("Search id, instruction, dialog"));
    search_->setClearButtonEnabled(true);
    bar->addWidget(search_, 3);
    skill_ = new QComboBox(this);
    skill_->setObjectName(QStringLiteral("browserSkill"));
    skill_->addItem(tr("any skill"), -1);
    for (auto s : core::kAllSkills) skill_->addItem(QString::fromLatin1(core::skillName(s)), static_cast<int>(s));
    bar->addWidget(skill_);
    clear_ = new QComboBox(this);
    clear_->setObjectName(QStringLiteral("browserClear"));
    clear_->addItem(tr("clear or not"), -1);
    clear_->addItem(tr("clear"), 1);
    clear_->addItem(tr("unclear"), 0);
    bar->addWidget(clear_);
    labeled_ = new QComboBox(this);
    labeled_->setObjectName(QStringLiteral("browserLabeled"));
    labeled_->addItem(tr("labeled or not"), -1);
    labeled_->addItem(tr("labeled"), 1);
    labeled_->addItem(tr("unlabeled"), 0);
    bar->addWidget(labeled_);
    bar->addWidget(new QLabel(tr("target"), this));
    minTarget_ = rangeBox(this, QStringLiteral("browserMinTarget"), QString(), 0);
    minTarget_->setMinimum(0);
    maxTarget_ = rangeBox(this, QStringLiteral("browserMaxTarget"), tr("any"), -1);
    bar->addWidget(minTarget_);
    bar->addWidget(new QLabel(QStringLiteral("–"), this));
    bar->addWidget(maxTarget_);
    bar->addWidget(new QLabel(tr("changes"), this));
    minChanges_ = rangeBox(this, QStringLiteral("browserMinChanges"), QString(), 0);
    minChanges_->setMinimum(0);
    maxChanges_ = rangeBox(this, QStringLiteral("browserMaxChanges"), tr("any"), -1);
    minChanges_->setToolTip(tr("blocks to add + blocks to remove"));
    maxChanges_->setToolTip(minChanges_->toolTip());
    bar->addWidget(minChanges_);
    bar->addWidget(new QLabel(QStringLiteral("–"), this));
    bar->addWidget(maxChanges_);
    count_ = new QLabel(this);
    count_->setObjectName(QStringLiteral("browserCount"));
    bar->addWidget(count_);
    barArea->setWidget(barWidget);
    barArea->setFixedHeight(barWidget->sizeHint().height() + barArea->horizontalScrollBar()->sizeHint().height() + 2);
    layout->addWidget(barArea);

    auto* split = new QSplitter(Qt::Horizontal, this);
    model_ = new TaskTableModel(this);
    table_ = new QTableView(split);
    table_->setObjectName(QStringLiteral("browserTable"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSortingEnabled(true);
    // By source (single-turn tasks first), then natural id order within each: multi-turn session
    // turns (ids starting with digits, often without instruction) no longer open the list.
    table_->sortByColumn(TaskTableModel::Source, Qt::AscendingOrder);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    // Fixed row heights and column widths: no per-row size computation with 10,000+ rows.
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->setColumnWidth(TaskTableModel::Id, 130);
    table_->setColumnWidth(TaskTableModel::Source, 120);
    table_->setColumnWidth(TaskTableModel::Instruction, 320);
    for (int c = TaskTableModel::Clear; c <= TaskTableModel::Remove; ++c) table_->setColumnWidth(c, 60);
    table_->setColumnWidth(TaskTableModel::HumanSkills, 120);
    table_->setColumnWidth(TaskTableModel::AutoSkills, 120);
    details_ = new QTextBrowser(split);
    details_->setObjectName(QStringLiteral("browserDetails"));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    table_->setMinimumHeight(table_->verticalHeader()->defaultSectionSize() * 3);

    connect(search_, &QLineEdit::textChanged, this, &DatasetBrowser::requery);
    for (QComboBox* box : {skill_, clear_, labeled_})
        connect(box, &QComboBox::currentIndexChanged, this, &DatasetBrowser::requery);
    for (QSpinBox* box : {minTarget_, maxTarget_, minChanges_, maxChanges_})
        connect(box, &QSpinBox::valueChanged, this, &DatasetBrowser::requery);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (!current.isValid()) return;
        const QString id = QString::fromStdString(model_->task(current.row()).id);
        showDetails(id);
        if (!selecting_) emit taskActivated(id);
    });
}

BrowserFilter DatasetBrowser::filter() const {
    BrowserFilter f;
    f.text = search_->text().trimmed().toStdString();
    if (const int s = skill_->currentData().toInt(); s >= 0) f.skill = static_cast<core::Skill>(s);
    if (const int c = clear_->currentData().toInt(); c >= 0) f.clear = c == 1;
    if (const int l = labeled_->currentData().toInt(); l >= 0) f.labeled = l == 1;
    f.minTarget = minTarget_->value();
    f.maxTarget = maxTarget_->value();
    f.minChanges = minChanges_->value();
    f.maxChanges = maxChanges_->value();
    return f;
}

void DatasetBrowser::requery() {
    std::vector<catalog::TaskSummary> rows;
    int total = 0;
    QString error;
    workbench::runGuarded(
        [&] {
            rows = queryTasks(tasks_, filter());
            total = tasks_.taskCount();
        },
        [&](const QString& message) {
            rows.clear();
            error = message;
            emit readFailed(message);
        });
    const int n = static_cast<int>(rows.size());
    model_->setTasks(std::move(rows));
    count_->setText(error.isEmpty() ? tr("%1 of %2 tasks").arg(n).arg(total) : error);
    count_->setToolTip(error);
    if (!shownTask_.isEmpty()) showTask(shownTask_);
    emit requeried(n);
}

void DatasetBrowser::refreshTask(const QString& taskId) {
    if (taskId.isEmpty()) {
        requery();
        return;
    }
    workbench::runGuarded(
        [&] {
            catalog::TaskFilter f;
            f.ids = {taskId.toStdString()};
            const auto found = tasks_.findTasks(f);
            if (!found.empty()) model_->updateTask(found.front());
        },
        [this](const QString& message) { emit readFailed(message); });
    if (taskId == shownTask_) showDetails(taskId);
}

void DatasetBrowser::focusSearch() {
    search_->setFocus();
    search_->selectAll();
}

void DatasetBrowser::showTask(const QString& taskId) {
    const int row = model_->rowOf(taskId);
    selecting_ = true;
    if (row >= 0) {
        table_->selectRow(row);
        table_->scrollTo(model_->index(row, 0));
    } else {
        table_->clearSelection();
    }
    selecting_ = false;
    showDetails(taskId);
}

QString DatasetBrowser::detailsHtml() const { return details_->toHtml(); }

void DatasetBrowser::showDetails(const QString& taskId) {
    shownTask_ = taskId;
    if (taskId.isEmpty()) {
        details_->clear();
        return;
    }
    workbench::runGuarded([&] { showDetailsOf(taskId); },
                          [this](const QString& message) {
                              details_->setPlainText(message);
                              emit readFailed(message);
                          });
}

void DatasetBrowser::showDetailsOf(const QString& taskId) {
    const auto rec = tasks_.task(taskId.toStdString());
    if (!rec) {
        details_->setHtml(tr("<i>%1: not in the catalog</i>").arg(taskId.toHtmlEscaped()));
        return;
    }
    QString html = QStringLiteral("<h3>%1</h3>").arg(esc(rec->task.id));
    html += tr("<p><b>Source:</b> %1").arg(QString::fromLatin1(catalog::taskSourceName(rec->source)));
    if (!rec->structureId.empty()) html += tr(" · structure %1").arg(esc(rec->structureId));
    if (!rec->sessionId.empty()) html += tr(" · session %1, turn %2").arg(esc(rec->sessionId)).arg(rec->turn);
    html += tr(" · clear: %1</p>").arg(!rec->clear ? tr("unknown") : *rec->clear ? tr("yes") : tr("no"));
    // A field the dataset does not hold is said to be missing, never shown as "null" (core::absentText).
    const auto absent = [](const QString& what) { return QStringLiteral("<i style=\"color:gray\">%1</i>").arg(what); };
    html += tr("<p><b>Dialog</b><br>%1</p>")
                .arg(core::absentText(rec->task.dialog) ? absent(tr("no dialog recorded")) : esc(rec->task.dialog));
    html += tr("<p><b>Instruction</b><br>%1</p>")
                .arg(core::absentText(rec->task.instruction) ? absent(tr("no instruction recorded")) : esc(rec->task.instruction));
    if (!core::absentText(rec->clarifyingQuestion))
        html += tr("<p><b>Clarifying question</b><br>%1</p>").arg(esc(rec->clarifyingQuestion));
    if (rec->task.target == rec->task.starting)
        html += tr("<p><i>The target equals the start: nothing to build (the environment is done at its first step).</i></p>");
    QString labels;
    for (const auto& l : tasks_.labels(rec->task.id))
        labels += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                      .arg(QString::fromLatin1(core::skillName(l.skill)), l.value ? tr("yes") : tr("no"),
                           QString::fromLatin1(catalog::labelSourceName(l.source)), esc(l.labeler));
    if (!labels.isEmpty()) html += tr("<p><b>Labels</b></p><table cellspacing=4>%1</table>").arg(labels);
    const std::string note = tasks_.note(rec->task.id);
    if (!note.empty()) html += tr("<p><b>Note</b><br>%1</p>").arg(esc(note));
    html += tr("<p><i>The 3D view shows the start, the target (ghost) and the diff (overlay, Ctrl+Shift+O).</i></p>");
    details_->setHtml(html);
}

}  // namespace iglu::plugins::dataset

#include "clarification_view.hpp"

#include <set>
#include <string>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/catalog/catalog.hpp"
#include "core/catalog/clarification_experiment.hpp"
#include "skill_tables.hpp"

namespace iglu::plugins::experiments {

namespace {

constexpr int kTaskRowRole = Qt::UserRole + 10;  ///< error table, column 0: index into shown_


QTableWidgetItem* num(const QString& s, double v) {
    auto* item = new NumberItem(s, v);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString f3(double v) { return QString::number(v, 'f', 3); }

void reset(QTableWidget* t, const QStringList& headers, int rows) {
    t->setSortingEnabled(false);
    t->clearContents();
    t->setColumnCount(static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->setRowCount(rows);
}

}  // namespace

ClarificationView::ClarificationView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("clarificationView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The skill table is short (a row per skill): above, the browser gets the dock's width.
    auto* split = new QSplitter(Qt::Vertical, this);
    skills_ = makeTable(QStringLiteral("clarificationSkills"), split);
    skills_->setToolTip(tr("Per skill: rates and MRR with 95% intervals (Wilson; t for the MRR). F1 has no interval."));
    split->addWidget(skills_);

    auto* browser = new QWidget(split);
    auto* bl = new QVBoxLayout(browser);
    bl->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Errors:"), browser));
    filter_ = new QComboBox(browser);
    filter_->setObjectName(QStringLiteral("errorFilter"));
    for (int f = 0; f < kErrorFilterCount; ++f) filter_->addItem(errorFilterName(static_cast<ErrorFilter>(f)), f);
    top->addWidget(filter_, 1);
    count_ = new QLabel(browser);
    count_->setObjectName(QStringLiteral("errorCount"));
    top->addWidget(count_);
    bl->addLayout(top);
    auto* rows = new QSplitter(Qt::Horizontal, browser);
    errors_ = makeTable(QStringLiteral("errorTable"), rows);
    errors_->setToolTip(tr("Double-click (or Enter) shows the task and its world in the 3D view"));
    rows->addWidget(errors_);
    detail_ = new QLabel(rows);
    detail_->setObjectName(QStringLiteral("errorDetail"));
    detail_->setWordWrap(true);
    detail_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detail_->setMinimumWidth(160);
    rows->addWidget(detail_);
    rows->setSizes({700, 300});
    bl->addWidget(rows, 1);
    split->addWidget(browser);
    split->setSizes({120, 400});
    layout->addWidget(split);

    connect(filter_, &QComboBox::currentIndexChanged, this, [this] { applyFilter(); });
    connect(errors_, &QTableWidget::currentCellChanged, this, [this](int row) { showDetail(row); });
    connect(errors_, &QTableWidget::cellActivated, this, [this](int row) {
        if (const QTableWidgetItem* item = errors_->item(row, 0)) emit taskActivated(item->text());
    });
}

void ClarificationView::clear() {
    rows_.clear();
    skills_->setRowCount(0);
    applyFilter();
}

void ClarificationView::show(const catalog::Catalog& cat, qint64 experimentId) {
    const core::ClarificationSummary summary = catalog::clarificationSummary(cat, experimentId);
    rows_ = clarificationErrorRows(cat, experimentId);
    std::vector<std::pair<QString, const core::ClarificationStats*>> stats;
    for (const auto& [name, s] : summary.perSkill()) stats.emplace_back(QString::fromStdString(name), &s);
    stats.emplace_back(QStringLiteral("all"), &summary.overall());
    reset(skills_,
          {tr("Skill"), tr("Tasks"), tr("Refused"), tr("When n"), tr("Precision"), tr("Recall"), tr("F1"), tr("Accuracy"),
           tr("Ranked"), tr("MRR"), tr("R@1"), tr("R@5")},
          static_cast<int>(stats.size()));
    for (int r = 0; r < static_cast<int>(stats.size()); ++r) {
        const auto& [name, sp] = stats[static_cast<std::size_t>(r)];
        const core::ClarificationStats& s = *sp;
        const auto interval = [&](double v, core::Interval i) { return num(withInterval(v, i.low, i.high), v); };
        skills_->setItem(r, 0, textItem(name));
        skills_->setItem(r, 1, num(QString::number(s.tasks), s.tasks));
        skills_->setItem(r, 2, num(QString::number(s.errors), s.errors));
        skills_->setItem(r, 3, num(QString::number(s.when.total()), s.when.total()));
        skills_->setItem(r, 4, interval(s.when.precision(), s.precisionInterval()));
        skills_->setItem(r, 5, interval(s.when.recall(), s.recallInterval()));
        skills_->setItem(r, 6, num(QString::number(s.when.f1(), 'f', 2), s.when.f1()));
        skills_->setItem(r, 7, interval(s.when.accuracy(), s.accuracyInterval()));
        skills_->setItem(r, 8, num(QString::number(s.what.n()), s.what.n()));
        skills_->setItem(r, 9, interval(s.what.mrr(), s.mrrInterval()));
        skills_->setItem(r, 10, interval(s.what.recallAt(1), s.recallAtInterval(1)));
        skills_->setItem(r, 11, interval(s.what.recallAt(5), s.recallAtInterval(5)));
    }
    skills_->resizeColumnsToContents();
    applyFilter();
}

void ClarificationView::setFilter(ErrorFilter filter) {
    const int i = filter_->findData(static_cast<int>(filter));
    if (i == filter_->currentIndex()) applyFilter();
    else filter_->setCurrentIndex(i);
}

void ClarificationView::applyFilter() {
    const auto filter = static_cast<ErrorFilter>(filter_->currentData().toInt());
    shown_.clear();
    for (const ErrorRow& r : rows_)
        if (errorRowMatches(r, filter)) shown_.push_back(r);
    const QSignalBlocker block(errors_);
    reset(errors_, {tr("Task"), tr("Gold clarity"), tr("P(needs)"), tr("Gold rank"), tr("Instruction")},
          static_cast<int>(shown_.size()));
    for (int i = 0; i < static_cast<int>(shown_.size()); ++i) {
        const ErrorRow& r = shown_[i];
        auto* id = textItem(r.taskId);
        id->setData(kTaskRowRole, i);
        errors_->setItem(i, 0, id);
        errors_->setItem(i, 1, textItem(!r.goldNeeds ? QString() : *r.goldNeeds ? tr("needs clarification") : tr("clear")));
        errors_->setItem(i, 2, r.probability ? num(f3(*r.probability), *r.probability) : num(QString(), -1));
        errors_->setItem(i, 3,
                         !r.goldRank ? num(QString(), -1)
                                     : *r.goldRank == 0 ? num(tr("not ranked"), 1e9) : num(QString::number(*r.goldRank), *r.goldRank));
        auto* instruction = textItem(r.instruction.simplified());
        instruction->setToolTip(r.error.isEmpty() ? r.instruction : tr("refused: %1").arg(r.error));
        errors_->setItem(i, 4, instruction);
    }
    errors_->setSortingEnabled(true);
    errors_->resizeColumnsToContents();
    count_->setText(tr("%1 of %2 tasks").arg(shown_.size()).arg(rows_.size()));
    detail_->setText(shown_.isEmpty() ? tr("No task under this filter.") : tr("Select a task to see its questions."));
}

void ClarificationView::showDetail(int row) {
    const QTableWidgetItem* item = row >= 0 ? errors_->item(row, 0) : nullptr;
    if (item == nullptr) return;
    const int i = item->data(kTaskRowRole).toInt();
    if (i < 0 || i >= static_cast<int>(shown_.size())) return;
    const ErrorRow& r = shown_[i];
    QString html = tr("<b>%1</b><br><i>%2</i>").arg(r.taskId.toHtmlEscaped(), r.instruction.toHtmlEscaped());
    if (!r.error.isEmpty()) html += tr("<br><b>Refused:</b> %1").arg(r.error.toHtmlEscaped());
    html += tr("<br><b>Gold question:</b> %1").arg(r.goldQuestion.isEmpty() ? tr("(none)") : r.goldQuestion.toHtmlEscaped());
    if (r.goldRank) html += tr(" (rank %1)").arg(*r.goldRank == 0 ? tr("—, not ranked") : QString::number(*r.goldRank));
    html += tr("<br><b>Model's top three:</b><ol style='margin:0'>");
    for (const QString& q : r.top) html += QStringLiteral("<li>%1</li>").arg(q.toHtmlEscaped());
    html += QStringLiteral("</ol>");
    if (r.top.isEmpty()) html += tr("(the model ranked nothing)");
    detail_->setText(html);
}

void fillClarificationCompareTable(QTableWidget* t, const core::ClarificationSummary& a, const core::ClarificationSummary& b,
                                   const core::ClarificationComparison& c) {
    std::set<std::string> skills;
    for (const auto& [n, s] : a.perSkill()) skills.insert(n);
    for (const auto& [n, s] : b.perSkill()) skills.insert(n);
    std::vector<QString> names;
    for (const auto& s : skills) names.push_back(QString::fromStdString(s));
    names.push_back(QStringLiteral("all"));
    reset(t,
          {QObject::tr("Skill"), QObject::tr("Tasks A"), QObject::tr("Tasks B"), QObject::tr("When F1 A"), QObject::tr("When F1 B"),
           QObject::tr("Δ F1"), QObject::tr("Accuracy A"), QObject::tr("Accuracy B"), QObject::tr("Δ accuracy"), QObject::tr("MRR A"),
           QObject::tr("MRR B"), QObject::tr("Δ MRR")},
          static_cast<int>(names.size()));
    const core::ClarificationStats none;
    const auto stats = [&none](const core::ClarificationSummary& s, const QString& name) -> const core::ClarificationStats& {
        if (name == QStringLiteral("all")) return s.overall();
        const auto it = s.perSkill().find(name.toStdString());
        return it == s.perSkill().end() ? none : it->second;
    };
    for (int r = 0; r < static_cast<int>(names.size()); ++r) {
        const QString& name = names[static_cast<std::size_t>(r)];
        const core::ClarificationStats& sa = stats(a, name);
        const core::ClarificationStats& sb = stats(b, name);
        const bool all = name == QStringLiteral("all");
        const bool when = sa.when.total() > 0 && sb.when.total() > 0, what = sa.what.n() > 0 && sb.what.n() > 0;
        t->setItem(r, 0, textItem(name));
        t->setItem(r, 1, num(QString::number(sa.tasks), sa.tasks));
        t->setItem(r, 2, num(QString::number(sb.tasks), sb.tasks));
        t->setItem(r, 3, num(f3(sa.when.f1()), sa.when.f1()));
        t->setItem(r, 4, num(f3(sb.when.f1()), sb.when.f1()));
        t->setItem(r, 5, when ? deltaItem(sb.when.f1() - sa.when.f1(), false, false) : textItem(QString()));
        t->setItem(r, 6, num(f3(sa.when.accuracy()), sa.when.accuracy()));
        t->setItem(r, 7, num(f3(sb.when.accuracy()), sb.when.accuracy()));
        const bool accuracyShaded = all && c.whenPairs > 0 && c.whenP < kSignificance;
        t->setItem(r, 8, when ? deltaItem(sb.when.accuracy() - sa.when.accuracy(), false, accuracyShaded) : textItem(QString()));
        t->setItem(r, 9, num(f3(sa.what.mrr()), sa.what.mrr()));
        t->setItem(r, 10, num(f3(sb.what.mrr()), sb.what.mrr()));
        const bool mrrShaded = all && c.reciprocalRank.n > 0 && c.reciprocalRank.p < kSignificance;
        t->setItem(r, 11, what ? deltaItem(sb.what.mrr() - sa.what.mrr(), false, mrrShaded) : textItem(QString()));
    }
    t->resizeColumnsToContents();
}

}  // namespace iglu::plugins::experiments

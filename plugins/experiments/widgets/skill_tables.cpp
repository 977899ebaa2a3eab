#include "skill_tables.hpp"

#include <cmath>
#include <optional>
#include <set>
#include <string>

#include <QHeaderView>
#include <QTableWidget>

#include "core/catalog/catalog.hpp"
#include "logic/skill_intervals.hpp"
#include "scripting/summary.hpp"

namespace iglu::plugins::experiments {

namespace {

QString percent(double rate) { return QStringLiteral("%1%").arg(100 * rate, 0, 'f', 1); }
QString fixed(double v, int decimals) { return QString::number(v, 'f', decimals); }

/// A mean that not every experiment has (none: an empty cell, sorted first).
QTableWidgetItem* optionalNumber(const std::optional<double>& v);

QTableWidgetItem* number(const QString& text, double value) {
    auto* item = new NumberItem(text, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem* optionalNumber(const std::optional<double>& v) {
    return v ? number(fixed(*v, 3), *v) : number(QString(), -1);
}

void reset(QTableWidget* table, const QStringList& headers, int rows) {
    table->setSortingEnabled(false);
    table->clearContents();
    table->setColumnCount(static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->setRowCount(rows);
}

/// The rows of a summary: skills (alphabetical) then "all".
std::vector<std::pair<QString, const scripting::SkillStats*>> rowsOf(const scripting::Summary& s) {
    std::vector<std::pair<QString, const scripting::SkillStats*>> rows;
    for (const auto& [name, stats] : s.perSkill()) rows.emplace_back(QString::fromStdString(name), &stats);
    rows.emplace_back(QStringLiteral("all"), &s.overall());
    return rows;
}

}  // namespace

QTableWidgetItem* deltaItem(double delta, bool percentScale, bool shade) {
    auto* item = number(signedText(delta, percentScale), delta);
    if (!shade) {
        item->setToolTip(QObject::tr("no paired test for this row, or p ≥ 0.05: not shaded"));
    } else if (delta > kDeltaEpsilon) {
        item->setBackground(kBetterColour);
        item->setToolTip(QObject::tr("B is better than A"));
    } else if (delta < -kDeltaEpsilon) {
        item->setBackground(kWorseColour);
        item->setToolTip(QObject::tr("B is worse than A"));
    }
    if (shade && std::abs(delta) > kDeltaEpsilon) item->setForeground(QColor(Qt::black));
    return item;
}


NumberItem::NumberItem(const QString& text, double value) : QTableWidgetItem(text) {
    setData(kValueRole, value);
    setFlags(flags() & ~Qt::ItemIsEditable);
}

bool NumberItem::operator<(const QTableWidgetItem& other) const {
    return data(kValueRole).toDouble() < other.data(kValueRole).toDouble();
}

QString withInterval(double value, double low, double high) {
    return QStringLiteral("%1 [%2, %3]").arg(value, 0, 'f', 2).arg(low, 0, 'f', 2).arg(high, 0, 'f', 2);
}

QString signedText(double delta, bool percentScale) {
    const double v = percentScale ? 100 * delta : delta;
    const int decimals = percentScale ? 1 : 3;
    QString text = QString::number(std::abs(v), 'f', decimals);
    if (delta > kDeltaEpsilon) text.prepend(QLatin1Char('+'));
    else if (delta < -kDeltaEpsilon) text.prepend(QChar(0x2212));  // minus sign
    return percentScale ? text + QLatin1Char('%') : text;
}

void fillResultsTable(QTableWidget* table, const scripting::Summary& summary) {
    const auto rows = rowsOf(summary);
    reset(table,
          {QObject::tr("Skill"), QObject::tr("Episodes"), QObject::tr("Success"), QObject::tr("Mean F1"),
           QObject::tr("Mean steps"), QObject::tr("Errors"), QObject::tr("Do-nothing success"),
           QObject::tr("Do-nothing F1"), QObject::tr("IGLU-2022 F1"), QObject::tr("Prediction F1")},
          static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const auto& [name, s] = rows[static_cast<std::size_t>(r)];
        table->setItem(r, 0, textItem(name));
        table->setItem(r, 1, number(QString::number(s->episodes), s->episodes));
        const core::Interval success = successInterval(*s), f1 = meanF1Interval(*s);
        table->setItem(r, 2, number(withInterval(s->successRate(), success.low, success.high), s->successRate()));
        table->setItem(r, 3, number(withInterval(s->meanF1(), f1.low, f1.high), s->meanF1()));
        table->setItem(r, 4, number(fixed(s->meanSteps(), 1), s->meanSteps()));
        table->setItem(r, 5, number(QString::number(s->errors), s->errors));
        table->setItem(r, 6, number(percent(s->baselineSuccessRate()), s->baselineSuccessRate()));
        table->setItem(r, 7, number(fixed(s->baselineMeanF1(), 3), s->baselineMeanF1()));
        table->setItem(r, 8, optionalNumber(s->meanIglu2022F1()));
        table->setItem(r, 9, optionalNumber(s->meanPredictionF1()));
    }
    table->resizeColumnsToContents();
}

void fillCompareTable(QTableWidget* table, const scripting::Summary& a, const scripting::Summary& b, std::optional<double> successP,
                      std::optional<double> f1P) {
    std::vector<QString> names;
    {
        std::set<std::string> skills;
        for (const auto& [name, stats] : a.perSkill()) skills.insert(name);
        for (const auto& [name, stats] : b.perSkill()) skills.insert(name);
        for (const auto& s : skills) names.push_back(QString::fromStdString(s));
        names.push_back(QStringLiteral("all"));
    }
    reset(table,
          {QObject::tr("Skill"), QObject::tr("Episodes A"), QObject::tr("Episodes B"), QObject::tr("Success A"),
           QObject::tr("Success B"), QObject::tr("Δ success"), QObject::tr("Mean F1 A"), QObject::tr("Mean F1 B"),
           QObject::tr("Δ mean F1"), QObject::tr("Mean steps A"), QObject::tr("Mean steps B"), QObject::tr("IGLU-2022 F1 A"),
           QObject::tr("IGLU-2022 F1 B"), QObject::tr("Prediction F1 A"), QObject::tr("Prediction F1 B")},
          static_cast<int>(names.size()));
    const scripting::SkillStats none;
    auto stats = [&none](const scripting::Summary& s, const QString& name) -> const scripting::SkillStats& {
        if (name == QStringLiteral("all")) return s.overall();
        auto it = s.perSkill().find(name.toStdString());
        return it == s.perSkill().end() ? none : it->second;
    };
    for (int r = 0; r < static_cast<int>(names.size()); ++r) {
        const QString& name = names[static_cast<std::size_t>(r)];
        const scripting::SkillStats& sa = stats(a, name);
        const scripting::SkillStats& sb = stats(b, name);
        table->setItem(r, 0, textItem(name));
        table->setItem(r, 1, number(QString::number(sa.episodes), sa.episodes));
        table->setItem(r, 2, number(QString::number(sb.episodes), sb.episodes));
        table->setItem(r, 3, number(percent(sa.successRate()), sa.successRate()));
        table->setItem(r, 4, number(percent(sb.successRate()), sb.successRate()));
        const bool both = sa.episodes > 0 && sb.episodes > 0;  // a skill only one side has: no difference
        // Shaded only where the difference is significant: the paired tests cover the "all" row.
        const bool all = name == QStringLiteral("all");
        const bool successShaded = all && successP && *successP < kSignificance;
        const bool f1Shaded = all && f1P && *f1P < kSignificance;
        table->setItem(r, 5, both ? deltaItem(sb.successRate() - sa.successRate(), true, successShaded) : textItem(QString()));
        table->setItem(r, 6, number(fixed(sa.meanF1(), 3), sa.meanF1()));
        table->setItem(r, 7, number(fixed(sb.meanF1(), 3), sb.meanF1()));
        table->setItem(r, 8, both ? deltaItem(sb.meanF1() - sa.meanF1(), false, f1Shaded) : textItem(QString()));
        table->setItem(r, 9, number(fixed(sa.meanSteps(), 1), sa.meanSteps()));
        table->setItem(r, 10, number(fixed(sb.meanSteps(), 1), sb.meanSteps()));
        table->setItem(r, 11, optionalNumber(sa.meanIglu2022F1()));
        table->setItem(r, 12, optionalNumber(sb.meanIglu2022F1()));
        table->setItem(r, 13, optionalNumber(sa.meanPredictionF1()));
        table->setItem(r, 14, optionalNumber(sb.meanPredictionF1()));
    }
    table->resizeColumnsToContents();
}

void fillEpisodesTable(QTableWidget* table, const std::vector<catalog::EpisodeRecord>& episodes) {
    reset(table,
          {QObject::tr("Task"), QObject::tr("Seed"), QObject::tr("Rep"), QObject::tr("Success"), QObject::tr("F1"),
           QObject::tr("Steps"), QObject::tr("Return"), QObject::tr("Rollout"), QObject::tr("Error")},
          static_cast<int>(episodes.size()));
    const QColor failedTint(0xfd, 0xd0, 0xa2);
    for (int r = 0; r < static_cast<int>(episodes.size()); ++r) {
        const catalog::EpisodeRecord& e = episodes[static_cast<std::size_t>(r)];
        auto* task = textItem(QString::fromStdString(e.taskId));
        task->setData(kEpisodeIdRole, static_cast<qlonglong>(e.id));
        task->setData(kRolloutIdRole, static_cast<qlonglong>(e.rolloutId.value_or(0)));
        task->setToolTip(QObject::tr("Double-click: open this episode in the rollout player"));
        table->setItem(r, 0, task);
        table->setItem(r, 1, number(QString::number(e.seed), static_cast<double>(e.seed)));
        table->setItem(r, 2, number(QString::number(e.repetition), e.repetition));
        table->setItem(r, 3, number(e.success ? QObject::tr("yes") : QObject::tr("no"), e.success ? 1 : 0));
        table->setItem(r, 4, number(fixed(e.f1, 3), e.f1));
        table->setItem(r, 5, number(QString::number(e.steps), e.steps));
        table->setItem(r, 6, number(QString::number(e.totalReturn, 'g', 4), e.totalReturn));
        table->setItem(r, 7, textItem(e.rolloutId ? QObject::tr("#%1").arg(*e.rolloutId) : QObject::tr("not stored")));
        const QString error = QString::fromStdString(e.error);
        auto* err = textItem(error.section(QLatin1Char('\n'), 0, 0));
        if (!e.ok) {
            err->setToolTip(error);
            for (int c = 0; c < 8; ++c) table->item(r, c)->setBackground(failedTint);
            err->setBackground(failedTint);
            task->setToolTip(error);
        }
        table->setItem(r, 8, err);
    }
    table->resizeColumnsToContents();
    table->setSortingEnabled(true);
}

void fillTaskCompareTable(QTableWidget* table, const catalog::ExperimentComparison& c) {
    reset(table,
          {QObject::tr("Task"), QObject::tr("Pairs"), QObject::tr("Success A"), QObject::tr("Success B"), QObject::tr("Mean F1 A"),
           QObject::tr("Mean F1 B"), QObject::tr("Δ mean F1")},
          static_cast<int>(c.tasks.size()));
    for (int r = 0; r < static_cast<int>(c.tasks.size()); ++r) {
        const catalog::TaskComparison& t = c.tasks[static_cast<std::size_t>(r)];
        table->setItem(r, 0, textItem(QString::fromStdString(t.taskId)));
        table->setItem(r, 1, number(QString::number(t.pairs), t.pairs));
        table->setItem(r, 2, number(percent(t.successA), t.successA));
        table->setItem(r, 3, number(percent(t.successB), t.successB));
        table->setItem(r, 4, number(fixed(t.f1A, 3), t.f1A));
        table->setItem(r, 5, number(fixed(t.f1B, 3), t.f1B));
        table->setItem(r, 6, deltaItem(t.f1Delta(), false, false));  // no per-task test: unshaded
    }
    table->setSortingEnabled(true);
    table->resizeColumnsToContents();
}

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

QTableWidgetItem* textItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

}  // namespace iglu::plugins::experiments

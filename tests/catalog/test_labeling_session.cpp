// The labeling logic: toggles, suggestions, confirm, navigation to unlabeled tasks, notes, undo /
// redo of the returned changes, and that every change is in the catalog at once (a killed labeler
// loses nothing).
#include <QTemporaryDir>
#include <QtTest>


#include "core/catalog/labeling_session.hpp"
#include "support/process.hpp"

using namespace iglu;
using namespace iglu::catalog;
using core::Skill;

namespace {
TaskRecord task(const std::string& id) {
    TaskRecord r;
    r.task.id = id;
    r.task.target.set(0, -1, 0, 1);
    return r;
}
}  // namespace

class TestLabelingSession : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int n_ = 0;
    std::string fresh() {
        auto path = (dir_.path() + QStringLiteral("/l%1.db").arg(++n_)).toStdString();
        Catalog c(path);
        c.putTasks(std::vector<TaskRecord>{task("a"), task("b"), task("c")});
        c.putLabels(std::vector<SkillLabel>{{"a", Skill::Flying, true, LabelSource::Auto, "auto-labeler v1", "2 blocks float", ""},
                                            {"a", Skill::Tall, true, LabelSource::Auto, "auto-labeler v1", "", ""}});
        return path;
    }

private slots:
    void togglesAreSavedAtOnceAndUndone() {
        Catalog c(fresh());
        LabelingSession s(c, "ann");
        QCOMPARE(s.current(), std::string("a"));
        QVERIFY(!s.label(Skill::Flat).has_value());
        const LabelChange first = s.toggle(Skill::Flat);
        QCOMPARE(s.label(Skill::Flat), std::optional<bool>(true));
        QCOMPARE(first.taskId, std::string("a"));
        QVERIFY(!first.before.skills[0].has_value());
        QCOMPARE(first.after.skills[0], std::optional<bool>(true));
        const LabelChange second = s.toggle(Skill::Flat);
        QCOMPARE(s.label(Skill::Flat), std::optional<bool>(false));
        // In the catalog already, seen by another connection.
        Catalog other(c.path());
        auto labels = other.labels("a");
        QCOMPARE(labels.size(), std::size_t(3));  // two auto + ann's flat
        s.undo(second);
        QCOMPARE(s.label(Skill::Flat), std::optional<bool>(true));
        s.undo(first);
        QVERIFY(!s.label(Skill::Flat).has_value());
        QCOMPARE(other.labels("a").size(), std::size_t(2));  // the auto labels stay
        // Redo, oldest first, writes the later states back.
        s.redo(first);
        QCOMPARE(s.label(Skill::Flat), std::optional<bool>(true));
        s.redo(second);
        QCOMPARE(other.labels("a").size(), std::size_t(3));
        QCOMPARE(s.label(Skill::Flat), std::optional<bool>(false));
    }

    // Accept and confirm change several skills: one change, undone and redone as a whole; a
    // change with nothing to do (no current task, the same note again) is empty.
    void multiSkillChangesUndoAsOne() {
        Catalog c(fresh());
        LabelingSession s(c, "ann");
        s.toggle(Skill::Diagonal);
        const LabelChange accepted = s.acceptSuggestions();
        QVERIFY(s.complete());
        QCOMPARE(accepted.before.skills[static_cast<std::size_t>(Skill::Diagonal)], std::optional<bool>(true));
        QCOMPARE(accepted.after.skills[static_cast<std::size_t>(Skill::Diagonal)], std::optional<bool>(false));
        s.select("c");
        s.undo(accepted);
        QCOMPARE(s.current(), std::string("a"));
        QVERIFY(!s.complete());
        QCOMPARE(s.label(Skill::Diagonal), std::optional<bool>(true));
        QVERIFY(!s.label(Skill::Tall).has_value());
        s.redo(accepted);
        QVERIFY(s.complete());
        QCOMPARE(s.label(Skill::Tall), std::optional<bool>(true));
        s.setNote("x");
        QVERIFY(s.setNote("x").empty());
        LabelingSession other(c, "bob", [] {
            TaskFilter none;
            none.ids = {"no-such-task"};
            return none;
        }());
        QVERIFY(other.current().empty());
        QVERIFY(other.toggle(Skill::Flat).empty());
        QVERIFY(other.confirm().empty());
    }

    void suggestionsConfirmAndProgress() {
        Catalog c(fresh());
        LabelingSession s(c, "ann");
        QCOMPARE(s.suggestion(Skill::Flying), std::optional<bool>(true));
        QCOMPARE(s.suggestionReason(Skill::Flying), std::string("2 blocks float"));
        QVERIFY(!s.suggestion(Skill::Flat).has_value());
        QCOMPARE(s.labeledCount(), 0);
        s.acceptSuggestions();
        QVERIFY(s.complete());
        QCOMPARE(s.label(Skill::Tall), std::optional<bool>(true));
        QCOMPARE(s.label(Skill::Flat), std::optional<bool>(false));
        QCOMPARE(s.labeledCount(), 1);
        // The human labels now drive the skill filter.
        TaskFilter tall;
        tall.skills = {Skill::Tall};
        QCOMPARE(c.findTasks(tall).size(), std::size_t(1));
        // Next unlabeled skips a; confirm labels the rest false.
        QVERIFY(s.nextUnlabeled());
        QCOMPARE(s.current(), std::string("b"));
        s.toggle(Skill::Diagonal);
        s.confirm();
        QVERIFY(s.complete());
        QCOMPARE(s.label(Skill::Diagonal), std::optional<bool>(true));
        QVERIFY(s.nextUnlabeled());
        QCOMPARE(s.current(), std::string("c"));
        s.confirm();
        QVERIFY(!s.nextUnlabeled());
        QCOMPARE(s.labeledCount(), 3);
        // Another labeler starts from scratch: labels are per labeler.
        LabelingSession bob(c, "bob");
        QCOMPARE(bob.labeledCount(), 0);
        QVERIFY(bob.previousUnlabeled());
        QCOMPARE(bob.current(), std::string("c"));
    }

    void notesAndNavigation() {
        Catalog c(fresh());
        LabelingSession s(c, "ann");
        QVERIFY(!s.previous());
        QVERIFY(s.next());
        QVERIFY(s.next());
        QVERIFY(!s.next());
        QVERIFY(s.select("b"));
        QVERIFY(!s.select("zzz"));
        s.setNote("ambiguous roof");
        const LabelChange asked = s.setNote("ambiguous roof; asked");
        QCOMPARE(c.note("b"), std::string("ambiguous roof; asked"));
        s.select("a");
        s.undo(asked);  // undo returns to the task it changes
        QCOMPARE(s.current(), std::string("b"));
        QCOMPARE(s.note(), std::string("ambiguous roof"));
        QVERIFY_THROWS_EXCEPTION(CatalogError, LabelingSession(c, ""));
    }

    void killedLabelerLosesNothing() {
        const std::string path = fresh();
        QVERIFY2(iglu::test::forkAndKillWhenReady([&](int readyFd) {
                     Catalog c(path);
                     LabelingSession s(c, "ann");
                     s.toggle(Skill::Flat);
                     s.next();
                     s.acceptSuggestions();
                     s.setNote("seen");
                     iglu::test::readyToBeKilled(readyFd);  // killed here, with the session open
                 }),
                 "the labeler was not killed with its session open");
        Catalog c(path);
        LabelingSession s(c, "ann");
        QCOMPARE(s.label(Skill::Flat), std::optional<bool>(true));
        QVERIFY(s.select("b"));
        QVERIFY(s.complete());
        QCOMPARE(s.note(), std::string("seen"));
    }
};

QTEST_GUILESS_MAIN(TestLabelingSession)
#include "test_labeling_session.moc"

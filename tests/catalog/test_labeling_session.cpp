// The labeling logic: toggles, suggestions, confirm, navigation to unlabeled tasks, notes, undo /
// redo of the returned changes, and that every change is in the catalog at once (a killed labeler
// loses nothing).
#include <QTemporaryDir>
#include <QtTest>


#include <set>

#include "core/catalog/auto_labels.hpp"
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

    // Tasks with nothing to look at (0 -> 0 blocks, no instruction: the dataset's empty first steps)
    // are walked past by every walk, count in no progress and never reach the model's training set.
    void emptyTasksAreWalkedPast() {
        const auto path = (dir_.path() + QStringLiteral("/empty.db")).toStdString();
        Catalog c(path);
        TaskRecord empty0, empty1, spoken;
        empty0.task.id = "e0";
        empty1.task.id = "e1";
        spoken.task.id = "s";  // no blocks, but an instruction: something to label
        spoken.task.instruction = "build nothing yet";
        c.putTasks(std::vector<TaskRecord>{empty0, task("a"), empty1, task("b"), spoken});
        LabelingSession s(c, "ann");
        QCOMPARE(s.taskCount(), 5);
        QCOMPARE(s.labelableCount(), 3);
        QVERIFY(s.select("a"));
        // Any sequence of N / P / next-unlabeled / previous-unlabeled visits only a, b and s.
        const std::set<std::string> content{"a", "b", "s"};
        for (int round = 0; round < 3; ++round) {
            for (auto move : {&LabelingSession::next, &LabelingSession::nextUnlabeled, &LabelingSession::previous,
                              &LabelingSession::previousUnlabeled, &LabelingSession::nextUnlabeled, &LabelingSession::next}) {
                (s.*move)();
                QVERIFY2(content.count(s.current()), s.current().c_str());
            }
        }
        QVERIFY(s.select("a") && !s.previous());  // e0 before a is not a stop
        QVERIFY(s.select("b") && s.next() && s.current() == "s");
        // Progress: complete and partly labeled tasks, out of the three with content.
        s.select("a");
        s.confirm();
        s.select("b");
        s.toggle(Skill::Tall);
        QCOMPARE(s.labeledCount(), 1);
        QCOMPARE(s.partlyLabeledCount(), 1);
        // Labels on an empty task (reachable by select) never train the model.
        QVERIFY(s.select("e1"));
        s.confirm();
        QCOMPARE(s.labeledCount(), 1);
        std::set<std::string> trained;
        for (const auto& e : humanLabeledExamples(c)) trained.insert(e.id);
        QCOMPARE(trained, (std::set<std::string>{"a"}));
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

// Custom tasks (core/catalog/custom_task.hpp): a task saved by addCustomTask reads back equal (grids,
// instruction, dialog, metadata, source custom, the author's skills as human labels) from another
// connection; an id that exists (a dataset task or a custom one) or an empty id is refused naming the
// field, and nothing is stored or changed (the dataset task, its labels).
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/custom_task.hpp"

using namespace iglu;
using namespace iglu::catalog;
using core::Skill;

namespace {
TaskRecord datasetTask() {
    TaskRecord r;
    r.task.id = "CQ-game-1";
    r.task.instruction = "build a wall";
    r.task.target.set(0, -1, 0, 1);
    r.source = TaskSource::SingleTurn;
    return r;
}
TaskRecord custom(const std::string& id) {
    TaskRecord r;
    r.task.id = id;
    r.task.instruction = "Put a red block on a blue one";
    r.task.dialog = "<Architect> hi";
    r.task.starting.set(2, -1, 3, 1);
    r.task.target.set(2, -1, 3, 1);
    r.task.target.set(2, 0, 3, 3);
    r.task.target.set(-5, 7, 5, 6);
    r.task.metadata["derived_from"] = "CQ-game-1";
    r.source = TaskSource::SingleTurn;  // addCustomTask makes it custom whatever it says
    return r;
}
}  // namespace

class TestCustomTask : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void savedTaskReadsBackEqual() {
        const std::string path = dir_.filePath("a.db").toStdString();
        {
            Catalog c(path);
            c.putTask(datasetTask());
            core::SkillSet skills;
            skills.set(Skill::Tall);
            skills.set(Skill::Flying);
            addCustomTask(c, custom("mine"), skills);
        }
        Catalog c(path, OpenMode::ReadOnly);
        const auto back = c.task("mine");
        QVERIFY(back.has_value());
        const TaskRecord want = custom("mine");
        QCOMPARE(back->task.id, want.task.id);
        QCOMPARE(back->task.instruction, want.task.instruction);
        QCOMPARE(back->task.dialog, want.task.dialog);
        QVERIFY(back->task.starting == want.task.starting);
        QVERIFY(back->task.target == want.task.target);
        QCOMPARE(back->task.metadata, want.task.metadata);
        QCOMPARE(back->source, TaskSource::Custom);
        int labels = 0;
        for (const auto& l : c.labels("mine")) {
            QCOMPARE(l.source, LabelSource::Human);
            QCOMPARE(l.labeler, std::string(kTaskEditorLabeler));
            QCOMPARE(l.value, l.skill == Skill::Tall || l.skill == Skill::Flying);
            ++labels;
        }
        QCOMPARE(labels, core::kNumSkills);
        TaskFilter f;
        f.source = TaskSource::Custom;
        const auto listed = c.findTasks(f);
        QCOMPARE(listed.size(), std::size_t{1});
        QCOMPARE(listed.front().id, std::string("mine"));
        f.source.reset();
        f.skills = {Skill::Tall};
        QCOMPARE(c.findTasks(f).size(), std::size_t{1});
    }

    void existingOrEmptyIdsAreRefusedAndNothingChanges() {
        const std::string path = dir_.filePath("b.db").toStdString();
        Catalog c(path);
        c.putTask(datasetTask());
        c.putLabel({"CQ-game-1", Skill::Flat, true, LabelSource::Human, "ann", "", ""});
        addCustomTask(c, custom("mine"), {});
        struct Case { std::string id; const char* says; };
        for (const Case& k : {Case{"CQ-game-1", "id: a task \"CQ-game-1\" already exists"}, Case{"mine", "id: a task \"mine\" already exists"},
                              Case{"", "id: a custom task needs an id"}}) {
            try {
                addCustomTask(c, custom(k.id), core::SkillSet(0x1f));
                QFAIL(qPrintable(QString::fromStdString("no error for id '" + k.id + "'")));
            } catch (const CatalogError& e) {
                QVERIFY2(std::string(e.what()).find(k.says) != std::string::npos, e.what());
                QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
            }
        }
        const auto ds = c.task("CQ-game-1");
        QCOMPARE(ds->source, TaskSource::SingleTurn);
        QCOMPARE(ds->task.instruction, std::string("build a wall"));
        QVERIFY(ds->task.target == datasetTask().task.target);
        QCOMPARE(c.labels("CQ-game-1").size(), std::size_t{1});
        for (const auto& l : c.labels("mine")) QVERIFY(!l.value);  // the first save's (empty) skills stand
        QCOMPARE(c.taskCount(), 2);
    }
};

QTEST_GUILESS_MAIN(TestCustomTask)
#include "test_custom_task.moc"

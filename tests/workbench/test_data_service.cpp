// The workbench's data service (workbench/api/data_service) and its typed services
// (catalog_services.hpp): a task list opens as an in-memory catalog with the same tasks; the
// services stay valid and follow every open (task list -> catalog -> task list); on catalogs that
// are damaged, damaged later, or changed by another program it reports, never throws into the
// caller or out of a signal handler, stays usable, and tells the views when another connection
// changed the catalog. No window needed.
#include <QtTest>

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <cstdio>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "support/corrupt_catalogs.hpp"
#include "core/catalog/catalog.hpp"
#include "core/task/task_list.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"

using namespace iglu;
using iglu::workbench::DataService;
using iglu::workbench::MessageLog;

namespace {

catalog::TaskRecord makeTask(const std::string& id, int blocks) {
    catalog::TaskRecord r;
    r.task.id = id;
    r.task.instruction = "build " + id;
    for (int i = 0; i < blocks; ++i) r.task.target.set(-5 + i % 11, -1 + (i / 11) % 9, i / 99 - 5, 1 + i % 6);
    return r;
}

int errorsMentioning(const MessageLog& log, const QString& needle) {
    int n = 0;
    for (const auto& e : log.entries()) n += e.level == workbench::LogEntry::Level::Error && e.text.contains(needle);
    return n;
}

/// A data service with its own message log (not echoed), as each case makes one.
struct LoggedService {
    MessageLog log;
    DataService data;
    LoggedService() {
        log.setEcho(false);
        data.setMessageLog(&log);
    }
    /// Opens `path`; the error (if any) in `error`.
    bool open(const QString& path) { return data.open(path, &error); }
    QString error;
};

const QString kTaskList = QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");

bool writeText(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

}  // namespace

class TestDataService : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString good_;
    int copies_ = 0;

    QString copyOfGood() {
        const QString path = dir_.filePath(QStringLiteral("copy%1.db").arg(++copies_));
        if (!QFile::copy(good_, path)) return {};
        return path;
    }

private slots:
    void initTestCase() {
        good_ = dir_.filePath("good.db");
        catalog::Catalog c(good_.toStdString(), catalog::OpenMode::Create);
        std::vector<catalog::TaskRecord> tasks;
        for (int i = 0; i < 200; ++i) tasks.push_back(makeTask("task-" + std::to_string(i), 1 + i % 90));
        c.putTasks(tasks);
        std::vector<catalog::SkillLabel> labels;
        for (const auto& t : tasks) labels.push_back({t.task.id, core::Skill::Flat, true, catalog::LabelSource::Auto, "auto", "", ""});
        c.putLabels(labels);
        core::Rollout r;
        r.taskId = "task-1";
        QVERIFY(c.putRollout(r) > 0);
    }

    // A task list opens as an in-memory catalog holding the same tasks in the same order: every
    // typed service serves it, writes there last for the session (nothing on disk changes), a
    // stored rollout stays in the session (negative id), and experiments cannot run there.
    void aTaskListOpensAsACatalogWithTheSameTasks() {
        const std::vector<core::Task> expected = core::readTaskList(kTaskList.toStdString());
        QVERIFY(expected.size() >= 2);
        QTemporaryDir copyDir;
        const QString list = copyDir.filePath(QStringLiteral("tasks.jsonl"));
        QVERIFY(QFile::copy(kTaskList, list));
        const auto before = iglu::test::snapshot(copyDir.path());
        LoggedService service;
        auto& [log, data, error] = service;
        QVERIFY2(service.open(list), qPrintable(error));
        QCOMPARE(data.kind(), QStringLiteral("task list"));
        QVERIFY(data.inMemory());
        const auto tasks = data.tasks();
        QCOMPARE(tasks.size(), qsizetype(expected.size()));
        const auto summaries = data.queries().findTasks();
        QCOMPARE(summaries.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const core::Task& want = expected[i];
            QCOMPARE(tasks[qsizetype(i)].id.toStdString(), want.id);
            QCOMPARE(summaries[i].id, want.id);
            QCOMPARE(tasks[qsizetype(i)].targetBlocks, want.target.count());
            const auto got = data.task(QString::fromStdString(want.id));
            QVERIFY(got.has_value());
            QCOMPARE(got->instruction, want.instruction);
            QVERIFY(got->starting == want.starting);
            QVERIFY(got->target == want.target);
            QVERIFY(data.queries().task(want.id).has_value());
        }
        // Labels and notes work, in memory; the file is untouched.
        const std::string id = expected.front().id;
        data.labels().catalog().putLabel({id, core::Skill::Tall, true, catalog::LabelSource::Human, "ann", "", ""});
        data.labels().catalog().setNote(id, "in memory");
        QCOMPARE(data.queries().labels(id).size(), std::size_t(1));
        QCOMPARE(data.queries().note(id), std::string("in memory"));
        QVERIFY(data.labels().inMemory());
        QCOMPARE(data.labels().path(), QFileInfo(list).absoluteFilePath());
        core::Rollout r;
        r.taskId = id;
        QVERIFY(data.storeRollout(r, &error) < 0);
        QVERIFY(!data.checkForChanges());
        QVERIFY(data.experiments().runFile().isEmpty());
        QVERIFY(data.experiments().catalog().experiments().empty());
        QVERIFY(iglu::test::snapshot(copyDir.path()) == before);
        QCOMPARE(errorsMentioning(log, QString()), 0);
    }

    // Bad task lists are refused naming the file (and line or task), the open data stays.
    void badTaskListsAreRefusedAndTheDataStays() {
        QTemporaryDir dir;
        const QString dup = dir.filePath(QStringLiteral("dup.jsonl"));
        const QString bad = dir.filePath(QStringLiteral("bad.jsonl"));
        QFile src(kTaskList);
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QByteArray first = src.readLine();
        QVERIFY(writeText(dup, first + src.readLine() + first));
        QVERIFY(writeText(bad, first + "{\"id\": \"x\", \"instruction\": 3}\n"));
        LoggedService service;
        auto& [log, data, error] = service;
        const QString good = copyOfGood();
        QVERIFY2(service.open(good), qPrintable(error));
        QSignalSpy opened(&data, &DataService::opened);
        QVERIFY(!service.open(dup));
        QVERIFY2(error.contains(QStringLiteral("dup.jsonl")) && error.contains(QStringLiteral("task 3")) &&
                     error.contains(QStringLiteral("task 1")),
                 qPrintable(error));
        QVERIFY(!service.open(bad));
        QVERIFY2(error.contains(QStringLiteral("bad.jsonl")) && error.contains(QStringLiteral("2")), qPrintable(error));
        QCOMPARE(opened.count(), 0);
        QCOMPARE(data.path(), QFileInfo(good).absoluteFilePath());
        QVERIFY(!data.inMemory());
        QCOMPARE(data.queries().taskCount(), 200);
    }

    // The typed services are taken once and stay valid through every open: before anything is
    // open (an empty catalog), a task list, a catalog file, the task list again (a fresh import:
    // what was written in memory before is gone, the catalog file never saw it); `opened` once per
    // open with the path; session rollouts survive every open.
    void servicesStayValidThroughOpens() {
        LoggedService service;
        auto& [log, data, error] = service;
        const workbench::TaskQueries& queries = data.queries();
        workbench::LabelStore& labels = data.labels();
        const workbench::ExperimentStore& experiments = data.experiments();
        QSignalSpy opened(&data, &DataService::opened);
        QVERIFY(!queries.isOpen());
        QCOMPARE(queries.taskCount(), 0);
        QVERIFY(queries.findTasks().empty());
        QVERIFY(experiments.runFile().isEmpty());

        const auto listed = core::readTaskList(kTaskList.toStdString());
        const std::string id = listed.front().id;
        QVERIFY2(service.open(kTaskList), qPrintable(error));
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.last().first().toString(), QFileInfo(kTaskList).absoluteFilePath());
        QCOMPARE(queries.taskCount(), int(listed.size()));
        QVERIFY(labels.inMemory());
        labels.catalog().putLabel({id, core::Skill::Flat, true, catalog::LabelSource::Human, "ann", "", ""});
        QCOMPARE(queries.labels(id).size(), std::size_t(1));
        core::Rollout r;
        r.taskId = id;
        const qint64 sessionId = data.storeRollout(r, &error);
        QVERIFY(sessionId < 0);

        const QString file = copyOfGood();
        QVERIFY2(service.open(file), qPrintable(error));
        QCOMPARE(opened.count(), 2);
        QCOMPARE(opened.last().first().toString(), QFileInfo(file).absoluteFilePath());
        QCOMPARE(queries.taskCount(), 200);
        QVERIFY(!labels.inMemory());
        QCOMPARE(labels.path(), QFileInfo(file).absoluteFilePath());
        QCOMPARE(experiments.runFile(), QFileInfo(file).absoluteFilePath());
        QVERIFY(!queries.task(id).has_value());
        QVERIFY(data.rollout(sessionId) != nullptr);
        // Kept for the session, but listed only under a task of the same content: not here.
        QCOMPARE(data.rollouts(QString::fromStdString(id)).size(), 0);
        labels.catalog().putLabel({"task-9", core::Skill::Tall, true, catalog::LabelSource::Human, "ann", "", ""});
        QCOMPARE(catalog::Catalog(file.toStdString(), catalog::OpenMode::ReadOnly).labels("task-9").size(), std::size_t(2));

        QVERIFY2(service.open(kTaskList), qPrintable(error));
        QCOMPARE(opened.count(), 3);
        QCOMPARE(queries.taskCount(), int(listed.size()));
        QVERIFY(queries.labels(id).empty());  // a fresh import
        QVERIFY(queries.labels("task-9").empty());
        QVERIFY(experiments.runFile().isEmpty());
        QVERIFY(data.rollout(sessionId) != nullptr);
        QCOMPARE(data.rollouts(QString::fromStdString(id)).size(), 1);  // its task again: listed
        QCOMPARE(errorsMentioning(log, QString()), 0);
    }

    // Each corrupt file: open() says no with the file's name, the open catalog stays open and
    // readable, nothing is thrown, and another catalog opens afterwards.
    void corruptCatalogsAreRefusedAndTheServiceStaysUsable() {
        LoggedService service;
        auto& [log, data, error] = service;
        const QString first = copyOfGood();
        QVERIFY2(data.open(first, &error), qPrintable(error));
        QCOMPARE(data.tasks().size(), 200);
        QSignalSpy opened(&data, &DataService::opened);
        iglu::test::forEachCorruptCatalog(good_, [&](const iglu::test::CorruptCatalog& bad) {
            error.clear();
            bool ok = true;
            QVERIFY_THROWS_NO_EXCEPTION(ok = data.open(bad.path, &error));
            QVERIFY2(!ok, qPrintable(bad.name + " opened"));
            QVERIFY2(error.contains(bad.name + ".db"), qPrintable(bad.name + ": " + error));
            QCOMPARE(data.path(), QFileInfo(first).absoluteFilePath());  // the previous catalog stays open
            QCOMPARE(data.tasks().size(), 200);
            QCOMPARE(data.queries().taskCount(), 200);  // and so do the typed services
        });
        if (QTest::currentTestFailed()) return;
        QCOMPARE(opened.count(), 0);
        const QString next = copyOfGood();
        QVERIFY2(data.open(next, &error), qPrintable(error));
        QCOMPARE(data.path(), QFileInfo(next).absoluteFilePath());
        QVERIFY(data.task("task-7").has_value());
    }

    // Damage that only a read finds (a bad grid or frames blob): the read returns nothing, the
    // message names the catalog in the log and lastError(), and the rest keeps working.
    void readFailuresAreReportedNotThrown() {
        const QString path = copyOfGood();
        LoggedService service;
        auto& [log, data, error] = service;
        QVERIFY2(service.open(path), qPrintable(error));
        QVERIFY(iglu::test::sqliteRun(path, "UPDATE tasks SET target = x'01020304050607' WHERE id = 'task-3';"
                                            "UPDATE rollouts SET frames = x'ffffffffffff'"));
        std::optional<core::Task> task;
        QVERIFY_THROWS_NO_EXCEPTION(task = data.task("task-3"));
        QVERIFY(!task);
        QVERIFY2(errorsMentioning(log, QFileInfo(path).fileName()) == 1, qPrintable(data.lastError()));
        QVERIFY(data.lastError().contains("task-3"));
        const auto rollouts = data.rollouts("task-1");
        QCOMPARE(rollouts.size(), 1);
        std::shared_ptr<const core::Rollout> rollout;
        QVERIFY_THROWS_NO_EXCEPTION(rollout = data.rollout(rollouts.first().id));
        QVERIFY(!rollout);
        QCOMPARE(errorsMentioning(log, QFileInfo(path).fileName()), 2);
        // The same failure again is not logged twice; the other tasks still load.
        QVERIFY(!data.task("task-3"));
        QCOMPARE(errorsMentioning(log, QFileInfo(path).fileName()), 2);
        QVERIFY(data.task("task-4").has_value());
        QCOMPARE(data.tasks().size(), 200);
    }

    // An exception thrown by a handler of a DataService signal (e.g. a view reading a damaged
    // catalog in its `opened` slot) is caught and logged; it never reaches the event loop.
    void throwingSignalHandlersAreContained() {
        LoggedService service;
        auto& [log, data, error] = service;
        connect(&data, &DataService::opened, this, [](const QString& path) {
            throw catalog::CatalogError(path.toStdString() + ": database disk image is malformed");
        });
        connect(&data, &DataService::rolloutsChanged, this, [](const QString&) { throw std::runtime_error("view failed"); });
        const QString path = copyOfGood();
        bool opened = false;
        QVERIFY_THROWS_NO_EXCEPTION(opened = data.open(path, &error));
        QVERIFY(opened);
        QVERIFY2(errorsMentioning(log, "database disk image is malformed") == 1, qPrintable(data.lastError()));
        QVERIFY(data.lastError().contains("opened"));
        core::Rollout r;
        r.taskId = "task-2";
        QVERIFY_THROWS_NO_EXCEPTION(data.addRollout(r));
        QCOMPARE(errorsMentioning(log, "view failed"), 1);
        QCOMPARE(data.tasks().size(), 200);  // still usable
    }

    // The selection service (workbench/api) contains its handlers' exceptions the same way.
    void throwingSelectionHandlersAreContained() {
        MessageLog log;
        log.setEcho(false);
        workbench::Selection selection;
        selection.setMessageLog(&log);
        connect(&selection, &workbench::Selection::taskChanged, this,
                [](const QString& id) { throw catalog::CatalogError("x.db: damaged catalog while loading " + id.toStdString()); });
        connect(&selection, &workbench::Selection::stepChanged, this, [](int) { throw 42; });
        QVERIFY_THROWS_NO_EXCEPTION(selection.setTask(QStringLiteral("task-9")));
        QCOMPARE(selection.taskId(), QStringLiteral("task-9"));
        QCOMPARE(log.count("damaged catalog while loading task-9 (while handling taskChanged)"), 1);
        selection.setRollout(5);
        QVERIFY_THROWS_NO_EXCEPTION(selection.setStep(3));
        QCOMPARE(selection.step(), 3);
        QCOMPARE(log.count("unknown error while handling stepChanged"), 1);
    }

    // The task filter the task lists share: set by one list, seen by the other once; the same
    // text again (the other list echoing it back) emits nothing, so the lists cannot ping-pong.
    void sharedTaskFilterHasNoEcho() {
        workbench::Selection selection;
        QSignalSpy changed(&selection, &workbench::Selection::taskFilterChanged);
        QString listB;  // the other list's text, set from the signal and echoed back like a line edit
        int echoes = 0;
        connect(&selection, &workbench::Selection::taskFilterChanged, this, [&](const QString& text) {
            if (listB == text) return;
            listB = text;
            ++echoes;
            selection.setTaskFilter(listB);  // the echo: same text, no signal
        });
        selection.setTaskFilter(QStringLiteral("CQ-game-3"));  // typed in list A
        QCOMPARE(listB, QStringLiteral("CQ-game-3"));
        QCOMPARE(selection.taskFilter(), QStringLiteral("CQ-game-3"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(echoes, 1);
        selection.setTaskFilter(QStringLiteral("CQ-game-3"));  // same text again
        QCOMPARE(changed.count(), 1);
        selection.setTask(QStringLiteral("task-1"));  // the task does not touch the filter
        QCOMPARE(selection.taskFilter(), QStringLiteral("CQ-game-3"));
        selection.setTaskFilter(QString());  // cleared from list B's side
        QCOMPARE(changed.count(), 2);
        QVERIFY(listB.isEmpty());
        selection.setTaskFilter(QStringLiteral(""));  // empty = no filter, same as null
        QCOMPARE(changed.count(), 2);
    }

    // Another connection's commit is noticed by checkForChanges (what the poll timer calls):
    // changedElsewhere and labelsChanged("") once, and a note in the log; own writes are not news.
    void changesByAnotherConnectionAreNoticed() {
        const QString path = copyOfGood();
        LoggedService service;
        auto& [log, data, error] = service;
        QVERIFY2(service.open(path), qPrintable(error));
        QSignalSpy changed(&data, &DataService::changedElsewhere);
        QSignalSpy labels(&data, &DataService::labelsChanged);
        QVERIFY(!data.checkForChanges());
        {
            catalog::Catalog other(path.toStdString(), catalog::OpenMode::ReadWrite);
            other.putLabel({"task-5", core::Skill::Tall, true, catalog::LabelSource::Human, "alice", "", ""});
        }
        QVERIFY(data.checkForChanges());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(labels.count(), 1);
        QCOMPARE(labels.first().first().toString(), QString());
        QCOMPARE(log.count("changed by another program"), 1);
        QVERIFY(!data.checkForChanges());
        core::Rollout r;
        r.taskId = "task-5";
        QVERIFY(data.storeRollout(r, &error) > 0);
        QVERIFY(!data.checkForChanges());  // our own write
        QCOMPARE(changed.count(), 1);
    }

    // A second program with the catalog open for writing is named in the log.
    void anotherWriterIsNoted() {
        const QString path = copyOfGood();
        LoggedService service;
        auto& [log, data, error] = service;
        QVERIFY2(service.open(path), qPrintable(error));
        QCOMPARE(log.count("also open for writing in another program"), 0);
        QProcess other;
        other.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--hold-catalog"), path});
        QVERIFY(other.waitForReadyRead(30000));
        QCOMPARE(other.readLine().trimmed(), QByteArray("ready"));
        data.checkForChanges();
        QCOMPARE(log.count("also open for writing in another program"), 1);
        data.checkForChanges();
        QCOMPARE(log.count("also open for writing in another program"), 1);  // once, not every poll
        other.closeWriteChannel();
        QVERIFY(other.waitForFinished(30000));
        // A service opening while another program has the catalog open hears of it at once.
        data.open(copyOfGood(), &error);  // this process no longer has `path` open
        QProcess third;
        third.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--hold-catalog"), path});
        QVERIFY(third.waitForReadyRead(30000));
        third.readLine();
        DataService second;
        MessageLog secondLog;
        secondLog.setEcho(false);
        second.setMessageLog(&secondLog);
        QVERIFY2(second.open(path, &error), qPrintable(error));
        QCOMPARE(secondLog.count("also open for writing in another program"), 1);
        third.closeWriteChannel();
        QVERIFY(third.waitForFinished(30000));
    }

    // The application itself (offscreen, scripted --screenshot run): each corrupt catalog ends in
    // an error naming the file and a non-zero exit, never an abort or a crash, the file unchanged.
    void theApplicationRefusesEachCorruptCatalog() {
        QTemporaryDir shots;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        iglu::test::forEachCorruptCatalog(good_, [&](const iglu::test::CorruptCatalog& bad) {
            QProcess app;
            app.setProcessEnvironment(env);
            app.start(QStringLiteral(IGLU_WORKBENCH_PATH),
                      {QStringLiteral("--db"), bad.path, QStringLiteral("--screenshot"), shots.filePath("shot.png")});
            QVERIFY(app.waitForFinished(60000));
            const QString err = QString::fromUtf8(app.readAllStandardError());
            QVERIFY2(app.exitStatus() == QProcess::NormalExit, qPrintable(bad.name + ": the application crashed\n" + err.right(1000)));
            QVERIFY2(app.exitCode() != 0, qPrintable(bad.name + ": exit code 0"));
            QVERIFY2(err.contains(bad.name + ".db"), qPrintable(bad.name + ": " + err.right(1000)));
        });
    }

    void writeProtectedCatalogOpensReadOnly() {
        if (::geteuid() == 0) QSKIP("root ignores file permissions (test_corrupt_catalog_cli covers this as nobody)");
        const QString path = copyOfGood();
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner));
        LoggedService service;
        auto& [log, data, error] = service;
        QVERIFY2(data.open(path, &error), qPrintable(error));
        QVERIFY(data.isReadOnly());
        QCOMPARE(data.tasks().size(), 200);
        QCOMPARE(log.count("read-only"), 1);
        core::Rollout r;
        r.taskId = "task-1";
        QCOMPARE(data.storeRollout(r, &error), 0);
        QVERIFY(error.contains(QFileInfo(path).fileName()));
    }
};

// `test_data_service --hold-catalog PATH`: another program with PATH open for writing until its
// stdin closes.
int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--hold-catalog") {
        catalog::Catalog c(argv[2], catalog::OpenMode::ReadWrite);
        std::printf("ready\n");
        std::fflush(stdout);
        for (int ch; (ch = std::getchar()) != EOF;) {
        }
        return 0;
    }
    QCoreApplication app(argc, argv);
    TestDataService test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_data_service.moc"

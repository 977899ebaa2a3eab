// The workbench's data service (workbench/api/data_service) on catalogs that are damaged, damaged
// later, or changed by another program: it reports, never throws into the caller or out of a
// signal handler, stays usable, and tells the views when another connection changed the catalog.
// No window needed.
#include <QtTest>

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <cstdio>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "../catalog/corrupt_catalogs.hpp"
#include "core/catalog/catalog.hpp"
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

    // Each corrupt file: open() says no with the file's name, the open catalog stays open and
    // readable, nothing is thrown, and another catalog opens afterwards.
    void corruptCatalogsAreRefusedAndTheServiceStaysUsable() {
        QTemporaryDir corpusDir;
        const auto corpus = iglu::test::writeCorruptCatalogs(good_, corpusDir.path());
        QVERIFY(corpus.size() >= 30);
        MessageLog log;
        log.setEcho(false);
        DataService data;
        data.setMessageLog(&log);
        const QString first = copyOfGood();
        QString error;
        QVERIFY2(data.open(first, &error), qPrintable(error));
        QCOMPARE(data.tasks().size(), 200);
        for (const auto& bad : corpus) {
            const QString folder = QFileInfo(bad.path).absolutePath();
            const auto before = iglu::test::snapshot(folder);
            error.clear();
            bool opened = true;
            QVERIFY_THROWS_NO_EXCEPTION(opened = data.open(bad.path, &error));
            QVERIFY2(!opened, qPrintable(bad.name + " opened"));
            QVERIFY2(error.contains(bad.name + ".db"), qPrintable(bad.name + ": " + error));
            QVERIFY2(iglu::test::snapshot(folder) == before, qPrintable(bad.name + ": the file or its folder changed"));
            QCOMPARE(data.path(), QFileInfo(first).absoluteFilePath());  // the previous catalog stays open
            QCOMPARE(data.tasks().size(), 200);
        }
        const QString next = copyOfGood();
        QVERIFY2(data.open(next, &error), qPrintable(error));
        QCOMPARE(data.path(), QFileInfo(next).absoluteFilePath());
        QVERIFY(data.task("task-7").has_value());
    }

    // Damage that only a read finds (a bad grid or frames blob): the read returns nothing, the
    // message names the catalog in the log and lastError(), and the rest keeps working.
    void readFailuresAreReportedNotThrown() {
        const QString path = copyOfGood();
        MessageLog log;
        log.setEcho(false);
        DataService data;
        data.setMessageLog(&log);
        QString error;
        QVERIFY2(data.open(path, &error), qPrintable(error));
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
        MessageLog log;
        log.setEcho(false);
        DataService data;
        data.setMessageLog(&log);
        connect(&data, &DataService::opened, this, [](const QString& path) {
            throw catalog::CatalogError(path.toStdString() + ": database disk image is malformed");
        });
        connect(&data, &DataService::rolloutsChanged, this, [](const QString&) { throw std::runtime_error("view failed"); });
        const QString path = copyOfGood();
        QString error;
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

    // Another connection's commit is noticed by checkForChanges (what the poll timer calls):
    // changedElsewhere and labelsChanged("") once, and a note in the log; own writes are not news.
    void changesByAnotherConnectionAreNoticed() {
        const QString path = copyOfGood();
        MessageLog log;
        log.setEcho(false);
        DataService data;
        data.setMessageLog(&log);
        QString error;
        QVERIFY2(data.open(path, &error), qPrintable(error));
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
        MessageLog log;
        log.setEcho(false);
        DataService data;
        data.setMessageLog(&log);
        QString error;
        QVERIFY2(data.open(path, &error), qPrintable(error));
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
        QTemporaryDir corpusDir;
        const auto corpus = iglu::test::writeCorruptCatalogs(good_, corpusDir.path());
        QVERIFY(corpus.size() >= 30);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        for (const auto& bad : corpus) {
            const QString folder = QFileInfo(bad.path).absolutePath();
            const auto before = iglu::test::snapshot(folder);
            QProcess app;
            app.setProcessEnvironment(env);
            app.start(QStringLiteral(IGLU_WORKBENCH_PATH),
                      {QStringLiteral("--db"), bad.path, QStringLiteral("--screenshot"), corpusDir.filePath("shot.png")});
            QVERIFY(app.waitForFinished(60000));
            const QString err = QString::fromUtf8(app.readAllStandardError());
            QVERIFY2(app.exitStatus() == QProcess::NormalExit, qPrintable(bad.name + ": the application crashed\n" + err.right(1000)));
            QVERIFY2(app.exitCode() != 0, qPrintable(bad.name + ": exit code 0"));
            QVERIFY2(err.contains(bad.name + ".db"), qPrintable(bad.name + ": " + err.right(1000)));
            QVERIFY2(iglu::test::snapshot(folder) == before, qPrintable(bad.name + ": the file or its folder changed"));
        }
    }

    void writeProtectedCatalogOpensReadOnly() {
        if (::geteuid() == 0) QSKIP("root ignores file permissions (test_corrupt_catalog_cli covers this as nobody)");
        const QString path = copyOfGood();
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner));
        MessageLog log;
        log.setEcho(false);
        DataService data;
        data.setMessageLog(&log);
        QString error;
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

// The hostile script corpus (tests/scripting/lua/hostile/*.lua): metatable tampering on every
// userdata type, runaway loops through pcall / xpcall handlers / coroutines / finalizers / C
// library functions, memory bombs, C++-object hoarding and out-of-range numbers. Each file's first
// line says `-- expect: TEXT`. Every file runs twice — through `iglu lua` (a separate process) and
// as an agent's reset() through AgentSession (what `iglu run` uses) — and must end with an error
// containing TEXT, bounded by the instruction budget / memory cap (never by a sleep), the process
// exiting normally (no signal). The process timeout only detects a hang. Adding a file adds a case.
#include <QDir>
#include <QFile>
#include <QtTest>

#include "scripting/agent_session.hpp"
#include "support/process.hpp"

using namespace iglu;

namespace {

const char* kCorpus = IGLU_SOURCE_DIR "/tests/scripting/lua/hostile";
constexpr long long kBudget = 5'000'000;
constexpr int kMemoryMb = 64;

QString expectation(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QString first = QString::fromUtf8(f.readLine()).trimmed();
    const QString tag = QStringLiteral("-- expect: ");
    return first.startsWith(tag) ? first.mid(tag.size()) : QString();
}

scripting::SandboxOptions agentOptions() {
    scripting::SandboxOptions o;
    o.requireDirs = {kCorpus, scripting::bundledLibraryDir()};
    o.dataDirs = {kCorpus};
    o.instructionBudget = kBudget;
    o.memoryLimit = std::size_t(kMemoryMb) << 20;
    o.timeLimit = 120;  // a watchdog: the budget ends these long before
    return o;
}

}  // namespace

class TestHostileScripts : public QObject {
    Q_OBJECT
private slots:
    void corpus_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        const QStringList files = QDir(kCorpus).entryList({"*.lua"}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 40, "the hostile corpus is missing");
        for (const QString& name : files) {
            const QString path = QDir(kCorpus).filePath(name);
            QTest::newRow(qPrintable(name)) << path << expectation(path);
        }
    }

    // `iglu lua` with a budget and a memory cap: an error naming the cause, exit code 1, no signal.
    void corpus() {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QVERIFY2(!expected.isEmpty(), "first line must be '-- expect: TEXT'");
        const test::ProcessResult r = test::runIglu({"lua", "--instruction-budget", QString::number(kBudget), "--memory-mb",
                                                     QString::number(kMemoryMb), "--time-limit", "120", path});
        const QString& err = r.err;
        QVERIFY2(!r.timedOut, qPrintable("iglu lua hung: " + err.left(2000)));
        QVERIFY2(!r.crashed, qPrintable("iglu lua died of a signal: " + err.left(2000)));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(err.contains("iglu lua: "), qPrintable(err.left(2000)));
        QVERIFY2(err.contains(expected), qPrintable("expected '" + expected + "' in: " + err.left(2000)));
    }

    void asAgent_data() { corpus_data(); }

    // The same script as an agent's reset() body: the episode fails with the same error and the
    // session (the state that runs the next episodes of `iglu run`) stays usable.
    void asAgent() {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string body = f.readAll().toStdString();
        // Same line numbers: the wrapper opens on the script's first line.
        const std::string text = "return { reset = function(obs, task, options) " + body +
                                 "\nend, act = function() return nil end }";
        scripting::SessionConfig config;
        config.env.maxSteps = 5;
        scripting::AgentSession session(scripting::AgentScript{path.toStdString(), text}, config, agentOptions());
        core::Task task;
        task.id = "hostile";
        task.target.setCell(core::Grid::index(0, 0, 0), 1);
        QVERIFY(!session.reset(task, 1, 0));
        const scripting::EpisodeOutcome out = session.outcome();
        QVERIFY(!out.ok);
        QVERIFY2(QString::fromStdString(out.error).contains(expected),
                 qPrintable("expected '" + expected + "' in: " + QString::fromStdString(out.error).left(2000)));
        // The state is still usable and its memory charge went back under the cap.
        lua_gc(session.lua().get(), LUA_GCCOLLECT, 0);
        QVERIFY(session.lua().memoryUsed() < (std::size_t(kMemoryMb) << 20));
        QCOMPARE(session.lua().hostMemoryUsed(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestHostileScripts)
#include "test_hostile_scripts.moc"

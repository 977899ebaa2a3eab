// Experiment names validated once (core/catalog/experiment_name.hpp) for every source the command
// line has: a rollout line's agent, `iglu import rollouts --experiment`, a Lua experiment file's
// name (NUL bytes kept, never cut), `iglu run --name`. A corpus of bad names (NUL, line breaks,
// tabs, C1 controls, invalid UTF-8, empty, only spaces, too long) is refused with the source
// named, and a sequence (a good import, then bad ones) leaves the catalog's experiments as they were.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "support/files.hpp"
#include "support/process.hpp"

using iglu::test::ProcessResult;
using iglu::test::runIglu;

namespace {

/// One rollout line of the bundled example with its agent replaced by `agentJson` (a JSON string).
QByteArray lineWithAgent(const QByteArray& agentJson) {
    QByteArray line = iglu::test::readAll(QStringLiteral(IGLU_SOURCE_DIR "/examples/rollouts/example.jsonl")).split('\n').first();
    line.replace("\"agent\": \"example_agent\"", "\"agent\": " + agentJson);
    return line + "\n";
}

struct BadName {
    const char* name;
    QByteArray json;  ///< the name as a JSON string
    QString says;
};

QList<BadName> badNames() {
    return {
        {"NUL", R"("base\u0000other")", "NUL"},
        {"newline", R"("two\nlines")", "line break"},
        {"carriage return", R"("a\rb")", "line break"},
        {"tab", R"("a\tb")", "control character"},
        {"escape", R"("a\u001bb")", "control character"},
        {"C1 control", R"("a\u0085b")", "control character"},
        {"DEL", R"("a\u007fb")", "control character"},
        {"empty", R"("")", "empty"},
        {"only spaces", R"("   ")", "only spaces"},
        {"too long", "\"" + QByteArray(201, 'x') + "\"", "limit of 200"},
    };
}

}  // namespace

class TestExperimentNamesCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void badNamesInRolloutFilesAreRefused() {
        const QString db = tmp_.filePath("c.db");
        const QString good = iglu::test::writeFile(tmp_.path(), "good.jsonl", QString::fromUtf8(lineWithAgent("\"base\"")));
        ProcessResult r = runIglu({"import", "rollouts", good, "--db", db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const ProcessResult before = runIglu({"experiments", "list", "--db", db});
        QVERIFY2(before.exitCode == 0, qPrintable(before.err));
        for (const auto& bad : badNames()) {
            const QString f = tmp_.filePath("bad.jsonl");
            QVERIFY(iglu::test::writeAll(f, lineWithAgent(bad.json)));
            r = runIglu({"import", "rollouts", f, "--db", db});
            QVERIFY2(!r.crashed && r.exitCode >= 1 && r.exitCode <= 125, bad.name);
            QVERIFY2(r.err.contains(QStringLiteral("bad.jsonl:1")) && r.err.contains(QStringLiteral("agent")) && r.err.contains(bad.says),
                     qPrintable(QLatin1String(bad.name) + ": " + r.err));
            // The same name through --experiment (argv cannot hold a NUL; an empty one means "none").
            if (!bad.json.contains("\\u0000") && bad.json != "\"\"") {
                const QString name = QString::fromUtf8(bad.json.mid(1, bad.json.size() - 2))
                                         .replace(QStringLiteral("\\n"), QStringLiteral("\n"))
                                         .replace(QStringLiteral("\\r"), QStringLiteral("\r"))
                                         .replace(QStringLiteral("\\t"), QStringLiteral("\t"))
                                         .replace(QStringLiteral("\\u001b"), QStringLiteral("\x1b"))
                                         .replace(QStringLiteral("\\u0085"), QString(QChar(0x85)))
                                         .replace(QStringLiteral("\\u007f"), QStringLiteral("\x7f"));
                r = runIglu({"import", "rollouts", good, "--db", db, "--experiment", name});
                QVERIFY2(!r.crashed && r.exitCode >= 1 && r.exitCode <= 125, bad.name);
                QVERIFY2(r.err.contains(QStringLiteral("--experiment")) && r.err.contains(bad.says), qPrintable(QLatin1String(bad.name) + ": " + r.err));
            }
        }
        // The catalog's experiments are as they were: one row per experiment, no row split.
        const ProcessResult after = runIglu({"experiments", "list", "--db", db});
        QCOMPARE(after.out, before.out);
    }

    void badNamesInExperimentFilesAreRefused() {
        const QString db = tmp_.filePath("run.db");
        // A NUL inside a Lua string: kept, so refused (it used to be cut at the NUL).
        const QString nul = iglu::test::writeFile(tmp_.path(), "nul.lua", "return { name = \"base\\0other\", agent = \"a.lua\" }\n");
        ProcessResult r = runIglu({"run", nul, "--db", db});
        QVERIFY2(!r.crashed && r.exitCode >= 1 && r.exitCode <= 125, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("nul.lua")) && r.err.contains(QStringLiteral("name")) && r.err.contains(QStringLiteral("NUL")),
                 qPrintable(r.err));
        const QString newline = iglu::test::writeFile(tmp_.path(), "nl.lua", "return { name = \"a\\nb\", agent = \"a.lua\" }\n");
        r = runIglu({"run", newline, "--db", db});
        QVERIFY2(!r.crashed && r.exitCode != 0 && r.err.contains(QStringLiteral("line break")), qPrintable(r.err));
        r = runIglu({"run", QStringLiteral(IGLU_SOURCE_DIR "/examples/experiments/oracle_walking.lua"), "--db", db, "--name", "x\ny"});
        QVERIFY2(!r.crashed && r.exitCode != 0 && r.err.contains(QStringLiteral("--name")) && r.err.contains(QStringLiteral("line break")),
                 qPrintable(r.err));
        QVERIFY2(!QFile::exists(db), "a catalog was created for a refused run");
    }
};

QTEST_GUILESS_MAIN(TestExperimentNamesCli)
#include "test_experiment_names_cli.moc"

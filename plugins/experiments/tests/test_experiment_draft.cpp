// The Run Experiment dialog's drafts without a window (logic/experiment_draft.hpp): the file a
// draft becomes reads back through the experiment loader with every field as chosen (also task
// words holding quotes, backslashes, newlines, control bytes and non-ASCII text); seeds as people
// type them; and a corpus of bad drafts, each refused with a message naming the field.
#include <limits>

#include <QTemporaryDir>
#include <QtTest>

#include <QSettings>

#include "logic/experiment_draft.hpp"
#include "logic/run_form_memory.hpp"
#include "scripting/experiment.hpp"

using namespace iglu;
using namespace iglu::plugins::experiments;

namespace {
const QString kAgent = QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/random.lua");

scripting::ExperimentSpec roundTrip(const ExperimentDraft& d, const QTemporaryDir& dir) {
    const QString path = dir.filePath(d.name + ".lua");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    const std::string text = experimentScript(d);
    f.write(text.data(), qint64(text.size()));
    f.close();
    return scripting::loadExperiment(path.toStdString());
}
}  // namespace

class TestExperimentDraft : public QObject {
    Q_OBJECT

private slots:
    void everyFieldReadsBack() {
        QTemporaryDir dir;
        ExperimentDraft d;
        d.name = QStringLiteral("random_flying_s1-5");
        d.agentPath = kAgent;
        d.tasks = QStringLiteral("flying clear limit:20");
        d.flying = true;
        d.maxSteps = 321;
        d.seeds = {1, 2, 3, 4, 5, -7};
        d.repetitions = 3;
        d.targetInObs = true;
        d.recordRollouts = false;
        d.stopOnDone = true;
        QVERIFY2(draftProblem(d).isEmpty(), qPrintable(draftProblem(d)));
        const auto spec = roundTrip(d, dir);
        QCOMPARE(QString::fromStdString(spec.name), d.name);
        // The loader resolves symbolic links (a checkout behind one, as on CI): the same file.
        QCOMPARE(QFileInfo(QString::fromStdString(spec.agentPath)).canonicalFilePath(), QFileInfo(kAgent).canonicalFilePath());
        QCOMPARE(spec.tasks.kind, scripting::TaskSetSpec::Kind::Filter);
        QCOMPARE(QString::fromStdString(spec.tasks.text), d.tasks);
        QCOMPARE(spec.env.actionSpace, core::ActionSpace::Flying);
        QCOMPARE(spec.env.maxSteps, 321);
        QVERIFY(spec.env.targetInObs);
        QCOMPARE(spec.seeds, d.seeds);
        QCOMPARE(spec.repetitions, 3);
        QVERIFY(!spec.recordRollouts);
        QVERIFY(spec.stopOnDone);
        // The defaults: walking, record rollouts.
        ExperimentDraft e;
        e.name = QStringLiteral("defaults");
        e.agentPath = kAgent;
        const auto s2 = roundTrip(e, dir);
        QCOMPARE(s2.env.actionSpace, core::ActionSpace::Walking);
        QVERIFY(s2.recordRollouts);
        QCOMPARE(s2.tasks.kind, scripting::TaskSetSpec::Kind::All);
    }

    void anyTextIsQuotedExactly_data() {
        QTest::addColumn<QString>("words");
        QTest::newRow("quotes") << QStringLiteral(R"(say "red" it's)");
        QTest::newRow("backslashes") << QStringLiteral(R"(a\b\\c\"d)");
        QTest::newRow("newline and tab") << QStringLiteral("one\ntwo\tthree");
        QTest::newRow("long bracket") << QStringLiteral("]] .. os.exit() --[[");
        QTest::newRow("control bytes") << QString::fromLatin1("a\x01\x1f\x7f" "b");
        QTest::newRow("digits after escape") << QString::fromLatin1("x\x01" "23");
        QTest::newRow("non-ascii") << QStringLiteral("bâtir une tour 塔");
    }
    void anyTextIsQuotedExactly() {
        QFETCH(QString, words);
        QTemporaryDir dir;
        ExperimentDraft d;
        d.name = QStringLiteral("quoted");
        d.agentPath = kAgent;
        d.tasks = words;
        const auto spec = roundTrip(d, dir);
        QCOMPARE(QString::fromStdString(spec.tasks.text), words);
    }

    void seedsAsPeopleTypeThem() {
        QString error;
        QCOMPARE(*parseSeeds(QStringLiteral("1"), &error), (std::vector<std::int64_t>{1}));
        QCOMPARE(*parseSeeds(QStringLiteral(" 1, 2  5-7 "), &error), (std::vector<std::int64_t>{1, 2, 5, 6, 7}));
        QCOMPARE(*parseSeeds(QStringLiteral("-3,4"), &error), (std::vector<std::int64_t>{-3, 4}));
        for (const char* bad : {"", "  ", "a", "1-", "5-2", "1.5", "1-20000", "0x10", "1,,b"}) {
            error.clear();
            QVERIFY2(!parseSeeds(QString::fromLatin1(bad), &error), bad);
            QVERIFY2(error.startsWith(QStringLiteral("seeds:")), qPrintable(error));
        }
    }

    // A corpus of edge and bad seed texts: each ends at once with seeds or a "seeds:" message,
    // never loops or overflows (the reported "9223372036854775807" looped until memory ran out);
    // the seeds a draft lists are at most kMaxSeeds, and the extreme ones read back from the file.
    void seedsCorpusEndsBounded() {
        constexpr auto kMax = std::numeric_limits<std::int64_t>::max(), kMin = std::numeric_limits<std::int64_t>::min();
        QString error;
        const struct {
            const char* text;
            std::vector<std::int64_t> seeds;
        } good[] = {
            {"9223372036854775807", {kMax}},
            {"-9223372036854775808", {kMin}},
            {"9223372036854775806-9223372036854775807", {kMax - 1, kMax}},
            {"-9223372036854775808--9223372036854775807", {kMin, kMin + 1}},
            {"+5", {5}},
            {"0-0", {0}},
            {"-2--1", {-2, -1}},
        };
        for (const auto& g : good) {
            const auto seeds = parseSeeds(QString::fromLatin1(g.text), &error);
            QVERIFY2(seeds.has_value(), qPrintable(QString::fromLatin1(g.text) + ": " + error));
            QCOMPARE(*seeds, g.seeds);
        }
        QCOMPARE(parseSeeds(QStringLiteral("1-10000"), &error)->size(), kMaxSeeds);
        const std::string many = [] {
            std::string s;
            for (int i = 0; i < 20000; ++i) s += std::to_string(i) + ",";
            return s;
        }();
        for (const QString& bad : {QStringLiteral("9223372036854775808"), QStringLiteral("-9223372036854775809"),
                                  QStringLiteral("99999999999999999999999999"), QStringLiteral("-9223372036854775808-9223372036854775807"),
                                  QStringLiteral("0-9223372036854775807"), QStringLiteral("9223372036854775807-0"),
                                  QStringLiteral("1-10001"), QStringLiteral("1-5000 5001-10001"), QStringLiteral("0-9999, 10000"),
                                  QStringLiteral("1e3"), QStringLiteral("1.0"), QStringLiteral("-"), QStringLiteral("--1"),
                                  QStringLiteral("1--2"), QStringLiteral("1-2-3"), QStringLiteral("+"), QStringLiteral("++1"),
                                  QStringLiteral("1 -"), QStringLiteral("\u0661\u0662"), QStringLiteral("inf"), QStringLiteral("nan"),
                                  QStringLiteral("１"), QString::fromStdString(many), QString(100000, QChar('9'))}) {
            error.clear();
            QVERIFY2(!parseSeeds(bad, &error), qPrintable(bad.left(60)));
            QVERIFY2(error.startsWith(QStringLiteral("seeds:")) && error.size() < 300, qPrintable(error));
        }
        // The extreme seeds read back from the draft's file as themselves (Lua reads the literal
        // -9223372036854775808 as a float).
        QTemporaryDir dir;
        ExperimentDraft d;
        d.name = QStringLiteral("extreme_seeds");
        d.agentPath = kAgent;
        d.seeds = {kMin, -1, 0, kMax};
        QCOMPARE(roundTrip(d, dir).seeds, d.seeds);
    }

    // The Run Experiment form warns before running an agent that reads the target without it.
    void agentsThatReadTheTarget() {
        QVERIFY(agentReadsTarget(QStringLiteral("local t = obs.target_grid")));
        QVERIFY(agentReadsTarget(QStringLiteral("local t = task.target")));
        QVERIFY(agentReadsTarget(QStringLiteral("local t = obs [ 'target_grid' ]")));
        QVERIFY(agentReadsTarget(QStringLiteral("local t = obs[\"target\"]")));
        QVERIFY(!agentReadsTarget(QStringLiteral("-- reads obs.target_grid\nreturn {}")));
        QVERIFY(!agentReadsTarget(QStringLiteral("--[==[ obs.target_grid ]==] return {}")));
        QVERIFY(!agentReadsTarget(QStringLiteral("local opts = options.target_in_obs; local target_count = 1")));
        const auto draftOf = [](const QString& agent, bool targetInObs) {
            ExperimentDraft d;
            d.name = QStringLiteral("x");
            d.agentPath = QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/") + agent;
            d.targetInObs = targetInObs;
            return d;
        };
        QVERIFY(targetWarning(draftOf(QStringLiteral("oracle.lua"), false)).contains(QStringLiteral("oracle.lua")));
        QVERIFY(targetWarning(draftOf(QStringLiteral("oracle.lua"), true)).isEmpty());
        QVERIFY(targetWarning(draftOf(QStringLiteral("random.lua"), false)).isEmpty());
        QVERIFY(targetWarning(draftOf(QStringLiteral("noop.lua"), false)).isEmpty());
        QVERIFY(targetWarning(draftOf(QStringLiteral("missing.lua"), false)).isEmpty());
    }

    void badDraftsNameTheField_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("agent");
        QTest::addColumn<int>("steps");
        QTest::addColumn<QString>("tasks");
        QTest::addColumn<QString>("field");
        QTest::newRow("empty name") << "" << kAgent << 10 << "all" << "name:";
        QTest::newRow("name with a slash") << "a/b" << kAgent << 10 << "all" << "name:";
        QTest::newRow("name with a space") << "my run" << kAgent << 10 << "all" << "name:";
        QTest::newRow("name starting with a dot") << ".hidden" << kAgent << 10 << "all" << "name:";
        QTest::newRow("name too long") << QString(81, QChar('a')) << kAgent << 10 << "all" << "name:";
        QTest::newRow("no agent") << "x" << "" << 10 << "all" << "agent:";
        QTest::newRow("missing agent") << "x" << "/no/such/agent.lua" << 10 << "all" << "agent:";
        QTest::newRow("agent is a folder") << "x" << IGLU_SOURCE_DIR "/examples" << 10 << "all" << "agent:";
        QTest::newRow("zero steps") << "x" << kAgent << 0 << "all" << "steps:";
        QTest::newRow("no tasks") << "x" << kAgent << 10 << "  " << "tasks:";
    }
    void badDraftsNameTheField() {
        QFETCH(QString, name);
        QFETCH(QString, agent);
        QFETCH(int, steps);
        QFETCH(QString, tasks);
        QFETCH(QString, field);
        ExperimentDraft d;
        d.name = name;
        d.agentPath = agent;
        d.maxSteps = steps;
        d.tasks = tasks;
        QVERIFY2(draftProblem(d).startsWith(field), qPrintable(draftProblem(d)));
    }

    // The Run Experiment form opens with the last run's inputs, never its name; a hand-edited
    // settings file with values out of range falls back to the defaults.
    void theFormRemembersTheLastRunsInputs() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        QVERIFY(!rememberedRunForm(settings));
        ExperimentDraft d;
        d.name = QStringLiteral("oracle_flying");
        d.agentPath = QStringLiteral("/agents/oracle.lua");
        d.tasks = QStringLiteral("flying limit:20");
        d.flying = true;
        d.maxSteps = 400;
        d.repetitions = 3;
        d.targetInObs = true;
        d.recordRollouts = false;
        d.stopOnDone = true;
        rememberRunForm(settings, d, QStringLiteral("1-5"), 2);
        const auto m = rememberedRunForm(settings);
        QVERIFY(m);
        QCOMPARE(m->draft.name, QString());
        QCOMPARE(m->draft.agentPath, d.agentPath);
        QCOMPARE(m->draft.tasks, d.tasks);
        QVERIFY(m->draft.flying && m->draft.targetInObs && !m->draft.recordRollouts && m->draft.stopOnDone);
        QCOMPARE(m->draft.maxSteps, 400);
        QCOMPARE(m->draft.repetitions, 3);
        QCOMPARE(m->seedsText, QStringLiteral("1-5"));
        QCOMPARE(m->jobs, 2);
        settings.setValue(QStringLiteral("experiments/runForm/maxSteps"), -7);
        settings.setValue(QStringLiteral("experiments/runForm/jobs"), QStringLiteral("many"));
        const auto bad = rememberedRunForm(settings);
        QCOMPARE(bad->draft.maxSteps, ExperimentDraft{}.maxSteps);
        QCOMPARE(bad->jobs, 0);
    }
};

QTEST_GUILESS_MAIN(TestExperimentDraft)
#include "test_experiment_draft.moc"

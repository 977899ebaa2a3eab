// Every `iglu` option that takes a number, given a bad one: not a number, trailing text, out of
// range, empty, too large for the type. Each must end normally (no signal, no uncaught exception
// text such as "stoi"), with a non-zero exit and a message naming the option and the bad value.
// And the size limits stated in messages are the limits the checks use.
#include <QtTest>

#include <QTemporaryDir>

#include "support/process.hpp"

namespace {

using iglu::test::ProcessResult;
using iglu::test::runIglu;

}  // namespace

class TestCliNumbers : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString catalog_, taskList_;

private slots:
    void initTestCase() {
        catalog_ = tmp_.filePath("c.db");
        const ProcessResult imp = runIglu({"import", "structures", QStringLiteral(IGLU_SOURCE_DIR "/examples/data/structures.json"), "--db", catalog_});
        QVERIFY2(imp.exitCode == 0, qPrintable(imp.err));
        taskList_ = tmp_.filePath("t.jsonl");
        QFile f(taskList_);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"id":"t1","target_blocks":[[0,0,0,1]]})" "\n");
        QFile lua(tmp_.filePath("s.lua"));
        QVERIFY(lua.open(QIODevice::WriteOnly));
        lua.write("print('ok')\n");
    }

    void badNumbersNameTheOption_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        const QString db = tmp_.filePath("c.db"), tl = tmp_.filePath("t.jsonl"), out = tmp_.filePath("o.png");
        const QString exp = QStringLiteral(IGLU_SOURCE_DIR "/examples/experiments/oracle_walking.lua");
        const QStringList tasks{"tasks", "--db", db};
        const QStringList render{"render", "--db", tl, "--task", "t1", "--out", out, "--pov"};
        const QStringList run{"run", exp, "--db", db, "--quiet"};
        struct Row {
            const char* name;
            QStringList args;
            QString option, value;
        };
        const QList<Row> rows{
            {"tasks --limit abc", tasks + QStringList{"--limit", "abc"}, "--limit", "abc"},
            {"tasks --limit -1", tasks + QStringList{"--limit", "-1"}, "--limit", "-1"},
            {"tasks --limit 12x", tasks + QStringList{"--limit", "12x"}, "--limit", "12x"},
            {"tasks --limit 1e3", tasks + QStringList{"--limit", "1e3"}, "--limit", "1e3"},
            {"tasks --limit huge", tasks + QStringList{"--limit", "99999999999999999999"}, "--limit", "99999999999999999999"},
            {"bench --threads abc", QStringList{"bench", "--threads", "abc"}, "--threads", "abc"},
            {"bench --threads 0", QStringList{"bench", "--threads", "0"}, "--threads", "0"},
            {"run --jobs abc", run + QStringList{"--jobs", "abc"}, "--jobs", "abc"},
            {"run --jobs 0", run + QStringList{"--jobs", "0"}, "--jobs", "0"},
            {"run --jobs 2.5", run + QStringList{"--jobs", "2.5"}, "--jobs", "2.5"},
            {"run --tasks limit:abc", run + QStringList{"--tasks", "limit:abc"}, "limit:abc", "abc"},
            {"run --tasks limit:-3", run + QStringList{"--tasks", "flat limit:-3"}, "limit:-3", "-3"},
            {"render --step abc", render + QStringList{"--step", "abc"}, "--step", "abc"},
            {"render --step -1", render + QStringList{"--step", "-1"}, "--step", "-1"},
            {"render --size 64xabc", render + QStringList{"--size", "64xabc"}, "--size", "64xabc"},
            {"render --size 0x64", render + QStringList{"--size", "0x64"}, "--size", "0x64"},
            {"render --size 64x64x3", render + QStringList{"--size", "64x64x3"}, "--size", "64x64x3"},
            {"render --size 64", render + QStringList{"--size", "64"}, "--size", "64"},
            {"render --pose short", render + QStringList{"--pose", "1,2,3"}, "--pose", "1,2,3"},
            {"render --pose text", render + QStringList{"--pose", "1,2,3,4,x"}, "--pose", "1,2,3,4,x"},
            {"render --pose extra", render + QStringList{"--pose", "1,2,3,4,5,6"}, "--pose", "1,2,3,4,5,6"},
            {"render --rollout random:abc", render + QStringList{"--rollout", "random:abc"}, "--rollout", "random:abc"},
            {"render --rollout random:-1", render + QStringList{"--rollout", "random:-1"}, "--rollout", "random:-1"},
            {"compare hex id", QStringList{"compare", "--db", db, "0x29", "1"}, "ROLLOUT", "0x29"},
            {"compare huge id", QStringList{"compare", "--db", db, "99999999999999999999", "1"}, "ROLLOUT", "99999999999999999999"},
            {"compare fractional id", QStringList{"compare", "--db", db, "1", "1.5"}, "ROLLOUT", "1.5"},
            {"compare id 0", QStringList{"compare", "--db", db, "0", "1"}, "ROLLOUT", "0"},
            {"compare id text", QStringList{"compare", "--db", db, "1", "two"}, "ROLLOUT", "two"},
            {"lua --memory-mb abc", QStringList{"lua", tmp_.filePath("s.lua"), "--memory-mb", "abc"}, "--memory-mb", "abc"},
            {"lua --memory-mb 0", QStringList{"lua", tmp_.filePath("s.lua"), "--memory-mb", "0"}, "--memory-mb", "0"},
            {"lua --instruction-budget 0x10", QStringList{"lua", tmp_.filePath("s.lua"), "--instruction-budget", "0x10"},
             "--instruction-budget", "0x10"},
            {"lua --time-limit nan", QStringList{"lua", tmp_.filePath("s.lua"), "--time-limit", "nan"}, "--time-limit", "nan"},
            {"lua --time-limit 1e999", QStringList{"lua", tmp_.filePath("s.lua"), "--time-limit", "1e999"}, "--time-limit", "1e999"},
            {"render --rollout 12abc", QStringList{"render", "--db", db, "--task", "C1", "--out", out, "--pov", "--rollout", "12abc"},
             "--rollout", "12abc"},
        };
        for (const auto& r : rows) QTest::newRow(r.name) << r.args << r.option << r.value;
    }

    void badNumbersNameTheOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        QFETCH(QString, value);
        const ProcessResult r = runIglu(args);
        QVERIFY2(!r.crashed, "the command crashed or hung");
        QVERIFY2(r.exitCode != 0, qPrintable(r.out));
        const QString all = r.err + r.out;
        QVERIFY2(all.contains(option) && all.contains(value), qPrintable(all));
        for (const char* leak : {"stoi", "stoul", "stoll", "stod", "invalid_argument", "out_of_range"})
            QVERIFY2(!all.contains(QLatin1String(leak)), qPrintable(all));
    }

    // The render size limit in the message is the limit of the check: the largest side it states
    // renders, one more is refused with the same number.
    void renderSizeLimitIsTheStatedOne() {
        const QString out = tmp_.filePath("wide.png");
        ProcessResult r = runIglu({"render", "--db", taskList_, "--task", "t1", "--out", out, "--pov", "--size", "9000x1"});
        QVERIFY(!r.crashed);
        QVERIFY(r.exitCode != 0);
        static const QRegularExpression limit(QStringLiteral("1\\.\\.(\\d+)"));
        const auto m = limit.match(r.err);
        QVERIFY2(m.hasMatch(), qPrintable(r.err));
        const int max = m.captured(1).toInt();
        QCOMPARE(max, 8192);
        r = runIglu({"render", "--db", taskList_, "--task", "t1", "--out", out, "--pov", "--size", QStringLiteral("%1x1").arg(max)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runIglu({"render", "--db", taskList_, "--task", "t1", "--out", out, "--pov", "--size", QStringLiteral("1x%1").arg(max + 1)});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains(QStringLiteral("1..%1").arg(max)), qPrintable(r.err));
        // The 3D view states its own limit the same way (checked before any display is needed).
        r = runIglu({"render", "--db", taskList_, "--task", "t1", "--out", out, "--size", "20000x10"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains(QStringLiteral("1..8192")) && !r.err.contains(QStringLiteral("16384")), qPrintable(r.err));
    }

    // Good numbers still work.
    void goodNumbersAreAccepted() {
        ProcessResult r = runIglu({"tasks", "--db", catalog_, "--limit", "3"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.trimmed().endsWith(QStringLiteral("3 tasks")), qPrintable(r.out));
        r = runIglu({"render", "--db", taskList_, "--task", "t1", "--out", tmp_.filePath("p.png"), "--pov", "--size", "+32x32",
                     "--rollout", "random:7", "--step", "3", "--pose", "0,0,3,180.5,-20"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliNumbers)
#include "test_cli_numbers.moc"

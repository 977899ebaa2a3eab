// Bounded parsing in every JSON reader of the command line, on a corpus of bad JSON: nesting far
// beyond the limit (a 200 KB file of brackets), one level beyond it, unclosed nesting, numbers out
// of range (1e400, -1e400). Readers: rollout files (import rollouts), task lists (render --db
// FILE.jsonl), label files (label eval), structures.json (import structures), model files (label
// eval --model), conformance cases and traces (conformance DIR). Every case ends with a clear
// error (exit 1..125, no signal) naming the file and the line, and the limit when nesting is the
// problem. Model files: values out of range name their field; a FIFO or a device is refused
// without being read (no hang, no memory exhaustion); so is a FIFO given to `iglu lua`.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include "support/files.hpp"
#include "support/process.hpp"

using iglu::test::ProcessResult;
using iglu::test::runIglu;

namespace {

struct BadValue {
    const char* name;
    QByteArray json;  ///< a JSON value
    QString says;     ///< what the message must contain
};

QList<BadValue> badValues() {
    return {
        {"deep arrays", QByteArray(100000, '[') + QByteArray(100000, ']'), "nesting deeper than 128 levels"},
        {"deep objects", QByteArray("{\"a\":").repeated(20000) + "1" + QByteArray(20000, '}'), "nesting deeper than 128 levels"},
        {"one level too deep", QByteArray(129, '[') + QByteArray(129, ']'), "nesting deeper than 128 levels"},
        {"unclosed nesting", QByteArray("[{\"a\":").repeated(30000), "nesting deeper than 128 levels"},
        {"number overflow", "1e400", "out of range"},
        {"negative overflow", "-1e400", "out of range"},
    };
}

}  // namespace

class TestBadJsonCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString labels_;

    /// Runs `args`; the command must end cleanly with an error naming `file`, line `line` and `says`.
    void expectClearError(const QStringList& args, const QString& file, int line, const QString& says) {
        const ProcessResult r = runIglu(args, {120000, {}});
        QVERIFY2(!r.crashed, qPrintable("crashed or hung: " + args.join(' ').left(200)));
        QVERIFY2(r.exitCode >= 1 && r.exitCode <= 125, qPrintable(QString::number(r.exitCode) + ": " + r.err.left(500)));
        const QString name = QFileInfo(file).fileName();
        const QString all = r.err + r.out;  // `iglu conformance` reports a bad trace as a failure on stdout
        QVERIFY2(all.contains(name), qPrintable(all.left(500)));
        const bool hasLine = all.contains(QStringLiteral(":%1:").arg(line)) || all.contains(QStringLiteral("line %1").arg(line));
        QVERIFY2(hasLine, qPrintable(QStringLiteral("no line %1 in: ").arg(line) + all.left(500)));
        QVERIFY2(all.contains(says), qPrintable(says + " not in: " + all.left(500)));
        QVERIFY2(all.size() < 4000, "the message repeats the bad input");
    }

private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        labels_ = QStringLiteral(IGLU_SOURCE_DIR "/examples/data/structures.json");
    }

    void everyReaderBoundsItsJson_data() {
        QTest::addColumn<QString>("reader");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("says");
        for (const char* reader : {"rollouts", "task list", "labels", "structures", "model", "cases", "trace"})
            for (const auto& v : badValues())
                QTest::newRow(qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(reader), QLatin1String(v.name))))
                    << QString::fromLatin1(reader) << v.json << v.says;
    }

    // The bad value sits on line 2 of each file, where the reader's own format expects a value.
    void everyReaderBoundsItsJson() {
        QFETCH(QString, reader);
        QFETCH(QByteArray, json);
        QFETCH(QString, says);
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("new.db"));
        bool written = true;
        auto write = [&](const QString& name, const QByteArray& text) {
            const QString p = dir.filePath(name);
            QDir().mkpath(QFileInfo(p).path());
            written = iglu::test::writeAll(p, text) && written;
            return p;
        };
        if (reader == "rollouts") {
            const QString f = write("r.jsonl", "\n{\"format\": \"iglu-rollout/1\", \"agent\": " + json + ", \"task_id\": \"t\", \"actions\": []}\n");
            expectClearError({"import", "rollouts", f, "--db", db}, f, 2, says);
            QVERIFY2(!QFile::exists(db), "a catalog was left behind");
        } else if (reader == "task list") {
            const QString f = write("t.jsonl", "{\"id\": \"t0\", \"target_blocks\": []}\n{\"id\": \"t1\", \"x\": " + json + ", \"target_blocks\": []}\n");
            expectClearError({"render", "--db", f, "--task", "t1", "--pov", "--out", dir.filePath("o.png")}, f, 2, says);
        } else if (reader == "labels" || reader == "structures") {
            const QString f = write("s.json", "{\"structures\":\n[" + json + "]}\n");
            if (reader == "labels") expectClearError({"label", "eval", f}, f, 2, says);
            else expectClearError({"import", "structures", f, "--db", db}, f, 2, says);
        } else if (reader == "model") {
            const QString f = write("m.json", "{\"format\": \"iglu-skill-model/1\",\n\"mean\": " + json + "}\n");
            expectClearError({"label", "eval", labels_, "--model", f}, f, 2, says);
        } else if (reader == "cases") {
            write("conf/max_intersection.jsonl", "\n{\"id\": " + json + "}\n");
            expectClearError({"conformance", dir.filePath("conf")}, dir.filePath("conf/max_intersection.jsonl"), 2, says);
        } else if (reader == "trace") {
            write("conf/traces/t.json", "{\"format\":\n" + json + "}\n");
            expectClearError({"conformance", dir.filePath("conf")}, dir.filePath("conf/traces/t.json"), 2, says);
        }
        QVERIFY(written);
    }

    // A number out of range in a labels file: file, line and the number; the same for a task list.
    void numberOverflowNamesFileAndLine() {
        const QString f = iglu::test::writeFile(tmp_.path(), "overflow.json", "{\"structures\": [\n{\"id\": 1e999}]}\n");
        expectClearError({"label", "eval", f}, f, 2, "1e999");
    }

    // Model values: every number finite and in range, named by field; a FIFO or /dev/zero is
    // refused at once.
    void modelFilesAreChecked() {
        // A real model first, then the same with one value changed.
        const QString model = tmp_.filePath("model.json");
        ProcessResult r = runIglu({"label", "train", labels_, "--model", model});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("too few labeled tasks"))) QSKIP("the example labels are too few to train");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QByteArray good = iglu::test::readAll(model);
        struct Edit {
            const char* pattern;  ///< the first number after a key
            const char* value;
            const char* field;    ///< what the message names
        };
        const QList<Edit> edits = {
            {R"(("bias": )[-0-9.eE+]+)", "1e308", "bias"},
            {R"(("weights": \[\s*)[-0-9.eE+]+)", "1e308", "weights[0]"},
            {R"(("weights": \[\s*)[-0-9.eE+]+)", "-1e7", "weights[0]"},
            {R"(("scale": \[\s*)[-0-9.eE+]+)", "1e-300", "scale[0]"},
            {R"(("mean": \[\s*)[-0-9.eE+]+)", "-1e308", "mean[0]"},
            {R"(("trained_on": )[-0-9.eE+]+)", "1e30", "trained_on"},
        };
        for (const Edit& e : edits) {
            QString bad = QString::fromUtf8(good);
            const QRegularExpression re(QString::fromLatin1(e.pattern));
            QVERIFY2(re.match(bad).hasMatch(), e.pattern);
            bad.replace(bad.indexOf(re), re.match(bad).capturedLength(0), re.match(bad).captured(1) + QLatin1String(e.value));
            const QString f = tmp_.filePath("bad-model.json");
            QVERIFY(iglu::test::writeAll(f, bad.toUtf8()));
            r = runIglu({"label", "eval", labels_, "--model", f}, {60000, {}});
            QVERIFY2(!r.crashed && r.exitCode >= 1 && r.exitCode <= 125, qPrintable(r.err));
            QVERIFY2(r.err.contains(QStringLiteral("bad-model.json")) && r.err.contains(QLatin1String(e.field)), qPrintable(r.err));
            QVERIFY2(!r.out.contains(QStringLiteral("nan")), qPrintable(r.out));
        }
        const QString fifo = tmp_.filePath("fifo.json");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        for (const QString& f : {fifo, QStringLiteral("/dev/zero")}) {
            r = runIglu({"label", "eval", labels_, "--model", f}, {60000, {}});
            QVERIFY2(!r.crashed, qPrintable("hung or crashed on " + f));
            QVERIFY2(r.exitCode >= 1 && r.exitCode <= 125, qPrintable(r.err));
            QVERIFY2(r.err.contains(QStringLiteral("not a regular file")), qPrintable(r.err));
        }
    }

    // Lua scripts given by path go through the same regular-file check: a FIFO is refused at once.
    void scriptsMustBeRegularFiles() {
        const QString fifo = tmp_.filePath("script.lua");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        const ProcessResult r = runIglu({"lua", fifo}, {60000, {}});
        QVERIFY2(!r.crashed, "hung or crashed on a FIFO script");
        QVERIFY2(r.exitCode >= 1 && r.exitCode <= 125 && r.err.contains(QStringLiteral("FIFO")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestBadJsonCli)
#include "test_bad_json_cli.moc"

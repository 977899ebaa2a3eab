// iglu render --video / --frames: a whole rollout as a video through the ffmpeg program and as a
// PNG sequence — one frame per step (or per K steps), the same pixels as single-step renders, a
// clear error and no file left behind when ffmpeg is missing or fails, and a corpus of bad options.
// Fake ffmpeg programs (IGLU_FFMPEG) that stop reading, cannot start or exit early, with Ctrl-C
// and SIGTERM sent to the running `iglu`: it ends promptly and leaves no video, no .part file or
// log, no frame and no ffmpeg process. A frames folder holding an earlier clip is refused.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

#include "support/files.hpp"
#include "support/process.hpp"

using namespace iglu;

namespace {

const QString kTasks = QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");
const QString kTask = QStringLiteral("CQ-game-1029");

QStringList base() { return {QStringLiteral("render"), QStringLiteral("--db"), kTasks, QStringLiteral("--task"), kTask,
                             QStringLiteral("--rollout"), QStringLiteral("random:3")}; }

// Frames in a video, by ffprobe (-1 when it cannot tell).
int videoFrames(const QString& path) {
    const QString ffprobe = QStandardPaths::findExecutable(QStringLiteral("ffprobe"));
    if (ffprobe.isEmpty()) return -1;
    const auto r = test::runProcess(ffprobe, {QStringLiteral("-v"), QStringLiteral("error"), QStringLiteral("-count_frames"),
                                              QStringLiteral("-select_streams"), QStringLiteral("v:0"), QStringLiteral("-show_entries"),
                                              QStringLiteral("stream=nb_read_frames"), QStringLiteral("-of"), QStringLiteral("csv=p=0"), path});
    bool ok = false;
    const int n = r.out.trimmed().toInt(&ok);
    return ok ? n : -1;
}

QProcessEnvironment withEnv(const QString& name, const QString& value) {
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(name, value);
    return env;
}

/// A fake ffmpeg: a shell script that records its pid in PIDFILE, then runs BODY.
QString fakeFfmpeg(const QString& dir, const QString& name, const QString& pidFile, const QString& body,
                   const QString& shebang = QStringLiteral("#!/bin/sh")) {
    const QString path = iglu::test::writeFile(dir, name, shebang + "\necho $$ > '" + pidFile + "'\n" + body + "\n");
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

/// True while the process runs (a zombie counts as ended).
bool alive(qint64 pid) {
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly)) return false;
    const QByteArray s = f.readAll();
    const qsizetype close = s.lastIndexOf(')');
    return close >= 0 && s.size() > close + 2 && s[close + 2] != 'Z';
}

/// Files a clip may leave in DIR: hidden .part files and logs, videos, frames.
QStringList leftovers(const QString& dir) {
    return QDir(dir).entryList({QStringLiteral(".part-*"), QStringLiteral("*.mp4"), QStringLiteral("*.partial")},
                               QDir::Files | QDir::Hidden);
}

}  // namespace

class TestRenderVideo : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    bool haveFfmpeg_ = false;

private slots:
    void initTestCase() { haveFfmpeg_ = !QStandardPaths::findExecutable(QStringLiteral("ffmpeg")).isEmpty(); }

    void povVideoAndFramesHaveOneFramePerStep() {
        if (!haveFfmpeg_) QSKIP("ffmpeg is not installed (scripts/deps.sh installs it)");
        const QString video = dir_.filePath(QStringLiteral("pov.mp4")), frames = dir_.filePath(QStringLiteral("frames"));
        const auto r = test::runIglu(base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--size"), QStringLiteral("96x64"),
                                                           QStringLiteral("--video"), video, QStringLiteral("--frames"), frames,
                                                           QStringLiteral("--fps"), QStringLiteral("25")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // The random episode has 250 steps (the default max_steps): 251 frames with the start.
        QVERIFY2(r.out.contains(QStringLiteral("251 frames (96x64, first-person view)")), qPrintable(r.out));
        QCOMPARE(QDir(frames).entryList({QStringLiteral("frame-*.png")}, QDir::Files).size(), 251);
        const int n = videoFrames(video);
        if (n >= 0) QCOMPARE(n, 251);
        // Frame k is exactly the single-image render of step k.
        for (int step : {0, 117, 250}) {
            const QString one = dir_.filePath(QStringLiteral("step%1.png").arg(step));
            const auto s = test::runIglu(base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--size"), QStringLiteral("96x64"),
                                                               QStringLiteral("--step"), QString::number(step), QStringLiteral("--out"), one});
            QVERIFY2(s.exitCode == 0, qPrintable(s.err));
            QCOMPARE(test::readAll(one), test::readAll(frames + QStringLiteral("/frame-%1.png").arg(step, 5, 10, QLatin1Char('0'))));
        }
        // No temporary file is left beside the video.
        QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral(".part-*")}, QDir::Files | QDir::Hidden).size(), 0);
    }

    void everyKStepsKeepsTheLastStep() {
        const QString frames = dir_.filePath(QStringLiteral("every"));
        const auto r = test::runIglu(base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--frames"), frames,
                                                           QStringLiteral("--every"), QStringLiteral("100")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QDir(frames).entryList({QStringLiteral("frame-*.png")}, QDir::Files).size(), 4);  // 0, 100, 200, 250
    }

    void gifOfThe3DView() {
        if (!haveFfmpeg_) QSKIP("ffmpeg is not installed");
        const QString gif = dir_.filePath(QStringLiteral("view.gif"));
        const auto r = test::runIglu(base() + QStringList{QStringLiteral("--size"), QStringLiteral("320x240"), QStringLiteral("--video"),
                                                           gif, QStringLiteral("--every"), QStringLiteral("25")});
        if (r.exitCode == 3) QSKIP("no X display for the 3D view");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("11 frames (320x240, 3D view)")), qPrintable(r.out));
        QVERIFY(test::readAll(gif).startsWith("GIF89a"));
        const int n = videoFrames(gif);
        if (n >= 0) QCOMPARE(n, 11);
    }

    // ffmpeg missing, not executable, or failing: a clear error, exit code 2, no file left.
    void missingOrFailingFfmpegLeavesNothing() {
        const QString video = dir_.filePath(QStringLiteral("never.mp4"));
        struct Case { QProcessEnvironment env; QString says; };
        const QList<Case> cases = {
            {withEnv(QStringLiteral("PATH"), dir_.filePath(QStringLiteral("empty-path"))), QStringLiteral("apt install ffmpeg")},
            {withEnv(QStringLiteral("IGLU_FFMPEG"), QStringLiteral("/nonexistent/ffmpeg")), QStringLiteral("IGLU_FFMPEG")},
            {withEnv(QStringLiteral("IGLU_FFMPEG"), QStringLiteral("/bin/false")), QStringLiteral("ffmpeg")},
        };
        for (const Case& c : cases) {
            const auto r = test::runIglu(base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--video"), video}, {60000, c.env});
            QVERIFY2(r.exitCode != 0 && !r.crashed, qPrintable(r.err));
            QVERIFY2(r.err.contains(c.says), qPrintable(r.err));
            QVERIFY(!QFile::exists(video));
            QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral(".part-*")}, QDir::Files | QDir::Hidden).size(), 0);
        }
    }

    // ffmpeg stops reading (the pipe fills, the write waits): the first Ctrl-C ends the run with
    // 130 — or SIGTERM ends it — and the video, ffmpeg's log, the frames written, their folder and
    // ffmpeg itself are gone.
    void stalledFfmpegIsInterruptedAndLeavesNothing_data() {
        QTest::addColumn<int>("sig");
        QTest::newRow("Ctrl-C") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM);
    }
    void stalledFfmpegIsInterruptedAndLeavesNothing() {
        QFETCH(int, sig);
        QTemporaryDir work;
        const QString pidFile = work.filePath(QStringLiteral("ffmpeg.pid"));
        // Reads 100 kB (a few frames), then holds the pipe open without reading.
        const QString ffmpeg = fakeFfmpeg(work.path(), QStringLiteral("stall.sh"), pidFile,
                                          QStringLiteral("head -c 100000 > /dev/null\nexec sleep 600"));
        const QString video = work.filePath(QStringLiteral("v.mp4")), frames = work.filePath(QStringLiteral("frames"));
        QProcess p;
        p.setProcessEnvironment(withEnv(QStringLiteral("IGLU_FFMPEG"), ffmpeg));
        p.start(iglu::test::igluPath(), base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--size"), QStringLiteral("128x128"),
                                                             QStringLiteral("--video"), video, QStringLiteral("--frames"), frames});
        QVERIFY(p.waitForStarted());
        // Once ffmpeg has read its 100 kB the pipe fills within a few frames and iglu waits in the write.
        QVERIFY2(QTest::qWaitFor([&] { return QFile(pidFile).size() > 0 && QDir(frames).entryList({"frame-*.png"}).size() >= 2; }, 60000),
                 "the fake ffmpeg never started, or no frame was written");
        const qint64 ffmpegPid = QString::fromLatin1(iglu::test::readAll(pidFile)).trimmed().toLongLong();
        QVERIFY(alive(ffmpegPid));
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), sig), 0);
        QVERIFY2(p.waitForFinished(30000), "iglu did not end after the signal");
        if (sig == SIGINT) {
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 130);
            QVERIFY2(p.readAllStandardError().contains("nothing written"), "no interruption message");
        } else {
            QCOMPARE(p.exitStatus(), QProcess::CrashExit);  // ended by its SIGTERM, after cleaning up
        }
        QVERIFY2(QTest::qWaitFor([&] { return !alive(ffmpegPid); }, 10000), "ffmpeg was left running");
        QVERIFY2(leftovers(work.path()).isEmpty(), qPrintable(leftovers(work.path()).join(' ')));
        QVERIFY2(!QFile::exists(frames), "the frames folder this run made is still there");
    }

    // ffmpeg that cannot start (a script whose interpreter is missing) or exits early: an error
    // naming ffmpeg, and no video, log or frame left.
    void brokenFfmpegLeavesNothing() {
        QTemporaryDir work;
        const QString pidFile = work.filePath(QStringLiteral("pid"));
        const QList<QPair<QString, QString>> cases = {
            {fakeFfmpeg(work.path(), QStringLiteral("nostart.sh"), pidFile, QString(), QStringLiteral("#!/nonexistent/interpreter")),
             QStringLiteral("cannot start")},
            {fakeFfmpeg(work.path(), QStringLiteral("early.sh"), pidFile, QStringLiteral("head -c 50000 > /dev/null\necho broken >&2\nexit 1")),
             QStringLiteral("ffmpeg stopped")},
            {fakeFfmpeg(work.path(), QStringLiteral("nofile.sh"), pidFile, QStringLiteral("cat > /dev/null\nexit 0")),
             QStringLiteral("wrote no video")},
        };
        for (const auto& [ffmpeg, says] : cases) {
            const QString video = work.filePath(QStringLiteral("v.mp4")), frames = work.filePath(QStringLiteral("frames"));
            const auto r = test::runIglu(base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--video"), video,
                                                               QStringLiteral("--frames"), frames},
                                         {60000, withEnv(QStringLiteral("IGLU_FFMPEG"), ffmpeg)});
            QVERIFY2(!r.crashed && r.exitCode >= 1 && r.exitCode <= 125, qPrintable(r.err));
            QVERIFY2(r.err.contains(says), qPrintable(ffmpeg + ": " + r.err));
            QVERIFY2(leftovers(work.path()).isEmpty(), qPrintable(leftovers(work.path()).join(' ')));
            QVERIFY2(!QFile::exists(frames), qPrintable(ffmpeg));
        }
    }

    // A second clip into a folder of frames is refused (the two would mix); the first stays whole.
    void framesFolderOfAnEarlierClipIsRefused() {
        QTemporaryDir work;
        const QString frames = work.filePath(QStringLiteral("f"));
        const QStringList args = base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--frames"), frames};
        auto r = test::runIglu(args + QStringList{QStringLiteral("--every"), QStringLiteral("100")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto first = test::snapshot(frames);
        QCOMPARE(first.size(), 4);
        r = test::runIglu(args + QStringList{QStringLiteral("--every"), QStringLiteral("50")});
        QVERIFY2(!r.crashed && r.exitCode >= 1 && r.exitCode <= 125, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("earlier clip")), qPrintable(r.err));
        QVERIFY(test::snapshot(frames) == first);
        // A folder that is a file, and a frames folder whose parent is missing.
        test::writeFile(work.path(), QStringLiteral("file"), QStringLiteral("x"));
        r = test::runIglu(base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--frames"), work.filePath(QStringLiteral("file"))});
        QVERIFY2(!r.crashed && r.exitCode != 0 && r.err.contains(QStringLiteral("not a folder")), qPrintable(r.err));
        r = test::runIglu(base() + QStringList{QStringLiteral("--pov"), QStringLiteral("--frames"), work.filePath(QStringLiteral("a/b"))});
        QVERIFY2(!r.crashed && r.exitCode != 0 && r.err.contains(QStringLiteral("does not exist")), qPrintable(r.err));
        QVERIFY(!QFile::exists(work.filePath(QStringLiteral("a"))));
    }

    void badOptionsAreClear() {
        const QString v = dir_.filePath(QStringLiteral("bad.mp4"));
        const QList<QPair<QStringList, QString>> cases = {
            {{QStringLiteral("--pov"), QStringLiteral("--video"), v, QStringLiteral("--fps"), QStringLiteral("0")}, QStringLiteral("--fps")},
            {{QStringLiteral("--pov"), QStringLiteral("--video"), v, QStringLiteral("--every"), QStringLiteral("0")}, QStringLiteral("--every")},
            {{QStringLiteral("--pov"), QStringLiteral("--video"), dir_.filePath(QStringLiteral("x.avi"))}, QStringLiteral(".avi")},
            {{QStringLiteral("--pov"), QStringLiteral("--size"), QStringLiteral("65x64"), QStringLiteral("--video"), v}, QStringLiteral("even")},
            {{QStringLiteral("--pov"), QStringLiteral("--video"), v, QStringLiteral("--out"), dir_.filePath(QStringLiteral("a.png"))}, QStringLiteral("choose one")},
            {{QStringLiteral("--pov"), QStringLiteral("--video"), v, QStringLiteral("--step"), QStringLiteral("3")}, QStringLiteral("--step")},
            {{QStringLiteral("--pov"), QStringLiteral("--out"), dir_.filePath(QStringLiteral("a.png")), QStringLiteral("--fps"), QStringLiteral("5")}, QStringLiteral("--fps")},
        };
        for (const auto& [args, says] : cases) {
            const auto r = test::runIglu(base() + args);
            QVERIFY2(r.exitCode != 0 && !r.crashed, qPrintable(args.join(' ')));
            QVERIFY2(r.err.contains(says), qPrintable(args.join(' ') + QStringLiteral(": ") + r.err));
        }
        // A video needs a rollout.
        const auto r = test::runIglu({QStringLiteral("render"), QStringLiteral("--db"), kTasks, QStringLiteral("--task"), kTask,
                                      QStringLiteral("--pov"), QStringLiteral("--video"), v});
        QVERIFY(r.exitCode != 0 && r.err.contains(QStringLiteral("--rollout")));
        QVERIFY(!QFile::exists(v));
    }
};

QTEST_GUILESS_MAIN(TestRenderVideo)
#include "test_render_video.moc"

// iglu render --video / --frames: a whole rollout as a video through the ffmpeg program and as a
// PNG sequence — one frame per step (or per K steps), the same pixels as single-step renders, a
// clear error and no file left behind when ffmpeg is missing or fails, and a corpus of bad options.
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

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

// A rollout as a clip (viewers/scene/rollout_clip.hpp), first-person (CPU: no display needed):
// the steps it shows, every frame equal to the POV renderer's picture of that step, a cancel that
// leaves nothing behind (no video, no frame), a folder of earlier frames refused, and the refusals (nothing to write, sizes,
// a frames "folder" that is a file, a video format ffmpeg is not asked to guess).
#include <atomic>

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include "core/pov/pov_renderer.hpp"
#include "core/rollout/random_agent.hpp"
#include "core/task/task_list.hpp"
#include "viewers/scene/rollout_clip.hpp"
#include "viewers/scene/video_writer.hpp"

using namespace iglu;

class TestRolloutClip : public QObject {
    Q_OBJECT
    std::vector<core::Task> tasks_;
    core::Rollout rollout_;

private slots:
    void initTestCase() {
        tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");
        core::RandomEpisodeOptions o;
        o.seed = 2;
        o.steps = 47;
        rollout_ = core::recordRandomEpisode(tasks_.front(), o);
    }

    void stepsIncludeStartAndEnd() {
        QCOMPARE(viewers::clipSteps(47, 10), (std::vector<std::size_t>{0, 10, 20, 30, 40, 47}));
        QCOMPARE(viewers::clipSteps(40, 10), (std::vector<std::size_t>{0, 10, 20, 30, 40}));
        QCOMPARE(viewers::clipSteps(3, 1), (std::vector<std::size_t>{0, 1, 2, 3}));
        QCOMPARE(viewers::clipSteps(0, 5), (std::vector<std::size_t>{0}));
        QCOMPARE(viewers::clipSteps(5, 0), viewers::clipSteps(5, 1));
    }

    void everyFrameIsThePovOfItsStep() {
        QTemporaryDir dir;
        viewers::ClipOptions o;
        o.pov = true;
        o.width = 48;
        o.height = 32;
        o.every = 5;
        o.framesDir = dir.filePath("frames").toStdString();
        std::vector<std::size_t> seen;
        const auto result = viewers::renderRolloutClip(tasks_.front(), rollout_, o, [&](std::size_t done, std::size_t total) {
            seen.push_back(done);
            return total > 0;
        });
        const auto steps = viewers::clipSteps(rollout_.size(), 5);
        QCOMPARE(result.frames, steps.size());
        QCOMPARE(result.total, steps.size());
        QVERIFY(!result.cancelled);
        QCOMPARE(seen.size(), steps.size());
        core::PovRenderer pov(core::PovConfig{48, 32});
        core::RolloutCursor cursor(rollout_);
        for (std::size_t i = 0; i < steps.size(); ++i) {
            cursor.seek(steps[i]);
            const auto want = pov.render(cursor.grid(), cursor.pose());
            const QImage got(dir.filePath(QStringLiteral("frames/frame-%1.png").arg(i, 5, 10, QChar('0'))));
            QCOMPARE(got.size(), QSize(48, 32));
            const QImage rgb = got.convertToFormat(QImage::Format_RGB888);
            for (int y = 0; y < 32; ++y)
                QVERIFY2(std::memcmp(rgb.constScanLine(y), want.data() + std::size_t(y) * 48 * 3, 48 * 3) == 0,
                         qPrintable(QStringLiteral("frame %1 row %2").arg(i).arg(y)));
        }
    }

    // A cancelled clip leaves nothing: no video, no temporary file, no frame, and not the frames
    // folder it made — cancelled by the progress callback or by the cancel flag.
    void cancelLeavesNothing() {
        for (const bool byFlag : {false, true}) {
            QTemporaryDir dir;
            viewers::ClipOptions o;
            o.pov = true;
            o.width = 32;
            o.height = 32;
            o.framesDir = dir.filePath("frames").toStdString();
            const bool ffmpeg = !viewers::VideoWriter::findFfmpeg().empty();
            if (ffmpeg) o.video = dir.filePath("clip.mp4").toStdString();
            std::atomic<bool> cancel{false};
            if (byFlag) o.cancel = &cancel;
            const auto result = viewers::renderRolloutClip(tasks_.front(), rollout_, o, [&](std::size_t done, std::size_t) {
                if (done == 3) cancel = true;
                return byFlag || done < 3;
            });
            QVERIFY(result.cancelled);
            QCOMPARE(result.frames, std::size_t(3));
            QVERIFY(!QFile::exists(dir.filePath("frames")));
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::Dirs | QDir::NoDotAndDotDot).size(), 0);
        }
    }

    // A folder with frames of an earlier clip is refused before anything is written.
    void earlierFramesAreRefused() {
        QTemporaryDir dir;
        viewers::ClipOptions o;
        o.pov = true;
        o.width = 16;
        o.height = 16;
        o.every = 100;
        o.framesDir = dir.path().toStdString();
        QVERIFY(!viewers::renderRolloutClip(tasks_.front(), rollout_, o).cancelled);
        const QStringList first = QDir(dir.path()).entryList(QDir::Files);
        QVERIFY(!first.isEmpty());
        o.every = 1;
        try {
            viewers::renderRolloutClip(tasks_.front(), rollout_, o);
            QFAIL("no error");
        } catch (const std::exception& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("earlier clip")), e.what());
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), first);
    }

    void badOptionsAreRefused_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("frames");
        QTest::addColumn<QString>("video");
        QTest::addColumn<QString>("message");
        QTest::newRow("nothing to write") << 32 << QString() << QString() << "needs a video file or a folder";
        QTest::newRow("zero size") << 0 << QStringLiteral("f") << QString() << "outside 1..";
        QTest::newRow("too big for the pov") << core::PovConfig::kMaxSide + 1 << QStringLiteral("f") << QString() << "outside 1..";
        QTest::newRow("frames folder is a file") << 32 << QStringLiteral("file.txt") << QString() << "not a folder";
        QTest::newRow("unknown video format") << 32 << QString() << QStringLiteral("clip.avi") << "clip.avi";
    }
    void badOptionsAreRefused() {
        QFETCH(int, width);
        QFETCH(QString, frames);
        QFETCH(QString, video);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QFile file(dir.filePath("file.txt"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        viewers::ClipOptions o;
        o.pov = true;
        o.width = width;
        o.height = 32;
        if (!frames.isEmpty()) o.framesDir = dir.filePath(frames).toStdString();
        if (!video.isEmpty()) o.video = dir.filePath(video).toStdString();
        try {
            viewers::renderRolloutClip(tasks_.front(), rollout_, o);
            QFAIL("no error");
        } catch (const std::exception& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("file.txt")});
    }
};

QTEST_GUILESS_MAIN(TestRolloutClip)
#include "test_rollout_clip.moc"

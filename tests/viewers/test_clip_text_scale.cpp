// The legends' text of an exported 3D clip grows with the export's height (ZoneScene::setTextScale,
// viewers::exportTextScale): the same first frame of a rollout exported at 1280 x 720, 1920 x 1080
// and 2560 x 1440; the bounding box of the legend's first line (the white caption) is 1.5 and 2
// times as high and as wide as at 720. The rule itself: 1 up to 720, height / 720 above.
#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include "core/rollout/random_agent.hpp"
#include "core/task/task_list.hpp"
#include "viewers/scene/rollout_clip.hpp"
#include "viewers/scene/zone_scene.hpp"

using namespace iglu;

namespace {
bool white(QRgb p) { return qRed(p) >= 225 && qGreen(p) >= 225 && qBlue(p) >= 225; }

/// The box of the legend's first line (the caption, white: drawn at 235; the background, floor and
/// grey compass letters stay below 225): the first band of rows from the top holding white pixels.
/// The agent's white body and the axes' labels lie further down, below the legend.
QRect captionBox(const QImage& image) {
    QRect box;
    for (int y = 0; y < image.height(); ++y) {
        bool any = false;
        for (int x = 0; x < image.width(); ++x)
            if (white(image.pixel(x, y))) {
                box |= QRect(x, y, 1, 1);
                any = true;
            }
        if (!any && !box.isNull()) break;  // the band ended
    }
    return box;
}
}  // namespace

class TestClipTextScale : public QObject {
    Q_OBJECT
    std::vector<core::Task> tasks_;
    core::Rollout rollout_;

    QRect exportedTextBox(int width, int height) {
        QTemporaryDir dir;
        viewers::ClipOptions o;
        o.width = width;
        o.height = height;
        o.every = 1000;  // the first and the last step
        o.belief = false;
        o.framesDir = dir.filePath("frames").toStdString();
        const auto result = viewers::renderRolloutClip(tasks_.front(), rollout_, o);
        if (result.frames != 2) return {};
        const QImage frame(dir.filePath(QStringLiteral("frames/frame-00000.png")));
        if (frame.size() != QSize(width, height)) return {};
        return captionBox(frame);
    }

private slots:
    void initTestCase() {
        tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");
        core::RandomEpisodeOptions o;
        o.seed = 3;
        o.steps = 20;
        rollout_ = core::recordRandomEpisode(tasks_.front(), o);
    }

    void rule() {
        QCOMPARE(viewers::exportTextScale(480), 1.0);
        QCOMPARE(viewers::exportTextScale(720), 1.0);
        QCOMPARE(viewers::exportTextScale(1080), 1.5);
        QCOMPARE(viewers::exportTextScale(2160), 3.0);
        viewers::ZoneScene scene;
        QCOMPARE(scene.textScale(), 1.0);  // the workbench's view: the legends' own size
    }

    void textGrowsWithTheExport() {
        const QRect small = exportedTextBox(1280, 720);
        QVERIFY2(small.height() >= 10 && small.height() <= 30 && small.width() >= 200,
                 qPrintable(QStringLiteral("no legend text found at 720: %1 x %2").arg(small.width()).arg(small.height())));
        for (const auto& [size, scale] : {std::pair{QSize(1920, 1080), 1.5}, std::pair{QSize(2560, 1440), 2.0}}) {
            const QRect big = exportedTextBox(size.width(), size.height());
            const double h = double(big.height()) / small.height(), w = double(big.width()) / small.width();
            const QString what = QStringLiteral("at %1 x %2: text %3 x %4 (%5 x %6 at 720), ratios %7 / %8, want %9")
                                     .arg(size.width()).arg(size.height()).arg(big.width()).arg(big.height())
                                     .arg(small.width()).arg(small.height()).arg(w).arg(h).arg(scale);
            QVERIFY2(std::abs(h - scale) <= 0.12 * scale && std::abs(w - scale) <= 0.12 * scale, qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(TestClipTextScale)
#include "test_clip_text_scale.moc"

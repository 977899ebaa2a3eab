// The belief layer of the 3D view (viewers/scene/belief_layer.hpp), offscreen (X display: run
// under xvfb-run): counts and prediction scores are core's (core::overlay, core::score) on the
// bundled tasks; each category has its own shape and colour; hidden, the layer leaves the picture
// of a scene that never had a belief (pixels, with a tolerance and diff images on failure); any
// sequence of updates draws what a fresh scene given only the last state draws.
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <random>
#include <sstream>

#include "core/intersection/maximal_intersection.hpp"
#include "core/task/task_list.hpp"
#include "support/beliefs.hpp"
#include "support/image_compare.hpp"
#include "support/scene_pixels.hpp"
#include "viewers/scene/display_check.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/rollout_clip.hpp"
#include "viewers/scene/zone_scene.hpp"

using namespace iglu;
using viewers::Rgb;

namespace {
constexpr int kW = 800, kH = 600;

QImage toQImage(const viewers::Image& img) {
    return QImage(img.rgb.data(), img.width, img.height, img.width * 3, QImage::Format_RGB888).copy();
}

int count(const viewers::Image& img, Rgb colour) {
    return test::countPixels(img.width, img.height, [&img](int x, int y) { return img.at(x, y); },
                             [colour](Rgb p) { return test::shadedMatch(p, colour, 1.0, viewers::kBackground, 12); });
}

/// The lines of drawnState() that are belief line segments, and their number per colour.
std::map<std::string, int> beliefSegmentsByColour(const viewers::ZoneScene& scene) {
    std::map<std::string, int> out;
    std::istringstream in(scene.drawnState());
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("belief ", 0) != 0 || line.rfind("belief legend", 0) == 0) continue;
        std::istringstream f(line.substr(7));
        double x, y, z, r, g, b;
        f >> x >> y >> z >> r >> g >> b;
        out[std::to_string(int(r)) + "," + std::to_string(int(g)) + "," + std::to_string(int(b))]++;
    }
    return out;
}

std::string key(Rgb c) { return std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b); }

core::Grid grid(std::initializer_list<core::Block> blocks) {
    std::vector<core::Block> v(blocks);
    return core::Grid::fromBlocks(v);
}
}  // namespace

class TestBeliefLayer : public QObject {
    Q_OBJECT
    std::unique_ptr<viewers::OffscreenRenderer> renderer_;
    std::vector<core::Task> tasks_;

private slots:
    void initTestCase() {
        if (auto problem = viewers::displayProblem()) QSKIP(problem->c_str());
        renderer_ = std::make_unique<viewers::OffscreenRenderer>(kW, kH);
        tasks_ = core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");
        QVERIFY(!tasks_.empty());
    }

    // On every bundled task: the counts are core::overlay's, the scores core::score's (the
    // experiments' prediction F1), and the legend shows them.
    void statsAreCoresPredictionScores() {
        for (const core::Task& task : tasks_) {
            const core::Grid belief = test::partialBelief(task.target);
            viewers::ZoneScene scene;
            scene.setTarget(task.target);
            scene.setBuilt(task.starting);
            scene.setBelief(core::Belief{7, belief});
            const auto& s = scene.beliefStats();
            const core::Scores expected = core::score(task.target, belief);
            const core::IntersectionOverlay ov = core::overlay(task.target, belief);
            const QString name = QString::fromStdString(task.id);
            QVERIFY2(s.drawn && s.scored, qPrintable(name));
            QCOMPARE(s.step, 7u);
            QCOMPARE(s.predicted, belief.count());
            QCOMPARE(s.right, expected.intersection);
            QCOMPARE(s.right, int(ov.matched.size()));
            QCOMPARE(s.wrong, int(ov.extra.size()));
            QCOMPARE(s.unpredicted, int(ov.missing.size()));
            QVERIFY2(s.wrong >= 2 && s.unpredicted >= 1,  // every category is there
                     qPrintable(name + QStringLiteral(": wrong %1, not predicted %2, right %3 of %4").arg(s.wrong).arg(s.unpredicted).arg(s.right).arg(task.target.count())));
            QCOMPARE(s.scores.f1, expected.f1);
            QCOMPARE(s.scores.precision, expected.precision);
            QCOMPARE(s.scores.recall, expected.recall);
            char f1[32];
            std::snprintf(f1, sizeof f1, "F1 %.2f", expected.f1);
            const std::string legend = scene.legendText();
            QVERIFY2(legend.find("belief (step 7): " + std::to_string(belief.count()) + " blocks") != std::string::npos, legend.c_str());
            QVERIFY2(legend.find(f1) != std::string::npos, legend.c_str());
            QVERIFY2(legend.find("wrong " + std::to_string(s.wrong) + " (crossed)") != std::string::npos, legend.c_str());
            QVERIFY2(legend.find("not predicted " + std::to_string(s.unpredicted) + " (corners)") != std::string::npos, legend.c_str());
        }
        // No target: the belief outlined, nothing scored. No belief: nothing drawn.
        viewers::ZoneScene scene;
        scene.setBelief(core::Belief{0, grid({{0, -1, 0, 1}})});
        QVERIFY(scene.beliefStats().drawn && !scene.beliefStats().scored);
        QVERIFY2(scene.legendText().find("belief (step 0): 1 blocks (outlined)") != std::string::npos, scene.legendText().c_str());
        QCOMPARE(beliefSegmentsByColour(scene)[key(viewers::blockColour(1))], 12);
        scene.setBelief(std::nullopt);
        QVERIFY(!scene.beliefStats().drawn);
        QVERIFY(beliefSegmentsByColour(scene).empty());
        QVERIFY(scene.legendText().find("belief") == std::string::npos);
    }

    // Right: 12 edges in the predicted colour; wrong: 12 edges + 12 face diagonals in the
    // predicted colour; not predicted: 24 corner brackets in the target's colour. And on screen.
    void eachCategoryHasItsShape() {
        const core::Grid target = grid({{0, -1, 0, 1}, {3, -1, 0, 6}});
        const core::Grid belief = grid({{0, -1, 0, 1}, {-3, -1, -3, 3}});
        viewers::ZoneScene scene;
        scene.setTarget(target);
        scene.setGhost(false);
        scene.applyView(viewers::ViewPreset::Top);
        const auto without = renderer_->render(scene);
        scene.setBelief(core::Belief{0, belief});
        const auto& s = scene.beliefStats();
        QCOMPARE(s.right, 1);
        QCOMPARE(s.wrong, 1);
        QCOMPARE(s.unpredicted, 1);
        auto segments = beliefSegmentsByColour(scene);
        QCOMPARE(segments[key(viewers::blockColour(1))], 12);
        QCOMPARE(segments[key(viewers::blockColour(3))], 24);
        QCOMPARE(segments[key(viewers::blockColour(6))], 24);
        QCOMPARE(int(segments.size()), 3);

        const auto with = renderer_->render(scene);
        QVERIFY2(count(without, viewers::blockColour(3)) < 10, "no red without the belief");
        const int red = count(with, viewers::blockColour(3)), yellow = count(with, viewers::blockColour(6)),
                  blue = count(with, viewers::blockColour(1));
        QVERIFY2(red > 150, qPrintable(QString::number(red)));    // outline + crosses of the wrong block
        QVERIFY2(blue > 80, qPrintable(QString::number(blue)));   // the outline of the right block
        QVERIFY2(yellow > 30, qPrintable(QString::number(yellow)));
        QVERIFY2(red > blue, qPrintable(QStringLiteral("crossed %1 vs outlined %2").arg(red).arg(blue)));
        QVERIFY2(blue > yellow, qPrintable(QStringLiteral("outlined %1 vs corners %2").arg(blue).arg(yellow)));
        const int legendPixels = count(with, viewers::kBeliefLegend);
        QVERIFY2(legendPixels > 100, qPrintable(QString::number(legendPixels)));
    }

    // Hidden, the belief leaves the picture of a scene that never had one; shown again, and
    // copied into another scene, it draws the same.
    void hiddenBeliefLeavesTheSceneAsItWas() {
        const core::Task& task = tasks_.front();
        const core::Rollout rollout = test::rolloutWithBeliefs(task, 60);
        core::RolloutCursor cursor(rollout);
        cursor.seek(10);
        viewers::ZoneScene plain, scene;
        for (viewers::ZoneScene* s : {&plain, &scene}) {
            s->setTarget(task.target);
            s->setBuilt(cursor.grid());
            s->setAgent(cursor.pose());
        }
        scene.setBelief(*rollout.beliefAt(10));
        const auto shown = renderer_->render(scene);
        const auto diff = test::diffImages(toQImage(shown), toQImage(renderer_->render(plain)), 24);
        QVERIFY2(diff.differing > 2000, qPrintable(QStringLiteral("the belief changes %1 pixels").arg(diff.differing)));
        scene.setBeliefShown(false);
        QVERIFY(!scene.beliefStats().drawn);
        QString report;
        QVERIFY2(test::imagesMatch(toQImage(renderer_->render(scene)), toQImage(renderer_->render(plain)),
                                   QStringLiteral("belief-hidden"), &report),
                 qPrintable(report));
        QCOMPARE(scene.drawnState(), plain.drawnState());
        scene.setBeliefShown(true);
        viewers::ZoneScene copy;
        copy.copyStateFrom(scene);
        QCOMPARE(copy.drawnState(), scene.drawnState());
        QVERIFY2(test::imagesMatch(toQImage(renderer_->render(copy)), toQImage(shown), QStringLiteral("belief-copied"), &report),
                 qPrintable(report));
    }

    // A clip of a rollout with beliefs: every frame draws the belief in force at its step (a
    // scene given that state, pixels within a tolerance); with the belief off, none.
    void clipFramesShowTheBeliefInForce() {
        const core::Task& task = tasks_.front();
        const core::Rollout rollout = test::rolloutWithBeliefs(task, 60);
        for (const bool withBelief : {true, false}) {
            QTemporaryDir dir;
            viewers::ClipOptions o;
            o.width = kW;
            o.height = kH;
            o.every = 15;
            o.belief = withBelief;
            o.framesDir = dir.filePath("frames").toStdString();
            const auto result = viewers::renderRolloutClip(task, rollout, o, [](std::size_t, std::size_t) { return true; });
            const auto steps = viewers::clipSteps(rollout.size(), 15);
            QCOMPARE(result.frames, steps.size());
            core::RolloutCursor cursor(rollout);
            for (std::size_t i = 0; i < steps.size(); ++i) {
                cursor.seek(steps[i]);
                viewers::ZoneScene scene;
                scene.setTarget(task.target);
                scene.setBuilt(cursor.grid());
                scene.setAgent(cursor.pose());
                const core::Belief* b = rollout.beliefAt(steps[i]);
                QVERIFY(b != nullptr);
                if (withBelief) scene.setBelief(*b);
                scene.setCaption(task.id + "  |  agent rollout (" + rollout.source + ")  |  step " + std::to_string(steps[i]) +
                                 " / " + std::to_string(rollout.size()));
                const QImage frame = QImage(dir.filePath(QStringLiteral("frames/frame-%1.png").arg(i, 5, 10, QChar('0'))))
                                         .convertToFormat(QImage::Format_RGB888);
                QString report;
                QVERIFY2(test::imagesMatch(frame, toQImage(renderer_->render(scene)),
                                           QStringLiteral("belief-clip-%1-%2").arg(withBelief).arg(i), &report),
                         qPrintable(report));
            }
        }
    }

    // Any sequence of target / belief / shown / overlay updates draws what a fresh scene given
    // only the last state draws (geometry exactly, pixels within a tolerance).
    void anyUpdateSequenceDrawsLikeAFreshScene() {
        std::mt19937 rng(22);
        viewers::ZoneScene live;
        std::optional<core::Grid> target;
        std::optional<core::Belief> belief;
        bool shown = true, overlay = false;
        for (int action = 0; action < 40; ++action) {
            const core::Task& task = tasks_[rng() % tasks_.size()];
            switch (rng() % 4) {
                case 0: target = rng() % 4 == 0 ? std::nullopt : std::optional<core::Grid>(task.target); live.setTarget(target); break;
                case 1: belief = rng() % 4 == 0 ? std::nullopt
                                                : std::optional<core::Belief>(core::Belief{static_cast<std::uint32_t>(action),
                                                                                           test::partialBelief(task.target, int(rng() % 4))});
                        live.setBelief(belief); break;
                case 2: shown = !shown; live.setBeliefShown(shown); break;
                case 3: overlay = !overlay; live.setOverlay(overlay); break;
            }
            viewers::ZoneScene fresh;
            fresh.setTarget(target);
            fresh.setBelief(belief);
            fresh.setBeliefShown(shown);
            fresh.setOverlay(overlay);
            QCOMPARE(live.drawnState(), fresh.drawnState());
            if (action % 8 != 7) continue;
            QString report;
            QVERIFY2(test::imagesMatch(toQImage(renderer_->render(live)), toQImage(renderer_->render(fresh)),
                                       QStringLiteral("belief-sequence-%1").arg(action), &report),
                     qPrintable(report));
        }
    }
};

QTEST_GUILESS_MAIN(TestBeliefLayer)
#include "test_belief_layer.moc"

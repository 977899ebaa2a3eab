// The Qt-free VTK scene rendered offscreen (needs an X display: run under xvfb-run): palette
// colours, overlay categories and legend counts, picking, presets, PNG output, the clear error
// without a display, and a scene updated through any sequence of states drawing exactly what a
// fresh scene given only the last state draws (geometry read back from VTK, and pixels).
#include <QTemporaryDir>
#include <QImage>
#include <QtTest>

#include <optional>
#include <random>

#include "core/intersection/maximal_intersection.hpp"
#include "viewers/scene/display_check.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/zone_scene.hpp"
#include "support/image_compare.hpp"
#include "support/scene_pixels.hpp"

using namespace iglu;
using viewers::Rgb;

namespace {
constexpr int kW = 800, kH = 600;

int count(const viewers::Image& img, const std::function<bool(Rgb)>& pred) {
    return test::countPixels(img.width, img.height, [&img](int x, int y) { return img.at(x, y); }, pred);
}

core::Grid grid(std::initializer_list<core::Block> blocks) {
    std::vector<core::Block> v(blocks);
    return core::Grid::fromBlocks(v);
}

QImage toQImage(const viewers::Image& img) {
    return QImage(img.rgb.data(), img.width, img.height, img.width * 3, QImage::Format_RGB888).copy();
}

/// A random grid: empty, a few blocks, or up to a third of the zone (so states shrink and grow).
core::Grid randomGrid(std::mt19937& rng) {
    core::Grid g;
    const int sizes[] = {0, 3, 20, 120, 400};
    const int n = sizes[rng() % 5];
    for (int i = 0; i < n; ++i) g.setCell(static_cast<int>(rng() % core::kCells), static_cast<std::int8_t>(1 + rng() % 6));
    return g;
}

/// Everything a scene is given; a fresh scene is built from it alone.
struct SceneState {
    std::optional<core::Grid> target;
    core::Grid built;
    std::optional<core::Pose> agent;
    bool overlay = false, ghost = true;
    std::string caption;
    void applyTo(viewers::ZoneScene& s) const {
        s.setTarget(target);
        s.setBuilt(built);
        s.setAgent(agent);
        s.setOverlay(overlay);
        s.setGhost(ghost);
        s.setCaption(caption);
    }
};
}  // namespace

class TestZoneScene : public QObject {
    Q_OBJECT
    std::unique_ptr<viewers::OffscreenRenderer> renderer_;

private slots:
    void initTestCase() {
        if (auto problem = viewers::displayProblem()) QSKIP(problem->c_str());
        renderer_ = std::make_unique<viewers::OffscreenRenderer>(kW, kH);
    }

    void paletteColoursAreDrawn() {
        viewers::ZoneScene scene;
        std::vector<core::Block> blocks;
        for (int c = 1; c <= 6; ++c) {
            blocks.push_back({c * 2 - 7, -1, 0, c});
            blocks.push_back({c * 2 - 7, 0, 0, c});
        }
        scene.setBuilt(core::Grid::fromBlocks(blocks));
        scene.applyView(viewers::ViewPreset::Front);
        const auto img = renderer_->render(scene);
        QCOMPARE(img.width, kW);
        for (int c = 1; c <= 6; ++c) {
            const int n = count(img, [c](Rgb p) { return test::shadedMatch(p, viewers::blockColour(c)); });
            QVERIFY2(n > 300, qPrintable(QStringLiteral("colour %1 (%2): %3 pixels").arg(c).arg(core::colourName(c)).arg(n)));
        }
        for (auto cat : {viewers::OverlayCategory::Matched, viewers::OverlayCategory::Missing, viewers::OverlayCategory::Extra}) {
            // Well-lit pixels only: in the dark, vermillion and a shaded orange come close.
            const int n = count(img, [cat](Rgb p) {
                return std::max({p.r, p.g, p.b}) >= 130 && test::shadedMatch(p, viewers::overlayColour(cat), 1.0, viewers::kBackground, 8);
            });
            QVERIFY2(n < 40, qPrintable(QStringLiteral("overlay colour %1 without overlay: %2 pixels").arg(viewers::overlayCategoryName(cat)).arg(n)));
        }
    }

    void overlayShowsMatchedMissingExtra() {
        // Target: a 2x2 blue square on the floor plus a yellow block on top; built: three of the
        // square's blocks (matched), a red block elsewhere (extra); missing: one blue + the yellow.
        const core::Grid target = grid({{0, -1, 0, 1}, {1, -1, 0, 1}, {0, -1, 1, 1}, {1, -1, 1, 1}, {0, 0, 0, 6}});
        const core::Grid built = grid({{0, -1, 0, 1}, {1, -1, 0, 1}, {0, -1, 1, 1}, {-4, -1, -4, 3}, {-4, 0, -4, 3}});
        viewers::ZoneScene scene;
        scene.setTarget(target);
        scene.setBuilt(built);
        scene.setOverlay(true);
        scene.setAgent(core::Pose{3, 0, 3, 45, 0});
        const auto ov = core::overlay(target, built);
        const auto& s = scene.stats();
        QCOMPARE(s.matched, int(ov.matched.size()));
        QCOMPARE(s.missing, int(ov.missing.size()));
        QCOMPARE(s.extra, int(ov.extra.size()));
        QCOMPARE(s.matched, 3);
        QCOMPARE(s.missing, 2);
        QCOMPARE(s.extra, 2);
        QVERIFY(std::abs(s.scores.f1 - 2.0 * 3 / (5 + 5)) < 1e-12);
        QCOMPARE(scene.cellKind(0, -1, 0), viewers::CellKind::Matched);
        QCOMPARE(scene.cellKind(1, -1, 1), viewers::CellKind::Missing);
        QCOMPARE(scene.cellKind(-4, 0, -4), viewers::CellKind::Extra);
        const std::string legend = scene.legendText();
        QVERIFY2(legend.find("matched    3") != std::string::npos, legend.c_str());
        QVERIFY2(legend.find("missing    2") != std::string::npos, legend.c_str());
        QVERIFY2(legend.find("extra      2") != std::string::npos, legend.c_str());
        QVERIFY2(legend.find("F1 0.60") != std::string::npos, legend.c_str());

        const auto img = renderer_->render(scene);
        const int matched = count(img, [](Rgb p) { return test::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Matched)); });
        const int extra = count(img, [](Rgb p) { return test::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Extra)); });
        const int missing = count(img, [](Rgb p) {
            return test::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Missing), viewers::kMissingOpacity);
        });
        QVERIFY2(matched > 500, qPrintable(QString::number(matched)));
        QVERIFY2(extra > 300, qPrintable(QString::number(extra)));
        QVERIFY2(missing > 200, qPrintable(QString::number(missing)));
        const int agent = count(img, [](Rgb p) { return test::shadedMatch(p, viewers::kAgentArrow); });
        QVERIFY2(agent > 30, qPrintable(QString::number(agent)));
        // No palette colours in overlay mode (the built blocks are blue and red).
        const int paletteBlue = count(img, [](Rgb p) { return test::shadedMatch(p, viewers::blockColour(1), 1.0, viewers::kBackground, 8); });
        QVERIFY2(paletteBlue < 40, qPrintable(QString::number(paletteBlue)));

        // Overlay off: the same blocks in their own colours, the target as a ghost.
        scene.setOverlay(false);
        const auto plain = renderer_->render(scene);
        QVERIFY(count(plain, [](Rgb p) { return test::shadedMatch(p, viewers::blockColour(3)); }) > 300);
        QVERIFY(count(plain, [](Rgb p) { return test::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Matched), 1.0, viewers::kBackground, 8); }) < 40);
    }

    void pickFindsTheBlockUnderTheCursor() {
        viewers::ZoneScene scene;
        const core::Grid target = grid({{2, -1, 2, 1}, {2, 0, 2, 6}});
        scene.setTarget(target);
        scene.setBuilt(grid({{2, -1, 2, 1}, {-3, -1, -3, 5}}));
        renderer_->renderFrame(scene);
        const auto at = [&](int x, int y, int z) -> std::optional<viewers::PickedBlock> {
            const auto d = scene.displayPosition(x, y, z);
            if (!d) return std::nullopt;
            return scene.pick((*d)[0], (*d)[1]);
        };
        auto picked = at(-3, -1, -3);
        QVERIFY(picked.has_value());
        QVERIFY(picked->block == (core::Block{-3, -1, -3, 5}));
        QCOMPARE(picked->kind, viewers::CellKind::Built);
        QCOMPARE(viewers::describe(*picked), std::string("(-3, -1, -3) purple, built, on the floor"));
        picked = at(2, 0, 2);
        QVERIFY(picked.has_value());
        QVERIFY(picked->block == (core::Block{2, 0, 2, 6}));
        QCOMPARE(picked->kind, viewers::CellKind::Target);
        scene.setOverlay(true);
        picked = at(2, 0, 2);
        QVERIFY(picked.has_value());
        QCOMPARE(picked->kind, viewers::CellKind::Missing);
        picked = at(-3, -1, -3);
        QVERIFY(picked.has_value());
        QCOMPARE(picked->kind, viewers::CellKind::Extra);
        QCOMPARE(scene.cellKind(2, -1, 2), viewers::CellKind::Matched);
        // Empty space: the corner of the view.
        QVERIFY(!scene.pick(2, 2).has_value());
    }

    void presetsChangeTheView() {
        viewers::ZoneScene scene;
        scene.setBuilt(grid({{0, -1, 0, 4}, {0, 0, 0, 4}, {0, 1, 0, 4}}));
        scene.applyView(viewers::ViewPreset::Iso);
        const auto iso = renderer_->render(scene);
        scene.applyView(viewers::ViewPreset::Top);
        const auto top = renderer_->render(scene);
        QVERIFY(iso.rgb != top.rgb);
        // From the top a 3-block tower is one square; from the front it is three blocks tall.
        const auto orange = [](Rgb p) { return test::shadedMatch(p, viewers::blockColour(4)); };
        scene.applyView(viewers::ViewPreset::Front);
        const auto front = renderer_->render(scene);
        QVERIFY2(count(front, orange) > 2 * count(top, orange),
                 qPrintable(QStringLiteral("front %1 top %2").arg(count(front, orange)).arg(count(top, orange))));
    }

    // N / E / S / W stand on the floor in the reference's convention (yaw 0 faces N = -z) and are
    // drawn; with an agent the legend says where it faces, following every pose change.
    void compassMarkersAndFacing() {
        viewers::ZoneScene scene;
        const std::string marks = scene.compassText();
        const auto at = [&](const char* name) {
            const auto p = marks.find(std::string(name) + " ");
            double x = 0, y = 0, z = 0;
            std::sscanf(marks.c_str() + p + 2, "%lf %lf %lf", &x, &y, &z);
            return std::array<double, 3>{x, y, z};
        };
        QVERIFY2(at("N")[2] < -5.5 && std::abs(at("N")[0]) < 0.01, marks.c_str());
        QVERIFY2(at("S")[2] > 5.5 && at("E")[0] > 5.5 && at("W")[0] < -5.5, marks.c_str());
        QVERIFY(marks.find("hidden") == std::string::npos);
        scene.applyView(viewers::ViewPreset::Top);
        const auto img = renderer_->render(scene);
        const int north = count(img, [](Rgb p) { return std::abs(p.r - 255) < 30 && std::abs(p.g - 214) < 30 && std::abs(p.b - 90) < 40; });
        QVERIFY2(north > 15, qPrintable(QStringLiteral("N marker pixels: %1").arg(north)));
        QVERIFY(scene.legendText().find("facing") == std::string::npos);
        for (const auto& [yaw, name] : std::vector<std::pair<double, std::string>>{{0, "N"}, {90, "E"}, {180, "S"}, {270, "W"}, {315, "NW"}}) {
            scene.setAgent(core::Pose{0, -0.25, 0, yaw, -10});
            const std::string legend = scene.legendText();
            QVERIFY2(legend.find("agent facing " + name + " (yaw " + std::to_string(static_cast<int>(yaw))) != std::string::npos, legend.c_str());
        }
        scene.setAgent(std::nullopt);
        QVERIFY(scene.legendText().find("facing") == std::string::npos);
    }

    void writesPng() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("view.png"));
        viewers::ZoneScene scene;
        scene.setBuilt(grid({{0, -1, 0, 2}}));
        renderer_->renderToPng(scene, path.toStdString());
        QImage img(path);
        QCOMPARE(img.size(), QSize(kW, kH));
        // A file that cannot be written: an error naming it (viewers/scene/png_file.hpp), no file left.
        try {
            renderer_->renderToPng(scene, "/nonexistent-dir/x.png");
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("/nonexistent-dir/x.png")), e.what());
        }
    }

    // Finding: the live view kept blocks of earlier states (VTK's WritePointer never shrinks an
    // array, so a smaller state drew the previous state's tail). Any sequence of updates must
    // draw what a fresh scene given only the final state draws.
    void anyUpdateSequenceDrawsLikeAFreshScene() {
        std::mt19937 rng(20261123);
        viewers::ZoneScene live;
        SceneState state;
        state.applyTo(live);
        for (int action = 0; action < 60; ++action) {
            switch (rng() % 6) {
                case 0: state.target = (rng() % 4 == 0) ? std::nullopt : std::optional<core::Grid>(randomGrid(rng));
                        live.setTarget(state.target); break;
                case 1: case 2: state.built = randomGrid(rng); live.setBuilt(state.built); break;
                case 3: state.overlay = !state.overlay; live.setOverlay(state.overlay); break;
                case 4: state.ghost = !state.ghost; live.setGhost(state.ghost); break;
                case 5: state.agent = core::Pose{double(int(rng() % 11) - 5), double(rng() % 5), double(int(rng() % 11) - 5),
                                                 double(rng() % 360), double(int(rng() % 90) - 45)};
                        live.setAgent(state.agent);
                        state.caption = "step " + std::to_string(action);
                        live.setCaption(state.caption);
                        break;
            }
            viewers::ZoneScene fresh;
            state.applyTo(fresh);
            const std::string liveDrawn = live.drawnState(), freshDrawn = fresh.drawnState();
            if (liveDrawn != freshDrawn) {
                std::size_t i = 0;
                while (i < liveDrawn.size() && i < freshDrawn.size() && liveDrawn[i] == freshDrawn[i]) ++i;
                QFAIL(qPrintable(QStringLiteral("action %1: the updated scene draws %2 bytes of geometry, a fresh one %3; "
                                                "first difference at byte %4:\n  updated: %5\n  fresh:   %6")
                                     .arg(action).arg(liveDrawn.size()).arg(freshDrawn.size()).arg(i)
                                     .arg(QString::fromStdString(liveDrawn.substr(i, 80)), QString::fromStdString(freshDrawn.substr(i, 80)))));
            }
            if (action % 5 != 4) continue;  // pixels: every fifth state (the geometry check is exact)
            QString report;
            QVERIFY2(test::imagesMatch(toQImage(renderer_->render(live)), toQImage(renderer_->render(fresh)),
                                        QStringLiteral("zone_scene-sequence-%1").arg(action), &report),
                     qPrintable(report));
        }
    }

    void noDisplayIsAClearError() {
        const QByteArray display = qgetenv("DISPLAY");
        qunsetenv("DISPLAY");
        const auto problem = viewers::displayProblem();
        QVERIFY(problem.has_value());
        QVERIFY2(problem->find("DISPLAY") != std::string::npos, problem->c_str());
        QVERIFY_THROWS_EXCEPTION(viewers::RenderError, viewers::OffscreenRenderer(64, 64));
        qputenv("DISPLAY", ":nonexistent-display-99");
        QVERIFY(viewers::displayProblem().has_value());
        qputenv("DISPLAY", display);
        QVERIFY(!viewers::displayProblem().has_value());
    }
};

QTEST_GUILESS_MAIN(TestZoneScene)
#include "test_zone_scene.moc"

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
    viewers::SceneFilter filter;
    std::string caption;
    void applyTo(viewers::ZoneScene& s) const {
        s.setTarget(target);
        s.setBuilt(built);
        s.setAgent(agent);
        s.setOverlay(overlay);
        s.setGhost(ghost);
        s.setFilter(filter);
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
            switch (rng() % 7) {
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
                case 6: state.filter = rng() % 3 == 0 ? viewers::SceneFilter{}
                                                      : viewers::SceneFilter{core::kMinY + int(rng() % 9), int(rng() % 7)};
                        live.setFilter(state.filter); break;
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

    // Issue 24: a tower at (-2, -2) standing on nothing read as standing on the agent at (0, 0).
    // Its column gets a dark footprint on the floor, drawn where the floor would show the background.
    void footprintUnderAFloatingTower() {
        viewers::ZoneScene scene;
        scene.setBuilt(grid({{-2, 2, -2, 3}, {-2, 3, -2, 3}, {-2, 4, -2, 3}}));
        scene.setAgent(core::Pose{0, 0, 0, 0, 0});
        QCOMPARE(scene.footprints().size(), std::size_t{1});
        QVERIFY((scene.footprints()[0] == viewers::Footprint{-2, -2, 2}));
        viewers::ZoneScene empty;
        empty.setAgent(core::Pose{0, 0, 0, 0, 0});
        const viewers::Image with = renderer_->render(scene);
        const auto d = scene.displayPosition(-2.2, core::kMinY - 0.49, -2.2);  // off the grid line through the centre
        QVERIFY(d.has_value());
        const int px = static_cast<int>((*d)[0]), py = kH - 1 - static_cast<int>((*d)[1]);
        const auto o = scene.displayPosition(0.3, core::kMinY - 0.49, 0.3);
        QVERIFY(o.has_value());
        const viewers::Image without = renderer_->render(empty);
        const Rgb a = with.at(px, py), b = without.at(px, py);
        QVERIFY2(a.r + a.g + a.b + 30 < b.r + b.g + b.b,
                 qPrintable(QStringLiteral("footprint %1 %2 %3 vs floor %4 %5 %6").arg(a.r).arg(a.g).arg(a.b).arg(b.r).arg(b.g).arg(b.b)));
        QVERIFY(colourDistance(a, viewers::seenThrough(viewers::kFootprint, viewers::kFootprintOpacity, b)) < 6);
        // Under the agent's (0, 0) the floor is unmarked.
        const int ox = static_cast<int>((*o)[0]), oy = kH - 1 - static_cast<int>((*o)[1]);
        QVERIFY(colourDistance(with.at(ox, oy), without.at(ox, oy)) < 3);
    }

    // Slicing (y <= k) and isolating a colour draw exactly what a scene given only the blocks left
    // draws (the legend's filter line reproduced as the fresh scene's caption), geometry and pixels.
    void slicedSceneDrawsOnlyTheBlocksLeft() {
        std::mt19937 rng(24);
        for (int round = 0; round < 4; ++round) {
            const core::Grid built = randomGrid(rng);
            viewers::SceneFilter f{round == 3 ? core::kMaxY : int(rng() % 5) - 1, round >= 2 ? 1 + int(rng() % 6) : 0};
            viewers::ZoneScene sliced;
            sliced.setBuilt(built);
            sliced.setFilter(f);
            core::Grid left;
            for (int idx = 0; idx < core::kCells; ++idx) {
                const core::Block b = core::Grid::position(idx);
                if (built.cell(idx) != 0 && f.passes(b.y, built.cell(idx))) left.setCell(idx, built.cell(idx));
            }
            viewers::ZoneScene fresh;
            fresh.setBuilt(left);
            if (f.active()) fresh.setCaption("showing " + f.text());
            QCOMPARE(sliced.drawnState(), fresh.drawnState());
            QString report;
            QVERIFY2(test::imagesMatch(toQImage(renderer_->render(sliced)), toQImage(renderer_->render(fresh)),
                                        QStringLiteral("zone_scene-sliced-%1").arg(round), &report),
                     qPrintable(report));
        }
    }

    // The yellow ghost read as olive: its edges are drawn in the palette's yellow at full strength.
    void yellowGhostStaysYellow() {
        viewers::ZoneScene scene;
        scene.setTarget(grid({{0, -1, 0, 6}, {1, -1, 0, 6}, {0, 0, 0, 6}}));
        scene.applyView(viewers::ViewPreset::Top);
        const viewers::Image img = renderer_->render(scene);
        const Rgb yellow = viewers::blockColour(6), olive{128, 128, 0};
        const auto isYellow = [&](Rgb c) { return viewers::colourDistance(c, yellow) < 15; };
        const int withGhost = count(img, isYellow);
        scene.setGhost(false);  // what is left: the compass's N
        const int without = count(renderer_->render(scene), isYellow);
        QVERIFY2(withGhost > without + 200, qPrintable(QStringLiteral("%1 yellow pixels with the ghost, %2 without").arg(withGhost).arg(without)));
        QVERIFY(viewers::colourDistance(yellow, olive) > 25);
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

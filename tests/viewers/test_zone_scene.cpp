// The Qt-free VTK scene rendered offscreen (needs an X display: run under xvfb-run): palette
// colours, overlay categories and legend counts, picking, presets, PNG output, and the clear
// error without a display.
#include <QTemporaryDir>
#include <QImage>
#include <QtTest>

#include "core/intersection/maximal_intersection.hpp"
#include "pixel_match.hpp"
#include "viewers/scene/display_check.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/zone_scene.hpp"

using namespace iglu;
using viewers::Rgb;

namespace {
constexpr int kW = 800, kH = 600;

int count(const viewers::Image& img, const std::function<bool(Rgb)>& pred) {
    return tests::countPixels(img.width, img.height, [&img](int x, int y) { return img.at(x, y); }, pred);
}

core::Grid grid(std::initializer_list<core::Block> blocks) {
    std::vector<core::Block> v(blocks);
    return core::Grid::fromBlocks(v);
}
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
            const int n = count(img, [c](Rgb p) { return tests::shadedMatch(p, viewers::blockColour(c)); });
            QVERIFY2(n > 300, qPrintable(QStringLiteral("colour %1 (%2): %3 pixels").arg(c).arg(core::colourName(c)).arg(n)));
        }
        for (auto cat : {viewers::OverlayCategory::Matched, viewers::OverlayCategory::Missing, viewers::OverlayCategory::Extra}) {
            // Well-lit pixels only: in the dark, vermillion and a shaded orange come close.
            const int n = count(img, [cat](Rgb p) {
                return std::max({p.r, p.g, p.b}) >= 130 && tests::shadedMatch(p, viewers::overlayColour(cat), 1.0, viewers::kBackground, 8);
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
        const int matched = count(img, [](Rgb p) { return tests::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Matched)); });
        const int extra = count(img, [](Rgb p) { return tests::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Extra)); });
        const int missing = count(img, [](Rgb p) {
            return tests::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Missing), viewers::kMissingOpacity);
        });
        QVERIFY2(matched > 500, qPrintable(QString::number(matched)));
        QVERIFY2(extra > 300, qPrintable(QString::number(extra)));
        QVERIFY2(missing > 200, qPrintable(QString::number(missing)));
        const int agent = count(img, [](Rgb p) { return tests::shadedMatch(p, viewers::kAgentArrow); });
        QVERIFY2(agent > 30, qPrintable(QString::number(agent)));
        // No palette colours in overlay mode (the built blocks are blue and red).
        const int paletteBlue = count(img, [](Rgb p) { return tests::shadedMatch(p, viewers::blockColour(1), 1.0, viewers::kBackground, 8); });
        QVERIFY2(paletteBlue < 40, qPrintable(QString::number(paletteBlue)));

        // Overlay off: the same blocks in their own colours, the target as a ghost.
        scene.setOverlay(false);
        const auto plain = renderer_->render(scene);
        QVERIFY(count(plain, [](Rgb p) { return tests::shadedMatch(p, viewers::blockColour(3)); }) > 300);
        QVERIFY(count(plain, [](Rgb p) { return tests::shadedMatch(p, viewers::overlayColour(viewers::OverlayCategory::Matched), 1.0, viewers::kBackground, 8); }) < 40);
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
        QCOMPARE(viewers::describe(*picked), std::string("(-3, -1, -3) purple, built"));
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
        const auto orange = [](Rgb p) { return tests::shadedMatch(p, viewers::blockColour(4)); };
        scene.applyView(viewers::ViewPreset::Front);
        const auto front = renderer_->render(scene);
        QVERIFY2(count(front, orange) > 2 * count(top, orange),
                 qPrintable(QStringLiteral("front %1 top %2").arg(count(front, orange)).arg(count(top, orange))));
    }

    void writesPng() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("view.png"));
        viewers::ZoneScene scene;
        scene.setBuilt(grid({{0, -1, 0, 2}}));
        renderer_->renderToPng(scene, path.toStdString());
        QImage img(path);
        QCOMPARE(img.size(), QSize(kW, kH));
        QVERIFY_THROWS_EXCEPTION(viewers::RenderError, renderer_->renderToPng(scene, "/nonexistent-dir/x.png"));
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

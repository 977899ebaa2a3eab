// The 3D view's rules that need no VTK and no display (viewers/scene: scene_cells, legend_placement,
// palette): what each cell shows under layer slicing and colour isolation, the floor footprints
// under every column (a tower at (-2, -2) is marked on the floor there, not at the agent's (0, 0)),
// the hover text's height above the floor, picking along a ray, where the legends go, and the
// colours told apart by a colour-distance test (the yellow ghost stays yellow, not olive).
#include <QtTest>

#include <algorithm>

#include "viewers/scene/legend_placement.hpp"
#include "viewers/scene/palette.hpp"
#include "viewers/scene/scene_cells.hpp"

using namespace iglu;
using namespace iglu::viewers;

namespace {
core::Grid grid(std::initializer_list<core::Block> blocks) {
    std::vector<core::Block> v(blocks);
    return core::Grid::fromBlocks(v);
}
int shownAt(const SceneCells& c, int x, int y, int z) {
    return static_cast<int>(c.kinds[static_cast<std::size_t>(core::Grid::index(x, y, z))]);
}
}  // namespace

class TestSceneRules : public QObject {
    Q_OBJECT
private slots:
    void footprintsMarkEveryColumnWhereItStands() {
        // A tower at (-2, -2) floating from y = 2 to 4, one block at the agent's (0, 0) on the floor.
        const core::Grid built = grid({{-2, 2, -2, 3}, {-2, 3, -2, 3}, {-2, 4, -2, 3}, {0, -1, 0, 1}});
        const SceneCells c = classifyCells(std::nullopt, built, false, true, {});
        QCOMPARE(c.footprints.size(), std::size_t{2});
        QVERIFY((c.footprints[0] == Footprint{-2, -2, 2}));
        QVERIFY((c.footprints[1] == Footprint{0, 0, -1}));
        // The target's ghost columns get footprints too; a built cell hides the ghost there.
        const core::Grid target = grid({{4, 1, 4, 6}, {0, -1, 0, 2}});
        const SceneCells g = classifyCells(target, built, false, true, {});
        QCOMPARE(g.footprints.size(), std::size_t{3});
        QVERIFY((g.footprints[2] == Footprint{4, 4, 1}));
        QCOMPARE(shownAt(g, 0, -1, 0), static_cast<int>(CellKind::Built));
        QCOMPARE(g.ghost.size(), std::size_t{1});
        // Ghost hidden: no ghost cube and no footprint under it.
        QCOMPARE(classifyCells(target, built, false, false, {}).footprints.size(), std::size_t{2});
    }

    void hoverTextGivesTheHeightAboveTheFloor() {
        QCOMPARE(describe({core::Block{-2, 3, -2, 3}, CellKind::Built}), std::string("(-2, 3, -2) red, built, 4 above the floor"));
        QCOMPARE(describe({core::Block{0, -1, 0, 6}, CellKind::Target}), std::string("(0, -1, 0) yellow, target, on the floor"));
        QCOMPARE(heightAboveFloor({1, 0, 1, 1}), 1);
    }

    void slicingShowsOnlyLayersUpToK() {
        const core::Grid target = grid({{0, -1, 0, 1}, {0, 0, 0, 1}, {0, 1, 0, 1}, {3, 2, 3, 6}});
        const core::Grid built = grid({{0, -1, 0, 1}, {1, 0, 1, 3}, {1, 2, 1, 3}});
        SceneFilter f;
        f.maxLayer = 0;
        QVERIFY(f.active());
        QCOMPARE(f.text(), std::string("layers y <= 0"));
        for (bool overlay : {false, true}) {
            const SceneCells all = classifyCells(target, built, overlay, true, {});
            const SceneCells cut = classifyCells(target, built, overlay, true, f);
            for (int idx = 0; idx < core::kCells; ++idx) {
                const core::Block b = core::Grid::position(idx);
                const auto i = static_cast<std::size_t>(idx);
                QCOMPARE(cut.kinds[i], b.y <= 0 ? all.kinds[i] : CellKind::None);
            }
            // The counts and scores are those of the whole grids.
            QCOMPARE(cut.stats.matched, all.stats.matched);
            QCOMPARE(cut.stats.missing, all.stats.missing);
            QCOMPARE(cut.stats.extra, all.stats.extra);
            QCOMPARE(cut.stats.scores.f1, all.stats.scores.f1);
        }
        // Footprints follow what is shown: the block at (1, 2, 1) is hidden, its column still has (1, 0, 1).
        const SceneCells cut = classifyCells(target, built, false, true, f);
        QVERIFY(std::find(cut.footprints.begin(), cut.footprints.end(), Footprint{1, 1, 0}) != cut.footprints.end());
        QVERIFY(std::none_of(cut.footprints.begin(), cut.footprints.end(), [](const Footprint& p) { return p.x == 3; }));
    }

    void colourIsolationShowsOneColour() {
        const core::Grid target = grid({{0, -1, 0, 1}, {2, -1, 2, 6}, {2, 0, 2, 6}});
        const core::Grid built = grid({{0, -1, 0, 1}, {-3, -1, -3, 6}, {4, 0, 4, 3}});
        SceneFilter f;
        f.colour = 6;
        QCOMPARE(f.text(), std::string("only yellow"));
        f.maxLayer = 3;
        QCOMPARE(f.text(), std::string("layers y <= 3, only yellow"));
        f.maxLayer = core::kMaxY;
        for (bool overlay : {false, true}) {
            const SceneCells c = classifyCells(target, built, overlay, true, f);
            for (int idx = 0; idx < core::kCells; ++idx)
                if (c.kinds[static_cast<std::size_t>(idx)] != CellKind::None)
                    QCOMPARE(static_cast<int>(c.colours[static_cast<std::size_t>(idx)]), 6);
        }
        const SceneCells c = classifyCells(target, built, false, true, f);
        QCOMPARE(c.solid.size(), std::size_t{1});  // the yellow built block
        QCOMPARE(c.ghost.size(), std::size_t{2});  // the two yellow target blocks
        QVERIFY(!SceneFilter{}.active());
        QCOMPARE(SceneFilter{}.text(), std::string());
    }

    void pickAlongARayFindsTheTopOfATower() {
        const core::Grid built = grid({{-2, 2, -2, 3}, {-2, 3, -2, 3}, {0, -1, 0, 1}});
        const SceneCells c = classifyCells(std::nullopt, built, false, true, {});
        auto p = pickAlongRay({-2, 20, -2}, {-2, -20, -2}, c);
        QVERIFY(p.has_value());
        QVERIFY((p->block == core::Block{-2, 3, -2, 3}));
        p = pickAlongRay({0, 20, 0}, {0, -20, 0}, c);
        QVERIFY(p.has_value());
        QVERIFY((p->block == core::Block{0, -1, 0, 1}));
        QVERIFY(!pickAlongRay({3, 20, 3}, {3, -20, 3}, c).has_value());
        SceneFilter f;
        f.maxLayer = 2;
        const SceneCells cut = classifyCells(std::nullopt, built, false, true, f);
        p = pickAlongRay({-2, 20, -2}, {-2, -20, -2}, cut);  // the hidden top is not picked
        QVERIFY(p.has_value());
        QCOMPARE(p->block.y, 2);
    }

    void overlapOfAHullAndABox() {
        const auto hull = convexHull({{0, 0}, {10, 0}, {10, 10}, {0, 10}, {5, 5}, {10, 0}});
        QCOMPARE(hull.size(), std::size_t{4});
        QCOMPARE(overlapArea(hull, {5, 5, 10, 10}), 25.0);
        QCOMPARE(overlapArea(hull, {11, 0, 5, 5}), 0.0);
        QCOMPARE(overlapArea(hull, {-5, -5, 30, 30}), 100.0);
        const auto diamond = convexHull({{5, 0}, {10, 5}, {5, 10}, {0, 5}});
        QCOMPARE(overlapArea(diamond, {0, 0, 2, 2}), 0.0);  // a corner of the bounding box, outside the diamond
    }

    void legendGoesToAFreeCorner() {
        constexpr Corner kPrefer[] = {Corner::TopLeft, Corner::TopRight, Corner::BottomRight, Corner::BottomLeft};
        // The zone covers the left half of an 800 x 600 view: the legend goes top right at full size.
        const auto left = convexHull({{0, 0}, {400, 0}, {400, 600}, {0, 600}});
        auto p = placeLegend(left, 800, 600, 250, 120, kPrefer, {});
        QCOMPARE(p.corner, Corner::TopRight);
        QCOMPARE(p.scale, 1.0);
        QCOMPARE(p.overlap, 0.0);
        QCOMPARE(p.box.x, 800.0 - 12 - 250);
        // Nothing covered: the first preference.
        const auto small = convexHull({{300, 200}, {500, 200}, {500, 400}, {300, 400}});
        QCOMPARE(placeLegend(small, 800, 600, 250, 120, kPrefer, {}).corner, Corner::TopLeft);
        // Top right taken by another legend: bottom right.
        const LegendBox taken[] = {{800 - 12 - 260, 600 - 12 - 130, 260, 130}};
        p = placeLegend(left, 800, 600, 250, 120, kPrefer, taken);
        QCOMPARE(p.corner, Corner::BottomRight);
        QVERIFY(!p.box.intersects(taken[0]));
        // A small view: only a shrunk legend fits beside the zone.
        const auto centre = convexHull({{90, 0}, {310, 0}, {310, 300}, {90, 300}});
        p = placeLegend(centre, 400, 300, 90, 60, kPrefer, {});
        QCOMPARE(p.overlap, 0.0);
        QVERIFY(p.scale < 1.0);
        QVERIFY(p.box.x + p.box.width <= 90 || p.box.x >= 310);
        // No room anywhere: the least covered corner at the smallest scale, never on another legend.
        const auto all = convexHull({{0, 0}, {400, 0}, {400, 300}, {0, 300}});
        p = placeLegend(all, 400, 300, 200, 100, kPrefer, {});
        QCOMPARE(p.scale, kLegendScales.back());
        QVERIFY(p.overlap > 0);
    }

    void ghostColoursStayTheirOwnHue() {
        // The translucent fill over the dark background darkens every colour (yellow read as olive);
        // the ghost's edges are drawn in the block's colour at full strength and the fill keeps its hue.
        const Rgb olive{128, 128, 0};
        QVERIFY(colourDistance(blockColour(6), olive) > 25);
        for (int c = 1; c <= 6; ++c) {
            const Rgb fill = seenThrough(blockColour(c), kGhostOpacity, kBackground);
            double dh = std::abs(hueDegrees(fill) - hueDegrees(blockColour(c)));
            dh = std::min(dh, 360 - dh);
            QVERIFY2(dh < 15, qPrintable(QStringLiteral("colour %1: ghost fill hue off by %2 degrees").arg(c).arg(dh)));
        }
    }

    void everySolidAndGhostPairIsDistinguishable() {
        // Solid i vs ghost j (fill and edge), solid vs solid and ghost edge vs ghost edge: CIE76
        // Delta E above 10 (clearly different side by side) for every pair of IGLU colours.
        constexpr double kApart = 10;
        for (int i = 1; i <= 6; ++i)
            for (int j = 1; j <= 6; ++j) {
                const Rgb solid = blockColour(i), ghostFill = seenThrough(blockColour(j), kGhostOpacity, kBackground);
                const double dFill = colourDistance(solid, ghostFill);
                QVERIFY2(dFill > kApart, qPrintable(QStringLiteral("solid %1 vs ghost fill %2: %3").arg(i).arg(j).arg(dFill)));
                if (i == j) continue;
                const double d = colourDistance(blockColour(i), blockColour(j));
                QVERIFY2(d > 20, qPrintable(QStringLiteral("colour %1 vs %2: %3").arg(i).arg(j).arg(d)));
                const double dg = colourDistance(seenThrough(blockColour(i), kGhostOpacity, kBackground), ghostFill);
                QVERIFY2(dg > kApart, qPrintable(QStringLiteral("ghost fill %1 vs %2: %3").arg(i).arg(j).arg(dg)));
            }
        // The footprint is darker than the floor's background, the missing ghost unlike matched / extra.
        QVERIFY(colourDistance(seenThrough(kFootprint, kFootprintOpacity, kBackground), kBackground) > 5);
        QVERIFY(colourDistance(overlayColour(OverlayCategory::Missing), overlayColour(OverlayCategory::Matched)) > 20);
    }
};

QTEST_GUILESS_MAIN(TestSceneRules)
#include "test_scene_rules.moc"

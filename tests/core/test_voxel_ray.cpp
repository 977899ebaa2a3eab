// The exact voxel ray over the zone (core/grid/voxel_ray.hpp) on rays worked out by hand: along an
// axis onto the floor and onto a block's top, from the side, diagonally through cell corners'
// neighbourhoods, starting inside a block or on a face, rays that miss, leave, end early or start
// below the floor, and the shown-cells callback form the 3D view uses.
#include <QtTest>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "core/grid/floor.hpp"
#include "core/grid/voxel_ray.hpp"

using namespace iglu::core;

namespace {

Grid gridWith(std::initializer_list<Block> blocks) {
    Grid g;
    for (const Block& b : blocks) g.set(b.x, b.y, b.z, b.colour);
    return g;
}

std::string text(const std::optional<VoxelHit>& h) {
    if (!h) return "miss";
    return std::string(h->floor ? "floor " : "cell ") + std::to_string(h->x) + "," + std::to_string(h->y) + "," +
           std::to_string(h->z) + " face " + std::to_string(h->faceAxis) + " next " + std::to_string(h->nx) + "," +
           std::to_string(h->ny) + "," + std::to_string(h->nz) + " t " + std::to_string(h->t);
}

// The expected hit, compared field by field with a readable message.
#define EXPECT_HIT(got, isFloor, X, Y, Z, face, NX, NY, NZ, T)                                                      \
    do {                                                                                                            \
        const auto& h_ = (got);                                                                                     \
        const bool ok_ = h_ && h_->floor == (isFloor) && h_->x == (X) && h_->y == (Y) && h_->z == (Z) &&           \
                         h_->faceAxis == (face) && h_->nx == (NX) && h_->ny == (NY) && h_->nz == (NZ) &&            \
                         std::abs(h_->t - (T)) < 1e-12;                                                             \
        QVERIFY2(ok_, ("got " + text(h_)).c_str());                                                                 \
    } while (0)

}  // namespace

class TestVoxelRay : public QObject {
    Q_OBJECT
private slots:
    void straightDownMeetsTheFloorUnderTheLowestLayer() {
        // Enters the top face at y = 7.5, crosses all 9 layers, meets the floor's top at y = -1.5.
        EXPECT_HIT(castVoxelRay(Grid{}, {2, 20, -3}, {0, -1, 0}), true, 2, kFloorY, -3, 1, 2, -1, -3, 21.5);
        // Off-centre and with a longer direction vector: t scales, the cells do not.
        EXPECT_HIT(castVoxelRay(Grid{}, {2.2, 20, -3.1}, {0, -2, 0}), true, 2, kFloorY, -3, 1, 2, -1, -3, 10.75);
    }

    void straightDownMeetsABlocksTop() {
        const Grid g = gridWith({{2, 3, -3, 4}});
        EXPECT_HIT(castVoxelRay(g, {2, 20, -3}, {0, -1, 0}), false, 2, 3, -3, 1, 2, 4, -3, 16.5);
        // A block on the top layer: entered through the zone's own top face, its neighbour is above the zone.
        EXPECT_HIT(castVoxelRay(gridWith({{0, 7, 0, 1}}), {0, 20, 0}, {0, -1, 0}), false, 0, 7, 0, 1, 0, 8, 0, 12.5);
    }

    void alongXFromTheSide() {
        // From the west: enters the zone at x = -5.5 (t = 14.5), the block's west face at x = 0.5.
        const Grid g = gridWith({{1, 0, 0, 2}});
        EXPECT_HIT(castVoxelRay(g, {-20, 0.1, 0.2}, {1, 0, 0}), false, 1, 0, 0, 0, 0, 0, 0, 20.5);
        // A block on the zone's west edge is entered through the zone's face; its neighbour is outside.
        EXPECT_HIT(castVoxelRay(gridWith({{-5, 0, 0, 2}}), {-20, 0, 0}, {1, 0, 0}), false, -5, 0, 0, 0, -6, 0, 0, 14.5);
        // From the south along -z.
        EXPECT_HIT(castVoxelRay(gridWith({{0, 0, -2, 3}}), {0.1, 0, 20}, {0, 0, -1}), false, 0, 0, -2, 2, 0, 0, -1, 21.5);
    }

    void diagonalStepsThroughEachCrossedCell() {
        // From the centre of (0, 0, 0) along (1, 0, 0.5): x = 0.5 at t = 0.5 -> (1, 0, 0); z = 0.5 at
        // t = 1 -> (1, 0, 1); x = 1.5 at t = 1.5 -> (2, 0, 1), the block, entered through its x face.
        const Grid g = gridWith({{2, 0, 1, 5}});
        EXPECT_HIT(castVoxelRay(g, {0, 0, 0}, {1, 0, 0.5}), false, 2, 0, 1, 0, 1, 0, 1, 1.5);
        // The cell the sampled walk would skip: a block at (1, 0, 0) is met first (t = 0.5).
        const Grid h = gridWith({{2, 0, 1, 5}, {1, 0, 0, 6}});
        EXPECT_HIT(castVoxelRay(h, {0, 0, 0}, {1, 0, 0.5}), false, 1, 0, 0, 0, 0, 0, 0, 0.5);
        // Down and sideways onto the floor: y = -1.5 at t = 2.25 where x = 2.25 (x = 2.5 only at t = 2.5).
        EXPECT_HIT(castVoxelRay(Grid{}, {0, 3, 0}, {1, -2, 0}), true, 2, kFloorY, 0, 1, 2, -1, 0, 2.25);
    }

    void startingInsideABlock() {
        const Grid g = gridWith({{0, 0, 0, 1}});
        EXPECT_HIT(castVoxelRay(g, {0.2, 0.1, -0.3}, {1, 1, 0}), false, 0, 0, 0, -1, 0, 0, 0, 0.0);
        // On the block's east face moving west: the ray starts in the cell it moves into.
        EXPECT_HIT(castVoxelRay(g, {0.5, 0, 0}, {-1, 0, 0}), false, 0, 0, 0, -1, 0, 0, 0, 0.0);
        // ... and moving east from there it never enters (0, 0, 0).
        QVERIFY(!castVoxelRay(g, {0.5, 0, 0}, {1, 0, 0}));
    }

    void aRayOnAFaceWalksItsPositiveSide() {
        // x = 0.5 exactly, straight down: the cells x = 1, not x = 0.
        QCOMPARE(text(castVoxelRay(gridWith({{0, 3, 0, 1}}), {0.5, 20, 0}, {0, -1, 0})), text(castVoxelRay(Grid{}, {1, 20, 0}, {0, -1, 0})));
        EXPECT_HIT(castVoxelRay(gridWith({{1, 3, 0, 1}}), {0.5, 20, 0}, {0, -1, 0}), false, 1, 3, 0, 1, 1, 4, 0, 16.5);
    }

    void raysThatMeetNothing() {
        const Grid g = gridWith({{0, 0, 0, 1}});
        QVERIFY(!castVoxelRay(g, {20, 0, 0}, {0, 1, 0}));               // beside the zone
        QVERIFY(!castVoxelRay(g, {-20, 3, 0}, {1, 0, 0}));              // through the empty layer y = 3
        QVERIFY(!castVoxelRay(g, {0, 3, 0}, {0, 1, 0}));                // upwards out of the top
        QVERIFY(!castVoxelRay(g, {0, 3, 0}, {1, 0, 0}));                // sideways out of the east face
        QVERIFY(!castVoxelRay(g, {0, 3, 0}, {0, 0, 0}));                // no direction
        QVERIFY(!castVoxelRay(g, {0, 20, 0}, {0, 1, 0}));               // away from the zone
        QVERIFY(!castVoxelRay(g, {0, -5, 0}, {0, 1, 0}));               // below the floor, which hides the zone
        QVERIFY(!castVoxelRay(g, {0, -1.6, 0}, {0, 1, 0}));             // inside the floor
        const double nan = std::numeric_limits<double>::quiet_NaN();
        QVERIFY(!castVoxelRay(g, {nan, 3, 0}, {0, -1, 0}));
        QVERIFY(!castVoxelRay(g, {0, 3, 0}, {0, -1, nan}));
        QVERIFY(!castVoxelRay(g, {0, 3, 0}, {0, -std::numeric_limits<double>::infinity(), 0}));
    }

    void withoutTheFloor() {
        VoxelRayOptions noFloor;
        noFloor.floor = false;
        // Down through the lowest layer: nothing (no floor to meet).
        QVERIFY(!castVoxelRay(Grid{}, {2, 20, -3}, {0, -1, 0}, noFloor));
        // From below: enters the bottom face at y = -1.5 (t = 3.5), meets (0, 2, 0)'s bottom at y = 1.5.
        EXPECT_HIT(castVoxelRay(gridWith({{0, 2, 0, 1}}), {0, -5, 0}, {0, 1, 0}, noFloor), false, 0, 2, 0, 1, 0, 1, 0, 6.5);
    }

    void aSegmentEndsAtMaxT() {
        const Grid g = gridWith({{0, 0, 0, 1}});
        VoxelRayOptions segment;
        segment.maxT = 9.4;  // the block's top is at t = 9.5
        QVERIFY(!castVoxelRay(g, {0, 10, 0}, {0, -1, 0}, segment));
        segment.maxT = 9.5;
        EXPECT_HIT(castVoxelRay(g, {0, 10, 0}, {0, -1, 0}, segment), false, 0, 0, 0, 1, 0, 1, 0, 9.5);
        segment.maxT = 1;  // a segment: origin + direction is its end
        EXPECT_HIT(castVoxelRay(g, {0, 10, 0}, {0, -20, 0}, segment), false, 0, 0, 0, 1, 0, 1, 0, 9.5 / 20);
        QVERIFY(!castVoxelRay(g, {0, 30, 0}, {0, -20, 0}, segment));  // the zone starts after its end
    }

    void aCallerDecidesWhatIsSolid() {
        // Only odd x are solid: straight along +x from (-20, 0, 0) the first is x = -5.
        const auto hit = castVoxelRay({-20, 0, 0}, {1, 0, 0},
                                      [](const void*, int x, int, int) noexcept { return x % 2 != 0; }, nullptr);
        EXPECT_HIT(hit, false, -5, 0, 0, 0, -6, 0, 0, 14.5);
        int calls = 0;
        const auto none = castVoxelRay({-20, 0, 0}, {1, 0, 0},
                                       [](const void* c, int, int, int) noexcept {
                                           ++*static_cast<int*>(const_cast<void*>(c));
                                           return false;
                                       },
                                       &calls);
        QVERIFY(!none);
        QCOMPARE(calls, kSizeX);  // each cell of the row once
    }
};

QTEST_GUILESS_MAIN(TestVoxelRay)
#include "test_voxel_ray.moc"

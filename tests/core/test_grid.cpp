// Grid: the dense (9, 11, 11) build zone indexed like the reference's grid[y+1, x+5, z+5].
#include <QtTest>

#include <algorithm>
#include <random>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "core/grid/grid.hpp"

using namespace iglu::core;

namespace {

// Expects fromBlocks to throw a GridError whose message contains every fragment.
bool throwsNaming(const std::vector<Block>& blocks, const std::vector<QString>& fragments, QString* what) {
    try {
        (void)Grid::fromBlocks(blocks);
    } catch (const GridError& e) {
        *what = QString::fromUtf8(e.what());
        return std::all_of(fragments.begin(), fragments.end(), [&](const QString& f) { return what->contains(f); });
    }
    *what = QStringLiteral("(no exception)");
    return false;
}

}  // namespace

class TestGrid : public QObject {
    Q_OBJECT

private slots:
    void constants() {
        QCOMPARE(kLayer, 121);
        QCOMPARE(kCells, 1089);
        QCOMPARE(Grid().count(), 0);
        QVERIFY(Grid().empty());
    }

    void indexMatchesReferenceLayout() {
        // grid[y+1, x+5, z+5] of a (9, 11, 11) C-ordered array.
        for (int y = kMinY; y <= kMaxY; ++y)
            for (int x = kMinX; x <= kMaxX; ++x)
                for (int z = kMinZ; z <= kMaxZ; ++z) {
                    const int expected = ((y + 1) * 11 + (x + 5)) * 11 + (z + 5);
                    QCOMPARE(Grid::index(x, y, z), expected);
                }
        QCOMPARE(Grid::index(-5, -1, -5), 0);
        QCOMPARE(Grid::index(5, 7, 5), kCells - 1);
        QCOMPARE(Grid::index(0, -1, 1), 5 * 11 + 6);
        QCOMPARE(Grid::index(1, -1, 0), 6 * 11 + 5);
        QCOMPARE(Grid::index(0, 0, 0), 121 + 5 * 11 + 5);
    }

    void setAndAtUseTheIndex() {
        Grid g;
        g.set(2, 3, -4, Red);
        QCOMPARE(int(g.at(2, 3, -4)), int(Red));
        QCOMPARE(int(g.cell(Grid::index(2, 3, -4))), int(Red));
        QCOMPARE(int(g.data()[(3 + 1) * 121 + (2 + 5) * 11 + (-4 + 5)]), int(Red));
        QCOMPARE(g.count(), 1);
        QCOMPARE(int(g.at(-4, 3, 2)), 0);  // x and z are not swapped
        // Outside the zone: reads are 0, writes throw.
        QCOMPARE(int(g.at(6, 0, 0)), 0);
        QCOMPARE(int(g.at(0, -2, 0)), 0);
        QCOMPARE(int(g.at(0, 8, 0)), 0);
        QVERIFY_THROWS_EXCEPTION(GridError, g.set(0, 8, 0, Blue));
        QVERIFY_THROWS_EXCEPTION(GridError, g.set(-6, 0, 0, Blue));
        QVERIFY(!Grid::inZone(0, 0, 6));
        QVERIFY(Grid::inZone(-5, -1, 5));
    }

    void positionIsTheInverseOfIndex() {
        for (int i = 0; i < kCells; ++i) {
            const Block p = Grid::position(i);
            QVERIFY(Grid::inZone(p.x, p.y, p.z));
            QCOMPARE(Grid::index(p.x, p.y, p.z), i);
            QCOMPARE(p.colour, 0);
        }
        for (int y = kMinY; y <= kMaxY; ++y)
            for (int x = kMinX; x <= kMaxX; ++x)
                for (int z = kMinZ; z <= kMaxZ; ++z) {
                    const Block p = Grid::position(Grid::index(x, y, z));
                    QCOMPARE(std::tie(p.x, p.y, p.z), std::tie(x, y, z));
                }
    }

    void blocksAreSortedByXYZ() {
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> cell(0, kCells - 1), colour(1, 6);
        Grid g;
        for (int k = 0; k < 200; ++k) g.setCell(cell(rng), static_cast<std::int8_t>(colour(rng)));
        const std::vector<Block> blocks = g.blocks();
        QCOMPARE(int(blocks.size()), g.count());
        for (std::size_t i = 1; i < blocks.size(); ++i) {
            const Block& a = blocks[i - 1];
            const Block& b = blocks[i];
            QVERIFY(std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z));
        }
        for (const Block& b : blocks) QCOMPARE(int(g.at(b.x, b.y, b.z)), b.colour);
        // Round trip.
        QVERIFY(Grid::fromBlocks(blocks) == g);

        // A small explicit example: x first, then y, then z.
        Grid h;
        h.set(1, -1, 0, Blue);
        h.set(0, 3, 0, Green);
        h.set(0, -1, 2, Red);
        h.set(0, -1, -2, Yellow);
        const std::vector<Block> expected = {{0, -1, -2, 6}, {0, -1, 2, 3}, {0, 3, 0, 2}, {1, -1, 0, 1}};
        QVERIFY(h.blocks() == expected);
    }

    void fromBlocksBuildsTheGrid() {
        const std::vector<Block> list = {{1, -1, 2, 1}, {1, 0, 2, 6}, {-5, 7, 5, 4}};
        const Grid g = Grid::fromBlocks(list);
        QCOMPARE(g.count(), 3);
        QCOMPARE(int(g.at(1, 0, 2)), 6);
        QCOMPARE(int(g.at(-5, 7, 5)), 4);
        QCOMPARE(Grid::fromBlocks({}).count(), 0);
    }

    void fromBlocksErrorsNameTheBlock() {
        QString what;
        QVERIFY2(throwsNaming({{0, 0, 0, 1}, {6, 0, 0, 2}}, {"#1", "(6, 0, 0)", "outside"}, &what), qPrintable(what));
        QVERIFY2(throwsNaming({{0, -2, 0, 1}}, {"#0", "(0, -2, 0)", "outside"}, &what), qPrintable(what));
        QVERIFY2(throwsNaming({{0, 8, 0, 1}}, {"(0, 8, 0)"}, &what), qPrintable(what));
        QVERIFY2(throwsNaming({{0, 0, -6, 1}}, {"(0, 0, -6)"}, &what), qPrintable(what));
        QVERIFY2(throwsNaming({{1, 2, 3, 7}}, {"#0", "(1, 2, 3)", "colour 7"}, &what), qPrintable(what));
        QVERIFY2(throwsNaming({{1, 2, 3, 0}}, {"(1, 2, 3)", "colour 0"}, &what), qPrintable(what));
        QVERIFY2(throwsNaming({{1, 2, 3, -1}}, {"(1, 2, 3)", "colour -1"}, &what), qPrintable(what));
        QVERIFY2(throwsNaming({{1, 2, 3, 1}, {0, 0, 0, 2}, {1, 2, 3, 1}}, {"#2", "(1, 2, 3)", "repeats"}, &what),
                 qPrintable(what));
        // A duplicate with a different colour is still a duplicate.
        QVERIFY2(throwsNaming({{1, 2, 3, 1}, {1, 2, 3, 5}}, {"#1", "(1, 2, 3)"}, &what), qPrintable(what));
    }

    void countsAndClear() {
        Grid g = Grid::fromBlocks(std::vector<Block>{{0, 0, 0, 1}, {1, 0, 0, 1}, {2, 0, 0, 3}});
        QCOMPARE(g.count(), 3);
        QCOMPARE(g.count(1), 2);
        QCOMPARE(g.count(3), 1);
        QCOMPARE(g.count(0), kCells - 3);
        QVERIFY(!g.empty());
        g.clear();
        QVERIFY(g.empty());
    }

    void minusIsElementWise() {
        const Grid target = Grid::fromBlocks(std::vector<Block>{{0, -1, 0, 2}, {1, -1, 0, 4}});
        const Grid start = Grid::fromBlocks(std::vector<Block>{{0, -1, 0, 5}, {2, -1, 0, 3}});
        const Grid d = target.minus(start);
        QCOMPARE(int(d.at(0, -1, 0)), 2 - 5);  // recolour
        QCOMPARE(int(d.at(1, -1, 0)), 4);      // to add
        QCOMPARE(int(d.at(2, -1, 0)), -3);     // to remove
        QCOMPARE(d.count(), 3);
        QVERIFY(target.minus(target).empty());
        QVERIFY(target.minus(Grid{}) == target);
        // Extreme values stay in -6..6.
        const Grid six = Grid::fromBlocks(std::vector<Block>{{5, 7, 5, 6}});
        QCOMPARE(int(Grid{}.minus(six).at(5, 7, 5)), -6);
    }

    void hashAndEquality() {
        Grid a = Grid::fromBlocks(std::vector<Block>{{0, 0, 0, 1}, {3, 2, -1, 5}});
        Grid b = Grid::fromBlocks(std::vector<Block>{{3, 2, -1, 5}, {0, 0, 0, 1}});  // other order
        QVERIFY(a == b);
        QCOMPARE(a.hash(), b.hash());
        QCOMPARE(std::hash<Grid>{}(a), a.hash());
        Grid c = a;
        c.set(0, 0, 0, 2);  // same position, other colour
        QVERIFY(!(a == c));
        QVERIFY(a.hash() != c.hash());
        Grid d = a;
        d.set(3, 2, -1, 0);
        QVERIFY(!(a == d));
        QVERIFY(Grid{} == Grid{});

        std::unordered_set<Grid> set{a, b, c, d, Grid{}};
        QCOMPARE(int(set.size()), 4);
        QVERIFY(set.count(Grid::fromBlocks(std::vector<Block>{{0, 0, 0, 2}, {3, 2, -1, 5}})) == 1);
    }

    void colourNames() {
        QCOMPARE(QString(colourName(0)), QStringLiteral("air"));
        QCOMPARE(QString(colourName(1)), QStringLiteral("blue"));
        QCOMPARE(QString(colourName(6)), QStringLiteral("yellow"));
        QCOMPARE(QString(colourName(7)), QStringLiteral("?"));
        QCOMPARE(QString(colourName(-1)), QStringLiteral("?"));
    }
};

QTEST_APPLESS_MAIN(TestGrid)
#include "test_grid.moc"

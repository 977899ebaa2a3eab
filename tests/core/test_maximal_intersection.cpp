// Maximal intersection, metrics and the max_intersection.jsonl conformance cases.
#include <QtTest>

#include <QTemporaryDir>

#include <algorithm>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/conformance/intersection_cases.hpp"
#include "core/grid/grid.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "core/metrics/metrics.hpp"
#include "support/shared_dir.hpp"

using namespace iglu::core;

namespace {

Grid grid(const std::vector<Block>& blocks) { return Grid::fromBlocks(blocks); }

QString str(const Alignment& a) { return QStringLiteral("(dx %1, dz %2, rot %3)").arg(a.dx).arg(a.dz).arg(a.rot); }

// The definition, written out literally and independently of the class: every rotation of the
// target, every (dx, dz) in -10..10 for which every non-zero cell of the rotated full grid stays
// inside, counted cell by cell; first strictly better wins.
struct Brute {
    int value = 0;
    Alignment argmax;
};
Brute bruteForce(const Grid& target, const Grid& full, const Grid& built) {
    Brute b;
    for (int r = 0; r < 4; ++r) {
        const Grid t = rotated(target, r);
        const Grid f = rotated(full, r);
        for (int dx = -10; dx <= 10; ++dx)
            for (int dz = -10; dz <= 10; ++dz) {
                bool admissible = true;
                for (int i = 0; i < kCells && admissible; ++i) {
                    if (f.cell(i) == 0) continue;
                    const Block p = Grid::position(i);
                    admissible = Grid::inZone(p.x - dx, p.y, p.z - dz);
                }
                if (!admissible) continue;
                int n = 0;
                for (int i = 0; i < kCells; ++i) {
                    if (t.cell(i) == 0) continue;
                    const Block p = Grid::position(i);
                    if (Grid::inZone(p.x - dx, p.y, p.z - dz) && built.at(p.x - dx, p.y, p.z - dz) == t.cell(i)) ++n;
                }
                if (n > b.value) {
                    b.value = n;
                    b.argmax = {dx, dz, r};
                }
            }
    }
    return b;
}

// A random structure: `n` cells, values in 1..6, or in -6..6 without 0 when `signedValues`.
// Cells are drawn inside a random box so that shapes range from compact to spread out.
Grid randomGrid(std::mt19937& rng, int n, bool signedValues) {
    std::uniform_int_distribution<int> coord(-5, 5), height(-1, 7), colour(1, 6), coin(0, 1);
    int x0 = coord(rng), x1 = coord(rng), z0 = coord(rng), z1 = coord(rng), y1 = height(rng);
    if (x0 > x1) std::swap(x0, x1);
    if (z0 > z1) std::swap(z0, z1);
    std::uniform_int_distribution<int> bx(x0, x1), bz(z0, z1), by(-1, y1);
    const int capacity = (x1 - x0 + 1) * (z1 - z0 + 1) * (y1 + 2);
    n = std::min(n, capacity);
    Grid g;
    int placed = 0;
    while (placed < n) {
        const int x = bx(rng), y = by(rng), z = bz(rng);
        if (g.at(x, y, z) != 0) continue;
        int v = colour(rng);
        if (signedValues && coin(rng)) v = -v;
        g.set(x, y, z, v);
        ++placed;
    }
    return g;
}

void writeFile(const QString& path, const std::string& text) {
    std::ofstream out(path.toStdString(), std::ios::binary);
    out << text;
}

// Runs checkIntersectionCases and returns the exception message ("" when none was thrown).
QString errorOf(const QString& path) {
    try {
        (void)conformance::checkIntersectionCases(path.toStdString());
    } catch (const std::runtime_error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

// One valid case line, used as the base of the malformed ones.
const std::string kValidCase =
    R"({"id": "mi-x", "kind": "k", "target_blocks": [[0, -1, 0, 1]], "built_blocks": [[0, -1, 0, 1]], )"
    R"("starting_blocks": null, "max_intersection": 1, "argmax": {"dx": 0, "dz": 0, "rot": 0}, )"
    R"("target_size": 1, "built_size": 1, "precision": 1.0, "recall": 1.0, "f1": 1.0, )"
    R"("intersection_no_invariance": 1, "admissible_counts": [121, 121, 121, 121], )"
    R"("synthetic": {"target_size": 1, "built_diff_size": 1, "max_intersection": 1, )"
    R"("argmax_on_diff": {"dx": 0, "dz": 0, "rot": 0}}, )"
    R"("iglu2022_evaluator": {"argmax_on_raw_grid": {"dx": 0, "dz": 0, "rot": 0}, "intersection": 1, )"
    R"("precision": 0.9999999999, "recall": 0.9999999999, "completion_rate_f1": 0.99999999985}})";

std::string replaced(std::string s, const std::string& from, const std::string& to) {
    const auto pos = s.find(from);
    if (pos == std::string::npos) throw std::logic_error("test fixture: '" + from + "' not found");
    return s.replace(pos, from.size(), to);
}

}  // namespace

class TestMaximalIntersection : public QObject {
    Q_OBJECT

private slots:
    // ---- conformance -------------------------------------------------------------------------

    void conformanceCases() {
        IGLU_REQUIRE_SHARED("conformance/max_intersection.jsonl");
        const std::string path = (iglu::test::sharedDir() + "/conformance/max_intersection.jsonl").toStdString();
        const auto results = conformance::checkIntersectionCases(path);
        QVERIFY(results.size() >= 283);
        int failed = 0, shown = 0;
        for (const auto& r : results) {
            if (r.passed()) continue;
            ++failed;
            for (const auto& f : r.failures)
                if (shown++ < 20) qWarning("%s", f.toString().c_str());
        }
        QCOMPARE(failed, 0);
    }

    void conformanceFailuresNameCaseAndField() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("cases.jsonl");
        writeFile(path, kValidCase + "\n" +
                            replaced(replaced(kValidCase, "\"mi-x\"", "\"mi-y\""), "\"max_intersection\": 1, \"argmax\"",
                                     "\"max_intersection\": 2, \"argmax\"") +
                            "\n\n");
        const auto results = conformance::checkIntersectionCases(path.toStdString());
        QCOMPARE(int(results.size()), 2);
        QVERIFY(results[0].passed());
        QCOMPARE(QString::fromStdString(results[0].source), QStringLiteral("mi-x"));
        QVERIFY(!results[1].passed());
        const std::string msg = results[1].failures.front().toString();
        QVERIFY2(QString::fromStdString(msg).contains("mi-y"), msg.c_str());
        QVERIFY2(QString::fromStdString(msg).contains("max_intersection"), msg.c_str());
        QVERIFY2(QString::fromStdString(msg).contains("expected 2, got 1"), msg.c_str());

        // A changed double is reported too (exact comparison).
        writeFile(path, replaced(kValidCase, "\"completion_rate_f1\": 0.99999999985", "\"completion_rate_f1\": 0.9999999998"));
        const auto r2 = conformance::checkIntersectionCases(path.toStdString());
        QCOMPARE(int(r2.size()), 1);
        QVERIFY(!r2[0].passed());
        QVERIFY(QString::fromStdString(r2[0].failures.front().field).contains("completion_rate_f1"));
    }

    void malformedLinesNameFileAndLine() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("bad.jsonl");
        struct Bad {
            const char* name;
            std::string line;
            const char* mentions;
        };
        const std::vector<Bad> bad = {
            {"bad json", "{\"id\": \"mi-1\", ", "malformed JSON"},
            {"not an object", "[1, 2, 3]", "object"},
            {"missing field", replaced(kValidCase, "\"f1\": 1.0, ", ""), "'f1'"},
            {"missing nested field", replaced(kValidCase, "\"built_diff_size\": 1, ", ""), "synthetic.built_diff_size"},
            {"wrong type", replaced(kValidCase, "\"max_intersection\": 1, \"argmax\"", "\"max_intersection\": \"1\", \"argmax\""),
             "max_intersection"},
            {"float for an int", replaced(kValidCase, "\"target_size\": 1, \"built_size\"", "\"target_size\": 1.5, \"built_size\""),
             "target_size"},
            {"block outside zone", replaced(kValidCase, "\"built_blocks\": [[0, -1, 0, 1]]", "\"built_blocks\": [[0, -1, 6, 1]]"),
             "(0, -1, 6)"},
            {"bad colour", replaced(kValidCase, "\"target_blocks\": [[0, -1, 0, 1]]", "\"target_blocks\": [[0, -1, 0, 9]]"),
             "colour 9"},
            {"short block", replaced(kValidCase, "\"target_blocks\": [[0, -1, 0, 1]]", "\"target_blocks\": [[0, -1, 0]]"),
             "target_blocks[0]"},
            {"admissible counts", replaced(kValidCase, "[121, 121, 121, 121]", "[121, 121]"), "admissible_counts"},
        };
        for (const Bad& b : bad) {
            // Line 3 is the bad one (after a valid line and a blank line).
            writeFile(path, kValidCase + "\n\n" + b.line + "\n" + kValidCase + "\n");
            const QString what = errorOf(path);
            QVERIFY2(!what.isEmpty(), b.name);
            QVERIFY2(what.contains(path + ":3:"), qPrintable(QStringLiteral("%1: %2").arg(b.name, what)));
            QVERIFY2(what.contains(QString::fromUtf8(b.mentions)), qPrintable(QStringLiteral("%1: %2").arg(b.name, what)));
        }
        // The case id is named when it could be read.
        writeFile(path, replaced(kValidCase, "\"f1\": 1.0, ", ""));
        QVERIFY(errorOf(path).contains("mi-x"));
        // A missing file names the file.
        const QString missing = dir.filePath("missing.jsonl");
        QVERIFY(errorOf(missing).contains(missing));
    }

    // ---- rotation -----------------------------------------------------------------------------

    void rotationRule() {
        // (x, z) -> (z, -x) per turn, y unchanged.
        const std::vector<Block> singles = {{1, 0, 2, 3}, {-5, 7, -5, 1}, {5, -1, 0, 6}, {0, 2, 0, 4}, {-3, 1, 4, 2}};
        for (const Block& b : singles) {
            const Grid g = grid({b});
            int x = b.x, z = b.z;
            for (int r = 0; r <= 4; ++r) {
                const Grid rg = rotated(g, r);
                QCOMPARE(rg.count(), 1);
                QCOMPARE(int(rg.at(x, b.y, z)), b.colour);
                const int nx = z, nz = -x;
                x = nx;
                z = nz;
            }
        }
        // The grid-index form: target_{r+1}[:, iz, 10 - ix] = target_r[:, ix, iz].
        std::mt19937 rng(3);
        const Grid g = randomGrid(rng, 60, true);
        const Grid r1 = rotated(g, 1);
        for (int iy = 0; iy < kSizeY; ++iy)
            for (int ix = 0; ix < 11; ++ix)
                for (int iz = 0; iz < 11; ++iz)
                    QCOMPARE(int(r1.cell(iy * 121 + iz * 11 + (10 - ix))), int(g.cell(iy * 121 + ix * 11 + iz)));
        QVERIFY(rotated(g, 0) == g);
        QVERIFY(rotated(g, 4) == g);
        QVERIFY(rotated(rotated(g, 1), 2) == rotated(g, 3));
        QVERIFY(rotated(g, -1) == rotated(g, 3));
    }

    void rotatedBuildIsFoundAtItsRotation() {
        // An L shape with no rotational symmetry, built rotated by k and moved: found at rot k.
        const Grid target = grid({{0, -1, 0, 1}, {1, -1, 0, 2}, {2, -1, 0, 3}, {0, -1, 1, 4}, {0, 0, 0, 5}});
        for (int k = 0; k < 4; ++k) {
            for (const auto& [dx, dz] : std::vector<std::pair<int, int>>{{0, 0}, {2, -1}, {-3, 3}}) {
                // built[ix - dx] = target_k[ix]: move the rotated target by (-dx, -dz).
                Grid built;
                for (const Block& b : rotated(target, k).blocks()) built.set(b.x - dx, b.y, b.z - dz, b.colour);
                MaximalIntersection mi(target);
                mi.reset(built);
                QCOMPARE(mi.value(), 5);
                QCOMPARE(str(mi.argmax()), str({dx, dz, k}));
                QCOMPARE(mi.intersectionAt(built, {dx, dz, k}), 5);
                QCOMPARE(mi.intersectionNoInvariance(built), mi.intersectionAt(built, {}));
                if (k == 0 && dx == 0 && dz == 0) QCOMPARE(mi.intersectionNoInvariance(built), 5);
            }
        }
    }

    void translation() {
        const Grid target = grid({{1, -1, 2, 1}, {1, 0, 2, 6}, {1, 1, 2, 2}});
        Grid built;
        for (const Block& b : target.blocks()) built.set(b.x - 1, b.y, b.z + 3, b.colour);
        MaximalIntersection mi(target);
        mi.reset(built);
        QCOMPARE(mi.value(), 3);
        QCOMPARE(str(mi.argmax()), str({1, -3, 0}));  // dx = 1, dz = -3 moves the target by (-1, +3)
        QCOMPARE(mi.intersectionNoInvariance(built), 0);
        QCOMPARE(mi.targetSize(), 3);
        QVERIFY(mi.target() == target);
        // No vertical shift: one layer up matches nothing.
        Grid up;
        for (const Block& b : target.blocks()) up.set(b.x, b.y + 1, b.z, b.colour);
        mi.reset(up);
        QCOMPARE(mi.value(), 0);
        QCOMPARE(str(mi.argmax()), str({}));
    }

    void cutTargetIsNotAdmissible() {
        // A row x = -5..0 with colours 1..6; built moved by +6 loses its last block (x = 6 is outside).
        std::vector<Block> row;
        for (int x = -5; x <= 0; ++x) row.push_back({x, -1, 0, x + 6});
        const Grid target = grid(row);
        Grid built;
        for (const Block& b : row)
            if (b.x + 6 <= 5) built.set(b.x + 6, b.y, b.z, b.colour);
        QCOMPARE(built.count(), 5);
        MaximalIntersection mi(target);
        QCOMPARE(mi.admissibleCounts(), (std::array<int, 4>{66, 66, 66, 66}));
        QCOMPARE(mi.alignmentCount(), 4 * 66);
        mi.reset(built);
        // dx = -6 would match 5 blocks but moves the target's x = 0 block outside: not admissible.
        QCOMPARE(mi.intersectionAt(built, {-6, 0, 0}), 5);
        QCOMPARE(mi.value(), 1);
        QCOMPARE(str(mi.argmax()), str(bruteForce(target, target, built).argmax));
    }

    void emptyTarget() {
        MaximalIntersection mi(Grid{});
        QCOMPARE(mi.admissibleCounts(), (std::array<int, 4>{441, 441, 441, 441}));
        QCOMPARE(mi.alignmentCount(), 4 * 441);
        QCOMPARE(mi.targetSize(), 0);
        const Grid built = grid({{0, -1, 0, 1}, {1, -1, 0, 2}});
        mi.reset(built);
        QCOMPARE(mi.value(), 0);
        QCOMPARE(str(mi.argmax()), str({}));
        mi.update(Grid::index(2, -1, 0), 0, 3);
        QCOMPARE(mi.value(), 0);
        // The default-constructed object is the empty target.
        MaximalIntersection def;
        QCOMPARE(def.alignmentCount(), 4 * 441);
        def.reset(built);
        QCOMPARE(def.value(), 0);
        // A single block: 121 shifts per rotation.
        QCOMPARE(MaximalIntersection(grid({{3, 2, 1, 4}})).admissibleCounts(), (std::array<int, 4>{121, 121, 121, 121}));
    }

    void tieBreakingOrder() {
        // Single blue block at the centre: the alignment to built (x, z) is (dx, dz) = (-x, -z) at every
        // rotation, so ties are broken by rot, then the smallest dx (largest x), then the smallest dz.
        const Grid target = grid({{0, -1, 0, 1}});
        MaximalIntersection mi(target);
        mi.reset(grid({{2, -1, -3, 1}, {4, -1, 3, 1}}));
        QCOMPARE(mi.value(), 1);
        QCOMPARE(str(mi.argmax()), str({-4, -3, 0}));
        mi.reset(grid({{4, -1, 3, 1}, {4, -1, -2, 1}, {-5, -1, -5, 1}}));
        QCOMPARE(str(mi.argmax()), str({-4, -3, 0}));
        // A strictly better later rotation wins over an earlier tie.
        const Grid bar = grid({{0, -1, 0, 1}, {1, -1, 0, 2}});  // blue then green along +x
        MaximalIntersection mb(bar);
        Grid built;
        built.set(0, -1, 0, 1);
        built.set(0, -1, -1, 2);  // green at -z of blue: bar rotated once ((1, 0) -> (0, -1))
        mb.reset(built);
        QCOMPARE(mb.value(), 2);
        QCOMPARE(str(mb.argmax()), str({0, 0, 1}));
        QCOMPARE(str(mb.argmax()), str(bruteForce(bar, bar, built).argmax));
        // Nothing matches: (0, 0, 0) even if (0, 0) is not the only admissible shift.
        mb.reset(grid({{3, 3, 3, 6}}));
        QCOMPARE(mb.value(), 0);
        QCOMPARE(str(mb.argmax()), str({}));
    }

    void negativeValuesAndFullGrid() {
        // Synthetic diff task: -3 means "remove the red block", a recolour is the difference of ids.
        const Grid start = grid({{0, -1, 0, 5}, {1, -1, 0, 3}});
        const Grid target = grid({{0, -1, 0, 2}, {2, -1, 0, 1}});
        const Grid synthetic = target.minus(start);
        QCOMPARE(synthetic.count(), 3);
        MaximalIntersection mi(synthetic);
        mi.reset(start.minus(start));
        QCOMPARE(mi.value(), 0);
        Grid built = start;
        built.set(1, -1, 0, 0);  // remove the red block: diff -3 matches
        mi.reset(built.minus(start));
        QCOMPARE(mi.value(), 1);
        built.set(0, -1, 0, 2);  // recolour purple -> green: diff -3 matches the target's -3 there
        built.set(2, -1, 0, 1);
        mi.reset(built.minus(start));
        QCOMPARE(mi.value(), 3);
        QCOMPARE(str(mi.argmax()), str({}));

        // A full grid wider than the target restricts the shifts.
        const Grid small = grid({{0, -1, 0, 1}});
        const Grid wide = grid({{-5, -1, 0, 1}, {5, -1, 0, 1}});
        MaximalIntersection restricted(small, wide);
        QCOMPARE(restricted.admissibleCounts(), (std::array<int, 4>{11, 11, 11, 11}));
        const Grid b = grid({{0, -1, 3, 1}, {2, -1, 0, 1}});
        restricted.reset(b);
        const Brute expected = bruteForce(small, wide, b);
        QCOMPARE(restricted.value(), expected.value);
        QCOMPARE(str(restricted.argmax()), str(expected.argmax));
    }

    // ---- incremental updates --------------------------------------------------------------------

    void incrementalMatchesFullRecount_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("targetBlocks");
        QTest::addColumn<bool>("signedValues");
        QTest::addColumn<bool>("widerFull");
        QTest::newRow("1 block") << 1u << 1 << false << false;
        QTest::newRow("3 blocks") << 2u << 3 << false << false;
        QTest::newRow("12 blocks") << 3u << 12 << false << false;
        QTest::newRow("27 blocks") << 4u << 27 << false << false;
        QTest::newRow("80 blocks") << 5u << 80 << false << false;
        QTest::newRow("300 blocks") << 6u << 300 << false << false;
        QTest::newRow("diff 5") << 7u << 5 << true << false;
        QTest::newRow("diff 20") << 8u << 20 << true << false;
        QTest::newRow("diff 60") << 9u << 60 << true << false;
        QTest::newRow("wider full") << 10u << 6 << false << true;
        QTest::newRow("empty") << 11u << 0 << true << false;
    }

    void incrementalMatchesFullRecount() {
        QFETCH(unsigned, seed);
        QFETCH(int, targetBlocks);
        QFETCH(bool, signedValues);
        QFETCH(bool, widerFull);
        std::mt19937 rng(seed);
        const Grid target = randomGrid(rng, targetBlocks, signedValues);
        Grid full = target;
        if (widerFull)
            for (const Block& b : randomGrid(rng, 4, false).blocks()) full.set(b.x, b.y, b.z, b.colour);

        MaximalIntersection inc(target, full);
        MaximalIntersection fresh = inc;  // same tables, recounted from scratch after every change
        // Start from a partial copy of the target (so that counts get large) or from nothing.
        Grid built;
        for (const Block& b : target.blocks())
            if (rng() % 2) built.set(b.x, b.y, b.z, b.colour);
        inc.reset(built);

        const std::vector<Block> targetCells = target.blocks();
        std::uniform_int_distribution<int> cell(0, kCells - 1), value(signedValues ? -6 : 0, 6), pick(0, 9);
        for (int step = 0; step < 3000; ++step) {
            int idx = cell(rng);
            int v = value(rng);
            const int kind = pick(rng);
            if (kind < 3 && !targetCells.empty()) {  // write a target value near a target cell
                const Block& t = targetCells[rng() % targetCells.size()];
                const int sx = int(rng() % 5) - 2, sz = int(rng() % 5) - 2;
                if (Grid::inZone(t.x + sx, t.y, t.z + sz)) idx = Grid::index(t.x + sx, t.y, t.z + sz);
                v = t.colour;
            } else if (kind < 6) {  // clear a cell
                v = 0;
            }
            const int old = built.cell(idx);
            built.setCell(idx, static_cast<std::int8_t>(v));
            inc.update(idx, old, v);
            fresh.reset(built);
            if (inc.value() != fresh.value() || !(inc.argmax() == fresh.argmax())) {
                QFAIL(qPrintable(QStringLiteral("step %1: incremental %2 %3, recount %4 %5")
                                     .arg(step)
                                     .arg(inc.value())
                                     .arg(str(inc.argmax()))
                                     .arg(fresh.value())
                                     .arg(str(fresh.argmax()))));
            }
            if (step % 300 == 0) {
                const Brute b = bruteForce(target, full, built);
                QCOMPARE(fresh.value(), b.value);
                QCOMPARE(str(fresh.argmax()), str(b.argmax));
                QCOMPARE(fresh.intersectionAt(built, fresh.argmax()), b.value);
            }
        }
    }

    void randomCasesMatchTheDefinition() {
        std::mt19937 rng(12345);
        for (int k = 0; k < 40; ++k) {
            const bool diff = k % 3 == 0;
            const Grid target = randomGrid(rng, 1 + int(rng() % 30), diff);
            // Built: the target rotated and moved, with noise.
            Grid built;
            const int r = int(rng() % 4), sx = int(rng() % 5) - 2, sz = int(rng() % 5) - 2;
            for (const Block& b : rotated(target, r).blocks())
                if (Grid::inZone(b.x + sx, b.y, b.z + sz) && rng() % 5 != 0) built.set(b.x + sx, b.y, b.z + sz, b.colour);
            for (const Block& b : randomGrid(rng, int(rng() % 6), diff).blocks()) built.set(b.x, b.y, b.z, b.colour);
            MaximalIntersection mi(target);
            mi.reset(built);
            const Brute expected = bruteForce(target, target, built);
            QCOMPARE(mi.value(), expected.value);
            QCOMPARE(str(mi.argmax()), str(expected.argmax));
        }
    }

    // ---- overlay and metrics --------------------------------------------------------------------

    void overlaySetsAreConsistent() {
        std::mt19937 rng(99);
        for (int k = 0; k < 60; ++k) {
            const Grid target = randomGrid(rng, int(rng() % 25), false);
            Grid built;
            const int r = int(rng() % 4);
            for (const Block& b : rotated(target, r).blocks())
                if (rng() % 4 != 0) built.set(b.x, b.y, b.z, rng() % 6 == 0 ? 1 + int(rng() % 6) : b.colour);
            for (const Block& b : randomGrid(rng, int(rng() % 5), false).blocks()) built.set(b.x, b.y, b.z, b.colour);

            const IntersectionOverlay o = overlay(target, built);
            MaximalIntersection mi(target);
            mi.reset(built);
            QCOMPARE(str(o.alignment), str(mi.argmax()));
            QCOMPARE(int(o.matched.size()), mi.value());
            QCOMPARE(int(o.matched.size() + o.missing.size()), target.count());
            QCOMPARE(int(o.matched.size() + o.extra.size()), built.count());
            for (const Block& b : o.matched) QCOMPARE(int(built.at(b.x, b.y, b.z)), b.colour);
            for (const Block& b : o.extra) QCOMPARE(int(built.at(b.x, b.y, b.z)), b.colour);
            for (const Block& b : o.missing) QVERIFY(built.at(b.x, b.y, b.z) != b.colour);
            QVERIFY(std::is_sorted(o.matched.begin(), o.matched.end()));
            QVERIFY(std::is_sorted(o.missing.begin(), o.missing.end()));
            QVERIFY(std::is_sorted(o.extra.begin(), o.extra.end()));
        }
    }

    void overlayWrongColourIsMissingAndExtra() {
        const Grid target = grid({{0, -1, 0, 1}, {1, -1, 0, 2}, {2, -1, 0, 3}});
        // Built moved by +2 in z, the middle block in the wrong colour, plus a stray block.
        const Grid built = grid({{0, -1, 2, 1}, {1, -1, 2, 5}, {2, -1, 2, 3}, {-4, 3, -4, 6}});
        const IntersectionOverlay o = overlay(target, built);
        QCOMPARE(str(o.alignment), str({0, -2, 0}));
        QVERIFY((o.matched == std::vector<Block>{{0, -1, 2, 1}, {2, -1, 2, 3}}));
        QVERIFY((o.missing == std::vector<Block>{{1, -1, 2, 2}}));  // in built coordinates, target colour
        QVERIFY((o.extra == std::vector<Block>{{-4, 3, -4, 6}, {1, -1, 2, 5}}));
        // Nothing built: everything is missing at (0, 0, 0).
        const IntersectionOverlay e = overlay(target, Grid{});
        QVERIFY(e.matched.empty() && e.extra.empty());
        QVERIFY(e.missing == target.blocks());
    }

    void scores() {
        const Scores zero = scoreFromCounts(0, 0, 0);
        QCOMPARE(zero.precision, 0.0);
        QCOMPARE(zero.recall, 0.0);
        QCOMPARE(zero.f1, 0.0);
        const Scores s = scoreFromCounts(2, 3, 4);
        QCOMPARE(s.precision, 2.0 / 4);
        QCOMPARE(s.recall, 2.0 / 3);
        QCOMPARE(s.f1, 4.0 / 7);
        QCOMPARE(scoreFromCounts(0, 5, 0).recall, 0.0);
        QCOMPARE(scoreFromCounts(0, 0, 5).precision, 0.0);

        const Grid target = grid({{0, -1, 0, 1}, {1, -1, 0, 2}, {2, -1, 0, 3}});
        const Grid built = grid({{0, -1, 2, 1}, {1, -1, 2, 5}, {2, -1, 2, 3}, {-4, 3, -4, 6}});
        const Scores t = score(target, built);
        QCOMPARE(t.intersection, 2);
        QCOMPARE(t.targetSize, 3);
        QCOMPARE(t.builtSize, 4);
        QCOMPARE(str(t.alignment), str({0, -2, 0}));
        QCOMPARE(t.precision, 0.5);
        QCOMPARE(t.f1, 4.0 / 7);
    }

    void iglu2022Evaluator() {
        // Start holds one block that must stay; the agent builds the two missing blocks elsewhere.
        const Grid start = grid({{0, -1, 0, 4}});
        const Grid target = grid({{0, -1, 0, 4}, {0, 0, 0, 1}, {0, 1, 0, 2}});
        Grid built = start;
        built.set(3, 0, 3, 1);
        built.set(3, 1, 3, 2);
        const Iglu2022Scores e = iglu2022Evaluate(target, start, built);
        QCOMPARE(str(e.argmaxOnRawGrid), str({-3, -3, 0}));
        QCOMPARE(e.intersection, 2);
        QCOMPARE(e.precision, 2 / (2 + 1e-10));
        QCOMPARE(e.recall, 2 / (2 + 1e-10));
        QCOMPARE(e.f1, 2 * e.precision * e.recall / (e.precision + e.recall + 1e-10));
        // Nothing done: all zero.
        const Iglu2022Scores z = iglu2022Evaluate(target, start, start);
        QCOMPARE(z.intersection, 0);
        QCOMPARE(z.f1, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestMaximalIntersection)
#include "test_maximal_intersection.moc"

// What a mouse ray points at (logic/aim.hpp): the floor, the top and side faces of blocks, rays that
// miss, a block on the top layer (its top neighbour is outside the zone), and random rays checked
// against a brute-force march along the ray in small steps.
#include <QtTest>

#include <cmath>
#include <random>

#include "logic/aim.hpp"

using namespace iglu;
using namespace iglu::plugins::editor;
using core::Grid;

namespace {
core::Block cell(int x, int y, int z) { return {x, y, z, 0}; }

// QCOMPARE cannot print a Block (core::toString returns a std::string): compare with a message.
#define COMPARE_BLOCK(a, b) QVERIFY2((a) == (b), (core::toString(a) + " != " + core::toString(b)).c_str())

// The first filled cell along the ray and the cell just before it, by small steps; or the floor
// cell under the lowest layer; nullopt when neither.
std::optional<CursorTarget> march(const Grid& g, std::array<double, 3> o, std::array<double, 3> d) {
    if (o[1] < -1.5) return std::nullopt;  // below the floor, which hides the zone
    const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    std::optional<core::Block> prev;
    for (double t = 0; t < 45; t += 0.001) {
        const double p[3] = {o[0] + t * d[0] / len, o[1] + t * d[1] / len, o[2] + t * d[2] / len};
        const int x = static_cast<int>(std::floor(p[0] + 0.5)), y = static_cast<int>(std::floor(p[1] + 0.5)),
                  z = static_cast<int>(std::floor(p[2] + 0.5));
        if (p[1] < -1.5 && x >= -5 && x <= 5 && z >= -5 && z <= 5 && prev && prev->y == -1) {
            CursorTarget a;
            a.place = *prev;
            return a;
        }
        if (!Grid::inZone(x, y, z)) {
            if (prev) return std::nullopt;  // left the zone
            continue;
        }
        if (const int c = g.at(x, y, z); c != 0) {
            CursorTarget a;
            a.onBlock = true;
            a.block = {x, y, z, c};
            a.place = prev ? *prev : core::Block{0, 0, 0, -1};  // -1: the ray starts in it or enters the zone there
            return a;
        }
        prev = cell(x, y, z);
    }
    return std::nullopt;
}
}  // namespace

class TestAim : public QObject {
    Q_OBJECT
private slots:
    void straightDownHitsTheFloorOrTheTopFace() {
        Grid g;
        auto a = aimAt(g, {2, 20, -3}, {0, -1, 0});
        QVERIFY(a && !a->onBlock);
        COMPARE_BLOCK(a->place, cell(2, -1, -3));
        g.set(2, -1, -3, 4);
        g.set(2, 0, -3, 5);
        a = aimAt(g, {2.2, 20, -3.1}, {0, -1, 0});
        QVERIFY(a && a->onBlock);
        COMPARE_BLOCK(a->block, (core::Block{2, 0, -3, 5}));
        COMPARE_BLOCK(a->place, cell(2, 1, -3));
    }

    void sideFacesPlaceBesideTheBlock() {
        Grid g;
        g.set(0, 0, 0, 1);
        auto a = aimAt(g, {-20, 0.1, 0.2}, {1, 0, 0});  // from the west
        QVERIFY(a && a->onBlock);
        COMPARE_BLOCK(a->place, cell(-1, 0, 0));
        a = aimAt(g, {0.1, 0, 20}, {0, 0, -1});  // from the south
        QVERIFY(a && a->onBlock);
        COMPARE_BLOCK(a->place, cell(0, 0, 1));
        a = aimAt(g, {0, -1.2, 0}, {0, 1, 0});  // from below, inside the zone
        QVERIFY(a && a->onBlock);
        COMPARE_BLOCK(a->place, cell(0, -1, 0));
    }

    void raysThatMissGiveNothing() {
        Grid g;
        QVERIFY(!aimAt(g, {20, 0, 0}, {0, 1, 0}));      // beside the zone
        QVERIFY(!aimAt(g, {-20, 3, 0}, {1, 0, 0}));     // through the empty zone sideways
        QVERIFY(!aimAt(g, {0, 3, 0}, {0, 1, 0}));       // upwards
        QVERIFY(!aimAt(g, {0, 3, 0}, {0, 0, 0}));       // no direction
        g.set(0, -1, 0, 1);
        QVERIFY(!aimAt(g, {0, -5, 0}, {0, 1, 0}));      // from below the floor, which hides the zone
    }

    void topLayerBlockPlacesOutsideTheZone() {
        Grid g;
        g.set(1, 7, 1, 2);
        const auto a = aimAt(g, {1, 30, 1}, {0, -1, 0});
        QVERIFY(a && a->onBlock);
        COMPARE_BLOCK(a->place, cell(1, 8, 1));
        QVERIFY(!Grid::inZone(a->place.x, a->place.y, a->place.z));
    }

    void randomRaysMatchABruteForceMarch() {
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> u(-1, 1), pos(-12, 12);
        std::uniform_int_distribution<int> x(-5, 5), y(-1, 7), c(1, 6);
        int compared = 0, hits = 0, floors = 0;
        for (int trial = 0; trial < 3000; ++trial) {
            Grid g;
            for (int i = 0; i < trial % 300; ++i) g.set(x(rng), y(rng), x(rng), c(rng));
            // From anywhere around the zone towards a random point of it (most rays meet something).
            const std::array<double, 3> o{pos(rng), pos(rng) + 6, pos(rng)};
            const std::array<double, 3> aimAtPoint{5.5 * u(rng), 3 + 4.5 * u(rng), 5.5 * u(rng)};
            const std::array<double, 3> d{aimAtPoint[0] - o[0], aimAtPoint[1] - o[1], aimAtPoint[2] - o[2]};
            const auto got = aimAt(g, o, d);
            const auto want = march(g, o, d);
            // Rays grazing an edge or corner within the march's step are ambiguous: skip those.
            bool nearEdge = false;
            {
                const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
                for (double t = 0; t < 45 && !nearEdge; t += 0.001) {
                    int close = 0;
                    double p[3];
                    for (int k = 0; k < 3; ++k) {
                        p[k] = o[static_cast<std::size_t>(k)] + t * d[static_cast<std::size_t>(k)] / len;
                        close += std::abs(p[k] - std::floor(p[k]) - 0.5) < 0.003;
                    }
                    const bool inBox = p[0] > -5.6 && p[0] < 5.6 && p[1] > -1.6 && p[1] < 7.6 && p[2] > -5.6 && p[2] < 5.6;
                    nearEdge = inBox && close >= 2;
                }
            }
            if (nearEdge) continue;
            ++compared;
            QVERIFY2(got.has_value() == want.has_value(),
                     qPrintable(QStringLiteral("ray (%1, %2, %3) + t (%4, %5, %6): aimAt %7, march %8")
                                    .arg(o[0]).arg(o[1]).arg(o[2]).arg(d[0]).arg(d[1]).arg(d[2])
                                    .arg(got ? QString::fromStdString(core::toString(got->place)) : QStringLiteral("nothing"))
                                    .arg(want ? QString::fromStdString(core::toString(want->place)) : QStringLiteral("nothing"))));
            if (!got) continue;
            QCOMPARE(got->onBlock, want->onBlock);
            COMPARE_BLOCK(got->block, want->block);
            if (got->onBlock) ++hits; else ++floors;
            if (want->place.colour == -1) continue;  // no cell before the block along the ray
            COMPARE_BLOCK(got->place, want->place);
        }
        QVERIFY2(compared > 2000, qPrintable(QString::number(compared)));
        QVERIFY2(hits > 200, qPrintable(QString::number(hits)));
        QVERIFY2(floors > 100, qPrintable(QString::number(floors)));
    }
};

QTEST_GUILESS_MAIN(TestAim)
#include "test_aim.moc"

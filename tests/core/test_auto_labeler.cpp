// The automatic skill labeler on hand-made structures whose skills are clear by construction, and
// the agreement statistics it is evaluated with.
#include <QtTest>

#include "core/skills/agreement.hpp"
#include "core/skills/auto_labeler.hpp"

using namespace iglu::core;

namespace {
Grid grid(std::initializer_list<Block> blocks) { return Grid::fromBlocks(std::vector<Block>(blocks)); }
QString reason(const SkillReport& r, Skill s) { return QString::fromStdString(r[s].reason); }
}  // namespace

class TestAutoLabeler : public QObject {
    Q_OBJECT
private slots:
    void groundLineIsFlatOnly() {
        auto r = autoLabel(grid({{0, -1, 0, 1}, {1, -1, 0, 1}, {2, -1, 0, 2}}));
        QCOMPARE(r.skills(), SkillSet(1u << int(Skill::Flat)));
        QVERIFY(reason(r, Skill::Flat).contains("horizontal plane y = -1"));
        QVERIFY(reason(r, Skill::Flying).contains("rests on the floor"));
    }

    void wallIsFlatAndTall() {
        Grid g;
        for (int y = -1; y <= 3; ++y)
            for (int x = -2; x <= 2; ++x) g.set(x, y, 4, 3);
        auto r = autoLabel(g);
        QVERIFY(r[Skill::Flat].value);
        QVERIFY(reason(r, Skill::Flat).contains("vertical plane z = 4"));
        QVERIFY(r[Skill::Tall].value);
        QVERIFY(reason(r, Skill::Tall).startsWith("10 blocks are at y >= 2"));
        QVERIFY(!r[Skill::Flying].value);
        QVERIFY(!r[Skill::Tricky].value);
    }

    void towerOfThreeIsNotTallButFourIs() {
        QVERIFY(!autoLabel(grid({{0, -1, 0, 1}, {0, 0, 0, 1}, {0, 1, 0, 1}}))[Skill::Tall].value);
        QVERIFY(autoLabel(grid({{0, -1, 0, 1}, {0, 0, 0, 1}, {0, 1, 0, 1}, {0, 2, 0, 1}}))[Skill::Tall].value);
        AutoLabelerConfig taller;
        taller.agentHeightCells = 3;
        QVERIFY(!autoLabel(grid({{0, -1, 0, 1}, {0, 0, 0, 1}, {0, 1, 0, 1}, {0, 2, 0, 1}}), nullptr, taller)[Skill::Tall].value);
    }

    void overhangIsFlyingAndNamesTheBlock() {
        auto r = autoLabel(grid({{0, -1, 0, 1}, {0, 0, 0, 1}, {1, 0, 0, 5}}));
        QVERIFY(r[Skill::Flying].value);
        QCOMPARE(reason(r, Skill::Flying), QStringLiteral("1 block has nothing beneath it: (1,0,0)"));
    }

    void staircaseTouchingByEdgesIsDiagonal() {
        auto r = autoLabel(grid({{0, -1, 0, 1}, {1, 0, 0, 1}, {2, 1, 0, 1}}));
        QVERIFY(r[Skill::Diagonal].value);
        QVERIFY(reason(r, Skill::Diagonal).contains("chain of 3 blocks"));
        // Filling the corners makes a solid staircase: no longer diagonal.
        auto solid = autoLabel(grid({{0, -1, 0, 1}, {1, -1, 0, 1}, {1, 0, 0, 1}, {2, 0, 0, 1}, {2, 1, 0, 1}}));
        QVERIFY(!solid[Skill::Diagonal].value);
    }

    void hiddenBlockIsTricky() {
        // A block under a roof, walled in on all four sides.
        Grid g;
        g.set(0, -1, 0, 6);
        for (auto [x, z] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) g.set(x, -1, z, 1);
        g.set(0, 0, 0, 2);
        auto r = autoLabel(g);
        QVERIFY(r[Skill::Tricky].value);
        QVERIFY(reason(r, Skill::Tricky).contains("(0,-1,0)"));
    }

    void onlyTheBlocksToPlaceCount() {
        Grid start;
        for (int y = -1; y <= 4; ++y) start.set(3, y, 3, 1);  // an existing tall tower
        Grid target = start;
        target.set(-3, -1, -3, 2);  // the task: one block on the ground
        auto r = autoLabel(target, &start);
        QVERIFY(!r[Skill::Tall].value);
        QVERIFY(r[Skill::Flat].value);
        auto removal = autoLabel(Grid{}, &start);
        QCOMPARE(removal.skills(), SkillSet{});
        QCOMPARE(reason(removal, Skill::Flat), QStringLiteral("no blocks to place"));
    }

    void agreementStatistics() {
        Agreement a;
        // 8 items: tp 3, fp 1, fn 1, tn 3.
        for (auto [p, r] : {std::pair{true, true}, {true, true}, {true, true}, {true, false}, {false, true}, {false, false}, {false, false}, {false, false}})
            a.add(p, r);
        QCOMPARE(a.total(), 8);
        QCOMPARE(a.precision(), 0.75);
        QCOMPARE(a.recall(), 0.75);
        QCOMPARE(a.f1(), 0.75);
        QCOMPARE(a.kappa(), 0.5);  // po = 0.75, pe = 0.5
        Agreement same;
        same.add(false, false);
        QCOMPARE(same.kappa(), 1.0);
        QCOMPARE(Agreement{}.kappa(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestAutoLabeler)
#include "test_auto_labeler.moc"

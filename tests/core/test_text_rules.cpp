// core/util/text_rules: what counts as an absent dataset field, and natural id order; core/env/compass:
// direction names in the reference convention.
#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

#include "core/env/compass.hpp"
#include "core/env/environment.hpp"
#include "core/util/text_rules.hpp"

using namespace iglu::core;

class TestTextRules : public QObject {
    Q_OBJECT
private slots:
    void absentText() {
        for (const char* t : {"", " ", "\t\n", "null", "NULL", " Null ", "None", "none", "nan", "NaN"})
            QVERIFY2(iglu::core::absentText(t), t);
        for (const char* t : {"0", "no", "nullable", "null pointer", "build a tower", "None of these", "-"})
            QVERIFY2(!iglu::core::absentText(t), t);
    }

    void naturalOrder() {
        std::vector<std::string> ids = {"CQ-game-8717", "CQ-game-947", "CQ-game-10", "CQ-game-9", "10-c29/step-10",
                                        "10-c29/step-2", "9-c1/step-1", "CQ-game-010", "CQ-game-0947", "C5", "C40"};
        std::sort(ids.begin(), ids.end(), [](const std::string& a, const std::string& b) { return naturalLess(a, b); });
        const std::vector<std::string> want = {"9-c1/step-1", "10-c29/step-2", "10-c29/step-10", "C5", "C40",
                                               "CQ-game-9", "CQ-game-010", "CQ-game-10", "CQ-game-0947", "CQ-game-947",
                                               "CQ-game-8717"};
        QCOMPARE(ids, want);
        // A strict weak order: irreflexive, asymmetric, total on distinct strings.
        for (const auto& a : want) {
            QVERIFY(!naturalLess(a, a));
            for (const auto& b : want)
                if (a != b) QVERIFY(naturalLess(a, b) != naturalLess(b, a));
        }
        QVERIFY(naturalLess("a99999999999999999999999", "a100000000000000000000000"));  // longer than any integer
    }

    // The compass agrees with the environment: walking forward at the yaw a direction names moves
    // the agent along that direction's floor vector.
    void compassMatchesTheEnvironment() {
        QCOMPARE(facingName(0), std::string_view("N"));
        QCOMPARE(facingName(360), std::string_view("N"));
        QCOMPARE(facingName(-90), std::string_view("W"));
        QCOMPARE(facingName(44.9), std::string_view("NE"));
        QCOMPARE(facingName(202), std::string_view("S"));
        QCOMPARE(facingName(725), std::string_view("N"));
        QCOMPARE(facingName(std::nan("")), std::string_view("?"));
        Task t;
        t.target = Grid::fromBlocks(std::vector<Block>{{0, -1, 0, 1}});
        for (int k = 0; k < 4; ++k) {
            Environment env;
            env.setTask(t);
            env.reset();
            for (int i = 0; i < 18 * k; ++i) env.step(13);  // yaw +5 each
            QCOMPARE(facingName(env.agent().yaw), kCompass[static_cast<std::size_t>(k)].name);
            const double x0 = env.agent().x, z0 = env.agent().z;
            for (int i = 0; i < 4; ++i) env.step(1);  // forward
            const double dx = env.agent().x - x0, dz = env.agent().z - z0;
            QVERIFY(dx * kCompass[static_cast<std::size_t>(k)].x + dz * kCompass[static_cast<std::size_t>(k)].z > 0.5);
        }
    }
};

QTEST_APPLESS_MAIN(TestTextRules)
#include "test_text_rules.moc"

// The per-skill intervals the Experiments dock draws and prints, against hand-computed values on
// a small set of episodes: flat 3 episodes (2 successes, F1 0.5 / 0.7 / 0.9), flying 2 (1 success,
// F1 0.2 / 0.4), all 5. Wilson 95%: 2/3 -> [0.20766, 0.93851], 1/2 -> [0.09453, 0.90547], 3/5 ->
// [0.23072, 0.88238]. t 95%: mean 0.7, sd 0.2, t(2) 4.303 -> [0.20313, 1.19687] shown as [.., 1];
// 0.3 ± 12.706 · 0.1 -> [0, 1]; all: mean 0.54, t(4) 2.776 -> [0.20457, 0.87543].
#include <QtTest>

#include "logic/skill_intervals.hpp"
#include "scripting/summary.hpp"

using namespace iglu;
using plugins::experiments::skillIntervals;

namespace {
void addEpisode(scripting::Summary& s, core::Skill skill, bool success, double f1) {
    scripting::EpisodeResult e;
    e.ok = true;
    e.success = success;
    e.f1 = f1;
    core::SkillSet skills;
    skills.set(skill);
    s.add(e, skills);
}
bool near(double a, double b) { return std::abs(a - b) < 1e-4; }
}  // namespace

class TestSkillIntervals : public QObject {
    Q_OBJECT
private slots:
    void handComputed() {
        scripting::Summary s;
        addEpisode(s, core::Skill::Flat, true, 0.5);
        addEpisode(s, core::Skill::Flat, true, 0.7);
        addEpisode(s, core::Skill::Flat, false, 0.9);
        addEpisode(s, core::Skill::Flying, true, 0.2);
        addEpisode(s, core::Skill::Flying, false, 0.4);
        const auto rows = skillIntervals(s);
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[0].skill, std::string("flat"));
        QCOMPARE(rows[1].skill, std::string("flying"));
        QCOMPARE(rows[2].skill, std::string("all"));
        QCOMPARE(rows[0].episodes, 3);
        QVERIFY(near(rows[0].successRate, 2.0 / 3));
        QVERIFY(near(rows[0].success.low, 0.20766) && near(rows[0].success.high, 0.93851));
        QVERIFY(near(rows[0].meanF1, 0.7));
        QVERIFY(near(rows[0].f1.low, 0.20313) && rows[0].f1.high == 1.0);  // clamped: F1 is at most 1
        QVERIFY(near(rows[1].success.low, 0.09453) && near(rows[1].success.high, 0.90547));
        QVERIFY(rows[1].f1.low == 0.0 && rows[1].f1.high == 1.0);
        QCOMPARE(rows[2].episodes, 5);
        QVERIFY(near(rows[2].success.low, 0.23072) && near(rows[2].success.high, 0.88238));
        QVERIFY(near(rows[2].meanF1, 0.54));
        QVERIFY(near(rows[2].f1.low, 0.20457) && near(rows[2].f1.high, 0.87543));
    }

    void oneEpisodeAndNone() {
        scripting::Summary s;
        const auto empty = skillIntervals(s);
        QCOMPARE(empty.size(), std::size_t(1));  // only "all"
        QCOMPARE(empty[0].success.low, 0.0);
        QCOMPARE(empty[0].success.high, 0.0);
        addEpisode(s, core::Skill::Tall, true, 0.8);
        const auto one = skillIntervals(s);
        QVERIFY(near(one[0].f1.low, 0.8) && near(one[0].f1.high, 0.8));  // no spread from one episode
        QVERIFY(near(one[0].success.low, 0.20655) && near(one[0].success.high, 1.0));
    }
};

QTEST_GUILESS_MAIN(TestSkillIntervals)
#include "test_skill_intervals.moc"

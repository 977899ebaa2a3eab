// core/metrics/paired_stats: the intervals and tests behind "is the difference between two
// experiments more than noise", against values computed by hand / textbook tables.
#include <QtTest>

#include <vector>

#include "core/metrics/paired_stats.hpp"
#include "core/util/rng.hpp"

using namespace iglu::core;

class TestPairedStats : public QObject {
    Q_OBJECT
private slots:
    void wilson() {
        // 5 of 20: the Wilson 95% interval is [0.1119, 0.4687].
        const Interval i = wilsonInterval(5, 20);
        QVERIFY(std::abs(i.low - 0.1119) < 5e-4 && std::abs(i.high - 0.4687) < 5e-4);
        const Interval none = wilsonInterval(0, 10), all = wilsonInterval(10, 10);
        QCOMPARE(none.low, 0.0);
        QVERIFY(none.high > 0.2 && none.high < 0.35);  // never [0, 0] for 0 / 10
        QCOMPARE(all.high, 1.0);
        QVERIFY(all.low < 1.0);
        QCOMPARE(wilsonInterval(0, 0).high, 0.0);
    }

    void meanWithT() {
        const std::vector<double> v = {1, 2, 3, 4, 5};  // mean 3, sd 1.5811, t(4) = 2.776
        const Interval i = meanInterval(v);
        QVERIFY(std::abs(i.low - (3 - 2.776 * 1.5811 / std::sqrt(5.0))) < 1e-3);
        QVERIFY(std::abs(i.high - (3 + 2.776 * 1.5811 / std::sqrt(5.0))) < 1e-3);
        const std::vector<double> one = {0.7};
        QCOMPARE(meanInterval(one).low, 0.7);
    }

    void mcnemar() {
        QCOMPARE(mcnemarExactP(0, 0), 1.0);
        QVERIFY(std::abs(mcnemarExactP(0, 19) - 2 * std::pow(0.5, 19)) < 1e-15);
        QVERIFY(std::abs(mcnemarExactP(2, 8) - 0.109375) < 1e-9);  // 2 * P(X <= 2), X ~ B(10, 1/2) = 2 * 56 / 1024
        QCOMPARE(mcnemarExactP(5, 5), 1.0);
        QVERIFY(mcnemarExactP(400, 600) < 1e-9);  // large counts stay finite
    }

    void pairedDifferences() {
        Rng rng(4);
        std::vector<double> a(60), same(60), better(60);
        for (std::size_t i = 0; i < a.size(); ++i) {
            a[i] = rng.uniform();
            same[i] = a[i] + rng.uniform(-0.05, 0.05);
            better[i] = a[i] + 0.2 + rng.uniform(-0.05, 0.05);
        }
        const PairedDifference noise = pairedDifference(a, same), gain = pairedDifference(a, better);
        QVERIFY2(noise.p > 0.05, qPrintable(QString::number(noise.p)));
        QVERIFY(noise.interval.low < 0 && noise.interval.high > 0);
        QVERIFY2(gain.p < 0.001, qPrintable(QString::number(gain.p)));
        QVERIFY(gain.interval.low > 0.15 && gain.interval.high < 0.25 && std::abs(gain.mean - 0.2) < 0.02);
        // Deterministic: the same numbers every time.
        const PairedDifference again = pairedDifference(a, better);
        QCOMPARE(again.p, gain.p);
        QCOMPARE(again.interval.low, gain.interval.low);
        QCOMPARE(pairedDifference({}, {}).n, 0);
        const std::vector<double> one = {1}, two = {3};
        QCOMPARE(pairedDifference(one, two).mean, 2.0);
    }
};

QTEST_APPLESS_MAIN(TestPairedStats)
#include "test_paired_stats.moc"

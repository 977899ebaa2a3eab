// The hello plugin's logic without a window (a plugin's headless test: TESTS of iglu_add_plugin).
#include <QtTest>

#include "logic/greeting.hpp"

using iglu::plugins::hello::greeting;

class TestHelloLogic : public QObject {
    Q_OBJECT
private slots:
    void greetsTheTask() {
        QCOMPARE(greeting(QStringLiteral("CQ-game-1"), 1), QStringLiteral("Hello, CQ-game-1"));
        QCOMPARE(greeting(QStringLiteral("CQ-game-1"), 3), QStringLiteral("Hello, CQ-game-1 (x3)"));
        QCOMPARE(greeting(QString(), 1), QStringLiteral("Hello, no task"));
    }
};

QTEST_GUILESS_MAIN(TestHelloLogic)
#include "test_hello_logic.moc"

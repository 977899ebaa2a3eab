// A labeling process killed mid-session loses nothing: labeling_kill_driver labels tasks by key
// presses (confirming three, typing a note, toggling one more skill), reports them and waits;
// this test SIGKILLs it and checks the catalog holds every confirmed label, the note and the
// unconfirmed toggle.
#include <cstring>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "support/test_catalog.hpp"

using namespace iglu;

class TestLabelingKill : public QObject {
    Q_OBJECT
private slots:
    void killedLabelerLosesNothing() {
        QTemporaryDir dir;
        const std::string db = dir.filePath(QStringLiteral("kill.db")).toStdString();
        {
            catalog::Catalog cat(db);
            test::fillTestCatalog(cat);
        }
        QProcess driver;
        driver.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        driver.start(QStringLiteral(IGLU_KILL_DRIVER_PATH), {QString::fromStdString(db), QStringLiteral("carol")});
        QVERIFY2(driver.waitForStarted(), qPrintable(driver.errorString()));
        QString labeledLine, noteLine;
        while (noteLine.isEmpty()) {
            if (!driver.canReadLine()) {
                QVERIFY2(driver.state() == QProcess::Running, "the driver exited before labeling");
                QVERIFY2(driver.waitForReadyRead(60000), "the driver printed nothing within 60 s");
                continue;
            }
            const QString line = QString::fromUtf8(driver.readLine()).trimmed();
            if (line.startsWith(QStringLiteral("LABELED"))) labeledLine = line;
            if (line.startsWith(QStringLiteral("NOTE "))) noteLine = line;
        }
        QCOMPARE(driver.state(), QProcess::Running);
        driver.kill();  // SIGKILL: no shutdown, no flush
        QVERIFY(driver.waitForFinished(10000));
        QCOMPARE(driver.exitStatus(), QProcess::CrashExit);

        const QStringList confirmed = labeledLine.mid(int(std::strlen("LABELED"))).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QCOMPARE(confirmed.size(), 3);
        const QString noted = noteLine.mid(5);
        catalog::Catalog cat(db);
        const auto done = cat.tasksLabeledBy("carol");
        QCOMPARE(done.size(), std::size_t(3));
        for (const QString& id : confirmed)
            QVERIFY2(std::find(done.begin(), done.end(), id.toStdString()) != done.end(), qPrintable(id));
        auto human = [&](const QString& id, core::Skill s) -> std::optional<bool> {
            for (const auto& l : cat.labels(id.toStdString()))
                if (l.source == catalog::LabelSource::Human && l.labeler == "carol" && l.skill == s) return l.value;
            return std::nullopt;
        };
        auto suggestion = [&](const QString& id, core::Skill s) -> std::optional<bool> {
            for (const auto& l : cat.labels(id.toStdString()))
                if (l.source == catalog::LabelSource::Auto && l.skill == s) return l.value;
            return std::nullopt;
        };
        using core::Skill;
        // Task 1: flat + tall (keys 1, 4), the rest confirmed as no.
        QCOMPARE(human(confirmed[0], Skill::Flat), std::optional<bool>(true));
        QCOMPARE(human(confirmed[0], Skill::Tall), std::optional<bool>(true));
        QCOMPARE(human(confirmed[0], Skill::Flying), std::optional<bool>(false));
        // Task 2: the suggestions (A).
        for (auto s : core::kAllSkills) QCOMPARE(human(confirmed[1], s), suggestion(confirmed[1], s));
        // Task 3: flying only.
        QCOMPARE(human(confirmed[2], Skill::Flying), std::optional<bool>(true));
        QCOMPARE(human(confirmed[2], Skill::Diagonal), std::optional<bool>(false));
        // Task 4: the note and the unconfirmed toggle of diagonal (key 5).
        QCOMPARE(QString::fromStdString(cat.note(noted.toStdString())), QStringLiteral("killed mid-session"));
        QCOMPARE(human(noted, Skill::Diagonal), std::optional<bool>(true));
        QCOMPARE(human(noted, Skill::Flat), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestLabelingKill)
#include "test_labeling_kill.moc"

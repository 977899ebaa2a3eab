// `iglu render`: a PNG of a task with the overlay, a rollout step, and clear errors for a missing
// display, an unknown task and a bad step; a rollout step with the agent's belief; --pov (the first-person view, no display needed).
#include <QImage>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "core/pov/pov_renderer.hpp"
#include "core/task/task_list.hpp"
#include "support/beliefs.hpp"
#include "support/image_compare.hpp"
#include "support/process.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/zone_scene.hpp"

class TestRenderCommand : public QObject {
    Q_OBJECT
    const QString tasks_ = QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl");

    static iglu::test::ProcessResult run(const QStringList& args, std::optional<QProcessEnvironment> env = {}) {
        return iglu::test::runIglu(args, {120000, std::move(env)});
    }

    // The test's environment without DISPLAY (what `iglu render` sees on a headless machine).
    static QProcessEnvironment withoutDisplay() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        return env;
    }

private slots:
    void rendersATaskWithOverlay() {
        if (qEnvironmentVariableIsEmpty("DISPLAY")) QSKIP("needs an X display (xvfb-run)");
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("task.png"));
        const iglu::test::ProcessResult r = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                           QStringLiteral("CQ-game-1029"), QStringLiteral("--overlay"), QStringLiteral("--out"), out,
                           QStringLiteral("--size"), QStringLiteral("640x480")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("matched")), qPrintable(r.out));
        QCOMPARE(QImage(out).size(), QSize(640, 480));
    }

    void rendersARolloutStep() {
        if (qEnvironmentVariableIsEmpty("DISPLAY")) QSKIP("needs an X display (xvfb-run)");
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("step.png"));
        const iglu::test::ProcessResult r = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                           QStringLiteral("CQ-game-6"), QStringLiteral("--rollout"), QStringLiteral("random:3"),
                           QStringLiteral("--step"), QStringLiteral("120"), QStringLiteral("--out"), out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("800x600")), qPrintable(r.out));
        QVERIFY(QFile::exists(out));
        const iglu::test::ProcessResult bad = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                             QStringLiteral("CQ-game-6"), QStringLiteral("--rollout"), QStringLiteral("random:3"),
                             QStringLiteral("--step"), QStringLiteral("5000"), QStringLiteral("--out"), out});
        QVERIFY(bad.exitCode != 0);
        QVERIFY2(bad.err.contains(QStringLiteral("--step 5000")), qPrintable(bad.err));
    }

    void rendersAHumanTapeFromACatalog() {
        if (qEnvironmentVariableIsEmpty("DISPLAY")) QSKIP("needs an X display (xvfb-run)");
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("examples.db"));
        const iglu::test::ProcessResult imported = run({QStringLiteral("import"), QStringLiteral("singleturn"),
                                  QStringLiteral(IGLU_SOURCE_DIR "/examples/data/iglu-singleturn"), QStringLiteral("--db"), db});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        qint64 rollout = 0;
        {
            iglu::catalog::Catalog cat(db.toStdString());
            const auto rollouts = cat.rollouts("CQ-game-2681");
            QVERIFY(!rollouts.empty());
            rollout = rollouts.front().id;
        }
        const QString out = dir.filePath(QStringLiteral("tape.png"));
        iglu::test::ProcessResult r = run({QStringLiteral("render"), QStringLiteral("--db"), db, QStringLiteral("--task"), QStringLiteral("CQ-game-2681"),
                     QStringLiteral("--rollout"), QString::number(rollout), QStringLiteral("--out"), out, QStringLiteral("--overlay")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // The end of the human tape is the target: everything matched.
        QVERIFY2(r.out.contains(QStringLiteral("missing 0, extra 0, F1 1")), qPrintable(r.out));
        QVERIFY(QFile::exists(out));
        r = run({QStringLiteral("render"), QStringLiteral("--db"), db, QStringLiteral("--task"), QStringLiteral("CQ-game-947"),
                 QStringLiteral("--rollout"), QString::number(rollout), QStringLiteral("--out"), out});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains(QStringLiteral("not a rollout of task CQ-game-947")), qPrintable(r.err));
    }

    // A rollout step of an agent that published beliefs: the picture is the 3D view's, with the
    // belief in force at that step (a scene given that state, pixels within a tolerance).
    void rendersTheBeliefInForce() {
        if (qEnvironmentVariableIsEmpty("DISPLAY")) QSKIP("needs an X display (xvfb-run)");
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("beliefs.db"));
        const iglu::test::ProcessResult imported = run({QStringLiteral("import"), QStringLiteral("singleturn"),
                                  QStringLiteral(IGLU_SOURCE_DIR "/examples/data/iglu-singleturn"), QStringLiteral("--db"), db,
                                  QStringLiteral("--no-rollouts")});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        std::optional<iglu::core::Task> task;
        iglu::core::Rollout rollout;
        {
            iglu::catalog::Catalog cat(db.toStdString());
            const auto record = cat.task("CQ-game-947");
            QVERIFY(record.has_value());
            task = record->task;
            rollout = iglu::test::rolloutWithBeliefs(*task, 60);
            rollout.id = cat.putRollout(rollout);
        }
        const QString out = dir.filePath(QStringLiteral("belief.png"));
        const iglu::test::ProcessResult r = run({QStringLiteral("render"), QStringLiteral("--db"), db, QStringLiteral("--task"),
                           QStringLiteral("CQ-game-947"), QStringLiteral("--rollout"), QString::number(rollout.id),
                           QStringLiteral("--step"), QStringLiteral("30"), QStringLiteral("--out"), out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        iglu::viewers::ZoneScene scene;
        iglu::core::RolloutCursor cursor(rollout);
        cursor.seek(30);
        scene.setTarget(task->target);
        scene.setBuilt(cursor.grid());
        scene.setAgent(cursor.pose());
        scene.setBelief(*rollout.beliefAt(30));  // published at step 20: the target itself
        QCOMPARE(rollout.beliefAt(30)->step, 20u);
        scene.setCaption(task->id + "  |  agent rollout (" + rollout.source + ")  |  step 30 / 60");
        iglu::viewers::OffscreenRenderer renderer(800, 600);
        const iglu::viewers::Image expected = renderer.render(scene);
        const QImage want = QImage(expected.rgb.data(), 800, 600, 800 * 3, QImage::Format_RGB888).copy();
        QString report;
        QVERIFY2(iglu::test::imagesMatch(QImage(out).convertToFormat(QImage::Format_RGB888), want,
                                         QStringLiteral("render-belief"), &report),
                 qPrintable(report));
        scene.setBeliefShown(false);  // the belief is in the picture: without it, another one
        const iglu::viewers::Image plain = renderer.render(scene);
        const QImage without = QImage(plain.rgb.data(), 800, 600, 800 * 3, QImage::Format_RGB888).copy();
        QVERIFY(iglu::test::diffImages(QImage(out).convertToFormat(QImage::Format_RGB888), without, 24).differing > 1000);
    }

    void unknownTaskNamesTheTaskAndFile() {
        if (qEnvironmentVariableIsEmpty("DISPLAY")) QSKIP("needs an X display (xvfb-run)");
        const iglu::test::ProcessResult r = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                           QStringLiteral("no-such-task"), QStringLiteral("--out"), QStringLiteral("/tmp/x.png")});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains(QStringLiteral("no-such-task")), qPrintable(r.err));
    }

    void withoutDisplayItFailsClearly() {
        const QProcessEnvironment env = withoutDisplay();
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("none.png"));
        const iglu::test::ProcessResult r = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                           QStringLiteral("CQ-game-6"), QStringLiteral("--out"), out}, env);
        QCOMPARE(r.exitCode, 3);  // a clear error, not an abort (which would be -1 here)
        QVERIFY2(r.err.contains(QStringLiteral("DISPLAY")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    // --pov renders on the CPU: it works without a display, and the PNG holds exactly the
    // renderer's bytes for the task's grid at the given pose and size.
    void povNeedsNoDisplayAndMatchesTheRenderer() {
        const QProcessEnvironment env = withoutDisplay();
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("pov.png"));
        const iglu::test::ProcessResult r = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                           QStringLiteral("CQ-game-1029"), QStringLiteral("--pov"), QStringLiteral("--pose"),
                           QStringLiteral("0,3,7,0,25"), QStringLiteral("--size"), QStringLiteral("96x72"),
                           QStringLiteral("--out"), out}, env);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("96x72 first-person view of CQ-game-1029")), qPrintable(r.out));
        const QImage img = QImage(out).convertToFormat(QImage::Format_RGB888);
        QCOMPARE(img.size(), QSize(96, 72));

        const auto tasks = iglu::core::readTaskList(tasks_.toStdString());
        const auto& task = iglu::core::findTask(tasks, "CQ-game-1029");
        iglu::core::PovRenderer renderer(iglu::core::PovConfig{96, 72});  // the default view
        const auto expected = renderer.render(task.starting, iglu::core::Pose{0, 3, 7, 0, 25});
        int differing = 0;
        for (int y = 0; y < 72; ++y)
            for (int x = 0; x < 96; ++x) {
                const uchar* px = img.constScanLine(y) + x * 3;
                const std::size_t i = (std::size_t(y) * 96 + std::size_t(x)) * 3;
                if (px[0] != expected[i] || px[1] != expected[i + 1] || px[2] != expected[i + 2]) ++differing;
            }
        QCOMPARE(differing, 0);
    }

    void povDefaultsTo64AndRejectsBadPoses() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("pov.png"));
        const iglu::test::ProcessResult ok = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                            QStringLiteral("CQ-game-6"), QStringLiteral("--pov"), QStringLiteral("--out"), out});
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
        QCOMPARE(QImage(out).size(), QSize(64, 64));
        const iglu::test::ProcessResult bad = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                             QStringLiteral("CQ-game-6"), QStringLiteral("--pov"), QStringLiteral("--pose"),
                             QStringLiteral("1,2,3"), QStringLiteral("--out"), out});
        QVERIFY(bad.exitCode != 0);
        QVERIFY2(bad.err.contains(QStringLiteral("--pose")) && bad.err.contains(QStringLiteral("1,2,3")), qPrintable(bad.err));
        const iglu::test::ProcessResult overlay = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                                 QStringLiteral("CQ-game-6"), QStringLiteral("--pov"), QStringLiteral("--overlay"),
                                 QStringLiteral("--out"), out});
        QVERIFY(overlay.exitCode != 0);
        QVERIFY2(overlay.err.contains(QStringLiteral("--overlay")), qPrintable(overlay.err));
        // --pov-style: clean is the earlier look (another image of the same pose), anything else
        // is refused naming the option and the value; without --pov it is an error.
        const QString clean = dir.filePath(QStringLiteral("clean.png"));
        const iglu::test::ProcessResult cleanRun = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                                  QStringLiteral("CQ-game-6"), QStringLiteral("--pov"), QStringLiteral("--pov-style"),
                                  QStringLiteral("clean"), QStringLiteral("--out"), clean});
        QVERIFY2(cleanRun.exitCode == 0, qPrintable(cleanRun.err));
        QVERIFY(QImage(clean).convertToFormat(QImage::Format_RGB888) != QImage(out).convertToFormat(QImage::Format_RGB888));
        const iglu::test::ProcessResult fancy = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                               QStringLiteral("CQ-game-6"), QStringLiteral("--pov"), QStringLiteral("--pov-style"),
                               QStringLiteral("fancy"), QStringLiteral("--out"), out});
        QVERIFY(fancy.exitCode != 0);
        QVERIFY2(fancy.err.contains(QStringLiteral("--pov-style")) && fancy.err.contains(QStringLiteral("fancy")), qPrintable(fancy.err));
        const iglu::test::ProcessResult noPov = run({QStringLiteral("render"), QStringLiteral("--db"), tasks_, QStringLiteral("--task"),
                               QStringLiteral("CQ-game-6"), QStringLiteral("--pov-style"), QStringLiteral("clean"),
                               QStringLiteral("--out"), out});
        QVERIFY(noPov.exitCode != 0);
        QVERIFY2(noPov.err.contains(QStringLiteral("--pov-style needs --pov")), qPrintable(noPov.err));
    }
};

QTEST_GUILESS_MAIN(TestRenderCommand)
#include "test_render_command.moc"

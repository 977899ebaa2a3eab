// Episodes made in the workbench outlive it (Xvfb, the bundled example catalog in a temporary
// folder): the Script dock's "Keep as Rollout" and the Playback dock's "Record random-agent
// episode" store the rollout in the catalog (like Play's Record); a second, fresh Catalog
// connection on the file finds it with the same frames (checked against the episode run again
// outside the workbench), and after the catalog is opened again the Playback dock lists it. A
// store that fails (the catalog locked by another writer) is shown in red and logged naming the
// catalog, nothing is stored and nothing is presented as kept; Keep can be retried. With a task
// list (held in memory) the rollouts live in the session and are labelled "unsaved" / "NOT saved".
#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "core/catalog/catalog.hpp"
#include "support/gui_main.hpp"
#include "scripting/agent.hpp"
#include "scripting/agent_session.hpp"
#include "core/rollout/random_agent.hpp"
#include "support/workbench_fixture.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "example_catalog.hpp"
#include "workbench/app/main_window.hpp"
#include "workbench/app/workbench.hpp"
#include "workbench/app/workbench_context.hpp"

using namespace iglu;
using namespace iglu::workbench;

namespace {
constexpr int kSteps = 30;
const QString kRandomLua = QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/random.lua");

/// Frame by frame: actions, rewards, poses, block changes, start.
void compareRollouts(const core::Rollout& got, const core::Rollout& want) {
    QCOMPARE(got.taskId, want.taskId);
    QCOMPARE(got.kind, want.kind);
    QCOMPARE(got.size(), want.size());
    QVERIFY(got.starting == want.starting);
    for (std::size_t i = 0; i < got.size(); ++i) {
        const auto& a = got.frames[i];
        const auto& b = want.frames[i];
        QCOMPARE(a.action, b.action);
        QVERIFY2(qFuzzyCompare(1.0 + a.reward, 1.0 + b.reward), qPrintable(QStringLiteral("frame %1 reward").arg(i)));
        QVERIFY2(std::abs(a.pose.x - b.pose.x) < 1e-3 && std::abs(a.pose.y - b.pose.y) < 1e-3 &&
                     std::abs(a.pose.z - b.pose.z) < 1e-3 && std::abs(a.pose.yaw - b.pose.yaw) < 1e-3 &&
                     std::abs(a.pose.pitch - b.pose.pitch) < 1e-3,
                 qPrintable(QStringLiteral("frame %1 pose").arg(i)));
        const auto ca = got.changesOf(i);
        const auto cb = want.changesOf(i);
        QVERIFY2(std::equal(ca.begin(), ca.end(), cb.begin(), cb.end()), qPrintable(QStringLiteral("frame %1 changes").arg(i)));
    }
    QVERIFY(got.finalGrid() == want.finalGrid());
}

/// random.lua run again outside the workbench with the Script dock's settings (flying, seed 1).
core::Rollout rerunRandomLua(const core::Task& task) {
    QFile f(kRandomLua);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(kRandomLua));
    const std::string name = kRandomLua.toStdString();
    const scripting::AgentScript script{name, f.readAll().toStdString()};
    scripting::SessionConfig config;
    config.env.actionSpace = core::ActionSpace::Flying;
    config.env.maxSteps = kSteps;
    config.env.targetInObs = true;
    config.recordRollout = true;
    scripting::AgentSession s(script, std::move(config), scripting::agentSandbox(name));
    s.reset(task, 1, 0);
    while (s.running()) s.step();
    auto r = s.outcome(true).rollout;
    if (!r) qFatal("no rollout recorded");
    return std::move(*r);
}
}  // namespace

class TestRolloutStorage : public QObject {
    Q_OBJECT
    std::unique_ptr<Workbench> wb_;
    QTemporaryDir dir_;
    QString db_;
    QString taskId_;
    qint64 keptId_ = 0;
    qint64 recordedId_ = 0;

    template <class T>
    T* child(const char* name) {
        return wb_->window().findChild<T*>(QString::fromLatin1(name));
    }
    QToolButton* button(const char* name) { return child<QToolButton>(name); }
    QString status() { return child<QLabel>("scriptStatus")->text(); }
    QString console() { return child<QPlainTextEdit>("scriptConsole")->toPlainText(); }
    QComboBox* combo() { return child<QComboBox>("rolloutCombo"); }

    /// Opens random.lua from the Examples menu and runs it to its step limit.
    bool runRandomLua() {
        for (QAction* a : child<QMenu>("scriptExamples")->actions())
            if (a->text() == QStringLiteral("random.lua")) a->trigger();
        auto* space = child<QComboBox>("scriptActionSpace");
        space->setCurrentIndex(space->findText(QStringLiteral("flying")));
        child<QSpinBox>("scriptMaxSteps")->setValue(kSteps);
        child<QSpinBox>("scriptSeed")->setValue(1);
        child<QCheckBox>("scriptMaxSpeed")->setChecked(true);
        QTest::mouseClick(button("scriptRun"), Qt::LeftButton);
        return QTest::qWaitFor([&] { return status().endsWith(QStringLiteral("max steps")); }, 60000) &&
               button("scriptKeep")->isEnabled();
    }
    std::vector<catalog::RolloutSummary> freshRollouts() {
        catalog::Catalog fresh(db_.toStdString());
        return fresh.rollouts(taskId_.toStdString());
    }

private slots:
    void initTestCase() {
        wb_ = test::loadWorkbench({QStringLiteral("labeling"), QStringLiteral("dataset"), QStringLiteral("play"),
                                    QStringLiteral("experiments")});
        QString error;
        db_ = dir_.filePath(QStringLiteral("examples.db"));
        QVERIFY2(test::openExampleCatalog(*wb_, db_, &error), qPrintable(error));
        for (const auto& t : wb_->context().data().tasks())
            if (t.targetBlocks > 0) {
                taskId_ = t.id;
                break;
            }
        QVERIFY(!taskId_.isEmpty());
        QVERIFY2(wb_->selectTask(taskId_, &error), qPrintable(error));
        QVERIFY(test::showWorkbench(*wb_, {1280, 900}));
    }
    void cleanupTestCase() { wb_.reset(); }

    void keepAsRolloutIsStoredInTheCatalog() {
        const auto before = freshRollouts().size();
        QVERIFY(runRandomLua());
        QTest::mouseClick(button("scriptKeep"), Qt::LeftButton);
        keptId_ = wb_->context().selection().rolloutId();
        QVERIFY2(keptId_ > 0, qPrintable(console()));
        QVERIFY(!button("scriptKeep")->isEnabled());
        QVERIFY2(console().contains(QStringLiteral("as rollout #%1").arg(keptId_)), qPrintable(console()));
        // A fresh connection on the file finds it, with the frames of the episode.
        const auto list = freshRollouts();
        QCOMPARE(list.size(), before + 1);
        const auto it = std::find_if(list.begin(), list.end(), [&](const auto& s) { return s.id == keptId_; });
        QVERIFY(it != list.end());
        QVERIFY2(QString::fromStdString(it->source).startsWith(QStringLiteral("script:random.lua 20")), it->source.c_str());
        QCOMPARE(it->kind, core::RolloutKind::Agent);
        QCOMPARE(it->frames, kSteps);
        catalog::Catalog fresh(db_.toStdString());
        const auto stored = fresh.rollout(keptId_);
        QVERIFY(stored.has_value());
        compareRollouts(*stored, rerunRandomLua(*wb_->context().data().task(taskId_)));
    }

    void randomAgentEpisodeIsStoredInTheCatalog() {
        const auto before = freshRollouts().size();
        QTest::mouseClick(button("recordRandom"), Qt::LeftButton);
        recordedId_ = wb_->context().selection().rolloutId();
        QVERIFY(recordedId_ > 0);
        QVERIFY(recordedId_ != keptId_);
        auto* status = child<QLabel>("recordStatus");
        QVERIFY2(status->text().contains(QStringLiteral("#%1").arg(recordedId_)), qPrintable(status->text()));
        const auto list = freshRollouts();
        QCOMPARE(list.size(), before + 1);
        const auto it = std::find_if(list.begin(), list.end(), [&](const auto& s) { return s.id == recordedId_; });
        QVERIFY(it != list.end());
        QVERIFY2(QString::fromStdString(it->source).startsWith(QStringLiteral("random-agent:seed=1 20")), it->source.c_str());
        catalog::Catalog fresh(db_.toStdString());
        core::RandomEpisodeOptions o;
        o.seed = 1;
        compareRollouts(*fresh.rollout(recordedId_), core::recordRandomEpisode(*wb_->context().data().task(taskId_), o));
    }

    void reopenedCatalogListsThem() {
        QString error;
        QVERIFY2(wb_->openData(db_, &error), qPrintable(error));  // a new connection on the file
        QVERIFY2(wb_->selectTask(taskId_, &error), qPrintable(error));
        for (qint64 id : {keptId_, recordedId_}) {
            QVERIFY(id > 0);
            const int row = combo()->findData(QVariant::fromValue<qint64>(id));
            QVERIFY2(row >= 0, qPrintable(QString::number(id)));
            QVERIFY(combo()->itemText(row).startsWith(QStringLiteral("#%1 agent").arg(id)));
            QVERIFY(!combo()->itemText(row).contains(QStringLiteral("unsaved")));
        }
    }

    void aFailedStoreIsReportedNotKept() {
        // Another connection holds the write lock: the stores fail after the busy timeout (5 s).
        QVERIFY(runRandomLua());
        const auto before = freshRollouts().size();
        const qint64 selected = wb_->context().selection().rolloutId();
        const int errors = wb_->context().log().count(QStringLiteral("cannot store the rollout"));
        {
            catalog::Catalog other(db_.toStdString());
            other.transaction([&] {
                other.setNote(taskId_.toStdString(), "locked by another writer");
                QTest::mouseClick(button("scriptKeep"), Qt::LeftButton);
                QTest::mouseClick(button("recordRandom"), Qt::LeftButton);
            });
            other.setNote(taskId_.toStdString(), "");
        }
        QCOMPARE(freshRollouts().size(), before);
        QCOMPARE(wb_->context().selection().rolloutId(), selected);  // nothing presented as kept
        QCOMPARE(wb_->context().log().count(QStringLiteral("cannot store the rollout")), errors + 2);
        // Script dock: a red line naming the catalog; Keep enabled again, the episode still there.
        QVERIFY2(console().contains(QStringLiteral("not stored")) && console().contains(db_), qPrintable(console()));
        QVERIFY(button("scriptKeep")->isEnabled());
        // Playback dock: its status line in red, naming the catalog.
        auto* status = child<QLabel>("recordStatus");
        QVERIFY2(status->text().contains(QStringLiteral("not stored")) && status->text().contains(db_), qPrintable(status->text()));
        QVERIFY(status->styleSheet().contains(QStringLiteral("color")));
        // The lock gone, Keep again stores the same episode.
        QTest::mouseClick(button("scriptKeep"), Qt::LeftButton);
        const qint64 id = wb_->context().selection().rolloutId();
        QVERIFY2(id > 0 && id != selected, qPrintable(console()));
        QCOMPARE(freshRollouts().size(), before + 1);
        catalog::Catalog fresh(db_.toStdString());
        compareRollouts(*fresh.rollout(id), rerunRandomLua(*wb_->context().data().task(taskId_)));
    }

    void taskListRolloutsAreLabelledUnsaved() {
        QString error;
        QVERIFY2(wb_->openData(QStringLiteral(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"), &error), qPrintable(error));
        taskId_ = wb_->context().data().tasks().front().id;
        QVERIFY2(wb_->selectTask(taskId_, &error), qPrintable(error));
        QTest::mouseClick(button("recordRandom"), Qt::LeftButton);
        const qint64 id = wb_->context().selection().rolloutId();
        QVERIFY(id < 0);
        QVERIFY2(child<QLabel>("recordStatus")->text().contains(QStringLiteral("NOT saved")),
                 qPrintable(child<QLabel>("recordStatus")->text()));
        QVERIFY2(combo()->currentText().startsWith(QStringLiteral("unsaved")), qPrintable(combo()->currentText()));
        QVERIFY(runRandomLua());
        QTest::mouseClick(button("scriptKeep"), Qt::LeftButton);
        QVERIFY(wb_->context().selection().rolloutId() < 0);
        QVERIFY2(console().contains(QStringLiteral("NOT saved")), qPrintable(console()));
        QVERIFY(combo()->currentText().startsWith(QStringLiteral("unsaved")));
    }
};

IGLU_GUI_TEST_MAIN(TestRolloutStorage)
#include "test_rollout_storage.moc"

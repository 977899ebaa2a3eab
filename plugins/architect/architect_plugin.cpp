#include "architect_plugin.hpp"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QScrollArea>
#include <QTabWidget>

#include "core/rollout/step_recorder.hpp"
#include "core/util/resource_dirs.hpp"
#include "widgets/ab_panel.hpp"
#include "widgets/architect_panel.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/data_service.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/selection.hpp"
#include "workbench/api/shell.hpp"
#include "workbench/api/viewer_service.hpp"

namespace iglu::plugins {

namespace {
const QString kSource = QStringLiteral("architect");

// A tab of the dock: scrolls, and asks for no more width than a side dock has (the A/B tab's two
// views would otherwise widen the whole right dock area and shrink the 3D view at first start).
class DockScrollArea : public QScrollArea {
public:
    QSize sizeHint() const override { return QScrollArea::sizeHint().boundedTo(QSize(360, 600)); }
};
}  // namespace

bool ArchitectPlugin::initialize(workbench::PluginContext& context, QString*) {
    context_ = &context;
    const QString examples = QString::fromStdString(core::resourceDir("examples"));
    panel_ = new architect::ArchitectPanel(examples);
    abPanel_ = new architect::AbPanel(examples);
    // Each tab in a scroll area: the panels' natural size must not force the window larger or wider.
    const auto scrolled = [](QWidget* w) {
        auto* scroll = new DockScrollArea;
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(w);
        return scroll;
    };
    auto* tabs = new QTabWidget;
    tabs->setObjectName(QStringLiteral("architect.tabs"));
    tabs->addTab(scrolled(panel_), tr("Session"));
    tabs->addTab(scrolled(abPanel_), tr("A/B"));
    dock_ = context.shell().addDock(QStringLiteral("architect"), tr("Architect"), tabs, Qt::RightDockWidgetArea);
    connect(abPanel_, &architect::AbPanel::endRequested, this, &ArchitectPlugin::endComparison);

    connect(&context.selection(), &workbench::Selection::taskChanged, this, &ArchitectPlugin::followTask);
    connect(&context.data(), &workbench::DataService::opened, this, &ArchitectPlugin::followTask);
    connect(&panel_->driver(), &architect::ArchitectDriver::changed, this, &ArchitectPlugin::showInViewer);
    connect(panel_, &architect::ArchitectPanel::endRequested, this, &ArchitectPlugin::endSession);
    connect(panel_, &architect::ArchitectPanel::retryStoreRequested, this, &ArchitectPlugin::storeEnded);
    connect(panel_, &architect::ArchitectPanel::exportRequested, this, &ArchitectPlugin::exportEnded);
    buildMenu();
    context.shell().addCloseGuard(panel_, [this] { return maybeStoreBeforeClose(); });
    followTask();
    return true;
}

bool ArchitectPlugin::maybeStoreBeforeClose() {
    const auto unstored = [](const architect::ArchitectDriver& d) {
        return d.endedUnstored() || (d.session() != nullptr && !d.session()->ended() && !d.session()->turns().empty());
    };
    const auto ask = [this](const QString& what) {
        return QMessageBox::question(dock_, tr("Architect session not stored"),
                                     tr("Store %1 in the catalog before closing?").arg(what),
                                     QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    };
    if (unstored(panel_->driver())) {
        const auto answer = ask(tr("the architect session (%1 turns)").arg(panel_->driver().session()->turns().size()));
        if (answer == QMessageBox::Cancel) return false;
        if (answer == QMessageBox::Save) {
            if (panel_->driver().endedUnstored()) storeEnded();
            else endSession();
            if (panel_->driver().state() != architect::ArchitectDriver::State::Ended || panel_->driver().endedUnstored())
                return false;  // refused or failed: the dock says why, the session is kept
        }
    }
    auto& ab = abPanel_->comparison();
    if (ab.endedUnstored() ||
        (ab.started() && !ab.ended() && (unstored(ab.side(architect::Side::A)) || unstored(ab.side(architect::Side::B))))) {
        const auto answer = ask(tr("the A/B comparison (both sessions%1)").arg(ab.judgement() ? tr(" and your pick") : QString()));
        if (answer == QMessageBox::Cancel) return false;
        if (answer == QMessageBox::Save) {
            ab.stop();
            endComparison();
            if (!ab.ended() || ab.endedUnstored()) return false;
        }
    }
    return true;
}

void ArchitectPlugin::buildMenu() {
    QMenu* menu = context_->shell().menu(tr("&Architect"));
    auto* start = menu->addAction(tr("Start a Session on the Current Task"));
    start->setObjectName(QStringLiteral("architect.startSession"));
    connect(start, &QAction::triggered, this, [this] {
        dock_->show();
        dock_->raise();
        panel_->startSession();
    });
    auto* stop = menu->addAction(tr("Stop the Turn"), &panel_->driver(), &architect::ArchitectDriver::stop);
    stop->setObjectName(QStringLiteral("architect.stopTurn"));
    auto* undo = menu->addAction(tr("Undo the Last Turn"), &panel_->driver(), &architect::ArchitectDriver::undo);
    undo->setObjectName(QStringLiteral("architect.undoTurn"));
    auto* end = menu->addAction(tr("End and Store the Session"), this, &ArchitectPlugin::endSession);
    end->setObjectName(QStringLiteral("architect.endSession"));
}

void ArchitectPlugin::followTask() {
    const QString id = context_->selection().taskId();
    const auto task = id.isEmpty() ? std::nullopt : context_->data().task(id);
    panel_->setTask(task);
    abPanel_->setTask(task);
}

void ArchitectPlugin::showInViewer() {
    const auto* session = panel_->driver().session();
    auto* viewer = context_->service<workbench::ViewerService>();
    if (session == nullptr || viewer == nullptr) return;
    // Only while the selection is the session's task: selecting another task shows that one.
    if (context_->selection().taskId().toStdString() != session->task().id) return;
    const auto& env = session->environment();
    const QString state = QString::fromLatin1(architect::stateName(panel_->driver().state()));
    const std::optional<core::Belief> belief = session->currentBelief();
    viewer->showLive(session->task().target, env.grid(), core::StepRecorder::poseOf(env),
                     tr("%1  |  architect session with %2  |  turn %3 (%4)  |  F1 %5")
                         .arg(QString::fromStdString(session->task().id), QString::fromStdString(session->agentName()))
                         .arg(session->turns().size())
                         .arg(state)
                         .arg(session->f1(), 0, 'f', 3),
                     belief ? &*belief : nullptr);
}

QString ArchitectPlugin::whyNotStorable() const {
    const auto& data = context_->data();
    if (!data.isOpen()) return tr("no catalog is open");
    if (data.inMemory())
        return tr("%1 is a task list held in memory (read-only): open a catalog file (`iglu import ... --db FILE`) to store sessions")
            .arg(data.path());
    if (data.isReadOnly()) return tr("the catalog %1 is read-only").arg(data.path());
    return {};
}

void ArchitectPlugin::endSession() {
    auto& driver = panel_->driver();
    if (driver.session() == nullptr || driver.state() == architect::ArchitectDriver::State::Ended) return;
    if (const QString why = whyNotStorable(); !why.isEmpty()) {
        const QString text = tr("Cannot store the session: %1. The session stays open.").arg(why);
        context_->log().warning(kSource, text);
        panel_->showMessage(text, false);
        driver.addNote(architect::DialogueLine::Kind::Failure, text);
        return;
    }
    driver.end();
    storeEnded();
}

void ArchitectPlugin::storeEnded() {
    auto& driver = panel_->driver();
    if (!driver.endedUnstored()) return;
    auto& store = context_->data().architect();
    const auto id = driver.storeEnded([&store](const catalog::ArchitectSessionRecord& r) { return store.put(r); });
    if (!id) {
        const QString text = tr("The session ended but could not be stored in %1; it is kept here: Retry Store, or Export to File…")
                                 .arg(context_->data().path());
        context_->log().error(kSource, text + QStringLiteral(" (") + driver.dialogue().back().text + QStringLiteral(")"));
        panel_->showMessage(text, false);
        return;
    }
    const QString text = tr("Session stored as #%1 in %2 (%3 turns): `iglu sessions show %1 --db %2`")
                             .arg(*id)
                             .arg(context_->data().path())
                             .arg(driver.session()->turns().size());
    context_->log().info(kSource, text);
    panel_->showMessage(text, true);
}

void ArchitectPlugin::exportEnded() {
    auto& driver = panel_->driver();
    if (!driver.endedUnstored()) return;
    const QString path = QFileDialog::getSaveFileName(dock_, tr("Export the Architect Session"),
                                                      QDir::home().filePath(QStringLiteral("architect-session.db")),
                                                      tr("Catalog files (*.db);;All files (*)"));
    if (path.isEmpty()) return;
    try {
        const std::int64_t id = architect::exportSession(path, *driver.end());
        const QString text = tr("Session exported as #%1 to %2: `iglu sessions show %1 --db %2` (it is still not in %3)")
                                 .arg(id)
                                 .arg(path, context_->data().path());
        context_->log().info(kSource, text);
        panel_->showMessage(text, true);
        driver.addNote(architect::DialogueLine::Kind::Status, text);
    } catch (const std::exception& e) {
        const QString text = tr("Cannot export the session to %1: %2").arg(path, QString::fromUtf8(e.what()));
        context_->log().error(kSource, text);
        panel_->showMessage(text, false);
    }
}

void ArchitectPlugin::endComparison() {
    auto& ab = abPanel_->comparison();
    if (!ab.started() || (ab.ended() && !ab.endedUnstored()) || ab.running()) return;
    if (const QString why = whyNotStorable(); !why.isEmpty()) {
        const QString text = tr("Cannot store the comparison: %1. Both sessions stay open.").arg(why);
        context_->log().warning(kSource, text);
        abPanel_->showMessage(text, false);
        return;
    }
    try {
        std::pair<std::int64_t, std::int64_t> ids;
        context_->data().architect().transaction(QString::fromStdString(ab.side(architect::Side::A).session()->task().id),
                                                 [&](catalog::Catalog& cat) { ids = ab.endAndStore(cat); });
        ab.markStored();
        const auto [a, b] = ids;
        const QString text = tr("Sessions stored as #%1 (A) and #%2 (B) in %3%4")
                                 .arg(a)
                                 .arg(b)
                                 .arg(context_->data().path(),
                                      ab.judgement() ? tr(", the pick as human feedback (`iglu experiments feedback`)") : tr(", no pick made"));
        context_->log().info(kSource, text);
        abPanel_->showMessage(text, true);
    } catch (const std::exception& e) {
        const QString text = tr("The comparison could not be stored: %1. Both sessions and the pick are kept here: "
                                "End & Store Both tries again.")
                                 .arg(QString::fromUtf8(e.what()));
        context_->log().error(kSource, text);
        abPanel_->showMessage(text, false);
    }
}

}  // namespace iglu::plugins

#include "widgets/session_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "workbench/api/catalog_services.hpp"
#include "workbench/api/guarded_emit.hpp"

namespace iglu::plugins::dataset {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
}

SessionView::SessionView(const workbench::ArchitectStore& store, QWidget* parent) : QWidget(parent), store_(store) {
    setObjectName(QStringLiteral("dataset.sessionView"));
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal, this);
    list_ = new QListWidget(split);
    list_->setObjectName(QStringLiteral("dataset.sessions"));
    list_->setToolTip(tr("Architect sessions stored in the open catalog (Architect dock, `iglu talk`): select one to replay it"));
    auto* right = new QWidget(split);
    auto* col = new QVBoxLayout(right);
    col->setContentsMargins(0, 0, 0, 0);
    summary_ = new QLabel(tr("Select a session to replay it turn by turn"), right);
    summary_->setObjectName(QStringLiteral("dataset.turnSummary"));
    summary_->setWordWrap(true);
    dialogue_ = new QTextBrowser(right);
    dialogue_->setObjectName(QStringLiteral("dataset.sessionDialogue"));
    auto* nav = new QHBoxLayout;
    previous_ = new QPushButton(tr("◀ Previous Turn"), right);
    previous_->setObjectName(QStringLiteral("dataset.previousTurn"));
    next_ = new QPushButton(tr("Next Turn ▶"), right);
    next_->setObjectName(QStringLiteral("dataset.nextTurn"));
    turnLabel_ = new QLabel(right);
    turnLabel_->setObjectName(QStringLiteral("dataset.turnLabel"));
    step_ = new QSlider(Qt::Horizontal, right);
    step_->setObjectName(QStringLiteral("dataset.turnStep"));
    step_->setToolTip(tr("The turn's rollout step by step (the Playback dock plays it too)"));
    stepLabel_ = new QLabel(right);
    stepLabel_->setObjectName(QStringLiteral("dataset.stepLabel"));
    nav->addWidget(previous_);
    nav->addWidget(turnLabel_);
    nav->addWidget(next_);
    nav->addWidget(step_, 1);
    nav->addWidget(stepLabel_);
    col->addWidget(summary_);
    col->addWidget(dialogue_, 1);
    col->addLayout(nav);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    layout->addWidget(split);
    connect(list_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item != nullptr) openSession(item->data(kIdRole).toLongLong());
    });
    connect(previous_, &QPushButton::clicked, this, &SessionView::previousTurn);
    connect(next_, &QPushButton::clicked, this, &SessionView::nextTurn);
    connect(step_, &QSlider::valueChanged, this, [this](int step) {
        updateStepLabel();
        emit stepChosen(step);
    });
    showTurn();
}

void SessionView::requery() {
    const std::int64_t shown = replay_ ? replay_->session().id : 0;
    std::vector<catalog::ArchitectSessionSummary> sessions;
    workbench::runGuarded([&] { sessions = store_.sessions(); },
                          [this](const QString& message) { emit readFailed(message); });
    {
        const QSignalBlocker block(list_);
        list_->clear();
        for (const auto& s : sessions) {
            auto* item = new QListWidgetItem(QString::fromStdString(sessionLabel(s)), list_);
            item->setData(kIdRole, static_cast<qlonglong>(s.id));
            if (s.id == shown) list_->setCurrentItem(item);
        }
    }
    if (shown != 0 && list_->currentItem() == nullptr) {  // gone (other data open)
        replay_.reset();
        showTurn();
    }
}

bool SessionView::openSession(std::int64_t id) {
    std::optional<catalog::ArchitectSessionRecord> record;
    QString error;
    workbench::runGuarded([&] { record = store_.session(id); },
                          [&](const QString& message) {
                              error = message;
                              emit readFailed(message);
                          });
    if (!record) {
        replay_.reset();
        showTurn();
        summary_->setText(error.isEmpty() ? tr("Session #%1 is not in %2").arg(id).arg(store_.path()) : error);
        return false;
    }
    replay_ = std::make_unique<SessionReplay>(std::move(*record));
    for (int row = 0; row < list_->count(); ++row)
        if (list_->item(row)->data(kIdRole).toLongLong() == id && list_->currentRow() != row) {
            const QSignalBlocker block(list_);
            list_->setCurrentRow(row);
        }
    showTurn();
    return true;
}

void SessionView::nextTurn() {
    if (replay_ && replay_->next()) showTurn();
}

void SessionView::previousTurn() {
    if (replay_ && replay_->previous()) showTurn();
}

void SessionView::showTurn() {
    previous_->setEnabled(replay_ && !replay_->atFirst());
    next_->setEnabled(replay_ && !replay_->atLast());
    step_->setEnabled(replay_ && replay_->steps() > 0);
    if (!replay_) {
        dialogue_->clear();
        turnLabel_->clear();
        const QSignalBlocker block(step_);
        step_->setRange(0, 0);
        updateStepLabel();
        return;
    }
    const auto& s = replay_->session();
    summary_->setText(tr("Session #%1 on %2 with %3: %4")
                          .arg(s.id)
                          .arg(QString::fromStdString(s.taskId), QString::fromStdString(s.agent),
                               QString::fromStdString(replay_->turnSummary())));
    turnLabel_->setText(replay_->turnCount() == 0 ? tr("no turns")
                                                  : tr("turn %1 / %2").arg(replay_->turn() + 1).arg(replay_->turnCount()));
    dialogue_->setHtml(replayHtml(replay_->dialogueUpToTurn(), static_cast<int>(replay_->turn())));
    dialogue_->scrollToAnchor(QStringLiteral("current"));
    {
        const QSignalBlocker block(step_);
        step_->setRange(0, static_cast<int>(replay_->steps()));
        step_->setValue(0);
    }
    updateStepLabel();
    emit turnShown(QString::fromStdString(s.taskId), replay_->rolloutId(), 0);
}

void SessionView::followStep(qint64 rolloutId, int step) {
    if (!replay_ || rolloutId == 0 || rolloutId != replay_->rolloutId() || step == step_->value()) return;
    const QSignalBlocker block(step_);
    step_->setValue(step);
    updateStepLabel();
}

void SessionView::updateStepLabel() {
    stepLabel_->setText(tr("step %1 / %2").arg(step_->value()).arg(step_->maximum()));
}

}  // namespace iglu::plugins::dataset

#include "widgets/architect_panel.hpp"

#include "widgets/agent_chooser.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace iglu::plugins::architect {

namespace {

QPushButton* button(const QString& text, const QString& id, QWidget* parent) {
    auto* b = new QPushButton(text, parent);
    b->setObjectName(id);
    return b;
}

QString fixed(double v) { return QString::number(v, 'f', 3); }

}  // namespace

ArchitectPanel::ArchitectPanel(const QString& examplesDir, QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("architectPanel"));
    auto* layout = new QVBoxLayout(this);
    taskLabel_ = new QLabel(tr("No task selected"), this);
    taskLabel_->setObjectName(QStringLiteral("architect.task"));
    taskLabel_->setWordWrap(true);
    layout->addWidget(taskLabel_);
    layout->addWidget(buildAgentRow(examplesDir));
    dialogue_ = new QTextBrowser(this);
    dialogue_->setObjectName(QStringLiteral("architect.dialogue"));
    dialogue_->setMinimumHeight(120);
    layout->addWidget(dialogue_, 1);
    layout->addWidget(buildInputRow());
    layout->addWidget(buildControlRow());
    scores_ = new QLabel(this);
    scores_->setObjectName(QStringLiteral("architect.scores"));
    scores_->setWordWrap(true);
    layout->addWidget(scores_);
    layout->addWidget(buildRatingRow(tr("Last turn"), turnRating_, turnComment_, QStringLiteral("turn")));
    layout->addWidget(buildRatingRow(tr("Session"), sessionRating_, sessionComment_, QStringLiteral("session")));
    message_ = new QLabel(this);
    message_->setObjectName(QStringLiteral("architect.message"));
    message_->setWordWrap(true);
    layout->addWidget(message_);
    auto* keep = new QHBoxLayout;
    retry_ = button(tr("Retry Store"), QStringLiteral("architect.retryStore"), this);
    retry_->setToolTip(tr("Store the ended session in the open catalog again"));
    export_ = button(tr("Export to File…"), QStringLiteral("architect.export"), this);
    export_->setToolTip(tr("Write the ended session into a catalog file of its own (`iglu sessions show ID --db FILE`)"));
    keep->addWidget(retry_);
    keep->addWidget(export_);
    keep->addStretch(1);
    layout->addLayout(keep);
    connect(retry_, &QPushButton::clicked, this, &ArchitectPanel::retryStoreRequested);
    connect(export_, &QPushButton::clicked, this, &ArchitectPanel::exportRequested);
    connect(&driver_, &ArchitectDriver::changed, this, &ArchitectPanel::refresh);
    connect(&driver_, &ArchitectDriver::turnStarted, this, &ArchitectPanel::refresh);
    refresh();
}

QWidget* ArchitectPanel::buildAgentRow(const QString& examplesDir) {
    auto* w = new QWidget(this);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    agents_ = new AgentChooser(examplesDir, QStringLiteral("architect"), w);
    start_ = button(tr("Start Session"), QStringLiteral("architect.start"), w);
    row->addWidget(new QLabel(tr("Agent:"), w), 0, Qt::AlignTop);
    row->addWidget(agents_, 1);
    row->addWidget(start_, 0, Qt::AlignTop);
    connect(start_, &QPushButton::clicked, this, &ArchitectPanel::startSession);
    return w;
}

QWidget* ArchitectPanel::buildInputRow() {
    auto* w = new QWidget(this);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    instruction_ = new QLineEdit(w);
    instruction_->setObjectName(QStringLiteral("architect.instruction"));
    instruction_->setPlaceholderText(tr("Instruction for the builder (Return says it)"));
    say_ = button(tr("Say"), QStringLiteral("architect.say"), w);
    row->addWidget(instruction_, 1);
    row->addWidget(say_);
    connect(instruction_, &QLineEdit::returnPressed, this, &ArchitectPanel::say);
    connect(say_, &QPushButton::clicked, this, &ArchitectPanel::say);
    return w;
}

QWidget* ArchitectPanel::buildControlRow() {
    auto* w = new QWidget(this);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    stop_ = button(tr("Stop"), QStringLiteral("architect.stop"), w);
    undo_ = button(tr("Undo Turn"), QStringLiteral("architect.undo"), w);
    end_ = button(tr("End Session"), QStringLiteral("architect.end"), w);
    row->addWidget(stop_);
    row->addWidget(undo_);
    row->addStretch(1);
    row->addWidget(end_);
    connect(stop_, &QPushButton::clicked, &driver_, &ArchitectDriver::stop);
    connect(undo_, &QPushButton::clicked, &driver_, &ArchitectDriver::undo);
    connect(end_, &QPushButton::clicked, this, &ArchitectPanel::endRequested);
    return w;
}

QWidget* ArchitectPanel::buildRatingRow(const QString& what, QSpinBox*& rating, QLineEdit*& comment, const QString& id) {
    auto* w = new QWidget(this);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    rating = new QSpinBox(w);
    rating->setObjectName(QStringLiteral("architect.%1Rating").arg(id));
    rating->setRange(1, 5);
    rating->setValue(3);
    comment = new QLineEdit(w);
    comment->setObjectName(QStringLiteral("architect.%1Comment").arg(id));
    comment->setPlaceholderText(tr("comment"));
    auto* rate = button(tr("Rate"), QStringLiteral("architect.rate%1").arg(id == QStringLiteral("turn") ? QStringLiteral("Turn") : QStringLiteral("Session")), w);
    row->addWidget(new QLabel(what, w));
    row->addWidget(rating);
    row->addWidget(comment, 1);
    row->addWidget(rate);
    const bool turn = id == QStringLiteral("turn");
    connect(rate, &QPushButton::clicked, this, [this, turn, rating, comment] {
        const bool ok = turn ? driver_.rateLastTurn(rating->value(), comment->text()) : driver_.rateSession(rating->value(), comment->text());
        if (ok) comment->clear();
    });
    return w;
}

void ArchitectPanel::setTask(std::optional<core::Task> task) {
    task_ = std::move(task);
    taskLabel_->setText(task_ ? tr("Task %1: %2").arg(QString::fromStdString(task_->id), QString::fromStdString(task_->instruction).left(200))
                              : tr("No task selected"));
    refresh();
}

AgentSpec ArchitectPanel::chosenAgent() const { return agents_->chosen(); }

bool ArchitectPanel::startSession() {
    if (!task_) {
        showMessage(tr("Select a task first: the session starts on its start world"), false);
        return false;
    }
    showMessage({}, true);
    ::iglu::architect::SessionOptions o;
    o.env.actionSpace = core::ActionSpace::Flying;
    const bool ok = driver_.start(*task_, chosenAgent(), o);
    if (ok) instruction_->setFocus();
    return ok;
}

void ArchitectPanel::say() {
    if (driver_.say(instruction_->text())) instruction_->clear();
}

void ArchitectPanel::showMessage(const QString& text, bool ok) {
    message_->setText(text);
    message_->setStyleSheet(ok ? QString() : QStringLiteral("color: #c01c28"));
}

QString ArchitectPanel::scoresText() const {
    const auto* s = driver_.session();
    if (s == nullptr) return tr("No session");
    QString text = tr("Session (%1, %2 turns): F1 %3, IGLU-2022 F1 %4")
                       .arg(QString::fromLatin1(stateName(driver_.state())))
                       .arg(s->turns().size())
                       .arg(fixed(s->f1()), fixed(s->iglu2022F1()));
    if (!s->turns().empty()) {
        const auto& t = s->turns().back();
        if (t.end == ::iglu::architect::TurnEnd::Running)
            text += tr("\nTurn %1: building, %2 steps").arg(s->turns().size()).arg(t.actions.size());
        else
            text += tr("\nTurn %1: F1 %2, IGLU-2022 F1 %3, belief F1 %4")
                        .arg(s->turns().size())
                        .arg(fixed(t.f1), fixed(t.iglu2022F1), t.predictionF1 ? fixed(*t.predictionF1) : QStringLiteral("–"));
    }
    return text;
}

void ArchitectPanel::refresh() {
    using S = ArchitectDriver::State;
    const S state = driver_.state();
    const bool live = state != S::NoSession && state != S::Ended;
    start_->setEnabled(task_.has_value() && state != S::Running);
    say_->setText(state == S::AwaitingAnswer ? tr("Answer") : tr("Say"));
    say_->setEnabled(live);
    instruction_->setEnabled(live);
    stop_->setEnabled(state == S::Running);
    end_->setEnabled(live);
    if (driver_.busy()) {  // the agent is thinking on the worker: nothing of the session is read meanwhile
        undo_->setEnabled(true);
        retry_->setVisible(false);
        export_->setVisible(false);
        return;
    }
    undo_->setEnabled(live && !driver_.session()->turns().empty());
    const bool unstored = state == S::Ended && driver_.endedUnstored();
    retry_->setVisible(unstored);
    export_->setVisible(unstored);
    scores_->setText(scoresText());
    dialogue_->setHtml(dialogueHtml(driver_.dialogue()));
    dialogue_->verticalScrollBar()->setValue(dialogue_->verticalScrollBar()->maximum());
}

}  // namespace iglu::plugins::architect

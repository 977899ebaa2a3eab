#include "widgets/ab_panel.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/rollout/step_recorder.hpp"
#include "viewers/qt/zone_view.hpp"
#include "widgets/agent_chooser.hpp"

namespace iglu::plugins::architect {

namespace {

QPushButton* button(const QString& text, const QString& id, QWidget* parent) {
    auto* b = new QPushButton(text, parent);
    b->setObjectName(id);
    return b;
}

QString sideName(Side s) { return s == Side::A ? QStringLiteral("A") : QStringLiteral("B"); }

}  // namespace

AbPanel::AbPanel(const QString& examplesDir, QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("architectAbPanel"));
    auto* layout = new QVBoxLayout(this);
    auto* columns = new QHBoxLayout;
    columns->addWidget(buildColumn(Side::A, examplesDir), 1);
    columns->addWidget(buildColumn(Side::B, examplesDir), 1);
    layout->addLayout(columns, 1);
    layout->addWidget(buildControls());
    layout->addWidget(buildJudgement());
    message_ = new QLabel(this);
    message_->setObjectName(QStringLiteral("architect.abMessage"));
    message_->setWordWrap(true);
    layout->addWidget(message_);
    connect(&ab_, &AbSession::changed, this, &AbPanel::refresh);
    refresh();
}

QWidget* AbPanel::buildColumn(Side side, const QString& examplesDir) {
    auto* w = new QWidget(this);
    auto* col = new QVBoxLayout(w);
    col->setContentsMargins(0, 0, 0, 0);
    Column& c = columns_[side == Side::A ? 0 : 1];
    const QString id = QStringLiteral("architect.ab") + sideName(side);
    col->addWidget(new QLabel(tr("Agent %1:").arg(sideName(side)), w));
    c.agent = new AgentChooser(examplesDir, id, w);
    col->addWidget(c.agent);
    c.view = new viewers::ZoneView(w);
    c.view->setObjectName(id + QStringLiteral(".view"));
    c.view->setMinimumSize(200, 160);
    c.view->setGhost(true);
    col->addWidget(c.view, 2);
    c.dialogue = new QTextBrowser(w);
    c.dialogue->setObjectName(id + QStringLiteral(".dialogue"));
    col->addWidget(c.dialogue, 1);
    c.scores = new QLabel(w);
    c.scores->setObjectName(id + QStringLiteral(".scores"));
    c.scores->setWordWrap(true);
    col->addWidget(c.scores);
    return w;
}

QWidget* AbPanel::buildControls() {
    auto* w = new QWidget(this);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    start_ = button(tr("Start A/B"), QStringLiteral("architect.abStart"), w);
    instruction_ = new QLineEdit(w);
    instruction_->setObjectName(QStringLiteral("architect.abInstruction"));
    instruction_->setPlaceholderText(tr("Instruction for both builders (Return says it)"));
    say_ = button(tr("Say to Both"), QStringLiteral("architect.abSay"), w);
    stop_ = button(tr("Stop"), QStringLiteral("architect.abStop"), w);
    undo_ = button(tr("Undo Turn"), QStringLiteral("architect.abUndo"), w);
    for (QWidget* x : {static_cast<QWidget*>(start_), static_cast<QWidget*>(instruction_), static_cast<QWidget*>(say_),
                       static_cast<QWidget*>(stop_), static_cast<QWidget*>(undo_)})
        row->addWidget(x, x == instruction_ ? 1 : 0);
    const auto say = [this] {
        if (ab_.say(instruction_->text())) instruction_->clear();
    };
    connect(start_, &QPushButton::clicked, this, &AbPanel::startComparison);
    connect(instruction_, &QLineEdit::returnPressed, this, say);
    connect(say_, &QPushButton::clicked, this, say);
    connect(stop_, &QPushButton::clicked, &ab_, &AbSession::stop);
    connect(undo_, &QPushButton::clicked, &ab_, &AbSession::undo);
    return w;
}

QWidget* AbPanel::buildJudgement() {
    auto* w = new QWidget(this);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    pickA_ = new QRadioButton(tr("A is better"), w);
    pickA_->setObjectName(QStringLiteral("architect.abPickA"));
    pickA_->setChecked(true);
    auto* pickB = new QRadioButton(tr("B is better"), w);
    pickB->setObjectName(QStringLiteral("architect.abPickB"));
    reason_ = new QLineEdit(w);
    reason_->setObjectName(QStringLiteral("architect.abReason"));
    reason_->setPlaceholderText(tr("why (required)"));
    choose_ = button(tr("Choose"), QStringLiteral("architect.abChoose"), w);
    end_ = button(tr("End && Store Both"), QStringLiteral("architect.abEnd"), w);
    row->addWidget(pickA_);
    row->addWidget(pickB);
    row->addWidget(reason_, 1);
    row->addWidget(choose_);
    row->addWidget(end_);
    connect(choose_, &QPushButton::clicked, this, [this] {
        const Side s = pickA_->isChecked() ? Side::A : Side::B;
        if (ab_.choose(s, reason_->text()))
            showMessage(tr("%1 chosen as better: %2").arg(sideName(s), reason_->text().trimmed()), true);
        else
            showMessage(tr("Choose after a finished turn on both sides, and say why"), false);
    });
    connect(end_, &QPushButton::clicked, this, &AbPanel::endRequested);
    return w;
}

void AbPanel::setTask(std::optional<core::Task> task) {
    task_ = std::move(task);
    refresh();
}

bool AbPanel::startComparison() {
    if (!task_) {
        showMessage(tr("Select a task first: both sessions start on its start world"), false);
        return false;
    }
    showMessage({}, true);
    ::iglu::architect::SessionOptions o;
    o.env.actionSpace = core::ActionSpace::Flying;
    return ab_.start(*task_, columns_[0].agent->chosen(), columns_[1].agent->chosen(), o);
}

void AbPanel::showMessage(const QString& text, bool ok) {
    message_->setText(text);
    message_->setStyleSheet(ok ? QString() : QStringLiteral("color: #c01c28"));
}

void AbPanel::refreshColumn(Side side) {
    const Column& c = columns_[side == Side::A ? 0 : 1];
    const ArchitectDriver& d = ab_.side(side);
    if (d.busy()) return;  // its agent is thinking on the worker: the column shows the last finished step
    c.dialogue->setHtml(dialogueHtml(d.dialogue()));
    const auto* s = d.session();
    if (s == nullptr) {
        c.scores->setText(tr("No session"));
        c.view->setTarget(task_ ? std::optional<core::Grid>(task_->target) : std::nullopt);
        c.view->setBuilt(task_ ? task_->starting : core::Grid{});
        c.view->setAgent(std::nullopt);
        c.view->setCaption(task_ ? QString::fromStdString(task_->id) : QString());
        return;
    }
    c.scores->setText(tr("%1, %2 turns: F1 %3, IGLU-2022 F1 %4")
                          .arg(QString::fromLatin1(stateName(d.state())))
                          .arg(s->turns().size())
                          .arg(s->f1(), 0, 'f', 3)
                          .arg(s->iglu2022F1(), 0, 'f', 3));
    c.view->setTarget(s->task().target);
    c.view->setBuilt(s->world());
    c.view->setAgent(core::StepRecorder::poseOf(s->environment()));
    c.view->setCaption(tr("%1: %2").arg(sideName(side), QString::fromStdString(s->agentName())));
}

void AbPanel::refresh() {
    refreshColumn(Side::A);
    refreshColumn(Side::B);
    const bool live = ab_.started() && !ab_.ended();
    start_->setEnabled(task_.has_value() && !ab_.running());
    say_->setEnabled(live);
    instruction_->setEnabled(live);
    stop_->setEnabled(ab_.running());
    undo_->setEnabled(live && !ab_.running());
    choose_->setEnabled(live && !ab_.running());
    end_->setEnabled((live || ab_.endedUnstored()) && !ab_.running());  // again after a failed store
}

}  // namespace iglu::plugins::architect

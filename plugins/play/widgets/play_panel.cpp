#include "play_panel.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/env/compass.hpp"
#include "core/pov/pov_renderer.hpp"
#include "logic/play_keys.hpp"
#include "pov_view.hpp"

namespace iglu::plugins::play {

namespace {
constexpr const char* kColourNames[core::kNumColours] = {"blue", "green", "red", "orange", "purple", "yellow"};

QLabel* readout(QWidget* parent, const char* name) {
    auto* l = new QLabel(parent);
    l->setObjectName(QString::fromLatin1(name));
    l->setTextInteractionFlags(Qt::NoTextInteraction);
    return l;
}
}  // namespace

PlayPanel::PlayPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("playPanel"));
    setFocusPolicy(Qt::ClickFocus);
    // The view on top, the readouts and controls below: the dock stays narrow beside the 3D view.
    auto* side = new QVBoxLayout(this);
    side->setContentsMargins(4, 4, 4, 4);
    pov_ = new PovView(this);
    pov_->setToolTip(tr("The agent's view. Click to capture the keys; drag to look; click: place, right click: break"));
    side->addWidget(pov_, 1);
    focusHint_ = readout(this, "playFocusHint");
    focusHint_->setWordWrap(true);
    side->addWidget(focusHint_);
    taskLabel_ = readout(this, "playTask");
    side->addWidget(taskLabel_);

    auto* form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignRight);
    step_ = readout(this, "playStep");
    reward_ = readout(this, "playReward");
    return_ = readout(this, "playReturn");
    intersection_ = readout(this, "playIntersection");
    scores_ = readout(this, "playScores");
    inventory_ = readout(this, "playInventory");
    inventory_->setTextFormat(Qt::RichText);
    done_ = readout(this, "playDone");
    facing_ = readout(this, "playFacing");
    facing_->setToolTip(tr("Yaw 0 faces north (-z), as in the reference environment and the IGLU instructions"));
    form->addRow(tr("Step:"), step_);
    form->addRow(tr("Facing:"), facing_);
    form->addRow(tr("Reward:"), reward_);
    form->addRow(tr("Return:"), return_);
    form->addRow(tr("Max. intersection:"), intersection_);
    form->addRow(tr("vs target:"), scores_);
    form->addRow(tr("Inventory:"), inventory_);
    form->addRow(tr("Done:"), done_);
    side->addLayout(form);

    auto* controls = new QHBoxLayout;
    space_ = new QComboBox(this);
    space_->setObjectName(QStringLiteral("playSpace"));
    space_->addItem(tr("Walking"));
    space_->addItem(tr("Flying"));
    space_->setFocusPolicy(Qt::NoFocus);
    space_->setToolTip(tr("Action space (switching restarts the episode)"));
    reset_ = new QPushButton(tr("Reset"), this);
    reset_->setObjectName(QStringLiteral("playReset"));
    reset_->setFocusPolicy(Qt::NoFocus);
    controls->addWidget(space_);
    controls->addWidget(reset_);
    side->addLayout(controls);

    auto* rec = new QHBoxLayout;
    name_ = new QLineEdit(QStringLiteral("player"), this);
    name_->setObjectName(QStringLiteral("playName"));
    name_->setToolTip(tr("Saved episodes are stored as rollouts with source play:<name>"));
    record_ = new QPushButton(tr("Save Episode"), this);
    record_->setObjectName(QStringLiteral("playRecord"));
    record_->setFocusPolicy(Qt::NoFocus);
    record_->setToolTip(tr("Store the episode played so far as a rollout of this task (replay it in the Playback dock)"));
    rec->addWidget(new QLabel(tr("Name:"), this));
    rec->addWidget(name_, 1);
    rec->addWidget(record_);
    side->addLayout(rec);
    recordStatus_ = readout(this, "playRecordStatus");
    recordStatus_->setWordWrap(true);
    side->addWidget(recordStatus_);
    auto* help = new QLabel(QString::fromUtf8(keyHelp()), this);
    help->setWordWrap(true);
    help->setEnabled(false);
    side->addWidget(help);

    connect(pov_, &PovView::command, this, &PlayPanel::apply);
    connect(reset_, &QPushButton::clicked, this, &PlayPanel::reset);
    connect(space_, &QComboBox::activated, this, [this](int index) { setFlying(index == 1); });
    connect(record_, &QPushButton::clicked, this, [this] { emit recordRequested(playerName()); });
    connect(name_, &QLineEdit::returnPressed, this, [this] { setFocus(Qt::OtherFocusReason); });

    setTask(std::nullopt);
}

void PlayPanel::setTask(const std::optional<core::Task>& task) {
    if (task) session_.setTask(*task);
    else session_.clearTask();
    setEnabled(task.has_value());
    taskLabel_->setText(task ? tr("Task %1").arg(QString::fromStdString(task->id)) : tr("No task selected"));
    recordStatus_->clear();
    refresh();
    // No changed(): the 3D view shows a newly selected task's start by itself.
}

QString PlayPanel::playerName() const {
    const QString n = name_->text().trimmed();
    return n.isEmpty() ? QStringLiteral("player") : n;
}

void PlayPanel::setPlayerName(const QString& name) { name_->setText(name); }

void PlayPanel::showRecordResult(const QString& text, bool ok) {
    recordStatus_->setStyleSheet(ok ? QString() : QStringLiteral("color: #c00000;"));
    recordStatus_->setText(text);
}

void PlayPanel::capture() { setFocus(Qt::MouseFocusReason); }

void PlayPanel::apply(Command c) {
    if (!isEnabled()) return;
    if (!session_.apply(c).stepped) return;
    refresh();
    emit changed();
}

void PlayPanel::reset() {
    session_.reset();
    recordStatus_->clear();
    refresh();
    emit changed();
}

void PlayPanel::setFlying(bool flying) {
    const auto space = flying ? core::ActionSpace::Flying : core::ActionSpace::Walking;
    if (space_->currentIndex() != (flying ? 1 : 0)) space_->setCurrentIndex(flying ? 1 : 0);
    if (session_.options().actionSpace == space) return;
    session_.setActionSpace(space);
    recordStatus_->clear();
    refresh();
    emit flyingChanged(flying);
    emit changed();
}

bool PlayPanel::event(QEvent* event) {
    // Our keys beat the application's single-key shortcuts while the panel has the keys.
    if (event->type() == QEvent::ShortcutOverride) {
        auto* k = static_cast<QKeyEvent*>(event);
        if (k->key() == Qt::Key_Escape || commandForKey(k->key(), k->modifiers())) {
            event->accept();
            return true;
        }
    }
    return QWidget::event(event);
}

void PlayPanel::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        clearFocus();
        return;
    }
    if (const auto c = commandForKey(event->key(), event->modifiers())) {
        apply(*c);  // auto-repeat included: one step per key event
        return;
    }
    QWidget::keyPressEvent(event);
}

void PlayPanel::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    if (event->reason() == Qt::MouseFocusReason) pov_->swallowNextClick();
    focusHint_->setText(tr("<b>Playing</b>: keys go to the agent (Esc releases them)"));
    emit captureChanged(true);
}

void PlayPanel::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    focusHint_->setText(tr("Click the view to play"));
    emit captureChanged(false);
}

void PlayPanel::refresh() {
    const auto& env = session_.environment();
    const auto& pov = env.config().pov;
    pov_->setFrame(session_.pov(), pov.width, pov.height);
    if (!hasFocus()) focusHint_->setText(tr("Click the view to play"));
    step_->setText(tr("%1 / %2 (%3)")
                       .arg(session_.step())
                       .arg(session_.options().maxSteps)
                       .arg(QString::fromLatin1(core::toString(session_.options().actionSpace))));
    {
        const auto& a = env.agent();
        const std::string_view facing = core::facingName(a.yaw);
        facing_->setText(tr("%1 (yaw %2°, pitch %3°)")
                             .arg(QString::fromLatin1(facing.data(), static_cast<int>(facing.size())))
                             .arg(core::wholeDegrees(a.yaw), 0, 'f', 0)
                             .arg(core::wholeDegrees(a.pitch), 0, 'f', 0));
    }
    reward_->setText(QString::number(session_.lastReward(), 'g', 4));
    return_->setText(QString::number(session_.episodeReturn(), 'g', 4));
    const core::Scores s = session_.scores();
    intersection_->setText(tr("%1 of %2 target blocks (%3 built)").arg(s.intersection).arg(s.targetSize).arg(s.builtSize));
    scores_->setText(tr("P %1  R %2  F1 %3")
                         .arg(s.precision, 0, 'f', 3)
                         .arg(s.recall, 0, 'f', 3)
                         .arg(s.f1, 0, 'f', 3));
    QString inv;
    const auto& agent = env.agent();
    for (int i = 0; i < core::kNumColours; ++i) {
        const core::Rgb c = core::povBlockColour(i + 1);
        const bool active = agent.activeBlock == i + 1;
        inv += QStringLiteral("<span title=\"%1\" style=\"background-color:#%2%3%4\">&nbsp;&nbsp;&nbsp;</span>&nbsp;%5%6%7&nbsp; ")
                   .arg(QString::fromLatin1(kColourNames[i]))
                   .arg(c.r, 2, 16, QLatin1Char('0'))
                   .arg(c.g, 2, 16, QLatin1Char('0'))
                   .arg(c.b, 2, 16, QLatin1Char('0'))
                   .arg(active ? QStringLiteral("<b><u>") : QString())
                   .arg(agent.inventory[static_cast<std::size_t>(i)])
                   .arg(active ? QStringLiteral("</u></b>") : QString());
    }
    inventory_->setText(inv);
    inventory_->setToolTip(tr("Blocks left per colour; the selected colour (%1) is underlined")
                               .arg(QString::fromLatin1(kColourNames[agent.activeBlock - 1])));
    if (!session_.done()) done_->setText(tr("no"));
    else if (session_.environment().truncated()) done_->setText(tr("yes: step limit"));  // the environment decides
    else done_->setText(tr("<b>yes: target built</b>"));
}

}  // namespace iglu::plugins::play

#include "widgets/agent_chooser.hpp"

#include <QComboBox>
#include <QLineEdit>
#include <QVBoxLayout>

namespace iglu::plugins::architect {

AgentChooser::AgentChooser(const QString& examplesDir, const QString& id, QWidget* parent)
    : QWidget(parent), specs_(bundledAgents(examplesDir)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    agents_ = new QComboBox(this);
    agents_->setObjectName(id + QStringLiteral(".agent"));
    // Long agent labels must not widen the side dock (the popup shows them whole).
    agents_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    agents_->setMinimumContentsLength(10);
    command_ = new QLineEdit(this);
    command_->setObjectName(id + QStringLiteral(".command"));
    command_->setToolTip(tr("A program speaking the agent protocol (docs/agent_protocol.md), run without a shell"));
    layout->addWidget(agents_);
    layout->addWidget(command_);
    for (const auto& s : specs_) {
        agents_->addItem(s.label);
        if (s.kind == AgentSpec::Kind::Process) command_->setText(s.command);
    }
    connect(agents_, &QComboBox::currentIndexChanged, this, &AgentChooser::showCommandFor);
    showCommandFor(agents_->currentIndex());
}

void AgentChooser::showCommandFor(int index) {
    command_->setVisible(index >= 0 && index < static_cast<int>(specs_.size()) && specs_[index].kind == AgentSpec::Kind::Process);
}

AgentSpec AgentChooser::chosen() const {
    const int i = agents_->currentIndex();
    if (i < 0 || i >= static_cast<int>(specs_.size())) return {};
    AgentSpec s = specs_[i];
    if (s.kind == AgentSpec::Kind::Process) {
        s.command = command_->text();
        s.label = s.command;
    }
    return s;
}

}  // namespace iglu::plugins::architect

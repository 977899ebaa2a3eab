#pragma once
// The agent chooser of the Architect dock: the bundled agents (logic/agent_spec: the Lua agents
// of the turn API, then "Python agent command…") and, for a process agent, its editable command
// line. Object names "<id>.agent" (the combo box) and "<id>.command" (the line).
#include <vector>

#include <QWidget>

#include "logic/agent_spec.hpp"

class QComboBox;
class QLineEdit;

namespace iglu::plugins::architect {

class AgentChooser : public QWidget {
    Q_OBJECT
public:
    AgentChooser(const QString& examplesDir, const QString& id, QWidget* parent = nullptr);
    /// The chosen agent (a process agent with the command line as edited, labelled by it).
    AgentSpec chosen() const;
    QComboBox* combo() const noexcept { return agents_; }

private:
    void showCommandFor(int index);

    std::vector<AgentSpec> specs_;
    QComboBox* agents_ = nullptr;
    QLineEdit* command_ = nullptr;
};

}  // namespace iglu::plugins::architect

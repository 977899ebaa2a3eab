#pragma once
// The Architect dock: the current task, the agent chooser (the bundled Lua turn-API agents and a
// Python agent command line), Start, the dialogue (architect / builder lines, failures in red),
// the instruction box with Say (Return; Answer when the builder asked), Stop, Undo turn, End
// session, live scores (the running turn, the session, the belief's prediction F1) and a 1..5
// rating with a comment for the last turn and for the session; Retry Store and Export… shown
// while an ended session is not stored (its store failed: it is kept in memory). It owns the ArchitectDriver; the
// plugin shows the driver's world in the 3D view and stores the session when End is asked.
#include <optional>

#include <QWidget>

#include "core/task/task.hpp"
#include "logic/architect_driver.hpp"

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace iglu::plugins::architect {

class AgentChooser;

class ArchitectPanel : public QWidget {
    Q_OBJECT
public:
    explicit ArchitectPanel(const QString& examplesDir, QWidget* parent = nullptr);

    ArchitectDriver& driver() noexcept { return driver_; }
    /// The task a new session starts on (the workbench selection); a running session keeps its own.
    void setTask(std::optional<core::Task> task);
    /// The agent chosen now (the command line edited for a process agent).
    AgentSpec chosenAgent() const;
    /// Starts a session on the current task with the chosen agent.
    bool startSession();
    /// A line under the controls (the store's result), red when !ok.
    void showMessage(const QString& text, bool ok);

signals:
    /// End session pressed (the plugin checks the data can store it, ends and stores it).
    void endRequested();
    /// Retry Store / Export… pressed for an ended session whose store failed.
    void retryStoreRequested();
    void exportRequested();

private:
    QWidget* buildAgentRow(const QString& examplesDir);
    QWidget* buildInputRow();
    QWidget* buildControlRow();
    QWidget* buildRatingRow(const QString& what, QSpinBox*& rating, QLineEdit*& comment, const QString& id);
    void say();
    void refresh();
    QString scoresText() const;

    ArchitectDriver driver_;
    std::optional<core::Task> task_;
    QLabel* taskLabel_ = nullptr;
    AgentChooser* agents_ = nullptr;
    QPushButton* start_ = nullptr;
    QTextBrowser* dialogue_ = nullptr;
    QLineEdit* instruction_ = nullptr;
    QPushButton* say_ = nullptr;
    QPushButton* stop_ = nullptr;
    QPushButton* undo_ = nullptr;
    QPushButton* end_ = nullptr;
    QPushButton* retry_ = nullptr;
    QPushButton* export_ = nullptr;
    QLabel* scores_ = nullptr;
    QSpinBox* turnRating_ = nullptr;
    QLineEdit* turnComment_ = nullptr;
    QSpinBox* sessionRating_ = nullptr;
    QLineEdit* sessionComment_ = nullptr;
    QLabel* message_ = nullptr;
};

}  // namespace iglu::plugins::architect

#pragma once
// The A/B tab of the Architect dock: two agents (A and B, each an AgentChooser) get the same
// instructions from the same world (logic/ab_session), stepped side by side, each in its own 3D
// view (viewers::ZoneView: its world, its agent, the target as ghost for the person) above its
// dialogue and scores; one instruction box (Return says it to both), Stop, Undo Turn; the person
// picks the better side and says why (Choose); End && Store is the plugin's (endRequested).
#include <optional>

#include <QWidget>

#include "core/task/task.hpp"
#include "logic/ab_session.hpp"

class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTextBrowser;

namespace iglu::viewers {
class ZoneView;
}

namespace iglu::plugins::architect {

class AgentChooser;

class AbPanel : public QWidget {
    Q_OBJECT
public:
    explicit AbPanel(const QString& examplesDir, QWidget* parent = nullptr);

    AbSession& comparison() noexcept { return ab_; }
    void setTask(std::optional<core::Task> task);
    bool startComparison();
    void showMessage(const QString& text, bool ok);

signals:
    void endRequested();

private:
    struct Column {
        AgentChooser* agent = nullptr;
        viewers::ZoneView* view = nullptr;
        QTextBrowser* dialogue = nullptr;
        QLabel* scores = nullptr;
    };
    QWidget* buildColumn(Side side, const QString& examplesDir);
    QWidget* buildControls();
    QWidget* buildJudgement();
    void refresh();
    void refreshColumn(Side side);

    AbSession ab_;
    std::optional<core::Task> task_;
    Column columns_[2];
    QPushButton* start_ = nullptr;
    QLineEdit* instruction_ = nullptr;
    QPushButton* say_ = nullptr;
    QPushButton* stop_ = nullptr;
    QPushButton* undo_ = nullptr;
    QRadioButton* pickA_ = nullptr;
    QLineEdit* reason_ = nullptr;
    QPushButton* choose_ = nullptr;
    QPushButton* end_ = nullptr;
    QLabel* message_ = nullptr;
};

}  // namespace iglu::plugins::architect

#pragma once
// The Dataset dock's "Architect sessions" tab: the architect sessions stored in the open catalog
// (the Architect dock's, `iglu talk`'s) and a session view that plays one turn by turn: the
// dialogue up to the current turn (speaker-tagged utterances, questions, answers, failures,
// outcomes, judgements; the current turn highlighted), Previous / Next turn, the turn's summary
// and a step slider over its rollout. The world is the 3D view's: turnShown asks the plugin to
// select the session's task and the turn's rollout (its start world at step 0), which the 3D view
// shows with the agent's belief and the Playback dock plays; the slider drives the step. The logic
// (which turn, which world, which lines) is logic/session_replay.
#include <memory>
#include <optional>

#include <QWidget>

#include "logic/session_replay.hpp"

class QLabel;
class QListWidget;
class QPushButton;
class QSlider;
class QTextBrowser;

namespace iglu::workbench {
class ArchitectStore;
}

namespace iglu::plugins::dataset {

class SessionView : public QWidget {
    Q_OBJECT
public:
    /// Lists nothing until requery() (the plugin calls it when data is open).
    explicit SessionView(const workbench::ArchitectStore& store, QWidget* parent = nullptr);

    QListWidget* list() const noexcept { return list_; }
    QTextBrowser* dialogue() const noexcept { return dialogue_; }
    /// The session shown (nullptr before one is opened).
    const SessionReplay* replay() const noexcept { return replay_.get(); }
    /// Reads a session from the catalog and shows its first turn; false (the summary says why)
    /// when it cannot be read.
    bool openSession(std::int64_t id);

public slots:
    /// Re-reads the list of sessions (the one shown stays when it is still stored).
    void requery();
    void nextTurn();
    void previousTurn();
    /// The selection's step changed elsewhere (the Playback dock plays the turn): the slider follows.
    void followStep(qint64 rolloutId, int step);

signals:
    /// Show this turn: select the task and the rollout at the step (rolloutId 0: the turn has none).
    void turnShown(const QString& taskId, qint64 rolloutId, int step);
    /// The slider moved.
    void stepChosen(int step);
    void readFailed(const QString& message);

private:
    void showTurn();
    void updateStepLabel();

    const workbench::ArchitectStore& store_;
    std::unique_ptr<SessionReplay> replay_;
    QListWidget* list_ = nullptr;
    QLabel* summary_ = nullptr;
    QTextBrowser* dialogue_ = nullptr;
    QPushButton* previous_ = nullptr;
    QPushButton* next_ = nullptr;
    QLabel* turnLabel_ = nullptr;
    QSlider* step_ = nullptr;
    QLabel* stepLabel_ = nullptr;
};

}  // namespace iglu::plugins::dataset

#pragma once
// The "Play" dock: play the selected task yourself. A PovView (the agent's eyes, crosshair), the
// live readouts (step, reward, return, maximal intersection, P/R/F1, inventory, done), Reset,
// Walking / Flying (restarts the episode) and Record (stores the episode as a rollout; the plugin
// does the storing). Click the panel or the view to capture the keys (play_keys.hpp); Esc releases
// them. One environment step per key press (auto-repeat included) or look step of a mouse drag.
#include <optional>

#include <QString>
#include <QWidget>

#include "core/task/task.hpp"
#include "logic/play_session.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace iglu::plugins::play {

class PovView;

class PlayPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlayPanel(QWidget* parent = nullptr);

    /// Plays this task (nullopt: nothing to play; the panel is disabled).
    void setTask(const std::optional<core::Task>& task);
    const PlaySession& session() const noexcept { return session_; }
    PovView* povView() const noexcept { return pov_; }

    /// Name for recorded episodes (the rollout source becomes "play:<name>").
    QString playerName() const;
    void setPlayerName(const QString& name);
    /// Shows the result of a Record in the panel (red when !ok).
    void showRecordResult(const QString& text, bool ok);
    /// Captures the keys (as a click on the panel does).
    void capture();

public slots:
    /// One command of the player (keys, mouse and tests come through here).
    void apply(iglu::plugins::play::Command c);
    void reset();
    void setFlying(bool flying);

signals:
    /// The player changed the episode (a step, a reset, the action space): the 3D view follows.
    void changed();
    /// Record was pressed: store session().rollout() under this player name.
    void recordRequested(const QString& playerName);
    /// Walking (false) / flying (true) was switched.
    void flyingChanged(bool flying);
    /// The keys were captured (true) or released (false).
    void captureChanged(bool captured);

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void refresh();

    PlaySession session_;
    PovView* pov_ = nullptr;
    QLabel* focusHint_ = nullptr;
    QLabel* taskLabel_ = nullptr;
    QLabel* step_ = nullptr;
    QLabel* reward_ = nullptr;
    QLabel* return_ = nullptr;
    QLabel* intersection_ = nullptr;
    QLabel* scores_ = nullptr;
    QLabel* inventory_ = nullptr;
    QLabel* done_ = nullptr;
    QLabel* facing_ = nullptr;
    QLabel* recordStatus_ = nullptr;
    QComboBox* space_ = nullptr;
    QPushButton* reset_ = nullptr;
    QPushButton* record_ = nullptr;
    QLineEdit* name_ = nullptr;
};

}  // namespace iglu::plugins::play

#pragma once
// Run tracking in the Experiments panel: Rename…, Tags…, Note… and Delete… of the selected
// experiment, as a menu (the list's context menu and the "Manage" button). Each asks (a line, the
// note's text, a confirmation naming what goes with the experiment) and then does it through
// logic/experiment_admin.hpp on the catalog file — a delete takes the writer lock, so a run writing
// the experiment refuses it with that run's message. `changed` asks the panel to re-read the list
// (selecting the name given), `failed` to show why nothing changed. The non-asking twins are for
// scripted use.
#include <functional>

#include <QObject>
#include <QString>

class QMenu;
class QWidget;

namespace iglu::plugins::experiments {

class ExperimentActions : public QObject {
    Q_OBJECT
public:
    /// `db()`: the catalog file ("" when none can be written); `current()`: the selected
    /// experiment's name, tags and note ("" name: none selected). `parent` owns the dialogs.
    struct Selected {
        QString name, tags, note;
        int episodes = 0, tasks = 0;
    };
    /// `running()`: a run of this panel is going on — delete and rename wait for it (a
    /// clarification run holds no writer lock; a build run's lock would refuse anyway).
    ExperimentActions(std::function<QString()> db, std::function<Selected()> current, std::function<bool()> running,
                      QWidget* parent);

    /// Rename… / Tags… / Note… / Delete… for the current experiment (disabled when there is none).
    QMenu* menu() const noexcept { return menu_; }

    bool remove(const QString& name);
    bool rename(const QString& name, const QString& newName);
    bool setTags(const QString& name, const QString& tags);
    bool setNote(const QString& name, const QString& note);

signals:
    void changed(const QString& select, const QString& message);
    void failed(const QString& message);

private:
    void askRename();
    void askTags();
    void askNote();
    void askDelete();
    template <class F>
    bool attempt(F&& f, const QString& select);

    std::function<QString()> db_;
    std::function<Selected()> current_;
    std::function<bool()> running_;
    QWidget* parent_;
    QMenu* menu_;
};

}  // namespace iglu::plugins::experiments

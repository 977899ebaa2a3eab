#include "experiment_actions.hpp"

#include <exception>

#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

#include "logic/experiment_admin.hpp"

namespace iglu::plugins::experiments {

ExperimentActions::ExperimentActions(std::function<QString()> db, std::function<Selected()> current, std::function<bool()> running,
                                     QWidget* parent)
    : QObject(parent), db_(std::move(db)), current_(std::move(current)), running_(std::move(running)), parent_(parent),
      menu_(new QMenu(parent)) {
    menu_->setObjectName(QStringLiteral("experimentActionsMenu"));
    auto add = [this](const QString& text, const char* name, void (ExperimentActions::*slot)()) {
        QAction* a = menu_->addAction(text);
        a->setObjectName(QString::fromLatin1(name));
        connect(a, &QAction::triggered, this, slot);
    };
    add(tr("Rename…"), "renameExperiment", &ExperimentActions::askRename);
    add(tr("Tags…"), "tagExperiment", &ExperimentActions::askTags);
    add(tr("Note…"), "noteExperiment", &ExperimentActions::askNote);
    menu_->addSeparator();
    add(tr("Delete…"), "deleteExperiment", &ExperimentActions::askDelete);
    connect(menu_, &QMenu::aboutToShow, this, [this] {
        const bool on = !current_().name.isEmpty() && !db_().isEmpty();
        for (QAction* a : menu_->actions()) a->setEnabled(on);
    });
}

template <class F>
bool ExperimentActions::attempt(F&& f, const QString& select) {
    const QString db = db_();
    if (db.isEmpty()) {
        emit failed(tr("Open a catalog file to manage its experiments."));
        return false;
    }
    QString done;
    try {
        done = f(db);
    } catch (const std::exception& e) {
        emit failed(QString::fromUtf8(e.what()));
        return false;
    }
    emit changed(select, done);
    return true;
}

bool ExperimentActions::remove(const QString& name) {
    if (running_()) {
        emit failed(tr("Not deleted: a run is going on in this panel. Cancel it or wait, then delete %1.").arg(name));
        return false;
    }
    return attempt(
        [&](const QString& db) {
            const DeleteReport r = deleteExperimentIn(db, name);
            return tr("deleted experiment %1 (%2 episodes with their rollouts, %3 predictions)").arg(name).arg(r.episodes).arg(r.predictions);
        },
        QString());
}

bool ExperimentActions::rename(const QString& name, const QString& newName) {
    if (running_()) {
        emit failed(tr("Not renamed: a run is going on in this panel. Cancel it or wait, then rename %1.").arg(name));
        return false;
    }
    return attempt(
        [&](const QString& db) {
            renameExperimentIn(db, name, newName);
            return tr("renamed experiment %1 to %2").arg(name, newName.trimmed());
        },
        newName.trimmed());
}

bool ExperimentActions::setTags(const QString& name, const QString& tags) {
    return attempt(
        [&](const QString& db) {
            setExperimentTagsIn(db, name, tags);
            return tr("experiment %1 tags: %2").arg(name, splitTags(tags).join(QStringLiteral(", ")));
        },
        name);
}

bool ExperimentActions::setNote(const QString& name, const QString& note) {
    return attempt(
        [&](const QString& db) {
            setExperimentNoteIn(db, name, note);
            return note.isEmpty() ? tr("experiment %1: note cleared").arg(name) : tr("experiment %1: note saved").arg(name);
        },
        name);
}

void ExperimentActions::askRename() {
    const Selected s = current_();
    if (s.name.isEmpty()) return;
    bool ok = false;
    const QString to = QInputDialog::getText(parent_, tr("Rename Experiment"), tr("New name for '%1':").arg(s.name), QLineEdit::Normal,
                                             s.name, &ok);
    if (ok && !to.trimmed().isEmpty() && to.trimmed() != s.name) rename(s.name, to);
}

void ExperimentActions::askTags() {
    const Selected s = current_();
    if (s.name.isEmpty()) return;
    bool ok = false;
    const QString tags = QInputDialog::getText(parent_, tr("Experiment Tags"),
                                               tr("Tags of '%1' (commas or spaces; letters, digits, - _ . :; empty clears):").arg(s.name),
                                               QLineEdit::Normal, s.tags, &ok);
    if (ok) setTags(s.name, tags);
}

void ExperimentActions::askNote() {
    const Selected s = current_();
    if (s.name.isEmpty()) return;
    bool ok = false;
    const QString note = QInputDialog::getMultiLineText(parent_, tr("Experiment Note"), tr("Note on '%1' (empty clears it):").arg(s.name),
                                                        s.note, &ok);
    if (ok) setNote(s.name, note);
}

void ExperimentActions::askDelete() {
    const Selected s = current_();
    if (s.name.isEmpty()) return;
    QMessageBox box(QMessageBox::Warning, tr("Delete Experiment"),
                    tr("Delete the experiment '%1' from the catalog?").arg(s.name), QMessageBox::Cancel, parent_);
    box.setObjectName(QStringLiteral("deleteExperimentBox"));
    box.setInformativeText(s.tasks > 0 ? tr("Its %1 stored predictions (and training curves, if any) go with it. This cannot be undone.").arg(s.tasks)
                                       : tr("Its %1 episodes and their rollouts, and its training curves (if any), go with it. "
                                            "This cannot be undone.").arg(s.episodes));
    QPushButton* yes = box.addButton(tr("Delete"), QMessageBox::DestructiveRole);
    yes->setObjectName(QStringLiteral("confirmDelete"));
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() == yes) remove(s.name);
}

}  // namespace iglu::plugins::experiments

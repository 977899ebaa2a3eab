#include "labeler_name_dialog.hpp"

#include <memory>

#include <QDialog>
#include <QDialogButtonBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QVBoxLayout>

#include "logic/labeler_name.hpp"

namespace iglu::plugins::labeling {

namespace {
const QString kKey = QStringLiteral("labeling/labeler");

// Return / Enter in the name field are the dialog's (OK), not a shortcut of the widget that opened
// it (the Labeling panel's Return confirms a task, and would ask the name again).
class KeepReturn : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ShortcutOverride) {
            const int key = static_cast<QKeyEvent*>(event)->key();
            if (key == Qt::Key_Return || key == Qt::Key_Enter) {
                event->accept();
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }
};
}  // namespace

QDialog* createLabelerNameDialog(QWidget* parent, const QString& current) {
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("labelerNameDialog"));
    dialog->setWindowTitle(QObject::tr("Your Name"));
    auto* layout = new QVBoxLayout(dialog);
    auto* text = new QLabel(QObject::tr("Labels are stored under the labeler's name. Who is labeling? "
                                        "(Asked once; change it in the Labeling dock.)"),
                            dialog);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto* edit = new QLineEdit(current, dialog);
    edit->setObjectName(QStringLiteral("labelerNameInput"));
    edit->installEventFilter(new KeepReturn(edit));
    layout->addWidget(edit);
    auto* problem = new QLabel(dialog);
    problem->setObjectName(QStringLiteral("labelerNameProblem"));
    problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    problem->setWordWrap(true);
    layout->addWidget(problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, [dialog, edit, problem] {
        const std::string why = labelerNameProblem(edit->text().toStdString());
        problem->setText(QString::fromStdString(why));
        if (why.empty()) dialog->accept();
    });
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    return dialog;
}

QString labelerNameOf(const QDialog& dialog) {
    const auto* edit = dialog.findChild<QLineEdit*>(QStringLiteral("labelerNameInput"));
    return edit ? QString::fromStdString(trimmedLabelerName(edit->text().toStdString())) : QString();
}

std::optional<QString> askLabelerName(QWidget* parent, const QString& current) {
    std::unique_ptr<QDialog> dialog(createLabelerNameDialog(parent, current));
    if (dialog->exec() != QDialog::Accepted) return std::nullopt;
    return labelerNameOf(*dialog);
}

QString storedLabelerName() { return QSettings().value(kKey).toString(); }

void rememberLabelerName(const QString& name) { QSettings().setValue(kKey, name); }

}  // namespace iglu::plugins::labeling

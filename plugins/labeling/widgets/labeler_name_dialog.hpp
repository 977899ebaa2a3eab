#pragma once
// Asking the labeler's name, once: the small dialog the Labeling dock opens at the first labeling
// action without a name (logic/labeler_name.hpp decides when), and where the answer is kept
// (QSettings "labeling/labeler", read when the dock starts).
#include <optional>

#include <QString>

class QDialog;
class QWidget;

namespace iglu::plugins::labeling {

/// The dialog (objectName "labelerNameDialog"): a line edit "labelerNameInput" holding `current`,
/// a line "labelerNameProblem" and OK / Cancel. OK refuses an unusable name (labelerNameProblem),
/// saying why, and keeps the dialog open.
QDialog* createLabelerNameDialog(QWidget* parent, const QString& current);
/// The name read from `dialog` once accepted (trimmed).
QString labelerNameOf(const QDialog& dialog);
/// Runs the dialog modally: the name, or nullopt when cancelled. Tests answer it with
/// support/modal_answers.hpp (fill "labelerNameInput", then accept or reject).
std::optional<QString> askLabelerName(QWidget* parent, const QString& current = {});

/// The name kept from an earlier answer ("" when none).
QString storedLabelerName();
void rememberLabelerName(const QString& name);

}  // namespace iglu::plugins::labeling

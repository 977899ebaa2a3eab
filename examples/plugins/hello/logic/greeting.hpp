#pragma once
// The hello plugin's logic: Qt-free or QtCore only, so the CLI and headless tests can link it.
#include <QString>

namespace iglu::plugins::hello {

/// The text the Hello dock shows for the selected task ("" = nothing selected).
QString greeting(const QString& taskId, int times);

}  // namespace iglu::plugins::hello

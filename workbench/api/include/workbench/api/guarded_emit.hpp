#pragma once
// Emitting a service's signal without letting a handler's exception escape: the emit usually runs
// inside a Qt slot or event handler, where an escaping exception aborts the application. The
// handler's failure is handed to `report` (a message naming the signal) and the caller goes on.
// Used by every service of workbench/api that emits (DataService, Selection). runGuarded is the
// same for any work in a slot, e.g. a plugin's direct catalog reads (a catalog damaged after
// opening throws catalog::CatalogError from a read).
#include <QLatin1String>
#include <QString>

#include <exception>

namespace iglu::workbench {

template <class Emit, class Report>
void emitGuarded(const char* signal, Emit&& emitSignal, Report&& report) noexcept {
    try {
        emitSignal();
    } catch (const std::exception& e) {
        report(QStringLiteral("%1 (while handling %2)").arg(QString::fromLocal8Bit(e.what()), QLatin1String(signal)));
    } catch (...) {
        report(QStringLiteral("unknown error while handling %1").arg(QLatin1String(signal)));
    }
}

/// Runs `work`; an exception is handed to `report` as its message and false is returned, so
/// nothing escapes into Qt's event loop. `report` must not throw.
template <class Work, class Report>
bool runGuarded(Work&& work, Report&& report) noexcept {
    try {
        work();
        return true;
    } catch (const std::exception& e) {
        report(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        report(QStringLiteral("unknown error"));
    }
    return false;
}

}  // namespace iglu::workbench

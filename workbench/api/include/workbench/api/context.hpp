#pragma once
// What the application hands to every plugin: the shared services and a typed object pool.
// Plugins talk to each other only through these services (never by including another plugin's
// headers): the selection (task / rollout / episode / step), the data service (catalog), the
// undo stack, the message log, the shell (main window contributions), and services that plugins
// publish in the pool (e.g. ViewerService) and look up by type.
#include "workbench/api/export.hpp"

#include <QList>
#include <QObject>

class QUndoStack;

namespace iglu::workbench {

class DataService;
class MessageLog;
class Selection;
class Shell;

class IGLU_WORKBENCH_API_EXPORT PluginContext {
public:
    virtual ~PluginContext() = default;

    virtual Selection& selection() = 0;
    virtual DataService& data() = 0;
    virtual MessageLog& log() = 0;
    virtual QUndoStack& undoStack() = 0;
    virtual Shell& shell() = 0;

    /// Publishes a service object (the publisher keeps ownership and removes it at shutdown).
    virtual void addObject(QObject* object) = 0;
    virtual void removeObject(QObject* object) = 0;
    virtual QList<QObject*> objects() const = 0;

    /// The first published object of type T (a QObject subclass with Q_OBJECT), or nullptr.
    template <class T>
    T* service() const {
        for (QObject* o : objects())
            if (auto* t = qobject_cast<T*>(o)) return t;
        return nullptr;
    }
};

}  // namespace iglu::workbench

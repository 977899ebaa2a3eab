#include "workbench/app/workbench_context.hpp"

namespace iglu::workbench {

void WorkbenchContext::addObject(QObject* object) {
    if (object == nullptr || objects_.contains(object)) return;
    objects_.append(object);
    QObject::connect(object, &QObject::destroyed, &data_, [this, object] { objects_.removeAll(object); });
}

void WorkbenchContext::removeObject(QObject* object) { objects_.removeAll(object); }

}  // namespace iglu::workbench

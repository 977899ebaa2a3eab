#include "greeting.hpp"

namespace iglu::plugins::hello {

QString greeting(const QString& taskId, int times) {
    const QString who = taskId.isEmpty() ? QStringLiteral("no task") : taskId;
    return times <= 1 ? QStringLiteral("Hello, %1").arg(who) : QStringLiteral("Hello, %1 (x%2)").arg(who).arg(times);
}

}  // namespace iglu::plugins::hello

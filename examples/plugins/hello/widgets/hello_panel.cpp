#include "hello_panel.hpp"

#include "logic/greeting.hpp"

namespace iglu::plugins::hello {

HelloPanel::HelloPanel(QWidget* parent) : QLabel(parent) {
    setObjectName(QStringLiteral("helloPanel"));
    setText(greeting(taskId_, times_));
}

void HelloPanel::setTask(const QString& taskId) {
    taskId_ = taskId;
    times_ = 1;
    setText(greeting(taskId_, times_));
}

void HelloPanel::greetAgain() {
    ++times_;
    setText(greeting(taskId_, times_));
}

}  // namespace iglu::plugins::hello

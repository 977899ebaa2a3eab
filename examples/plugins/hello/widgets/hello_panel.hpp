#pragma once
// The hello plugin's widget: a label greeting the selected task.
#include <QLabel>

namespace iglu::plugins::hello {

class HelloPanel : public QLabel {
    Q_OBJECT
public:
    explicit HelloPanel(QWidget* parent = nullptr);
    void setTask(const QString& taskId);
    /// Greets once more (the Hello menu's action).
    void greetAgain();
    int times() const noexcept { return times_; }

private:
    QString taskId_;
    int times_ = 1;
};

}  // namespace iglu::plugins::hello

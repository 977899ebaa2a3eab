#pragma once
// Answers the modal dialogs a test action opens (Save / Discard / Cancel questions, file
// dialogs), without a hang and without sleeping: a timer running inside the dialog's own event
// loop finds it as QApplication::activeModalWidget() and hands it to the next queued answer. A
// dialog nobody queued an answer for is rejected after `timeoutMs` and counted as unexpected, so a
// test fails instead of blocking.
#include <deque>
#include <functional>

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QMessageBox>
#include <QStringList>
#include <QTimer>
#include <QVariant>

namespace iglu::testing {

class ModalAnswers {
public:
    using Answer = std::function<void(QWidget* dialog)>;

    explicit ModalAnswers(int timeoutMs = 10000) : timeoutMs_(timeoutMs) {
        timer_.setInterval(5);
        QObject::connect(&timer_, &QTimer::timeout, [this] { poll(); });
        timer_.start();
        clock_.start();
    }

    /// The next question box gets `button` clicked.
    void click(QMessageBox::StandardButton button) {
        answers_.push_back([button](QWidget* w) {
            auto* box = qobject_cast<QMessageBox*>(w);
            if (box != nullptr && box->button(button) != nullptr) box->button(button)->click();
            else if (auto* d = qobject_cast<QDialog*>(w)) d->reject();
        });
    }
    /// The next file dialog chooses `path` and is accepted.
    void chooseFile(const QString& path) {
        answers_.push_back([path](QWidget* w) {
            auto* d = qobject_cast<QFileDialog*>(w);
            if (d == nullptr) {
                if (auto* other = qobject_cast<QDialog*>(w)) other->reject();
                return;
            }
            d->selectFile(path);
            static_cast<QDialog*>(d)->accept();  // QFileDialog::accept (protected there): checks the file
        });
    }

    /// "QMessageBox: Save the changes to x.lua?" / "QFileDialog: Save script as", one per dialog seen.
    const QStringList& seen() const noexcept { return seen_; }
    /// The next modal dialog is handed to `answer` (fill its fields, then accept or reject it).
    void answer(Answer answer) { answers_.push_back(std::move(answer)); }

    int unexpected() const noexcept { return unexpected_; }
    bool allAnswered() const noexcept { return answers_.empty(); }

private:
    void poll() {
        QWidget* modal = QApplication::activeModalWidget();
        if (modal == nullptr || !modal->isVisible() || modal->property(kHandled).toBool()) return;
        if (answers_.empty()) {
            if (!waiting_) {
                waiting_ = true;
                clock_.restart();
            }
            if (clock_.elapsed() < timeoutMs_) return;
            ++unexpected_;
        }
        waiting_ = false;
        modal->setProperty(kHandled, true);
        const auto* box = qobject_cast<QMessageBox*>(modal);
        seen_ << QStringLiteral("%1: %2").arg(QString::fromLatin1(modal->metaObject()->className()),
                                             box != nullptr ? box->text() : modal->windowTitle());
        if (answers_.empty()) {
            if (auto* d = qobject_cast<QDialog*>(modal)) d->reject();
            return;
        }
        const Answer answer = std::move(answers_.front());
        answers_.pop_front();
        answer(modal);
    }

    QTimer timer_;
    QElapsedTimer clock_;
    std::deque<Answer> answers_;
    QStringList seen_;
    static constexpr const char* kHandled = "iglu_test_answered";
    bool waiting_ = false;
    int unexpected_ = 0;
    int timeoutMs_;
};

}  // namespace iglu::testing

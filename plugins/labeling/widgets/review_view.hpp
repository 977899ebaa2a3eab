#pragma once
// The Labeling dock's Review tab: the queue of tasks where human labelers disagree
// (logic/label_review.hpp), each with who said what per skill in plain words
// (logic/uncertainty_wording.hpp), and Final yes / Final no per disputed skill for the reviewer (the
// labeler's name, asked if none). Resolved tasks leave the queue unless "Show resolved" is on.
// Selecting a queue row emits taskActivated (the workbench selects the task).
#include <functional>
#include <optional>
#include <vector>

#include <QWidget>

#include "logic/label_review.hpp"
#include "workbench/api/catalog_services.hpp"

class QCheckBox;
class QLabel;
class QTableWidget;

namespace iglu::plugins::labeling {

class ReviewView : public QWidget {
    Q_OBJECT
public:
    /// `reviewer` gives the name final labels are set by, asking for it if needed ("": cancelled).
    ReviewView(const workbench::LabelStore& labels, std::function<QString()> reviewer, QWidget* parent = nullptr);
    /// The queue shown ("reviewQueue": task, disputed skills, state) and the current task's skills
    /// ("reviewDetails": skill, who said what, final, and Final yes / no buttons "finalYes_<skill>",
    /// "finalNo_<skill>" on the disputed ones).
    QTableWidget* queue() const noexcept { return queue_; }
    QTableWidget* details() const noexcept { return details_; }
    const std::vector<ReviewItem>& items() const noexcept { return shown_; }
    QString currentTask() const;
    QString statusText() const;

public slots:
    /// Re-reads the disagreements (keeps the current task when it is still listed).
    void refresh();
    /// Sets the final label of a skill of the current task; false when nothing was written.
    bool setFinal(iglu::core::Skill skill, bool value);

signals:
    void taskActivated(const QString& taskId);
    void labelsChanged(const QString& taskId);

private:
    void showDetails();

    const workbench::LabelStore& labels_;
    std::function<QString()> reviewer_;
    std::vector<ReviewItem> shown_;
    QCheckBox* showResolved_ = nullptr;
    QTableWidget* queue_ = nullptr;
    QTableWidget* details_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace iglu::plugins::labeling

#include "batch_writer.hpp"

namespace iglu::datasets {

void BatchWriter::checkTask(const catalog::TaskRecord& task, const std::string& where) const {
    const auto stored = catalog_.task(task.task.id);
    if (!stored) return;
    const std::string differs = catalog::taskDifference(*stored, task);
    if (!differs.empty())
        throw DatasetError(Reason::ChangedTask, where,
                           "task " + task.task.id + " is already in the catalog " + catalog_.path() + " with another " + differs +
                               " (not overwritten: its tape, labels and episodes belong to the stored task; import into a "
                               "new catalog to compare)");
}

void BatchWriter::itemDone(std::size_t done, std::size_t total) {
    ++pendingItems_;
    if (pendingItems_ >= options_.batchSize) flush();
    if (options_.progress) options_.progress(done, total);
}

void BatchWriter::flush() {
    if (tasks_.empty() && rollouts_.empty() && labels_.empty() && sessions_.empty()) {
        pendingItems_ = 0;
        return;
    }
    catalog_.transaction([&] {
        if (!sessions_.empty()) catalog_.putSessions(sessions_);
        if (!tasks_.empty()) catalog_.putTasks(tasks_);
        for (const auto& r : rollouts_) catalog_.putRollout(r);
        if (!labels_.empty()) catalog_.putLabels(labels_);
    });
    report_.imported += static_cast<int>(tasks_.size());
    report_.rollouts += static_cast<int>(rollouts_.size());
    report_.labels += static_cast<int>(labels_.size());
    report_.sessions += static_cast<int>(sessions_.size());
    tasks_.clear();
    rollouts_.clear();
    labels_.clear();
    sessions_.clear();
    pendingItems_ = 0;
}

}  // namespace iglu::datasets

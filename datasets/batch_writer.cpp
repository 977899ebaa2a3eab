#include "batch_writer.hpp"

namespace iglu::datasets {

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

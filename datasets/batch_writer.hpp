#pragma once
// Collects tasks, rollouts and labels and writes them in one catalog transaction per batch.
#include <vector>

#include "core/catalog/catalog.hpp"
#include "datasets/importer.hpp"

namespace iglu::datasets {

class BatchWriter {
public:
    BatchWriter(catalog::Catalog& catalog, const ImportOptions& options, ImportReport& report)
        : catalog_(catalog), options_(options), report_(report) {}
    ~BatchWriter() = default;

    /// Call before adding anything of an item: a task whose id the catalog holds with other content
    /// (catalog::taskDifference) throws DatasetError ChangedTask naming `where`, so the item is
    /// skipped whole (its tape and labels belong to the stored task); the same task is re-imported
    /// as it is (idempotent).
    void checkTask(const catalog::TaskRecord& task, const std::string& where) const;
    void add(catalog::TaskRecord task) { tasks_.push_back(std::move(task)); }
    void add(core::Rollout rollout) { rollouts_.push_back(std::move(rollout)); }
    void add(catalog::SkillLabel label) { labels_.push_back(std::move(label)); }
    void add(catalog::SessionRecord session) { sessions_.push_back(std::move(session)); }
    /// Call after each finished item: reports progress and flushes a full batch.
    void itemDone(std::size_t done, std::size_t total);
    /// True once the cancel flag is set (the caller stops and flushes).
    bool cancelled() const { return options_.cancel && options_.cancel->load(std::memory_order_relaxed); }
    /// Writes everything pending in one transaction.
    void flush();

private:
    catalog::Catalog& catalog_;
    const ImportOptions& options_;
    ImportReport& report_;
    std::vector<catalog::TaskRecord> tasks_;
    std::vector<core::Rollout> rollouts_;
    std::vector<catalog::SkillLabel> labels_;
    std::vector<catalog::SessionRecord> sessions_;
    std::size_t pendingItems_ = 0;
};

}  // namespace iglu::datasets

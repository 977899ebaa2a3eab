#pragma once
// What the dataset browser filters on, and the query behind it (Qt-free): the catalog filters
// text, skill and clarity in SQL; size ranges and labeled/unlabeled are checked on the summaries.
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "workbench/api/catalog_services.hpp"

namespace iglu::plugins::dataset {

struct BrowserFilter {
    std::string text;                       ///< words that must all occur in id, instruction or dialog
    std::optional<core::Skill> skill;       ///< human label if any, else the auto label
    std::optional<bool> clear;
    std::optional<bool> labeled;            ///< has a human label / has none
    int minTarget = 0, maxTarget = -1;      ///< target block count range (-1: no upper bound)
    int minChanges = 0, maxChanges = -1;    ///< blocks to add + blocks to remove range
    friend bool operator==(const BrowserFilter&, const BrowserFilter&) = default;
};

bool matches(const catalog::TaskSummary& task, const BrowserFilter& filter) noexcept;
std::vector<catalog::TaskSummary> queryTasks(const workbench::TaskQueries& tasks, const BrowserFilter& filter);

}  // namespace iglu::plugins::dataset

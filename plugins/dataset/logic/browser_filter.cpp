#include "browser_filter.hpp"

#include <algorithm>

namespace iglu::plugins::dataset {

namespace {
bool inRange(int v, int lo, int hi) noexcept { return v >= lo && (hi < 0 || v <= hi); }
}  // namespace

bool matches(const catalog::TaskSummary& t, const BrowserFilter& f) noexcept {
    if (f.labeled && t.humanLabeled != *f.labeled) return false;
    return inRange(t.targetBlocks, f.minTarget, f.maxTarget) &&
           inRange(t.blocksToAdd + t.blocksToRemove, f.minChanges, f.maxChanges);
}

std::vector<catalog::TaskSummary> queryTasks(const catalog::Catalog& catalog, const BrowserFilter& filter) {
    catalog::TaskFilter f;
    f.text = filter.text;
    if (filter.skill) f.skills = {*filter.skill};
    f.clear = filter.clear;
    auto tasks = catalog.findTasks(f);
    tasks.erase(std::remove_if(tasks.begin(), tasks.end(), [&](const auto& t) { return !matches(t, filter); }), tasks.end());
    return tasks;
}

}  // namespace iglu::plugins::dataset

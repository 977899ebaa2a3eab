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

std::vector<catalog::TaskSummary> queryTasks(const workbench::TaskQueries& tasks, const BrowserFilter& filter) {
    catalog::TaskFilter f;
    f.text = filter.text;
    if (filter.skill) f.skills = {*filter.skill};
    f.clear = filter.clear;
    auto found = tasks.findTasks(f);
    found.erase(std::remove_if(found.begin(), found.end(), [&](const auto& t) { return !matches(t, filter); }), found.end());
    return found;
}

}  // namespace iglu::plugins::dataset

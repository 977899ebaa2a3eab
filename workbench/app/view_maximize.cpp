#include "workbench/app/view_maximize.hpp"

#include <algorithm>

namespace iglu::workbench {

MaximizePlan planMaximize(std::span<const DockShown> docks, std::string_view target) {
    MaximizePlan plan;
    const bool central = target == kCentralView;
    if (!central) {
        const auto it = std::find_if(docks.begin(), docks.end(), [&](const DockShown& d) { return d.id == target; });
        // A hidden dock has nothing to show; a floating one is already a window of its own.
        if (it == docks.end() || !it->visible || it->floating) return plan;
    }
    plan.valid = true;
    plan.hideCentral = !central;
    for (const DockShown& d : docks)
        if (d.visible && d.id != target) plan.hide.push_back(d.id);
    return plan;
}

}  // namespace iglu::workbench

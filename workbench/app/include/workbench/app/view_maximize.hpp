#pragma once
// Maximizing one view over the main window's area (a double-click on a dock's title bar, its tab
// or a 3D view inside it; again, or Esc, restores): which docks to hide and whether the central
// view goes too, decided without Qt so the rule is tested on its own. MainWindow saves the layout
// (QMainWindow::saveState) before applying a plan and restores exactly that layout afterwards.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace iglu::workbench {

/// The id that names the central view (the 3D view) rather than a dock.
inline constexpr std::string_view kCentralView = "central";

struct DockShown {
    std::string id;
    bool visible = false;   ///< shown (in front of its tab group or not)
    bool floating = false;
};

struct MaximizePlan {
    bool valid = false;              ///< false: the target is not a docked, shown view (nothing to do)
    std::vector<std::string> hide;   ///< the docks to hide (every other shown dock, floating ones too)
    bool hideCentral = false;        ///< the central view gives its room to the maximized dock
};

/// What maximizing `target` (a dock id, or kCentralView) hides.
MaximizePlan planMaximize(std::span<const DockShown> docks, std::string_view target);

}  // namespace iglu::workbench

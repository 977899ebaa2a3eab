#pragma once
// Workspaces, as ParaView and 3D Slicer have them: a named arrangement of the docks for one kind
// of work (inspect, label, compare, play / script, experiments, talk), switched from the
// Workspace tool bar, View > Workspaces or Alt+1..Alt+6. A workspace says which docks are shown
// (the others are hidden, still in View > Panels), which are in front of their tab groups, and the
// share of the window the bottom area takes; the 3D view keeps the rest. The table is the one
// rule (MainWindow::applyWorkspace reads it); the docks are named by their ids (Shell::addDock).
#include <span>
#include <string_view>

namespace iglu::workbench {

struct Workspace {
    std::string_view id;       ///< "inspect", ... (saved in the settings, used by --workspace)
    std::string_view title;    ///< "Inspect"
    std::span<const std::string_view> docks;  ///< shown; every other dock is hidden
    std::span<const std::string_view> front;  ///< raised in their tab groups, in this order
    double bottomShare;        ///< of the window's height for the bottom area
};

/// The workspaces in tool-bar order (Alt+1 is the first).
std::span<const Workspace> workspaces() noexcept;
/// The workspace with this id, nullptr when none.
const Workspace* findWorkspace(std::string_view id) noexcept;

}  // namespace iglu::workbench

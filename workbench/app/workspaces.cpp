#include "workbench/app/workspaces.hpp"

#include <array>

namespace iglu::workbench {

namespace {

using namespace std::string_view_literals;

constexpr std::array kInspect{"tasklist"sv, "playback"sv, "dataset"sv, "labeling"sv};
constexpr std::array kInspectFront{"playback"sv, "labeling"sv};
constexpr std::array kLabel{"tasklist"sv, "labeling"sv, "dataset"sv, "agreement"sv};
constexpr std::array kLabelFront{"labeling"sv, "dataset"sv};
constexpr std::array kCompare{"tasklist"sv, "compare"sv, "playback"sv};
constexpr std::array kCompareFront{"compare"sv};
constexpr std::array kPlay{"tasklist"sv, "play"sv, "script"sv, "playback"sv};
constexpr std::array kPlayFront{"script"sv, "playback"sv};
constexpr std::array kExperiments{"tasklist"sv, "experiments"sv, "playback"sv};
constexpr std::array kExperimentsFront{"experiments"sv};
constexpr std::array kTalk{"tasklist"sv, "architect"sv, "playback"sv};
constexpr std::array kTalkFront{"architect"sv, "playback"sv};

constexpr std::array<Workspace, 6> kWorkspaces{{
    {"inspect", "Inspect", kInspect, kInspectFront, 0.3},
    {"label", "Label", kLabel, kLabelFront, 0.3},
    {"compare", "Compare", kCompare, kCompareFront, 0.5},
    {"play", "Play / Script", kPlay, kPlayFront, 0.25},
    {"experiments", "Experiments", kExperiments, kExperimentsFront, 0.45},
    {"talk", "Talk", kTalk, kTalkFront, 0.25},
}};

}  // namespace

std::span<const Workspace> workspaces() noexcept { return kWorkspaces; }

const Workspace* findWorkspace(std::string_view id) noexcept {
    for (const auto& w : kWorkspaces)
        if (w.id == id) return &w;
    return nullptr;
}

}  // namespace iglu::workbench

#include "tape_check.hpp"

#include "tape.hpp"

namespace iglu::datasets {

namespace {
int differingCells(const core::Grid& a, const core::Grid& b) {
    int n = 0;
    for (int i = 0; i < core::kCells; ++i) n += a.cell(i) != b.cell(i);
    return n;
}
}  // namespace

// Replays a tape from `starting` and checks it against the recovery and the stored end world;
// returns the rollout when the tape parses (a mismatch is a warning: the behaviour is still real).
std::optional<core::Rollout> replayTape(const WorldState& end, const core::Grid& starting, const core::Pose& pose,
                                        const std::string& taskId, const std::string& path, const std::string& source,
                                        ImportReport& report) {
    if (!end.tape) return std::nullopt;
    try {
        auto parsed = parseTape(*end.tape, starting, pose, path);
        if (parsed.recovered && *parsed.recovered != starting)
            report.warn(Reason::TapeMismatch, path + ": the tape's recovered world differs from the starting world in " +
                                                  std::to_string(differingCells(*parsed.recovered, starting)) + " cells");
        auto final = parsed.rollout.finalGrid();
        if (final != end.grid)
            report.warn(Reason::TapeMismatch, path + ": replaying the tape from the starting world leaves " +
                                                  std::to_string(differingCells(final, end.grid)) +
                                                  " cells different from worldEndingState");
        parsed.rollout.taskId = taskId;
        parsed.rollout.kind = core::RolloutKind::Human;
        parsed.rollout.source = source;
        return std::move(parsed.rollout);
    } catch (const DatasetError& e) {
        report.warn(e.reason() == Reason::BadTape ? Reason::BadTape : e.reason(), e.what());
        return std::nullopt;
    }
}

}  // namespace iglu::datasets

#pragma once
// A rollout: what happened in one episode, frame by frame, from a starting grid. Human behaviour
// tapes (datasets/) and agent episodes (scripting/) are both stored this way, in the catalog and
// in memory, so the viewers replay them the same way.
//
// A frame is one tape line or one environment step: an optional action text, the reward it earned,
// the agent pose after it (carried over from the previous frame when the frame does not move the
// agent) and the block changes it made. Changes live in one flat array (frames index into it) so
// seeking never allocates.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/grid/block_change.hpp"
#include "core/grid/grid.hpp"
#include "core/grid/pose.hpp"

namespace iglu::core {

struct RolloutFrame {
    double tick = 0;            ///< tape tick, or environment step number for agent episodes
    std::string action;         ///< a tape's own text ("select_and_place_block 60 -5 63 -5 ...") or an env step's (action_text.hpp: "discrete 7"); may be empty
    double reward = 0;
    Pose pose;                  ///< agent pose after this frame
    std::uint32_t changeBegin = 0, changeEnd = 0;  ///< [begin, end) into Rollout::changes
    friend bool operator==(const RolloutFrame&, const RolloutFrame&) = default;
};

/// What the agent predicted the target to be (its belief, the blocks it means to build), from the
/// state after `step` frames (0 = the start) until the next belief. Only changes are kept.
struct Belief {
    std::uint32_t step = 0;
    Grid blocks;
    friend bool operator==(const Belief&, const Belief&) = default;
};

enum class RolloutKind : std::uint8_t { Human = 0, Agent = 1 };
const char* rolloutKindName(RolloutKind k) noexcept;  ///< "human" / "agent"

struct Rollout {
    std::int64_t id = 0;           ///< catalog id (0 = not stored)
    std::string taskId;
    RolloutKind kind = RolloutKind::Human;
    std::string source;            ///< file the tape came from, or "experiment:<name>"
    Grid starting;
    Pose startPose;
    std::vector<RolloutFrame> frames;
    std::vector<BlockChange> changes;
    std::vector<Belief> beliefs;   ///< ascending steps, each differing from the one before

    std::size_t size() const noexcept { return frames.size(); }
    std::span<const BlockChange> changesOf(std::size_t frame) const noexcept {
        const auto& f = frames[frame];
        return {changes.data() + f.changeBegin, changes.data() + f.changeEnd};
    }
    /// Appends a frame with its changes (copies them into `changes`).
    void addFrame(RolloutFrame frame, std::span<const BlockChange> frameChanges = {});
    /// Records `blocks` as the belief from the state after `step` frames on (a later belief at the
    /// same step replaces it; one equal to the belief in force is not stored). Steps must not
    /// decrease: throws std::invalid_argument naming both steps.
    void publishBelief(std::uint32_t step, const Grid& blocks);
    /// The belief in force after `frameCount` frames: the last one whose step is <= frameCount
    /// (nullptr: none published yet). Playback, Compare and the 3D view show this one at frame k.
    const Belief* beliefAt(std::size_t frameCount) const noexcept;
    /// The grid after every frame has been applied.
    Grid finalGrid() const;
    /// Sum of frame rewards.
    double totalReward() const noexcept;
};

/// Whether two rollouts are the same recording: the same task id, kind, source, start and frames
/// (every action, reward, pose and block change); the catalog id is not compared. A selection that
/// outlives the data it pointed into keeps a rollout only when the new data's is the same recording.
bool sameRecording(const Rollout& a, const Rollout& b) noexcept;

/// Random access into a rollout: the grid and pose after `position()` frames (0 = the start).
/// seek() walks forward or backward from the current position applying `after` or `before`
/// values, so scrubbing costs one write per change crossed and allocates nothing.
class RolloutCursor {
public:
    explicit RolloutCursor(const Rollout& rollout);
    /// Moves to the state after `frames` frames (clamped to 0..rollout.size()).
    void seek(std::size_t frames) noexcept;
    std::size_t position() const noexcept { return position_; }
    const Grid& grid() const noexcept { return grid_; }
    /// Pose after the current position (the start pose at position 0).
    const Pose& pose() const noexcept;
    /// Reward accumulated over the first position() frames.
    double returnSoFar() const noexcept { return return_; }

private:
    const Rollout* rollout_;
    Grid grid_;
    std::size_t position_ = 0;
    double return_ = 0;
};

}  // namespace iglu::core

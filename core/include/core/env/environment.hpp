#pragma once
// The IGLU gridworld environment, reproducing the reference Python implementation
// (iglu-contest/gridworld) step for step: see shared/conformance/README.md for the exact
// semantics, quirks included, and core/README.md for the corrected-behaviour options.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/env/action.hpp"
#include "core/env/line_of_sight.hpp"
#include "core/env/physics.hpp"
#include "core/grid/block_change.hpp"
#include "core/grid/grid.hpp"
#include "core/grid/pose.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "core/metrics/metrics.hpp"
#include "core/pov/pov_renderer.hpp"
#include "core/task/task.hpp"

namespace iglu::core {

/// Options of one environment. Defaults reproduce the reference's GridWorld(...) defaults.
struct EnvConfig {
    /// The largest maxSteps any front end accepts (Lua iglu.env and experiments, env options).
    static constexpr int kMaxSteps = 1'000'000'000;
    /// The largest |right/wrongPlacementScale| any front end accepts.
    static constexpr double kMaxPlacementScale = 1e9;

    ActionSpace actionSpace = ActionSpace::Walking;
    int maxSteps = 250;
    bool selectAndPlace = false;       ///< a colour select also places (reference create_env uses true)
    double rightPlacementScale = 1.0;
    double wrongPlacementScale = 0.1;
    bool targetInObs = false;          ///< expose obs.target_grid
    bool povInObs = false;             ///< render obs.pov (the first-person RGB view) after every reset and step
    PovConfig pov{};                   ///< its size and field of view (the reference renders 64x64)

    // Corrections of reference defects. All false = the reference-compatible mode.
    /// Split flying moves into sub-steps short enough that collisions cannot tunnel through
    /// blocks or the floor (the reference moves 0.375 per sub-step and sinks through).
    bool fixTunnelling = false;
    /// `done` stays true for every step_no >= maxSteps (the reference fires on the exact step only).
    bool doneAfterMaxSteps = false;
    /// reset() also clears vertical speed, pending strafe, sub-step count and the active colour
    /// (the reference carries them over between episodes of one environment).
    bool resetClearsAgentState = false;

    /// Every option that differs from the reference's behaviour is off.
    bool referenceCompatible() const { return !fixTunnelling && !doneAfterMaxSteps && !resetClearsAgentState; }
};

/// The agent's full physical state (reference names in comments).
struct AgentState {
    double x = 0, y = 0, z = 0;      ///< head point (position)
    double yaw = 0, pitch = 0;       ///< degrees (rotation = (yaw, pitch))
    double dy = 0;                   ///< vertical speed
    double strafe0 = 0, strafe1 = 0; ///< pending movement input (strafe)
    int timeIntSteps = 2;            ///< physics sub-steps of the next update (time_int_steps)
    int activeBlock = 1;             ///< selected colour (active_block)
    bool flying = false;
    std::array<int, kNumColours> inventory{};
};

/// Observation, named as in the reference. A cheap view: grids are pointers into the environment
/// and stay valid until the next step/reset.
struct Observation {
    std::array<float, kNumColours> inventory{};
    std::array<float, 1> compass{};
    std::array<float, 5> agentPos{};   ///< x, y, z, pitch, yaw (reference order)
    const Grid* grid = nullptr;
    const Grid* targetGrid = nullptr;  ///< only with EnvConfig::targetInObs
    std::span<const std::uint8_t> pov; ///< only with EnvConfig::povInObs: height x width x RGB, rows top to bottom
    std::string_view dialog;
};

/// A task with its intersection tables built once. Environments that start on it share the
/// tables instead of rebuilding them (core::VectorEnv resets thousands of environments a second
/// onto a few tasks). Only what the environment uses is kept (no metadata).
class PreparedTask {
public:
    explicit PreparedTask(const Task& task);
    const Task& task() const noexcept { return task_; }

private:
    friend class Environment;
    Task task_;
    MaximalIntersection synthetic_;  // target - start
    MaximalIntersection real_;       // target
};

struct StepResult {
    double reward = 0;
    bool done = false;
    bool gridChanged = false;
};

class Environment {
public:
    explicit Environment(EnvConfig config = {});

    /// Sets the task (copies it) and builds the intersection tables; call reset() next.
    void setTask(const Task& task);
    /// The same for a prepared task: copies the task, shares its tables (no table is rebuilt).
    void setTask(const PreparedTask& task);
    /// `task` with the tables of `tables`, prepared for a task of the same target and starting
    /// grid (its id, instruction and dialog may differ): the RL loop that cycles a few tasks
    /// skips rebuilding them. Throws std::invalid_argument when the grids differ.
    void setTask(const Task& task, const PreparedTask& tables);
    /// Starts an episode: start grid, pose (0, 0, 0) facing -z, inventory 20 minus start blocks.
    const Observation& reset();
    /// One step. Throws InvalidAction (environment unchanged) for a bad action.
    StepResult step(const Action& action);
    StepResult step(int discreteAction) { return step(Action::discrete(discreteAction)); }
    /// One step that sets blocks directly instead of acting: replays a frame of a human tape (its
    /// block changes) with the reward and done step() would give for that grid change. The agent
    /// and the inventory do not change; changes outside the zone are ignored.
    StepResult applyChanges(std::span<const BlockChange> changes) noexcept;

    const Observation& observation() const noexcept { return obs_; }
    const AgentState& agent() const noexcept { return agent_; }
    const Grid& grid() const noexcept { return grid_; }
    const Task& task() const noexcept { return task_; }
    const EnvConfig& config() const noexcept { return config_; }
    int stepNo() const noexcept { return stepNo_; }

    /// The episode's end, decided here for every front end (Gymnasium's terms), as of the last
    /// step or reset. terminated: the synthetic task is built. truncated: not built and the step
    /// limit is reached (stepNo >= maxSteps). `done` of step() is the reference's (its quirk:
    /// the limit fires on the exact step only, EnvConfig::doneAfterMaxSteps).
    bool terminated() const noexcept { return maxInt_ == synthetic_.targetSize(); }
    bool stepLimitReached() const noexcept { return stepNo_ >= config_.maxSteps; }
    bool truncated() const noexcept { return !terminated() && stepLimitReached(); }

    /// The synthetic (target - start) task that drives reward and done.
    int syntheticMaxInt() const noexcept { return maxInt_; }
    int syntheticTargetSize() const noexcept { return synthetic_.targetSize(); }
    int lastRightPlacement() const noexcept { return right_; }
    int lastWrongPlacement() const noexcept { return wrong_; }
    /// Real task: maximal intersection of the current grid with the target (always current).
    int taskMaxInt() const noexcept { return real_.value(); }
    Alignment taskArgmax() const noexcept { return real_.argmax(); }
    int taskTargetSize() const noexcept { return real_.targetSize(); }
    /// The reference's env.max_int: the real task against the start grid, computed at reset only.
    int envMaxInt() const noexcept { return envMaxInt_; }
    /// Precision / recall / F1 of the current grid against the target at the best alignment.
    Scores scores() const noexcept;

    /// Line of sight from the current pose (what a place or break would act on).
    HitTest hitTest() const noexcept;
    /// Moves the agent (tools and tests; not part of the reference API).
    void setPose(double x, double y, double z, double yaw, double pitch) noexcept;

private:
    void setCell(int idx, int value) noexcept;
    bool placeOrBreak(bool place, bool breakBlock) noexcept;
    void update() noexcept;
    void subStep(double subDt, double vx, double vy, double vz) noexcept;
    void collide(double& px, double& py, double& pz) noexcept;
    void fillObservation() noexcept;
    StepResult finishStep(bool gridChanged) noexcept;  // reward, done and observation of a step
    void renderPov() noexcept;

    EnvConfig config_;
    Task task_;
    Grid grid_;
    AgentState agent_;
    MaximalIntersection synthetic_;  // target - start vs grid - start
    MaximalIntersection real_;       // target vs grid
    Observation obs_;
    std::optional<PovRenderer> pov_;
    std::vector<std::uint8_t> povPixels_;
    int stepNo_ = 0;
    int diffSize_ = 0;   // nnz(grid - start)
    int prevSize_ = 0;
    int maxInt_ = 0;
    int prevMaxInt_ = 0;
    int right_ = 0, wrong_ = 0;
    int envMaxInt_ = 0;
};

}  // namespace iglu::core

#pragma once
// N environments stepped together, EnvPool-style: one call steps every environment, across a
// fixed pool of threads, writing batched observations into preallocated structure-of-arrays
// buffers (observation_buffers.hpp) that the Python bridge exposes as numpy arrays
// (iglu.VectorEnv). Qt-free.
//
// Episodes follow Gymnasium's vector conventions ("next-step" autoreset): when environment i
// ended on the previous call (terminated or truncated), this call resets it instead of stepping
// (its action is ignored; reward 0, both flags false, the observation is the reset one).
// terminated = the task is complete (the synthetic task's maximal intersection reached its size);
// truncated = max_steps steps were taken without completing it.
//
// Each environment draws its tasks from its own generator seeded by (seed, index), and
// environments never share state, so results depend only on the seed — never on the thread count
// or on how the work is split.
//
// Recording (setRecording): every environment records its episodes (core::StepRecorder) from its
// next reset; an episode that ends (terminated or truncated) is kept, with its scores against the
// task's target, until takeEpisodes() — memory grows with the episodes not yet taken. An episode
// cut short by reset() is dropped. Recording allocates (the recorder grows with the episode);
// without it the step stays allocation-free. An episode whose recording cannot be allocated is
// dropped (droppedEpisodes counts them), never the process.
//
// Threads: one caller at a time (the Python bridge serializes callers). fork(): a child's first
// reset()/step() starts a new thread pool (the parent's threads do not exist there), and
// destroying the copy in a child never waits for them.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "core/env/environment.hpp"
#include "core/metrics/metrics.hpp"
#include "core/rollout/rollout.hpp"
#include "core/util/rng.hpp"
#include "core/vector/observation_buffers.hpp"

namespace iglu::core {

/// A finished episode of one environment of a VectorEnv (VectorEnv::takeEpisodes).
struct VectorEpisode {
    int env = 0;             ///< the environment's index
    int taskIndex = 0;       ///< index into the VectorEnv's tasks
    std::uint64_t seed = 0;  ///< the seed of the last reset(seed) (or the constructor's) before it
    int ordinal = 0;         ///< the environment's episodes since that seed: 0, 1, ...
    Rollout rollout;         ///< kind Agent, taskId set
    Scores scores;           ///< the final grid against the task's target
    Iglu2022Scores iglu2022; ///< the IGLU-2022 evaluator's score (StepRecorder::iglu2022)
};

class VectorEnv {
public:
    static constexpr int kMaxEnvs = 65536;     ///< numEnvs 1..kMaxEnvs
    static constexpr int kMaxThreads = 1024;   ///< numThreads 0 (one per core) or 1..kMaxThreads
    /// A batch needing more than this (bytesNeeded) is refused before anything is allocated.
    static constexpr std::uint64_t kMaxBytes = std::uint64_t(4) << 30;
    /// The memory numEnvs environments with `config` take (measured: ~200 KiB per environment for
    /// its state and buffers, plus its first-person views): stated in every refusal.
    static std::uint64_t bytesNeeded(int numEnvs, const EnvConfig& config) noexcept;
    /// `tasks` (at least one) are shared by all environments. numThreads 0 = one per hardware
    /// thread; always capped at numEnvs. Throws std::invalid_argument for a bad count or size.
    VectorEnv(std::vector<Task> tasks, int numEnvs, EnvConfig config, int numThreads = 0, std::uint64_t seed = 0);
    ~VectorEnv();
    VectorEnv(const VectorEnv&) = delete;
    VectorEnv& operator=(const VectorEnv&) = delete;

    int size() const noexcept { return n_; }
    int threads() const noexcept { return threads_; }
    const EnvConfig& config() const noexcept { return config_; }
    int taskCount() const noexcept { return static_cast<int>(tasks_->size()); }
    const Task& task(int index) const { return tasks_->at(static_cast<std::size_t>(index)).task(); }

    /// Resets every environment; with a seed, first re-seeds every generator from it.
    void reset(std::optional<std::uint64_t> seed = std::nullopt);
    /// One step of every environment. Every action is validated first: a bad one throws
    /// InvalidAction whose field names the environment ("actions[3].camera"), nothing stepped.
    void step(std::span<const Action> actions);
    /// Discrete walking actions 0..17 (the env's action space must be walking).
    void step(std::span<const std::int64_t> discreteActions);

    // Batched buffers, environment i at offset i * (per-environment size). Stable addresses.
    std::int32_t* grid() noexcept { return grid_.data(); }              ///< N x 1089
    std::int32_t* targetGrid() noexcept { return targetGrid_.data(); }  ///< N x 1089 (targetInObs) or null
    float* agentPos() noexcept { return agentPos_.data(); }             ///< N x 5
    float* inventory() noexcept { return inventory_.data(); }           ///< N x 6
    float* compass() noexcept { return compass_.data(); }               ///< N x 1
    std::uint8_t* pov() noexcept { return pov_.empty() ? nullptr : pov_.data(); }  ///< N x H x W x 3 (povInObs)
    double* rewards() noexcept { return rewards_.data(); }
    std::uint8_t* terminated() noexcept { return terminated_.data(); }
    std::uint8_t* truncated() noexcept { return truncated_.data(); }
    std::int32_t* taskIndex() noexcept { return taskIndex_.data(); }    ///< index into tasks() per env
    std::int32_t* elapsedSteps() noexcept { return elapsed_.data(); }   ///< steps of the current episode
    std::int32_t* maxIntersection() noexcept { return maxInt_.data(); }
    double* precision() noexcept { return precision_.data(); }
    double* recall() noexcept { return recall_.data(); }
    double* f1() noexcept { return f1_.data(); }

    /// Records every environment's episodes from its next reset on (off: stops at once, drops
    /// the episodes in progress).
    void setRecording(bool on);
    bool recording() const noexcept { return recording_; }
    /// The episodes that ended since the last call, by environment index then order: the same
    /// list whatever the thread count.
    std::vector<VectorEpisode> takeEpisodes();
    /// The belief environment i's agent publishes from its current step on (the blocks it predicts
    /// the target to be): kept in the episode's rollout (Rollout::beliefs) while recording;
    /// nothing otherwise. Throws std::out_of_range for a bad index.
    void publishBelief(int i, const Grid& blocks);
    /// Episodes dropped because their recording could not be allocated, since construction.
    std::uint64_t droppedEpisodes() const noexcept { return dropped_.load(); }

    /// The environment at index i (read-only: tools, tests, recording).
    const Environment& env(int i) const;
    /// The dialog (chat) environment i currently shows.
    std::string_view dialog(int i) const { return env(i).observation().dialog; }

private:
    struct Slot;
    void resetOne(int i) noexcept;
    void record(int i, const StepResult& r) noexcept;
    void recordStep(Slot& slot, int i, const StepResult& r);
    void stepRange(int begin, int end) noexcept;
    void runParallel();
    void workerLoop(int worker, std::uint32_t fromGeneration);
    void startWorkers();
    void restartWorkersAfterFork();
    ObservationSlot slotOf(int i) noexcept;

    int n_ = 0;
    int threads_ = 1;  // the caller's thread and workers_.size() pool threads
    EnvConfig config_;
    std::shared_ptr<const std::vector<PreparedTask>> tasks_;  // tables built once, shared by every env
    std::vector<std::unique_ptr<Slot>> envs_;
    std::vector<std::int32_t> grid_, targetGrid_;
    std::vector<float> agentPos_, inventory_, compass_;
    std::vector<std::uint8_t> pov_;
    std::vector<double> rewards_;
    std::vector<std::uint8_t> terminated_, truncated_, ended_;
    std::vector<std::int32_t> taskIndex_, elapsed_, maxInt_;
    std::vector<double> precision_, recall_, f1_;

    // The actions of the step in flight (one of the two).
    const Action* actions_ = nullptr;
    const std::int64_t* discrete_ = nullptr;
    bool resetting_ = false;
    bool recording_ = false;
    std::atomic<std::uint64_t> dropped_{0};
    std::uint64_t seed_ = 0;  // of the last reset(seed) or the constructor

    std::vector<std::thread> workers_;
    int poolPid_ = 0;  // the process the pool threads run in (fork: see restartWorkersAfterFork)
    std::atomic<std::uint32_t> generation_{0};
    std::atomic<int> pending_{0};
    std::atomic<bool> stop_{false};
    std::atomic<int> sleepers_{0};        // workers blocked in generation_.wait()
    std::atomic<bool> mainWaiting_{false};  // the caller is blocked in pending_.wait()
};

}  // namespace iglu::core

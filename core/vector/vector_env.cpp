#include "core/vector/vector_env.hpp"

#include <unistd.h>

#include <algorithm>
#include <stdexcept>

#include "core/rollout/step_recorder.hpp"

namespace iglu::core {

struct VectorEnv::Slot {
    Environment env;
    Rng rng;
    int task = -1;  // index of the task set in env (-1: none yet)
    // Recording (VectorEnv::setRecording): the episode in progress and those finished.
    StepRecorder recorder;
    bool recordingEpisode = false;
    int episodes = 0;  // finished since the last reset(seed)
    std::vector<VectorEpisode> finished;
    Slot(const EnvConfig& config, std::uint64_t seed) : env(config), rng(seed) {}
};

namespace {

// The generator seed of environment i: the run's seed and the index, mixed so that neighbouring
// seeds and indices give unrelated streams.
std::uint64_t envSeed(std::uint64_t seed, int i) noexcept {
    std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(i) + 1;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace

VectorEnv::VectorEnv(std::vector<Task> tasks, int numEnvs, EnvConfig config, int numThreads, std::uint64_t seed)
    : n_(numEnvs), config_(config), seed_(seed) {
    if (tasks.empty()) throw std::invalid_argument("tasks: at least one task is needed");
    std::vector<PreparedTask> prepared;
    prepared.reserve(tasks.size());
    for (const Task& t : tasks) prepared.emplace_back(t);
    tasks_ = std::make_shared<const std::vector<PreparedTask>>(std::move(prepared));
    if (numEnvs < 1 || numEnvs > kMaxEnvs)
        throw std::invalid_argument("num_envs: must be 1.." + std::to_string(kMaxEnvs) + ", got " + std::to_string(numEnvs));
    if (numThreads < 0 || numThreads > kMaxThreads)
        throw std::invalid_argument("num_threads: must be 0 (one per core) or 1.." + std::to_string(kMaxThreads) + ", got " +
                                    std::to_string(numThreads));
    if (config.povInObs && !config.pov.sizeValid()) throw std::invalid_argument("render_size: each side must be 1..4096");
    // The batched first-person views are one buffer: bounded, so a large batch of large views is
    // a clear error, not an exhausted machine.
    constexpr std::uint64_t kMaxPovBytes = std::uint64_t(1) << 30;
    if (config.povInObs && std::uint64_t(numEnvs) * std::uint64_t(config.pov.width) * std::uint64_t(config.pov.height) * 3 > kMaxPovBytes)
        throw std::invalid_argument("render_size: " + std::to_string(numEnvs) + " views of " + std::to_string(config.pov.width) + "x" +
                                    std::to_string(config.pov.height) + " need more than 1 GiB; use fewer environments or smaller views");
    const std::uint64_t need = bytesNeeded(numEnvs, config);
    const auto gib = [](std::uint64_t bytes) {
        const std::uint64_t tenths = (bytes * 10 + (std::uint64_t(1) << 29)) >> 30;
        return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " GiB";
    };
    if (need > kMaxBytes)
        throw std::invalid_argument("num_envs: " + std::to_string(numEnvs) + " environments need about " + gib(need) + " (" +
                                    std::to_string(bytesNeeded(1, config) >> 10) + " KiB each), more than the limit of " + gib(kMaxBytes) +
                                    ": use fewer environments" + (config.povInObs ? " or smaller views" : ""));
    const auto n = static_cast<std::size_t>(n_);
    envs_.reserve(n);
    for (int i = 0; i < n_; ++i) envs_.push_back(std::make_unique<Slot>(config_, envSeed(seed, i)));
    grid_.assign(n * kCells, 0);
    if (config_.targetInObs) targetGrid_.assign(n * kCells, 0);
    agentPos_.assign(n * 5, 0.f);
    inventory_.assign(n * kNumColours, 0.f);
    compass_.assign(n, 0.f);
    if (config_.povInObs)
        pov_.assign(n * static_cast<std::size_t>(config_.pov.width) * static_cast<std::size_t>(config_.pov.height) * 3, 0);
    rewards_.assign(n, 0.0);
    terminated_.assign(n, 0);
    truncated_.assign(n, 0);
    ended_.assign(n, 1);  // the first step() resets every environment unless reset() came first
    taskIndex_.assign(n, 0);
    elapsed_.assign(n, 0);
    maxInt_.assign(n, 0);
    precision_.assign(n, 0.0);
    recall_.assign(n, 0.0);
    f1_.assign(n, 0.0);

    int threads = numThreads > 0 ? numThreads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    threads_ = std::min(threads, n_);
    startWorkers();
}

void VectorEnv::startWorkers() {
    poolPid_ = getpid();
    const std::uint32_t from = generation_.load();
    workers_.reserve(static_cast<std::size_t>(threads_ - 1));
    for (int w = 1; w < threads_; ++w) workers_.emplace_back([this, w, from] { workerLoop(w, from); });
}

// fork() copies this object but not its pool threads: in the child the workers_ handles name
// threads that do not exist (joining them would block forever). They are detached (nothing to
// free: the threads never ran here) and a new pool is started, so a forked child steps as the
// parent does. Only between calls: a step in flight in another thread is refused by the caller
// (iglu.VectorEnv's guard), so the counters are idle here.
void VectorEnv::restartWorkersAfterFork() {
    for (auto& t : workers_) t.detach();
    workers_.clear();
    pending_.store(0);
    sleepers_.store(0);
    mainWaiting_.store(false);
    startWorkers();
}

std::uint64_t VectorEnv::bytesNeeded(int numEnvs, const EnvConfig& config) noexcept {
    std::uint64_t each = std::uint64_t(200) << 10;
    if (config.povInObs) each += 2 * std::uint64_t(config.pov.width) * std::uint64_t(config.pov.height) * 3;  // env's view + batch's
    return each * std::uint64_t(std::max(numEnvs, 0));
}

VectorEnv::~VectorEnv() {
    if (getpid() != poolPid_) {
        for (auto& t : workers_) t.detach();  // the parent's threads: not in this process
        return;
    }
    stop_.store(true);
    generation_.fetch_add(1);
    generation_.notify_all();  // unconditionally: a worker may be about to sleep
    for (auto& t : workers_) t.join();
}

const Environment& VectorEnv::env(int i) const { return envs_.at(static_cast<std::size_t>(i))->env; }

ObservationSlot VectorEnv::slotOf(int i) noexcept {
    const auto k = static_cast<std::size_t>(i);
    ObservationSlot s;
    s.grid = grid_.data() + k * kCells;
    if (!targetGrid_.empty()) s.targetGrid = targetGrid_.data() + k * kCells;
    s.agentPos = agentPos_.data() + k * 5;
    s.inventory = inventory_.data() + k * kNumColours;
    s.compass = compass_.data() + k;
    if (!pov_.empty()) s.pov = pov_.data() + k * (pov_.size() / static_cast<std::size_t>(n_));
    s.maxIntersection = maxInt_.data() + k;
    s.precision = precision_.data() + k;
    s.recall = recall_.data() + k;
    s.f1 = f1_.data() + k;
    return s;
}

void VectorEnv::record(int i, const StepResult& r) noexcept {
    Slot& slot = *envs_[static_cast<std::size_t>(i)];
    try {
        recordStep(slot, i, r);
    } catch (const std::bad_alloc&) {
        slot.recordingEpisode = false;
        slot.recorder.take();  // frees what the episode held
        dropped_.fetch_add(1);
    }
}

void VectorEnv::recordStep(Slot& slot, int i, const StepResult& r) {
    const auto k = static_cast<std::size_t>(i);
    if (discrete_) slot.recorder.record(slot.env, r, static_cast<int>(discrete_[k]));
    else slot.recorder.record(slot.env, r, actions_[k]);
    if (!ended_[k]) return;
    VectorEpisode e;
    e.iglu2022 = slot.recorder.iglu2022(slot.env);
    e.env = i;
    e.taskIndex = slot.task;
    e.seed = seed_;
    e.ordinal = slot.episodes++;
    e.rollout = slot.recorder.take();
    e.rollout.taskId = slot.env.task().id;
    e.scores = score(slot.env.task().target, slot.env.grid());
    slot.finished.push_back(std::move(e));
    slot.recordingEpisode = false;
}

void VectorEnv::setRecording(bool on) {
    recording_ = on;
    if (!on)
        for (auto& slot : envs_) slot->recordingEpisode = false;
}

void VectorEnv::publishBelief(int i, const Grid& blocks) {
    (void)env(i);  // the index check
    Slot& slot = *envs_[static_cast<std::size_t>(i)];
    if (slot.recordingEpisode) slot.recorder.publishBelief(blocks);
}

std::vector<VectorEpisode> VectorEnv::takeEpisodes() {
    std::size_t count = 0;
    for (const auto& slot : envs_) count += slot->finished.size();
    std::vector<VectorEpisode> out;
    out.reserve(count);
    for (auto& slot : envs_) {
        for (auto& e : slot->finished) out.push_back(std::move(e));
        slot->finished.clear();
    }
    return out;
}

void VectorEnv::resetOne(int i) noexcept {
    Slot& slot = *envs_[static_cast<std::size_t>(i)];
    const int t = static_cast<int>(tasks_->size()) == 1 ? 0 : slot.rng.below(static_cast<int>(tasks_->size()));
    // setTask builds the task's intersection tables; a task that repeats keeps them.
    if (t != slot.task) {
        slot.env.setTask((*tasks_)[static_cast<std::size_t>(t)]);
        slot.task = t;
    }
    taskIndex_[static_cast<std::size_t>(i)] = t;
    slot.env.reset();
    writeObservation(slot.env, slotOf(i));
    slot.recordingEpisode = recording_;
    if (recording_) {
        try {
            slot.recorder.begin(slot.env, RolloutKind::Agent, {}, static_cast<std::size_t>(std::min(config_.maxSteps, 1024)));
        } catch (const std::bad_alloc&) {
            slot.recordingEpisode = false;
            dropped_.fetch_add(1);
        }
    }
    rewards_[static_cast<std::size_t>(i)] = 0;
    terminated_[static_cast<std::size_t>(i)] = truncated_[static_cast<std::size_t>(i)] = 0;
    ended_[static_cast<std::size_t>(i)] = 0;
    elapsed_[static_cast<std::size_t>(i)] = 0;
}

void VectorEnv::stepRange(int begin, int end) noexcept {
    for (int i = begin; i < end; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (resetting_ || ended_[k]) {
            resetOne(i);
            continue;
        }
        Environment& env = envs_[k]->env;
        // Validated before the step began: cannot throw.
        const StepResult r = discrete_ ? env.step(Action::discrete(static_cast<int>(discrete_[k]))) : env.step(actions_[k]);
        writeStepObservation(env, slotOf(i), r.gridChanged);
        rewards_[k] = r.reward;
        terminated_[k] = env.terminated() ? 1 : 0;
        truncated_[k] = env.truncated() ? 1 : 0;
        ended_[k] = terminated_[k] | truncated_[k];
        ++elapsed_[k];
        if (envs_[k]->recordingEpisode) record(i, r);
    }
}

namespace {

// Spins on `cond` for a few microseconds (back-to-back steps never sleep), then returns.
template <typename Cond>
void spinWhile(Cond&& cond) noexcept {
    for (int spin = 0; spin < 4000 && cond(); ++spin) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
}

}  // namespace

// Waking a thread costs a system call, so it is made only when that thread really sleeps:
// sleepers_ counts workers blocked in wait(), mainWaiting_ says the caller is blocked.
void VectorEnv::workerLoop(int worker, std::uint32_t seen) {
    // `seen`: the generation the pool was made at, not a fresh load: the first step may already
    // have been published before this thread got here.
    const int threads = threads_;  // not workers_.size(): the constructor is still starting them
    for (;;) {
        spinWhile([&] { return generation_.load(std::memory_order_acquire) == seen; });
        if (generation_.load(std::memory_order_acquire) == seen) {
            sleepers_.fetch_add(1, std::memory_order_seq_cst);
            generation_.wait(seen, std::memory_order_seq_cst);
            sleepers_.fetch_sub(1, std::memory_order_seq_cst);
        }
        seen = generation_.load(std::memory_order_acquire);
        if (stop_.load()) return;
        const int begin = static_cast<int>(static_cast<long long>(n_) * worker / threads);
        const int end = static_cast<int>(static_cast<long long>(n_) * (worker + 1) / threads);
        stepRange(begin, end);
        if (pending_.fetch_sub(1, std::memory_order_seq_cst) == 1 && mainWaiting_.load(std::memory_order_seq_cst))
            pending_.notify_one();
    }
}

void VectorEnv::runParallel() {
    if (getpid() != poolPid_) restartWorkersAfterFork();
    const int threads = threads_;
    if (threads == 1) {
        stepRange(0, n_);
        return;
    }
    pending_.store(threads - 1, std::memory_order_seq_cst);
    generation_.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers_.load(std::memory_order_seq_cst) > 0) generation_.notify_all();
    stepRange(0, static_cast<int>(static_cast<long long>(n_) / threads));
    spinWhile([&] { return pending_.load(std::memory_order_acquire) != 0; });
    if (pending_.load(std::memory_order_acquire) != 0) {
        mainWaiting_.store(true, std::memory_order_seq_cst);
        for (int left = pending_.load(std::memory_order_seq_cst); left != 0; left = pending_.load(std::memory_order_seq_cst))
            pending_.wait(left, std::memory_order_seq_cst);
        mainWaiting_.store(false, std::memory_order_seq_cst);
    }
}

void VectorEnv::reset(std::optional<std::uint64_t> seed) {
    if (seed) {
        seed_ = *seed;
        for (int i = 0; i < n_; ++i) {
            envs_[static_cast<std::size_t>(i)]->rng = Rng(envSeed(*seed, i));
            envs_[static_cast<std::size_t>(i)]->episodes = 0;
        }
    }
    resetting_ = true;
    actions_ = nullptr;
    discrete_ = nullptr;
    runParallel();
    resetting_ = false;
}

void VectorEnv::step(std::span<const Action> actions) {
    if (actions.size() != static_cast<std::size_t>(n_))
        throw InvalidAction("actions", "expected " + std::to_string(n_) + " actions, got " + std::to_string(actions.size()));
    for (std::size_t i = 0; i < actions.size(); ++i) {
        try {
            actions[i].validate();
        } catch (const InvalidAction& e) {
            // what() is "<field>: <message>"; the message is kept, the field gains the index.
            const std::string what = e.what();
            throw InvalidAction("actions[" + std::to_string(i) + "]." + e.field(), what.substr(std::min(what.size(), e.field().size() + 2)));
        }
    }
    actions_ = actions.data();
    discrete_ = nullptr;
    runParallel();
}

void VectorEnv::step(std::span<const std::int64_t> discreteActions) {
    if (discreteActions.size() != static_cast<std::size_t>(n_))
        throw InvalidAction("actions", "expected " + std::to_string(n_) + " actions, got " + std::to_string(discreteActions.size()));
    if (config_.actionSpace != ActionSpace::Walking)
        throw InvalidAction("actions", "discrete actions need action_space='walking'");
    for (std::size_t i = 0; i < discreteActions.size(); ++i)
        if (discreteActions[i] < 0 || discreteActions[i] >= kDiscreteActions)
            throw InvalidAction("actions[" + std::to_string(i) + "]",
                                "must be 0.." + std::to_string(kDiscreteActions - 1) + ", got " + std::to_string(discreteActions[i]));
    actions_ = nullptr;
    discrete_ = discreteActions.data();
    runParallel();
}

}  // namespace iglu::core
